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
import { citing, withTypo } from '../src/rules-support/messages.js';
import { GEMINI_VARIABLE_MESSAGES, reportVariableSlips } from '../src/rules-support/gemini-variables.js';
import { closest } from '../src/util/suggest.js';
import type { RuleMessage } from '../src/engine/rule.js';
import type { ReportDescriptor } from '../src/types.js';

type Ctx = RuleContext;

/**
 * A value of the wrong type, by where it is (the message ids end with `-<where>`): what Gemini
 * CLI then does, and which findings the place can have besides `type` (`holds`: an array item
 * of the wrong type; `value`: a string outside the allowed ones; `map`: a value of a string map).
 */
const PLACES = {
  settings: { effect: 'Gemini CLI reports the settings file as an invalid configuration.', also: ['holds', 'value', 'map'] },
  required: { effect: 'Gemini CLI skips the extension.', also: [] },
  field: { effect: 'Gemini CLI reads the field as that type only.', also: ['holds'] },
  server: { effect: 'Gemini CLI does not start the server as written.', also: ['holds', 'map'] },
} as const;
type Place = keyof typeof PLACES;

function typeMessages(): Record<string, RuleMessage> {
  const out: Record<string, RuleMessage> = {};
  for (const [where, { effect, also }] of Object.entries(PLACES)) {
    const has = (f: string) => (also as readonly string[]).includes(f);
    out[`type-${where}`] = { message: '"{{name}}" is {{value}}', help: `Expected {{expected}}: ${effect}` };
    if (has('holds')) out[`holds-${where}`] = { message: '"{{name}}" holds {{value}}', help: `Expected {{expected}}: ${effect}` };
    if (has('value')) Object.assign(out, withTypo(`value-${where}`, { message: '"{{name}}" is {{value}}, a value Gemini CLI does not know', help: `Expected {{expected}}: ${effect}` }));
    if (has('map')) out[`map-${where}`] = { message: '"{{name}}" is {{value}}', help: `Expected a string: ${effect}` };
  }
  return out;
}

/** `{{page}}`: the page of the file's kind (PAGES). */
const MESSAGES = citing('(Gemini CLI docs: {{page}})', {
  ...typeMessages(),
  ...GEMINI_VARIABLE_MESSAGES,
  server: { message: 'MCP server "{{server}}" is {{value}}', help: 'Expected an object with a "command", a "url" or an "httpUrl".' },
  transport: {
    message: 'MCP server "{{server}}" has no "command", "url" or "httpUrl"',
    help: 'Gemini CLI starts a server with a "command" (stdio), or reaches it at a "url" (SSE) or an "httpUrl" (streamable HTTP): one of them must be there.',
  },
  ...withTypo('unknown', { message: '"{{key}}" is not a {{file}} field', help: 'Gemini CLI ignores fields it does not know.' }),
  required: { message: 'gemini-extension.json has no "{{key}}"', help: 'Gemini CLI skips an extension without a "name" and a "version".' },
  name: {
    message: 'extension name {{name}} has characters Gemini CLI refuses',
    help: 'Use letters, digits and dashes only: Gemini CLI skips the extension otherwise.',
  },
  context: {
    message: 'context file "{{file}}" is not in the extension',
    help: 'Gemini CLI loads only the context files that exist, and leaves this one out without a word: add the file or fix the name.',
  },
  'setting-type': { message: 'an extension setting is {{value}}', help: 'Expected an object with a "name", a "description" and an "envVar".' },
  'setting-required': {
    message: 'an extension setting has no "{{key}}"',
    help: 'A setting needs the "name" Gemini CLI asks the user for and the "envVar" it stores the answer in.',
  },
  v1: {
    message: '"{{key}}" is the flat settings form of "{{moved}}"',
    help: 'Write it as "{{moved}}" (nested since Gemini CLI 0.3.0): Gemini CLI still moves the flat name when it loads the file, and the configuration reference documents only the nested one.',
  },
});
const PAGES: Partial<Record<string, string>> = { 'gemini-extension': 'Extension reference', 'gemini-settings': 'Configuration' };

