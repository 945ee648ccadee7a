import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonNode, JsonObject } from '../src/model/json/ast.js';
import { MCP_REMOTE_TYPES, MCP_TYPES } from '../src/standard/claude-code-config.js';
import { closest } from '../src/util/suggest.js';
import { badVarRefs, describe, opening, prop, rootObject, valueRange } from '../src/rules-support/json/file.js';

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
    ctx.report({ message: `server "${server}": ${bad.text} ${bad.why[0]}`, messageId: 'var', help: `${bad.why[1]} Claude Code expands \${NAME} and \${NAME:-default}.`, range: valueRange(ctx.doc, node, bad.index, bad.text.length) });
  }
}

function checkStringMap(ctx: Ctx, server: string, key: string, node: JsonNode): void {
  if (node.type !== 'object') {
    ctx.report({ message: `server "${server}": "${key}" is ${describe(node)}`, messageId: 'type', help: `Expected an object of strings.`, range: node.range });
    return;
  }
  for (const p of node.properties) {
    if (p.value.type === 'string') checkRefs(ctx, server, p.value);
    else ctx.report({ message: `server "${server}": ${key} value "${p.key}" is ${describe(p.value)}`, messageId: 'type', help: `${key} values are strings: "${p.key}": "${ctx.doc.text.slice(p.value.range.start, Math.min(p.value.range.end, p.value.range.start + 40))}".`, range: p.value.range, fix: asStringFix(ctx, p.value) });
  }
}

function checkServer(ctx: Ctx, name: string, keyRange: { start: number; end: number }, s: JsonNode): void {
  if (s.type !== 'object') {
    ctx.report({ message: `server "${name}" is ${describe(s)}`, messageId: 'server', help: `Expected an object with a "command" or a "type" and "url".`, range: s.range });
    return;
  }
  const type = prop(s, 'type');
  let kind = 'stdio';
  if (type) {
    if (type.value.type !== 'string' || !MCP_TYPES.includes(type.value.value)) {
      const t = type.value.type === 'string' ? type.value.value : null;
      const near = t === null ? undefined : closest(t, MCP_TYPES);
      ctx.report({
        message: t === null ? `server "${name}": "type" is ${describe(type.value)}` : `server "${name}": unknown transport ${JSON.stringify(t)}`,
        messageId: 'type',
        help: `${near ? `Did you mean "${near}"? ` : ''}Claude Code knows ${MCP_TYPES.map((x) => `"${x}"`).join(', ')}.`,
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
      ctx.report({
        message: url ? `server "${name}" has a "url" but no "type"` : `server "${name}" has no "command" and no "url"`,
        messageId: 'needs',
        help: url ? 'Without a type it is started as a stdio server, which needs a "command": add "type": "http" (or "sse").' : 'A stdio server needs a "command"; a remote one a "type" ("http", "sse") and a "url".',
        range: keyRange,
      });
    } else if (command.value.type !== 'string' || command.value.value.trim() === '') {
      ctx.report({ message: `server "${name}": "command" is ${command.value.type === 'string' ? 'empty' : describe(command.value)}`, messageId: 'needs', help: `Expected the program to run.`, range: command.value.range });
    } else checkRefs(ctx, name, command.value);
  } else if (MCP_REMOTE_TYPES.includes(kind)) {
    if (!url) ctx.report({ message: `server "${name}" is of type "${kind}" but has no "url"`, messageId: 'needs', help: 'Add the server\'s address: "url": "https://...".', range: keyRange });
    else if (url.value.type !== 'string') ctx.report({ message: `server "${name}": "url" is ${describe(url.value)}`, messageId: 'needs', help: `Expected a URL.`, range: url.value.range });
    else if (!/^(?:https?:\/\/|\$\{)/i.test(url.value.value)) ctx.report({ message: `server "${name}": "url" ${JSON.stringify(url.value.value)} is not an http(s) URL`, messageId: 'url', help: 'Write the full address, starting with https:// (or http://), or a ${VAR} that holds it.', range: url.value.range });
    else checkRefs(ctx, name, url.value);
  }
  const args = prop(s, 'args');
  if (args) {
    if (args.value.type !== 'array') ctx.report({ message: `server "${name}": "args" is ${describe(args.value)}`, messageId: 'args', help: `Expected an array of strings.`, range: args.value.range });
    else {
      for (const a of args.value.items) {
        if (a.type === 'string') checkRefs(ctx, name, a);
        else ctx.report({ message: `server "${name}": an "args" item is ${describe(a)}`, messageId: 'args', help: 'Arguments are strings: quote it.', range: a.range, fix: asStringFix(ctx, a) });
      }
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
    details:
      'Claude Code fails to start an MCP server without a command, treats a server with a url but no type as a stdio server, rejects args and env values that are not strings, and leaves a malformed ${VAR} reference unexpanded.',
    severity: 'error',
    fixable: true,
    standard: false,
    kinds: ['mcp-config', 'plugin-manifest'],
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
      ctx.report({
        message: looksLikeServers ? '.mcp.json lists its servers at the top level' : '.mcp.json has no "mcpServers"',
        help: looksLikeServers ? 'Claude Code reads a project\'s servers under an "mcpServers" key: {"mcpServers": {...}}.' : 'Write the servers under "mcpServers": {"mcpServers": {"name": {"command": "..."}}}.',
        messageId: 'shape',
        range: looksLikeServers ? root.properties[0]!.keyRange : opening(root),
      });
      return;
    }
    const v = servers.value;
    if (isManifest && v.type === 'string') return; // a path: plugin-manifest checks it
    if (isManifest && v.type === 'array') {
      for (const item of v.items) if (item.type === 'object') checkServers(ctx, item);
      return;
    }
    if (v.type !== 'object') {
      ctx.report({ message: `"mcpServers" is ${describe(v)}`, messageId: 'shape', help: `Expected an object of servers by name.`, range: v.range });
      return;
    }
    checkServers(ctx, v);
  },
});
