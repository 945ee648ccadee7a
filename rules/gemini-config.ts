import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonNode, JsonObject, JsonProperty } from '../src/model/json/ast.js';
import {
  GEMINI_EXTENSION_KEYS,
  GEMINI_EXTENSION_SETTING_KEYS,
  GEMINI_MCP_KEYS,
  GEMINI_MCP_TRANSPORTS,
  GEMINI_SETTINGS_KEYS,
  GEMINI_SETTINGS_TYPES,
  GEMINI_SETTINGS_V1,
  type GeminiValue,
} from '../src/standard/gemini-config.js';
import { describe, JSON_FILE_MESSAGES, opening, prop, rootObject } from '../src/rules-support/json/file.js';
import { closest } from '../src/util/suggest.js';
import type { ReportDescriptor } from '../src/types.js';

type Ctx = RuleContext;

/** Every finding's help ends with the page it rests on. */
function report(ctx: Ctx, d: ReportDescriptor): void {
  const page = ctx.doc.kind === 'gemini-extension' ? 'Extension reference' : 'Configuration';
  // rootObject's findings carry their text in JSON_FILE_MESSAGES.
  ctx.report(d.message === undefined ? d : { ...d, help: `${d.help} (Gemini CLI docs: ${page})` });
}

const EXTENSION_KEYS = Object.keys(GEMINI_EXTENSION_KEYS);
const SETTINGS_KEYS = Object.keys(GEMINI_SETTINGS_KEYS);
/** Gemini CLI's extension names: letters, digits and dashes. */
const EXTENSION_NAME = /^[a-zA-Z0-9-]+$/;

const isStrings = (n: JsonNode): boolean => n.type === 'array' && n.items.every((i) => i.type === 'string');

function fits(node: JsonNode, spec: GeminiValue): boolean {
  if (typeof spec === 'object') return node.type === 'string' && spec.oneOf.includes(node.value);
  switch (spec) {
    case 'string':
    case 'boolean':
    case 'number':
    case 'object':
    case 'array':
      return node.type === spec;
    case 'string[]':
      return isStrings(node);
    case 'string|string[]':
      return node.type === 'string' || isStrings(node);
    case 'boolean|string':
      return node.type === 'boolean' || node.type === 'string';
    case 'boolean|object':
      return node.type === 'boolean' || node.type === 'object';
  }
}

function expected(spec: GeminiValue): string {
  if (typeof spec === 'object') return `one of ${spec.oneOf.map((v) => `"${v}"`).join(', ')}`;
  return {
    string: 'a string',
    boolean: 'true or false',
    number: 'a number',
    object: 'an object',
    array: 'an array',
    'string[]': 'an array of strings',
    'string|string[]': 'a string or an array of strings',
    'boolean|string': 'true, false or a string',
    'boolean|object': 'true, false or an object',
  }[spec];
}

/** A value against what Gemini CLI reads there; `name` is how the message names the key, `effect` what Gemini CLI does otherwise. */
function checkTyped(ctx: Ctx, p: JsonProperty, spec: GeminiValue, name: string, effect: string): boolean {
  if (fits(p.value, spec)) return true;
  const v = p.value;
  if (typeof spec === 'object' && v.type === 'string') {
    const near = closest(v.value, spec.oneOf);
    report(ctx, { message: `"${name}" is ${JSON.stringify(v.value)}, a value Gemini CLI does not know`, messageId: 'value', help: `${near ? `Did you mean "${near}"? ` : ''}Expected ${expected(spec)}: ${effect}`, range: v.range });
    return false;
  }
  const bad = v.type === 'array' && typeof spec === 'string' && spec.includes('string[]') ? v.items.find((i) => i.type !== 'string') : undefined;
  report(ctx, { message: bad ? `"${name}" holds ${describe(bad)}` : `"${name}" is ${describe(v)}`, messageId: 'type', help: `Expected ${expected(spec)}: ${effect}`, range: (bad ?? v).range });
  return false;
}

function checkStringMap(ctx: Ctx, p: JsonProperty, name: string, effect: string): void {
  if (p.value.type !== 'object') return;
  for (const e of p.value.properties) {
    if (e.value.type !== 'string') report(ctx, { message: `"${name}.${e.key}" is ${describe(e.value)}`, messageId: 'type', help: `Expected a string: ${effect}`, range: e.value.range });
  }
}

function checkServers(ctx: Ctx, servers: JsonObject, effect: string): void {
  for (const s of servers.properties) {
    if (s.value.type !== 'object') {
      report(ctx, { message: `MCP server "${s.key}" is ${describe(s.value)}`, messageId: 'server', help: 'Expected an object with a "command", a "url" or an "httpUrl".', range: s.value.range });
      continue;
    }
    const server = s.value;
    if (!GEMINI_MCP_TRANSPORTS.some((k) => prop(server, k))) {
      report(ctx, {
        message: `MCP server "${s.key}" has no "command", "url" or "httpUrl"`,
        messageId: 'transport',
        help: 'Gemini CLI starts a server with a "command" (stdio), or reaches it at a "url" (SSE) or an "httpUrl" (streamable HTTP): one of them must be there.',
        range: s.keyRange,
      });
    }
    for (const p of server.properties) {
      const spec = GEMINI_MCP_KEYS[p.key];
      if (!spec || !checkTyped(ctx, p, spec, `mcpServers.${s.key}.${p.key}`, effect)) continue;
      if (p.key === 'env' || p.key === 'headers') checkStringMap(ctx, p, `mcpServers.${s.key}.${p.key}`, effect);
    }
  }
}

