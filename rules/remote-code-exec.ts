import { defineRule, fillTemplate, type RuleContext } from '../src/engine/rule.js';
import type { JsonNode, JsonString } from '../src/model/json/ast.js';
import { isOpenCode, isPluginAgent } from '../src/rules-support/frontmatter/target.js';
import { prop, rootObject, valueRange } from '../src/rules-support/json/file.js';
import {
  findRemoteExec,
  findUnpinnedRuns,
  shorten,
  unpinnedRunner,
  type RemoteExec,
  type UnpinnedRun,
  type Word,
} from '../src/rules-support/security/remote-code-exec.js';
import { specRemoteExecs } from '../src/rules-support/security/remote-code-exec-spec.js';
import type { Range } from '../src/types.js';

type Ctx = RuleContext;

const EXEC_HELP =
  'The script runs with your rights and nobody reviews it: whoever controls that server, its domain or the connection decides what runs, and can change it at any time. Claude Code\'s auto mode blocks "curl | bash" for this reason. Download a pinned release, check its checksum, and run the checked copy, or install the tool with a package manager that pins versions.';
const SPEC_EXEC_HELP = `${EXEC_HELP} A block that only shows what not to do is not reported when the text before it says so ("Never ...", "Avoid ...", a "Bad" heading).`;
const BANG_HELP = `Claude Code runs a \`!\` command line of a command or skill each time it is invoked, before the model reads the prompt. ${EXEC_HELP}`;
const UNPINNED_HELP =
  'With no exact version the next publish runs here unreviewed: a hijacked maintainer account or a malicious release reaches every machine with this config, with no prompt. Pin an exact version (`@scope/server@1.4.2`, `uvx tool==0.6.9`, a commit for a git source) and update it on purpose. npx and bunx in a hook count only with `-y` or a moving version (`@latest`): without them they run the project\'s installed copy.';

