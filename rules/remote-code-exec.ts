import { defineRule, fillTemplate, type RuleContext, type RuleMessage } from '../src/engine/rule.js';
import type { JsonNode, JsonString } from '../src/model/json/ast.js';
import { tomlValueRanges } from '../src/model/toml/tree.js';
import { isOpenCode, isPluginAgent } from '../src/rules-support/frontmatter/target.js';
import { prop, rootObject, valueRange } from '../src/rules-support/json/file.js';
import {
  findRemoteExec,
  findUnpinnedRuns,
  shorten,
  unpinnedRunner,
  type ExecKind,
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
const GEMINI_SHELL_HELP = `Gemini CLI runs a command's \`!{...}\` each time the command is invoked and puts its output into the prompt; the confirmation it asks for shows the command line, not what the server sends. ${EXEC_HELP}`;
const UNPINNED_HELP =
  'With no exact version the next publish runs here unreviewed: a hijacked maintainer account or a malicious release reaches every machine with this config, with no prompt. Pin an exact version (`@scope/server@1.4.2`, `uvx tool==0.6.9`, a commit for a git source) and update it on purpose. npx and bunx in a hook count only with `-y` or a moving version (`@latest`): without them they run the project\'s installed copy.';

/** How a download is run, by RemoteExec's kind: the message id's suffix, and the verb after a command and after instructions. */
const RUNS: Record<ExecKind, { suffix: string; command: string; instructions: string }> = {
  pipe: { suffix: '', command: 'pipes a download into `{{runner}}`', instructions: 'pipe a download into `{{runner}}`' },
  saved: { suffix: '-saved', command: 'saves a download and runs it with `{{runner}}`', instructions: 'save a download and run it with `{{runner}}`' },
  substitution: { suffix: '-substitution', command: 'runs a download as a `{{runner}}` program', instructions: 'run a download as a `{{runner}}` program' },
};

/**
 * The messages of a download run as code where `id` says, one for each way it is run (`id`,
 * `id-saved`, `id-substitution`): "{{what}} pipes a download into `sh`: whoever controls
 * {{host}} runs code here", or with `instructions`, "instructions pipe a download ...".
 */
function execMessages(id: string, subject: string, help: string, instructions = false): Record<string, RuleMessage> {
  return Object.fromEntries(
    Object.values(RUNS).map((r) => [`${id}${r.suffix}`, { message: `${subject} ${instructions ? r.instructions : r.command}: whoever controls {{host}} runs code here`, help }]),
  );
}

const MESSAGES: Record<string, RuleMessage> = {
  // `{{what}}`: the command that runs it (a hook, `server "x"`, this agent's hook).
  ...execMessages('download-exec', '{{what}}', EXEC_HELP),
  ...execMessages('gemini-download-exec', '`!{…}`', GEMINI_SHELL_HELP),
  // `{{what}}`: this command, this skill.
  ...execMessages('bang-download-exec', '{{what}}', BANG_HELP),
  ...execMessages('spec-download-exec', 'instructions', SPEC_EXEC_HELP, true),
  // An MCP server's package; `-command`: a package a command line runs, `{{when}}` (the hook, each invocation).
  unpinned: { message: '`{{spec}}` is unpinned: each server start runs whatever its next publish holds', help: UNPINNED_HELP },
  'unpinned-git': { message: '`{{spec}}` is unpinned: each server start runs whatever its branch holds next', help: UNPINNED_HELP },
  'unpinned-command': { message: '`{{spec}}` via {{runner}} is unpinned: {{when}} runs whatever its next publish holds', help: UNPINNED_HELP },
  'unpinned-command-git': { message: '`{{spec}}` via {{runner}} is unpinned: {{when}} runs whatever its branch holds next', help: UNPINNED_HELP },
};

type ExecWhere = 'download-exec' | 'gemini-download-exec' | 'bang-download-exec' | 'spec-download-exec';

/** The host of the download's URL, or null. */
function hostOf(r: RemoteExec): string | null {
  return r.url ? (/^[a-z][a-z0-9+.-]*:\/\/([^/?#:@]+)/i.exec(r.url)?.[1] ?? null) : null;
}

/**
 * Fills `key` of `data` with `value`, cut to keep the message within 100 characters (to 12 at
 * the least).
 */
function fitted(id: string, data: Record<string, string>, key: string, value: string): Record<string, string> {
  const room = 100 - fillTemplate(MESSAGES[id].message, { ...data, [key]: '' }).length;
  return { ...data, [key]: room >= value.length ? value : shorten(value, Math.max(room, 12)) };
}

/** Reports a download run as code; `what` names what runs it, for the ids whose message names it. */
function reportExec(ctx: Ctx, where: ExecWhere, r: RemoteExec, range: Range, what = ''): void {
  const id = where + RUNS[r.kind].suffix;
  const data = { what, runner: shorten(r.runner, 20) };
  const host = hostOf(r);
  ctx.report({ messageId: id, data: host ? fitted(id, data, 'host', host) : { ...data, host: 'the download' }, range });
}

/** Reports a package run unpinned; `when` says when it runs (none: an MCP server's, at each start). */
function reportUnpinned(ctx: Ctx, r: UnpinnedRun, range: Range, when?: string): void {
  const git = r.why === 'git' ? '-git' : '';
  const id = when === undefined ? `unpinned${git}` : `unpinned-command${git}`;
  ctx.report({ messageId: id, data: fitted(id, { runner: r.runner, when: when ?? '' }, 'spec', r.spec), range });
}

/**
 * A string of a config file (a node of the JSON file, or of the TOML file's positioned tree): its
 * value, and where its characters are in the text, read through the format's escapes.
 */
interface ConfigString {
  readonly value: string;
  /** The range of characters `start .. end` of the value. */
  at(start: number, end: number): Range;
  /** The whole value as a word of an argument vector, at its place in the text. */
  word(): Word;
}

function configString(ctx: Ctx, node: JsonString): ConfigString {
  const { doc } = ctx;
  if (doc.format === 'toml') {
    const at = tomlValueRanges(doc.text, node);
    return { value: node.value, at, word: () => ({ text: node.value, ...at(0, node.value.length), subs: [] }) };
  }
  return {
    value: node.value,
    at: (start, end) => valueRange(doc, node, start, end - start),
    word: () => ({ text: node.value, start: node.range.start + 1, end: Math.max(node.range.start + 1, node.range.end - 1), subs: [] }),
  };
}

/** A hook's (or a settings helper's) shell command. */
function checkCommand(ctx: Ctx, str: ConfigString, what: string): void {
  const value = str.value;
  if (!value.trim()) return;
  for (const r of findRemoteExec(value)) {
    reportExec(ctx, 'download-exec', r, str.at(r.start, r.end), what);
  }
  for (const r of findUnpinnedRuns(value, 'hook')) {
    reportUnpinned(ctx, r, str.at(r.word.start, r.word.end), `the ${what}`);
  }
}

/** Every `command` string under a hooks value (whatever its shape: events, matcher groups, a flat list). */
function checkHooks(ctx: Ctx, node: JsonNode, what: string, depth = 0): void {
  if (depth > 6) return;
  if (node.type === 'array') for (const item of node.items) checkHooks(ctx, item, what, depth + 1);
  else if (node.type === 'object') {
    for (const p of node.properties) {
      if (p.key === 'command') {
        if (p.value.type === 'string') checkCommand(ctx, configString(ctx, p.value), what);
      } else checkHooks(ctx, p.value, what, depth + 1);
    }
  }
}

const SHELL_COMMANDS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'pwsh', 'powershell', 'powershell.exe', 'pwsh.exe']);

/** An MCP server started by a command: what it runs, with its arguments. */
function checkServer(ctx: Ctx, name: string, command: ConfigString, args: readonly ConfigString[]): void {
  const label = `server "${shorten(name, 20)}"`;
  const program = command.value.trim();
  const unpinned = (r: UnpinnedRun, range: Range) => reportUnpinned(ctx, r, range);
  /** A shell command line: downloads run, packages run unpinned. */
  const shellLine = (str: ConfigString) => {
    for (const r of findRemoteExec(str.value)) {
      reportExec(ctx, 'download-exec', r, str.at(r.start, r.end), label);
    }
    for (const r of findUnpinnedRuns(str.value, 'mcp')) unpinned(r, str.at(r.word.start, r.word.end));
  };

  // A command written as one shell line ("npx -y pkg"), with no args.
  if (/\s/.test(program) && args.length === 0) {
    shellLine(command);
    return;
  }
  let strings = [command, ...args];
  // `cmd /c npx -y pkg` (Windows): the command after /c.
  if (/^cmd(?:\.exe)?$/i.test(program) && args[0] && /^\/c$/i.test(args[0].value)) strings = strings.slice(2);
  const base = strings[0]?.value.split(/[\\/]/).pop()?.toLowerCase() ?? '';
  if (SHELL_COMMANDS.has(base)) {
    // `bash -c "curl ... | sh"`: the program string, read as a shell command.
    const c = strings.findIndex((w, i) => i > 0 && /^-[A-Za-z]*c[A-Za-z]*$|^-command$/i.test(w.value));
    const code = c === -1 ? undefined : strings[c + 1];
    if (code) shellLine(code);
    return;
  }
  const r = unpinnedRunner(strings.map((x) => x.word()), 'mcp');
  if (r) unpinned(r, { start: r.word.start, end: r.word.end });
}

/** The servers of an `mcpServers` value (an object by name, or a list of such objects). */
function checkServers(ctx: Ctx, servers: JsonNode): void {
  if (servers.type === 'array') {
    for (const item of servers.items) checkServers(ctx, item);
    return;
  }
  if (servers.type !== 'object') return;
  for (const p of servers.properties) {
    if (p.value.type !== 'object') continue;
    const command = prop(p.value, 'command');
    if (!command || command.value.type !== 'string') continue;
    const args = prop(p.value, 'args');
    const argNodes = args && args.value.type === 'array' ? args.value.items.filter((a): a is JsonString => a.type === 'string') : [];
    checkServer(ctx, p.key, configString(ctx, command.value), argNodes.map((a) => configString(ctx, a)));
  }
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

/** A config file, JSON or Codex's config.toml: its hooks' commands, helper commands and MCP servers. */
function checkConfig(ctx: Ctx): void {
  const root = ctx.doc.isJson ? rootObject(ctx) : ctx.doc.tomlTree;
  if (!root) return;
  const kind = ctx.doc.kind;
  // Claude Code's, Codex's and Gemini CLI's hooks share one shape: events, matcher groups,
  // commands (in Codex's config.toml, `[hooks]` tables).
  const hooksIn = ['settings', 'hooks-config', 'plugin-manifest', 'codex-hooks', 'codex-config', 'gemini-settings'];
  if (hooksIn.includes(kind)) {
    const hooks = prop(root, 'hooks');
    if (hooks && hooks.value.type !== 'string') checkHooks(ctx, hooks.value, 'hook');
  }
  if (kind === 'settings') {
    for (const [key, sub, what] of SETTINGS_COMMANDS) {
      const p = prop(root, key);
      const c = sub === null ? p?.value : p?.value.type === 'object' ? prop(p.value, sub)?.value : undefined;
      if (c?.type === 'string') checkCommand(ctx, configString(ctx, c), what);
    }
  }
  if (kind === 'plugin-manifest' || kind === 'gemini-settings' || kind === 'gemini-extension') {
    const servers = prop(root, 'mcpServers');
    if (servers) checkServers(ctx, servers.value);
  }
  if (kind === 'mcp-config') {
    const servers = prop(root, 'mcpServers');
    if (servers) checkServers(ctx, servers.value);
    // A plugin's own .mcp.json may list its servers at the top level.
    else if (root.properties.length && root.properties.every((p) => p.value.type === 'object' && (prop(p.value, 'command') || prop(p.value, 'url')))) checkServers(ctx, root);
  }
  if (kind === 'codex-config') {
    const servers = prop(root, 'mcp_servers');
    if (servers) checkServers(ctx, servers.value);
  }
}

/**
 * A Gemini CLI command's `!{...}` shell injections: each runs when the command is invoked, its
 * output put into the prompt. The braces inside must balance (Gemini CLI's parser requires it).
 */
function checkGeminiCommand(ctx: Ctx): void {
  const root = ctx.doc.tomlTree;
  const prompt = root && prop(root, 'prompt')?.value;
  if (prompt?.type !== 'string' || !prompt.value.includes('!{')) return;
  const str = configString(ctx, prompt);
  const text = prompt.value;
  for (let open = text.indexOf('!{'); open !== -1; open = text.indexOf('!{', open + 2)) {
    let depth = 0;
    let close = -1;
    for (let i = open + 1; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        close = i;
        break;
      }
    }
    if (close === -1) break;
    for (const r of findRemoteExec(text, open + 2, close)) {
      reportExec(ctx, 'gemini-download-exec', r, str.at(r.start, r.end));
    }
    for (const r of findUnpinnedRuns(text, 'hook', open + 2, close)) {
      reportUnpinned(ctx, r, str.at(r.word.start, r.word.end), 'each invocation');
    }
    open = close - 1;
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
          reportExec(ctx, 'download-exec', r, range(r.start, r.end), `${subject}'s hook`);
        }
        for (const r of findUnpinnedRuns(c.value, 'hook')) {
          reportUnpinned(ctx, r, range(r.word.start, r.word.end), 'the hook');
        }
        continue;
      }
      // An inline MCP server: its command and args, as one argument vector.
      const words: Word[] = [c.value, ...(c.args ?? [])].map((text) => ({ text, start: 0, end: 0, subs: [] }));
      const r = unpinnedRunner(words, 'mcp');
      if (r) {
        const specAt = at === -1 ? -1 : locate(fieldText, within, r.spec, at);
        const where = specAt === -1 ? within : { start: specAt, end: specAt + r.spec.length };
        reportUnpinned(ctx, r, where);
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
    kinds: ['agent', 'command', 'skill', 'hooks-config', 'settings', 'plugin-manifest', 'mcp-config', 'codex-hooks', 'codex-config', 'gemini-settings', 'gemini-extension', 'gemini-command'],
    messages: MESSAGES,
  },
  check(ctx) {
    const { doc } = ctx;
    if (doc.kind === 'gemini-command') return checkGeminiCommand(ctx);
    if (doc.isJson || doc.kind === 'codex-config') return checkConfig(ctx);
    const subject = doc.kind === 'agent' ? 'this agent' : doc.kind === 'skill' ? 'this skill' : 'this command';
    if (!isOpenCode(doc)) checkFrontmatter(ctx, subject);
    const bang = !isOpenCode(doc) && (doc.kind === 'command' || doc.kind === 'skill');
    for (const r of specRemoteExecs(doc, bang)) {
      reportExec(ctx, r.where === 'bang' ? 'bang-download-exec' : 'spec-download-exec', r, { start: r.start, end: r.end }, subject);
    }
  },
});
