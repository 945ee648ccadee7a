import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonNode, JsonObject } from '../src/model/json/ast.js';
import { MCP_REMOTE_TYPES, MCP_TYPES } from '../src/standard/claude-code-config.js';
import { closest } from '../src/util/suggest.js';
import { badVarRefs, describe, JSON_FILE_MESSAGES, opening, prop, rootObject, valueRange } from '../src/rules-support/json/file.js';
import { expectType, typeError } from '../src/rules-support/json/type-errors.js';

type Ctx = RuleContext;

/** A number or a boolean where a string belongs: its JSON text, quoted, is the same value as a string. */
function asStringFix(ctx: Ctx, node: JsonNode) {
  if (node.type !== 'number' && node.type !== 'boolean') return undefined;
  const raw = ctx.doc.text.slice(node.range.start, node.range.end);
  return { range: [node.range.start, node.range.end] as [number, number], text: JSON.stringify(raw) };
}

function checkRefs(ctx: Ctx, server: string, node: JsonNode): void {
  if (node.type !== 'string') return;
  for (const bad of badVarRefs(node.value)) {
    ctx.report({ messageId: `var-${bad.problem}`, data: { server, ref: bad.text }, range: valueRange(ctx.doc, node, bad.index, bad.text.length) });
  }
}

function checkStringMap(ctx: Ctx, server: string, key: string, node: JsonNode): void {
  if (!expectType(ctx, node, 'object', 'map-type', { server, key })) return;
  for (const p of node.properties) {
    if (p.value.type === 'string') checkRefs(ctx, server, p.value);
    else {
      const raw = ctx.doc.text.slice(p.value.range.start, Math.min(p.value.range.end, p.value.range.start + 40));
      ctx.report({ messageId: 'map-value', data: { server, key, name: p.key, value: describe(p.value), raw }, range: p.value.range, fix: asStringFix(ctx, p.value) });
    }
  }
}