/** The host of the download's URL, or null. */
function hostOf(r: RemoteExec): string | null {
  return r.url ? (/^[a-z][a-z0-9+.-]*:\/\/([^/?#:@]+)/i.exec(r.url)?.[1] ?? null) : null;
}

/** What the command does with the download, as a verb phrase (`third`: "pipes", else "pipe"). */
function how(r: RemoteExec, third: boolean): string {
  const runner = shorten(r.runner, 20);
  const s = third ? 's' : '';
  if (r.kind === 'pipe') return `pipe${s} a download into \`${runner}\``;
  if (r.kind === 'saved') return `save${s} a download and run${s} it with \`${runner}\``;
  return `run${s} a download as a \`${runner}\` program`;
}

const MESSAGES = {
  'download-exec': { message: '{{what}} {{how}}: whoever controls {{host}} runs code here', help: EXEC_HELP },
  'spec-download-exec': { message: 'instructions {{how}}: whoever controls {{host}} runs code here', help: SPEC_EXEC_HELP },
  'bang-download-exec': { message: '{{what}} {{how}}: whoever controls {{host}} runs code here', help: BANG_HELP },
  unpinned: { message: '`{{spec}}`{{via}} is unpinned: {{when}} runs {{whatever}}', help: UNPINNED_HELP },
};

type ExecId = 'download-exec' | 'spec-download-exec' | 'bang-download-exec';

/** A download-and-run message's data, the host cut to keep the message short. */
function execData(id: ExecId, r: RemoteExec, what: string, third = true): Record<string, string> {
  const data = { what, how: how(r, third), host: '' };
  const host = hostOf(r);
  if (!host) return { ...data, host: 'the download' };
  const room = 100 - fillTemplate(MESSAGES[id].message, data).length;
  return { ...data, host: room >= host.length ? host : shorten(host, Math.max(room, 12)) };
}

/** An unpinned run's message data (`` `spec` via runner is unpinned: <when> runs ... ``), the spec cut to keep it short. */
function unpinnedData(r: UnpinnedRun, when: string, via = true): Record<string, string> {
  const data = { spec: '', via: via ? ` via ${r.runner}` : '', when, whatever: r.why === 'git' ? 'whatever its branch holds next' : 'whatever its next publish holds' };
  const room = 100 - fillTemplate(MESSAGES.unpinned.message, data).length;
  return { ...data, spec: r.spec.length <= room ? r.spec : shorten(r.spec, Math.max(room, 12)) };
}

/** The range of characters `index .. index + length` of a JSON string's value (the whole string when it holds escapes). */
function inString(ctx: Ctx, node: JsonString, start: number, end: number): Range {
  return valueRange(ctx.doc, node, start, end - start);
}

/** A hook's (or a settings helper's) shell command. */
function checkCommand(ctx: Ctx, node: JsonNode, what: string): void {
  if (node.type !== 'string' || !node.value.trim()) return;
  const value = node.value;
  for (const r of findRemoteExec(value)) {
    ctx.report({ messageId: 'download-exec', data: execData('download-exec', r, what), range: inString(ctx, node, r.start, r.end) });
  }
  for (const r of findUnpinnedRuns(value, 'hook')) {
    ctx.report({ messageId: 'unpinned', data: unpinnedData(r, `the ${what}`), range: inString(ctx, node, r.word.start, r.word.end) });
  }
}

/** Every `command` string under a hooks value (whatever its shape: events, matcher groups, a flat list). */
function checkHooks(ctx: Ctx, node: JsonNode, what: string, depth = 0): void {
  if (depth > 6) return;
  if (node.type === 'array') for (const item of node.items) checkHooks(ctx, item, what, depth + 1);
  else if (node.type === 'object') {
    for (const p of node.properties) {
      if (p.key === 'command') checkCommand(ctx, p.value, what);
      else checkHooks(ctx, p.value, what, depth + 1);
    }
  }
}

/** A JSON string as a word of an argument vector: the value, at the string's range. */
function jsonWord(node: JsonString): Word {
  return { text: node.value, start: node.range.start + 1, end: Math.max(node.range.start + 1, node.range.end - 1), subs: [] };
}

const SHELL_COMMANDS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'pwsh', 'powershell', 'powershell.exe', 'pwsh.exe']);

function checkServer(ctx: Ctx, name: string, server: JsonNode): void {
  if (server.type !== 'object') return;
  const command = prop(server, 'command');
  if (!command || command.value.type !== 'string') return;
  const args = prop(server, 'args');
  const argNodes: JsonString[] = args && args.value.type === 'array' ? args.value.items.filter((a): a is JsonString => a.type === 'string') : [];
  const label = `server "${shorten(name, 20)}"`;
  const cmdNode = command.value;
  const program = cmdNode.value.trim();
  const unpinned = (r: UnpinnedRun, range: Range) => ctx.report({ messageId: 'unpinned', data: unpinnedData(r, 'each server start', false), range });

  // A command written as one shell line ("npx -y pkg"), with no args.
  if (/\s/.test(program) && argNodes.length === 0) {
    for (const r of findRemoteExec(cmdNode.value)) {
      ctx.report({ messageId: 'download-exec', data: execData('download-exec', r, label), range: inString(ctx, cmdNode, r.start, r.end) });
    }
    for (const r of findUnpinnedRuns(cmdNode.value, 'mcp')) unpinned(r, inString(ctx, cmdNode, r.word.start, r.word.end));
    return;
  }
  let words: Word[] = [jsonWord(cmdNode), ...argNodes.map(jsonWord)];
  const nodes = [cmdNode, ...argNodes];
  // `cmd /c npx -y pkg` (Windows): the command after /c.
  if (/^cmd(?:\.exe)?$/i.test(program) && words[1] && /^\/c$/i.test(words[1].text)) words = words.slice(2);
  const base = words[0]?.text.split(/[\\/]/).pop()?.toLowerCase() ?? '';
  if (SHELL_COMMANDS.has(base)) {
    // `bash -c "curl ... | sh"`: the program string, read as a shell command.
    const c = words.findIndex((w, i) => i > 0 && /^-[A-Za-z]*c[A-Za-z]*$|^-command$/i.test(w.text));
    const codeNode = c === -1 ? undefined : nodes[nodes.length - words.length + c + 1];
    if (codeNode) {
      for (const r of findRemoteExec(codeNode.value)) {
        ctx.report({ messageId: 'download-exec', data: execData('download-exec', r, label), range: inString(ctx, codeNode, r.start, r.end) });
      }
      for (const r of findUnpinnedRuns(codeNode.value, 'mcp')) unpinned(r, inString(ctx, codeNode, r.word.start, r.word.end));
    }
    return;
  }
  const r = unpinnedRunner(words, 'mcp');
  if (r) unpinned(r, { start: r.word.start, end: r.word.end });
}

function checkServers(ctx: Ctx, servers: JsonNode): void {
  if (servers.type === 'array') {
    for (const item of servers.items) checkServers(ctx, item);
    return;
  }
  if (servers.type !== 'object') return;
  for (const p of servers.properties) checkServer(ctx, p.key, p.value);
}

/** Settings keys whose value is a shell command Claude Code runs on its own. */
const SETTINGS_COMMANDS: Array<[string, string | null, string]> = [
  ['statusLine', 'command', 'status line command'],
  ['fileSuggestion', 'command', 'file suggestion command'],
  ['apiKeyHelper', null, 'apiKeyHelper'],
  ['otelHeadersHelper', null, 'otelHeadersHelper'],
  ['awsAuthRefresh', null, 'awsAuthRefresh'],
  ['awsCredentialExport', null, 'awsCredentialExport'],
];

function checkJson(ctx: Ctx): void {
  const root = rootObject(ctx);
  if (!root) return;
  const kind = ctx.doc.kind;
  if (kind === 'settings' || kind === 'hooks-config' || kind === 'plugin-manifest') {
    const hooks = prop(root, 'hooks');
    if (hooks && hooks.value.type !== 'string') checkHooks(ctx, hooks.value, 'hook');
  }
  if (kind === 'settings') {
    for (const [key, sub, what] of SETTINGS_COMMANDS) {
      const p = prop(root, key);
      if (!p) continue;
      if (sub === null) checkCommand(ctx, p.value, what);
      else if (p.value.type === 'object') {
        const c = prop(p.value, sub);
        if (c) checkCommand(ctx, c.value, what);
      }
    }
  }
  if (kind === 'plugin-manifest') {
    const servers = prop(root, 'mcpServers');
    if (servers) checkServers(ctx, servers.value);
  }
  if (kind === 'mcp-config') {
    const servers = prop(root, 'mcpServers');
    if (servers) checkServers(ctx, servers.value);
    // A plugin's own .mcp.json may list its servers at the top level.
    else if (root.properties.length && root.properties.every((p) => p.value.type === 'object' && (prop(p.value, 'command') || prop(p.value, 'url')))) checkServers(ctx, root);
  }
}

// ---------------------------------------------------------------------------------------------
// Markdown specs

/** Where a string value of the frontmatter is written, found in the field's text (null when it is written otherwise, with escapes or folded). */
function locate(fieldText: string, within: Range, value: string, from: number): number {
  const i = fieldText.indexOf(value, Math.max(0, from - within.start));
  return i === -1 ? -1 : within.start + i;
}

/** Shell commands in frontmatter `hooks` (and an agent's inline `mcpServers`). */
function checkFrontmatter(ctx: Ctx, subject: string): void {
  const { doc } = ctx;
  const fm = doc.frontmatter;
  if (!fm || !fm.data) return;
  const plugin = doc.kind === 'agent' && isPluginAgent(doc, ctx.project);
  for (const field of fm.fields) {
    if (field.key !== 'hooks' && !(field.key === 'mcpServers' && doc.kind === 'agent')) continue;
    // A plugin's agents ignore both fields.
    if (plugin) continue;
    const within = field.valueRange;
    const fieldText = doc.text.slice(within.start, within.end);
    let cursor = within.start;
    /** Once a value is not found as written (escapes, folding), the rest is reported at the field. */
    let lost = false;
    const commands: Array<{ value: string; server?: string; args?: string[] }> = [];
    const walk = (v: unknown, depth: number, server?: string) => {
      if (depth > 6 || v === null || typeof v !== 'object') return;
      if (Array.isArray(v)) {
        for (const x of v) walk(x, depth + 1, server);
        return;
      }
      const o = v as Record<string, unknown>;
      if (typeof o['command'] === 'string') {
        const args = Array.isArray(o['args']) ? o['args'].filter((a): a is string => typeof a === 'string') : undefined;
        commands.push({ value: o['command'], server, args });
      }
      for (const [k, x] of Object.entries(o)) if (k !== 'command' && k !== 'args') walk(x, depth + 1, field.key === 'mcpServers' && depth <= 1 ? k : server);
    };
    walk(field.value, 0);
    for (const c of commands) {
      const at = lost ? -1 : locate(fieldText, within, c.value, cursor);
      if (at !== -1) cursor = at + c.value.length;
      else lost = true;
      const range = (s: number, e: number): Range => (at === -1 ? within : { start: at + s, end: at + e });
      if (field.key === 'hooks') {
        for (const r of findRemoteExec(c.value)) {
          ctx.report({ messageId: 'download-exec', data: execData('download-exec', r, `${subject}'s hook`), range: range(r.start, r.end) });
        }
        for (const r of findUnpinnedRuns(c.value, 'hook')) {
          ctx.report({ messageId: 'unpinned', data: unpinnedData(r, 'the hook'), range: range(r.word.start, r.word.end) });
        }
        continue;
      }
      // An inline MCP server: its command and args, as one argument vector.
      const words: Word[] = [c.value, ...(c.args ?? [])].map((text) => ({ text, start: 0, end: 0, subs: [] }));
      const r = unpinnedRunner(words, 'mcp');
      if (r) {
        const specAt = at === -1 ? -1 : locate(fieldText, within, r.spec, at);
        const where = specAt === -1 ? within : { start: specAt, end: specAt + r.spec.length };
        ctx.report({ messageId: 'unpinned', data: unpinnedData(r, 'each server start', false), range: where });
      }
    }
  }
}


export default defineRule({
  meta: {
    id: 'remote-code-exec',
    description: 'No hook, MCP server or spec instruction downloads code and runs it (curl | sh, iex (iwr ...)), or runs a package whose version floats (npx -y pkg, uvx pkg).',
    // Off in agent-lint:recommended until it costs less than a full scan of every text (the
    // whole corpus took 10% longer with it); on in agent-lint:strict and when configured.
    severity: 'off',
    strictSeverity: 'error',
    standard: false,
    kinds: ['agent', 'command', 'skill', 'hooks-config', 'settings', 'plugin-manifest', 'mcp-config'],
    messages: MESSAGES,
  },
  check(ctx) {
    const { doc } = ctx;
    if (doc.isJson) {
      checkJson(ctx);
      return;
    }
    const subject = doc.kind === 'agent' ? 'this agent' : doc.kind === 'skill' ? 'this skill' : 'this command';
    if (!isOpenCode(doc)) checkFrontmatter(ctx, subject);
    const bang = !isOpenCode(doc) && (doc.kind === 'command' || doc.kind === 'skill');
    for (const r of specRemoteExecs(doc, bang)) {
      const id = r.where === 'bang' ? 'bang-download-exec' : 'spec-download-exec';
      ctx.report({ messageId: id, data: execData(id, r, subject, r.where === 'bang'), range: { start: r.start, end: r.end } });
    }
  },
});
