import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonNode, JsonObject, JsonProperty } from '../src/model/json/ast.js';
import { CODEX_CONFIG_KEYS, CODEX_MCP_HTTP_ONLY, CODEX_MCP_KEYS, CODEX_MCP_STDIO_ONLY, type CodexValue } from '../src/standard/codex-config.js';
import { describeToml, eachKey, TOML_FILE_MESSAGES, tomlRoot } from '../src/rules-support/toml.js';
import { citing, withTypo } from '../src/rules-support/messages.js';
import { closest } from '../src/util/suggest.js';
import { prop } from '../src/rules-support/json/file.js';

type Ctx = RuleContext;


const TOP_KEYS = Object.keys(CODEX_CONFIG_KEYS);
/** What Codex does with a value of the wrong type. */
const TYPE_ERROR = 'Codex stops with a configuration error on a value of another type.';

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
    ctx.report({ messageId: near ? 'value-typo' : 'value', data: { where, key: p.key, value: JSON.stringify(v.value), near: near ?? '', expected: expected(spec) }, range: v.range });
    return;
  }
  const bad = v.type === 'array' ? v.items.find((i) => i.type !== 'string') : undefined;
  ctx.report({ messageId: bad ? 'holds' : 'type', data: { where, key: p.key, value: describeToml(bad ?? v), expected: expected(spec) }, range: (bad ?? v).range });
}

function checkStringTable(ctx: Ctx, p: JsonProperty, where: string): void {
  if (p.value.type !== 'object') return;
  for (const e of p.value.properties) {
    if (e.value.type !== 'string') ctx.report({ messageId: 'table-value', data: { where, key: `${p.key}.${e.key}`, value: describeToml(e.value) }, range: e.value.range });
  }
}

function checkServer(ctx: Ctx, s: JsonProperty): void {
  const where = `server "${s.key}": `;
  if (s.value.type !== 'object') {
    ctx.report({ messageId: 'server', data: { server: s.key, value: describeToml(s.value) }, range: s.value.range });
    return;
  }
  const server = s.value;
  const command = prop(server, 'command');
  const url = prop(server, 'url');
  if (!command && !url) {
    ctx.report({ messageId: 'transport', data: { server: s.key }, range: s.keyRange });
  } else {
    // Codex takes the transport from `command` when there is one, and refuses the other's keys.
    const refused = command ? CODEX_MCP_HTTP_ONLY : CODEX_MCP_STDIO_ONLY;
    for (const key of refused) {
      const other = prop(server, key);
      if (!other) continue;
      ctx.report({ messageId: command ? 'http-key' : 'stdio-key', data: { where, key }, range: other.keyRange });
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
      ctx.report({ messageId: 'profile', data: { profile: profile.key, value: describeToml(profile.value) }, range: profile.value.range });
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
    description: "Codex's config.toml parses, its keys are ones Codex reads with values of the right type, and each MCP server has one transport; a local environment (.codex/environments/*.toml) parses.",
    severity: 'error',
    standard: false,
    kinds: ['codex-config', 'codex-environment'],
    // `{{where}}`: the table a key is in (`server "x": `), empty at the top level.
    messages: {
      ...citing('(Codex docs: Configuration Reference)', {
        ...TOML_FILE_MESSAGES,
        ...withTypo('unknown', { message: '"{{key}}" is not a key Codex reads', help: 'Codex ignores keys it does not know.' }),
        ...withTypo('value', {
          message: '{{where}}"{{key}}" is {{value}}, a value Codex does not know',
          help: 'Codex accepts {{expected}}, and stops with a configuration error on any other value.',
        }),
        type: { message: '{{where}}"{{key}}" is {{value}}', help: `Expected {{expected}}: ${TYPE_ERROR}` },
        holds: { message: '{{where}}"{{key}}" holds {{value}}', help: `Expected {{expected}}: ${TYPE_ERROR}` },
        'table-value': { message: '{{where}}{{key}} is {{value}}', help: `Expected a string: ${TYPE_ERROR}` },
        server: { message: 'MCP server "{{server}}" is {{value}}', help: 'Expected a table, [mcp_servers.{{server}}], with a "command" or a "url".' },
        transport: {
          message: 'MCP server "{{server}}" has no "command" and no "url"',
          help: 'A stdio server needs a "command", a streamable HTTP server a "url"; without either Codex reports an invalid transport and refuses the config.',
        },
        'http-key': {
          message: '{{where}}"{{key}}" does not go with "command"',
          help: 'Codex reads a server with a "command" as stdio and stops with "{{key}} is not supported for stdio". Keep one transport per server.',
        },
        'stdio-key': {
          message: '{{where}}"{{key}}" does not go with "url"',
          help: 'Codex reads a server with a "url" as streamable HTTP and stops with "{{key}} is not supported for streamable_http". Keep one transport per server.',
        },
        profile: { message: 'profile "{{profile}}" is {{value}}', help: `Expected a table, [profiles.{{profile}}]: ${TYPE_ERROR}` },
      }),
      // The local environments page describes a setup script and actions, not the file's keys: only its TOML is checked.
      ...citing('(Codex docs: Local environments)', { 'environment-parse': TOML_FILE_MESSAGES.parse }),
    },
  },
  check(ctx) {
    if (ctx.doc.kind === 'codex-environment') {
      tomlRoot({ doc: ctx.doc, report: (d) => ctx.report({ ...d, messageId: 'environment-parse' }) }, 'the environment file', 'The Codex app');
      return;
    }
    const root = tomlRoot(ctx, 'config.toml', 'Codex');
    if (!root) return;
    eachKey(ctx, root, TOP_KEYS, (p) => checkValue(ctx, p, CODEX_CONFIG_KEYS[p.key]!, ''));
    const servers = prop(root, 'mcp_servers');
    if (servers?.value.type === 'object') for (const s of servers.value.properties) checkServer(ctx, s);
    const profiles = prop(root, 'profiles');
    if (profiles?.value.type === 'object') checkProfiles(ctx, profiles.value);
  },
});