function checkServer(ctx: Ctx, name: string, keyRange: { start: number; end: number }, s: JsonNode): void {
  if (!expectType(ctx, s, 'object', 'server', { server: name })) return;
  const type = prop(s, 'type');
  let kind = 'stdio';
  if (type) {
    if (type.value.type !== 'string' || !MCP_TYPES.includes(type.value.value)) {
      const t = type.value.type === 'string' ? type.value.value : null;
      const near = t === null ? undefined : closest(t, MCP_TYPES);
      ctx.report({
        messageId: t === null ? 'type' : 'transport',
        data: { server: name, value: describe(type.value), type: JSON.stringify(t), near: near ? `Did you mean "${near}"? ` : '', types: MCP_TYPES.map((x) => `"${x}"`).join(', ') },
        range: type.value.range,
      });
      return;
    }
    kind = type.value.value;
  }
  const command = prop(s, 'command');
  const url = prop(s, 'url');
  if (kind === 'stdio') {
    if (!command) {
      ctx.report({ messageId: url ? 'url-no-type' : 'no-command', data: { server: name }, range: keyRange });
    } else if (expectType(ctx, command.value, 'string', 'command-type', { server: name })) {
      if (command.value.value.trim() === '') ctx.report({ messageId: 'command-type', data: { server: name, value: 'empty' }, range: command.value.range });
      else checkRefs(ctx, name, command.value);
    }
  } else if (MCP_REMOTE_TYPES.includes(kind)) {
    if (!url) ctx.report({ messageId: 'no-url', data: { server: name, type: kind }, range: keyRange });
    else if (expectType(ctx, url.value, 'string', 'url-type', { server: name })) {
      if (!/^(?:https?:\/\/|\$\{)/i.test(url.value.value)) ctx.report({ messageId: 'url', data: { server: name, url: JSON.stringify(url.value.value) }, range: url.value.range });
      else checkRefs(ctx, name, url.value);
    }
  }
  const args = prop(s, 'args');
  if (args && expectType(ctx, args.value, 'array', 'args-type', { server: name })) {
    for (const a of args.value.items) {
      if (a.type === 'string') checkRefs(ctx, name, a);
      else ctx.report({ messageId: 'args', data: { server: name, value: describe(a) }, range: a.range, fix: asStringFix(ctx, a) });
    }
  }
  const env = prop(s, 'env');
  if (env) checkStringMap(ctx, name, 'env', env.value);
  const headers = prop(s, 'headers');
  if (headers) checkStringMap(ctx, name, 'headers', headers.value);
}

function checkServers(ctx: Ctx, servers: JsonObject): void {
  for (const p of servers.properties) checkServer(ctx, p.key, p.keyRange, p.value);
}

export default defineRule({
  meta: {
    id: 'mcp-config',
    description: 'MCP servers (.mcp.json, a plugin\'s mcpServers) have a command (stdio) or a url with a type (http, sse), string args and env values, and well-formed ${VAR} references.',
    severity: 'error',
    fixable: true,
    standard: false,
    kinds: ['mcp-config', 'plugin-manifest'],
    messages: {
      ...JSON_FILE_MESSAGES,
      'no-servers-key': {
        message: '.mcp.json has no "mcpServers"',
        help: 'Write the servers under "mcpServers": {"mcpServers": {"name": {"command": "..."}}}.',
      },
      'top-level-servers': {
        message: '.mcp.json lists its servers at the top level',
        help: 'Claude Code reads a project\'s servers under an "mcpServers" key: {"mcpServers": {...}}.',
      },
      'servers-type': typeError('"mcpServers"', 'an object of servers by name'),
      server: typeError('server "{{server}}"', 'an object with a "command" or a "type" and "url"'),
      type: {
        message: 'server "{{server}}": "type" is {{value}}',
        help: '{{near}}Claude Code knows {{types}}.',
      },
      transport: {
        message: 'server "{{server}}": unknown transport {{type}}',
        help: '{{near}}Claude Code knows {{types}}.',
      },
      'no-command': {
        message: 'server "{{server}}" has no "command" and no "url"',
        help: 'A stdio server needs a "command"; a remote one a "type" ("http", "sse") and a "url".',
      },
      'url-no-type': {
        message: 'server "{{server}}" has a "url" but no "type"',
        help: 'Without a type it is started as a stdio server, which needs a "command": add "type": "http" (or "sse").',
      },
      'command-type': typeError('server "{{server}}": "command"', 'the program to run'),
      'no-url': {
        message: 'server "{{server}}" is of type "{{type}}" but has no "url"',
        help: 'Add the server\'s address: "url": "https://...".',
      },
      'url-type': typeError('server "{{server}}": "url"', 'a URL'),
      url: {
        message: 'server "{{server}}": "url" {{url}} is not an http(s) URL',
        help: 'Write the full address, starting with https:// (or http://), or a ${VAR} that holds it.',
      },
      'args-type': typeError('server "{{server}}": "args"', 'an array of strings'),
      args: {
        message: 'server "{{server}}": an "args" item is {{value}}',
        help: 'Arguments are strings: quote it.',
      },
      'map-type': typeError('server "{{server}}": "{{key}}"', 'an object of strings'),
      'map-value': {
        message: 'server "{{server}}": {{key}} value "{{name}}" is {{value}}',
        help: '{{key}} values are strings: "{{name}}": "{{raw}}".',
      },
      'var-unclosed': {
        message: 'server "{{server}}": {{ref}} is never closed',
        help: 'Close it with `}`. Claude Code expands ${NAME} and ${NAME:-default}.',
      },
      'var-no-name': {
        message: 'server "{{server}}": {{ref}} names no variable',
        help: 'Name the variable. Claude Code expands ${NAME} and ${NAME:-default}.',
      },
      'var-not-a-name': {
        message: 'server "{{server}}": {{ref}} is not a variable reference',
        help: 'A name is letters, digits and _, not starting with a digit. Claude Code expands ${NAME} and ${NAME:-default}.',
      },
    },
  },
  check(ctx) {
    const isManifest = ctx.doc.kind === 'plugin-manifest';
    const root = rootObject(ctx, isManifest ? undefined : '.mcp.json');
    if (!root) return;
    const servers = prop(root, 'mcpServers');
    if (!servers) {
      if (isManifest) return;
      const looksLikeServers = root.properties.length > 0 && root.properties.every((p) => p.value.type === 'object' && (prop(p.value, 'command') || prop(p.value, 'url')));
      // A plugin's own .mcp.json may hold the servers directly.
      const files = ctx.project.files;
      if (looksLikeServers && files && files.stat(files.resolve(files.dirname(ctx.doc.filePath), '.claude-plugin/plugin.json')) === 'file') {
        checkServers(ctx, root);
        return;
      }
      if (looksLikeServers) ctx.report({ messageId: 'top-level-servers', range: root.properties[0]!.keyRange });
      else ctx.report({ messageId: 'no-servers-key', range: opening(root) });
      return;
    }
    const v = servers.value;
    if (isManifest && v.type === 'string') return; // a path: plugin-manifest checks it
    if (isManifest && v.type === 'array') {
      for (const item of v.items) if (item.type === 'object') checkServers(ctx, item);
      return;
    }
    if (expectType(ctx, v, 'object', 'servers-type')) checkServers(ctx, v);
  },
});