/** Every finding's help ends with the page of the file's kind. */
function report(ctx: Ctx, d: ReportDescriptor): void {
  ctx.report({ ...d, data: { ...d.data, page: PAGES[ctx.doc.kind] ?? 'Configuration' } });
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

/** A value against what Gemini CLI reads there; `name` is how the message names the key, `where` what kind of place it is in (PLACES). */
function checkTyped(ctx: Ctx, p: JsonProperty, spec: GeminiValue, name: string, where: Place): boolean {
  if (fits(p.value, spec)) return true;
  const v = p.value;
  if (typeof spec === 'object' && v.type === 'string') {
    const near = closest(v.value, spec.oneOf);
    report(ctx, { messageId: `value-${where}${near ? '-typo' : ''}`, data: { name, value: JSON.stringify(v.value), near: near ?? '', expected: expected(spec) }, range: v.range });
    return false;
  }
  const bad = v.type === 'array' && typeof spec === 'string' && spec.includes('string[]') ? v.items.find((i) => i.type !== 'string') : undefined;
  report(ctx, { messageId: `${bad ? 'holds' : 'type'}-${where}`, data: { name, value: describe(bad ?? v), expected: expected(spec) }, range: (bad ?? v).range });
  return false;
}

function checkStringMap(ctx: Ctx, p: JsonProperty, name: string, where: Place): void {
  if (p.value.type !== 'object') return;
  for (const e of p.value.properties) {
    if (e.value.type !== 'string') report(ctx, { messageId: `map-${where}`, data: { name: `${name}.${e.key}`, value: describe(e.value) }, range: e.value.range });
  }
}

function checkServers(ctx: Ctx, servers: JsonObject, where: Place): void {
  for (const s of servers.properties) {
    if (s.value.type !== 'object') {
      report(ctx, { messageId: 'server', data: { server: s.key, value: describe(s.value) }, range: s.value.range });
      continue;
    }
    const server = s.value;
    if (!GEMINI_MCP_TRANSPORTS.some((k) => prop(server, k))) report(ctx, { messageId: 'transport', data: { server: s.key }, range: s.keyRange });
    for (const p of server.properties) {
      const spec = GEMINI_MCP_KEYS[p.key];
      if (!spec || !checkTyped(ctx, p, spec, `mcpServers.${s.key}.${p.key}`, where)) continue;
      if (p.key === 'env' || p.key === 'headers') checkStringMap(ctx, p, `mcpServers.${s.key}.${p.key}`, where);
    }
  }
}

function unknownKey(ctx: Ctx, p: JsonProperty, known: readonly string[], file: string): void {
  const near = closest(p.key, known);
  report(ctx, { messageId: near ? 'unknown-typo' : 'unknown', data: { key: p.key, file, near: near ?? '' }, severity: 'warn', range: p.keyRange });
}

function checkExtension(ctx: Ctx, root: JsonObject): void {
  reportVariableSlips({ doc: ctx.doc, report: (d) => report(ctx, d) }, root);
  for (const key of ['name', 'version']) {
    if (!prop(root, key)) report(ctx, { messageId: 'required', data: { key }, range: opening(root) });
  }
  for (const p of root.properties) {
    const spec = GEMINI_EXTENSION_KEYS[p.key];
    if (!spec) {
      unknownKey(ctx, p, EXTENSION_KEYS, 'gemini-extension.json');
      continue;
    }
    if (!checkTyped(ctx, p, spec, p.key, p.key === 'name' || p.key === 'version' ? 'required' : 'field')) continue;
    const v = p.value;
    if (p.key === 'name' && v.type === 'string' && !EXTENSION_NAME.test(v.value)) report(ctx, { messageId: 'name', data: { name: JSON.stringify(v.value) }, range: v.range });
    if (p.key === 'contextFileName') checkContextFiles(ctx, v);
    if (p.key === 'mcpServers' && v.type === 'object') checkServers(ctx, v, 'server');
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
    report(ctx, { messageId: 'context', data: { file: n.value }, range: n.range });
  }
}

function checkSettingEntries(ctx: Ctx, items: JsonNode[]): void {
  for (const item of items) {
    if (item.type !== 'object') {
      report(ctx, { messageId: 'setting-type', data: { value: describe(item) }, range: item.range });
      continue;
    }
    for (const key of ['name', 'envVar']) {
      if (!prop(item, key)) report(ctx, { messageId: 'setting-required', data: { key }, range: opening(item) });
    }
    for (const p of item.properties) {
      const spec = GEMINI_EXTENSION_SETTING_KEYS[p.key];
      if (spec) checkTyped(ctx, p, spec, `settings.${p.key}`, 'field');
    }
  }
}

function checkSettings(ctx: Ctx, root: JsonObject): void {
  for (const p of root.properties) {
    const spec = GEMINI_SETTINGS_KEYS[p.key];
    const moved = GEMINI_SETTINGS_V1[p.key];
    // A flat (v1) name is moved to its nested place when Gemini CLI loads the file; `model` is
    // both, a string (the flat form) or an object (the category).
    if (moved && !(spec && fits(p.value, spec))) {
      report(ctx, { messageId: 'v1', data: { key: p.key, moved }, severity: 'warn', range: p.keyRange });
      continue;
    }
    if (!spec) {
      unknownKey(ctx, p, SETTINGS_KEYS, 'settings.json');
      continue;
    }
    if (!checkTyped(ctx, p, spec, p.key, 'settings') || p.value.type !== 'object') continue;
    if (p.key === 'mcpServers') {
      checkServers(ctx, p.value, 'settings');
      continue;
    }
    for (const q of p.value.properties) {
      const leaf = GEMINI_SETTINGS_TYPES[`${p.key}.${q.key}`];
      if (leaf) checkTyped(ctx, q, leaf, `${p.key}.${q.key}`, 'settings');
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
    messages: { ...JSON_FILE_MESSAGES, ...MESSAGES },
  },
  check(ctx) {
    const extension = ctx.doc.kind === 'gemini-extension';
    const root = rootObject(ctx, extension ? 'gemini-extension.json' : 'settings.json', 'Gemini CLI');
    if (!root) return;
    if (extension) checkExtension(ctx, root);
    else checkSettings(ctx, root);
  },
});
