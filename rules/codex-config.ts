import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonNode, JsonObject, JsonProperty } from '../src/model/json/ast.js';
import { CODEX_CONFIG_KEYS, CODEX_MCP_HTTP_ONLY, CODEX_MCP_KEYS, CODEX_MCP_STDIO_ONLY, type CodexValue } from '../src/standard/codex-config.js';
import { describeToml, tomlRoot } from '../src/rules-support/toml.js';
import { closest } from '../src/util/suggest.js';
import { prop } from '../src/rules-support/json/file.js';
import type { ReportDescriptor } from '../src/types.js';

type Ctx = RuleContext;

/** Every finding's help ends with the page it rests on. */
function report(ctx: Ctx, d: ReportDescriptor): void {
  ctx.report({ ...d, help: `${d.help} (Codex docs: Configuration Reference)` });
}

const TOP_KEYS = Object.keys(CODEX_CONFIG_KEYS);

function expected(spec: CodexValue): string {
  if (typeof spec === 'object') return `one of ${spec.oneOf.map((v) => `"${v}"`).join(', ')}${spec.orTable ? ', or a table' : ''}`;
  return { string: 'a string', boolean: 'true or false', integer: 'an integer', number: 'a number', table: 'a table', 'string[]': 'an array of strings', strings: 'a string or an array of strings' }[spec];
}

function fits(node: JsonNode, spec: CodexValue): boolean {
  if (typeof spec === 'object') return node.type === 'string' ? spec.oneOf.includes(node.value) : !!spec.orTable && node.type === 'object';
  switch (spec) {
    case 'string':
      return node.type === 'string';
    case 'boolean':
      return node.type === 'boolean';
    case 'integer':
      return node.type === 'number' && Number.isInteger(node.value);
    case 'number':
      return node.type === 'number';
    case 'table':
      return node.type === 'object';
    case 'string[]':
      return node.type === 'array' && node.items.every((i) => i.type === 'string');
    case 'strings':
      return node.type === 'string' || (node.type === 'array' && node.items.every((i) => i.type === 'string'));
  }
}

/** A key's value against what Codex reads there (`where` names the table it is in, for the message). */
function checkValue(ctx: Ctx, p: JsonProperty, spec: CodexValue, where: string): void {
  if (fits(p.value, spec)) return;
  const v = p.value;
  if (typeof spec === 'object' && v.type === 'string') {
    const near = closest(v.value, spec.oneOf);
    report(ctx, {
      message: `${where}"${p.key}" is ${JSON.stringify(v.value)}, a value Codex does not know`,
      messageId: 'value',
      help: `${near ? `Did you mean "${near}"? ` : ''}Codex accepts ${expected(spec)}, and stops with a configuration error on any other value.`,
      range: v.range,
    });
    return;
  }
  const bad = v.type === 'array' ? v.items.find((i) => i.type !== 'string') : undefined;
  report(ctx, {
    message: bad ? `${where}"${p.key}" holds ${describeToml(bad)}` : `${where}"${p.key}" is ${describeToml(v)}`,
    messageId: 'type',
    help: `Expected ${expected(spec)}: Codex stops with a configuration error on a value of another type.`,
    range: (bad ?? v).range,
  });
}

function checkStringTable(ctx: Ctx, p: JsonProperty, where: string): void {
  if (p.value.type !== 'object') return;
  for (const e of p.value.properties) {
    if (e.value.type !== 'string') report(ctx, { message: `${where}${p.key}.${e.key} is ${describeToml(e.value)}`, messageId: 'type', help: `Expected a string: Codex stops with a configuration error on a value of another type.`, range: e.value.range });
  }
}

function checkServer(ctx: Ctx, s: JsonProperty): void {
  const where = `server "${s.key}": `;
  if (s.value.type !== 'object') {
    report(ctx, { message: `MCP server "${s.key}" is ${describeToml(s.value)}`, messageId: 'server', help: `Expected a table, [mcp_servers.${s.key}], with a "command" or a "url".`, range: s.value.range });
    return;
  }
  const server = s.value;
  const command = prop(server, 'command');
  const url = prop(server, 'url');
  if (!command && !url) {
    report(ctx, {
      message: `MCP server "${s.key}" has no "command" and no "url"`,
      messageId: 'transport',
      help: `A stdio server needs a "command", a streamable HTTP server a "url"; without either Codex reports an invalid transport and refuses the config.`,
      range: s.keyRange,
    });
  } else {
    // Codex takes the transport from `command` when there is one, and refuses the other's keys.
    const refused = command ? CODEX_MCP_HTTP_ONLY : CODEX_MCP_STDIO_ONLY;
    for (const key of refused) {
      const other = prop(server, key);
      if (!other) continue;
      report(ctx, {
        message: `${where}"${key}" does not go with ${command ? '"command"' : '"url"'}`,
        messageId: 'transport',
        help: `Codex reads a server with ${command ? 'a "command" as stdio' : 'a "url" as streamable HTTP'} and stops with "${key} is not supported for ${command ? 'stdio' : 'streamable_http'}". Keep one transport per server.`,
        range: other.keyRange,
      });
    }
  }
  for (const p of server.properties) {
    const spec = CODEX_MCP_KEYS[p.key];
    if (!spec) continue;
    checkValue(ctx, p, spec, where);
    if (p.key === 'env' || p.key === 'http_headers' || p.key === 'env_http_headers') checkStringTable(ctx, p, where);
  }
}

function checkProfiles(ctx: Ctx, profiles: JsonObject): void {
  for (const profile of profiles.properties) {
    if (profile.value.type !== 'object') {
      report(ctx, { message: `profile "${profile.key}" is ${describeToml(profile.value)}`, messageId: 'type', help: `Expected a table, [profiles.${profile.key}]: Codex stops with a configuration error on a value of another type.`, range: profile.value.range });
      continue;
    }
    // A profile sets the same keys as the top level; the ones it shares are typed alike.
    for (const p of profile.value.properties) {
      const spec = CODEX_CONFIG_KEYS[p.key];
      if (spec && p.key !== 'profiles') checkValue(ctx, p, spec, `profile "${profile.key}": `);
    }
  }
}

export default defineRule({
  meta: {
    id: 'codex-config',
    description: "Codex's config.toml parses, its keys are ones Codex reads with values of the right type, and each MCP server has one transport.",
    severity: 'error',
    standard: false,
    kinds: ['codex-config'],
  },
  check(ctx) {
    const root = tomlRoot({ doc: ctx.doc, report: (d) => report(ctx, d) }, 'config.toml', 'Codex');
    if (!root) return;
    for (const p of root.properties) {
      const spec = CODEX_CONFIG_KEYS[p.key];
      if (!spec) {
        const near = closest(p.key, TOP_KEYS);
        report(ctx, {
          message: `"${p.key}" is not a key Codex reads`,
          messageId: 'unknown',
          help: `${near ? `Did you mean "${near}"? ` : ''}Codex ignores keys it does not know.`,
          severity: 'warn',
          range: p.keyRange,
        });
        continue;
      }
      checkValue(ctx, p, spec, '');
    }
    const servers = prop(root, 'mcp_servers');
    if (servers?.value.type === 'object') for (const s of servers.value.properties) checkServer(ctx, s);
    const profiles = prop(root, 'profiles');
    if (profiles?.value.type === 'object') checkProfiles(ctx, profiles.value);
  },
});