function unknownKey(ctx: Ctx, p: JsonProperty, known: readonly string[], file: string): void {
  const near = closest(p.key, known);
  report(ctx, {
    message: `"${p.key}" is not a ${file} field`,
    messageId: 'unknown',
    help: `${near ? `Did you mean "${near}"? ` : ''}Gemini CLI ignores fields it does not know.`,
    severity: 'warn',
    range: p.keyRange,
  });
}

function checkExtension(ctx: Ctx, root: JsonObject): void {
  const skips = 'Gemini CLI skips the extension.';
  for (const key of ['name', 'version']) {
    if (!prop(root, key)) report(ctx, { message: `gemini-extension.json has no "${key}"`, messageId: 'required', help: 'Gemini CLI skips an extension without a "name" and a "version".', range: opening(root) });
  }
  for (const p of root.properties) {
    const spec = GEMINI_EXTENSION_KEYS[p.key];
    if (!spec) {
      unknownKey(ctx, p, EXTENSION_KEYS, 'gemini-extension.json');
      continue;
    }
    if (!checkTyped(ctx, p, spec, p.key, p.key === 'name' || p.key === 'version' ? skips : 'Gemini CLI reads the field as that type only.')) continue;
    const v = p.value;
    if (p.key === 'name' && v.type === 'string' && !EXTENSION_NAME.test(v.value)) {
      report(ctx, { message: `extension name ${JSON.stringify(v.value)} has characters Gemini CLI refuses`, messageId: 'name', help: 'Use letters, digits and dashes only: Gemini CLI skips the extension otherwise.', range: v.range });
    }
    if (p.key === 'contextFileName') checkContextFiles(ctx, v);
    if (p.key === 'mcpServers' && v.type === 'object') checkServers(ctx, v, 'Gemini CLI does not start the server as written.');
    if (p.key === 'settings' && v.type === 'array') checkSettingEntries(ctx, v.items);
  }
}

/** Context files the manifest names that are not in the extension: Gemini CLI loads only the ones that exist. */
function checkContextFiles(ctx: Ctx, v: JsonNode): void {
  const files = ctx.project.files;
  if (!files) return;
  const dir = files.dirname(ctx.doc.filePath);
  for (const n of v.type === 'array' ? v.items : [v]) {
    if (n.type !== 'string' || n.value === '' || files.stat(files.resolve(dir, n.value)) === 'file') continue;
    report(ctx, { message: `context file "${n.value}" is not in the extension`, messageId: 'context', help: 'Gemini CLI loads only the context files that exist, and leaves this one out without a word: add the file or fix the name.', range: n.range });
  }
}

function checkSettingEntries(ctx: Ctx, items: JsonNode[]): void {
  for (const item of items) {
    if (item.type !== 'object') {
      report(ctx, { message: `an extension setting is ${describe(item)}`, messageId: 'type', help: 'Expected an object with a "name", a "description" and an "envVar".', range: item.range });
      continue;
    }
    for (const key of ['name', 'envVar']) {
      if (!prop(item, key)) report(ctx, { message: `an extension setting has no "${key}"`, messageId: 'required', help: 'A setting needs the "name" Gemini CLI asks the user for and the "envVar" it stores the answer in.', range: opening(item) });
    }
    for (const p of item.properties) {
      const spec = GEMINI_EXTENSION_SETTING_KEYS[p.key];
      if (spec) checkTyped(ctx, p, spec, `settings.${p.key}`, 'Gemini CLI reads the field as that type only.');
    }
  }
}

function checkSettings(ctx: Ctx, root: JsonObject): void {
  const invalid = 'Gemini CLI reports the settings file as an invalid configuration.';
  for (const p of root.properties) {
    const spec = GEMINI_SETTINGS_KEYS[p.key];
    const moved = GEMINI_SETTINGS_V1[p.key];
    // A flat (v1) name is moved to its nested place when Gemini CLI loads the file; `model` is
    // both, a string (the flat form) or an object (the category).
    if (moved && !(spec && fits(p.value, spec))) {
      report(ctx, {
        message: `"${p.key}" is the flat settings form of "${moved}"`,
        messageId: 'v1',
        help: `Write it as "${moved}" (nested since Gemini CLI 0.3.0): Gemini CLI still moves the flat name when it loads the file, and the configuration reference documents only the nested one.`,
        severity: 'warn',
        range: p.keyRange,
      });
      continue;
    }
    if (!spec) {
      unknownKey(ctx, p, SETTINGS_KEYS, 'settings.json');
      continue;
    }
    if (!checkTyped(ctx, p, spec, p.key, invalid) || p.value.type !== 'object') continue;
    if (p.key === 'mcpServers') {
      checkServers(ctx, p.value, invalid);
      continue;
    }
    for (const q of p.value.properties) {
      const leaf = GEMINI_SETTINGS_TYPES[`${p.key}.${q.key}`];
      if (leaf) checkTyped(ctx, q, leaf, `${p.key}.${q.key}`, invalid);
    }
  }
}

export default defineRule({
  meta: {
    id: 'gemini-config',
    description: "Gemini CLI's settings.json and an extension's gemini-extension.json hold the fields Gemini CLI documents, with values of the right type, and MCP servers it can reach.",
    severity: 'error',
    standard: false,
    kinds: ['gemini-settings', 'gemini-extension'],
    messages: { ...JSON_FILE_MESSAGES },
  },
  check(ctx) {
    const extension = ctx.doc.kind === 'gemini-extension';
    const root = rootObject({ doc: ctx.doc, report: (d) => report(ctx, d) }, extension ? 'gemini-extension.json' : 'settings.json', 'Gemini CLI');
    if (!root) return;
    if (extension) checkExtension(ctx, root);
    else checkSettings(ctx, root);
  },
});
