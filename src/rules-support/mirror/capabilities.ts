/**
 * What an agent's copy may do, in words every tool shares: the tools each tool names, mapped to
 * a few capabilities, and the model family each tool's model names mean.
 *
 * The mapping follows GitHub's custom agents reference, whose tool aliases already join the
 * names ("`execute`: `shell`, `Bash`, `powershell`"; "`edit`: `Edit`, `MultiEdit`, `Write`,
 * `NotebookEdit`"; "`web`: `WebSearch`, `WebFetch`"; "`agent`: `custom-agent`, `Task`"), VS Code's
 * tools reference (the `execute`, `edit`, `web` and `agent` tool sets and their tools, and the
 * older names `runCommands`, `editFiles`, `fetch`), Claude Code's tools reference and OpenCode's
 * agents and permissions pages (`bash`, `edit`, `write`, `patch`, `webfetch`, `websearch`, `task`).
 */
import type { DocumentModel } from '../../model/document.js';
import type { MirrorTool } from './places.js';
import { splitToolString } from '../frontmatter/tool-list.js';

export type Capability = 'shell' | 'edit' | 'web' | 'delegate';
export const CAPABILITIES: readonly Capability[] = ['shell', 'edit', 'web', 'delegate'];

/** How a message says what a capability lets the agent do. */
export const CAPABILITY_TEXT: Readonly<Record<Capability, string>> = {
  shell: 'run shell commands',
  edit: 'edit files',
  web: 'fetch web pages',
  delegate: 'start subagents',
};

/** Whether a copy has each capability: true, false, or unknown (not said, and its tool's default is not in the file). */
export type Capabilities = Partial<Record<Capability, boolean>>;

/** Claude Code's tool names (and Copilot's compatible aliases, which are the same). */
const CLAUDE_TOOLS: Readonly<Record<string, Capability>> = {
  bash: 'shell',
  powershell: 'shell',
  edit: 'edit',
  multiedit: 'edit',
  write: 'edit',
  notebookedit: 'edit',
  webfetch: 'web',
  websearch: 'web',
  task: 'delegate',
  agent: 'delegate',
};

/** Copilot's tool names and tool sets, lower-cased (aliases are case-insensitive). */
const COPILOT_TOOLS: Readonly<Record<string, Capability>> = {
  ...CLAUDE_TOOLS,
  execute: 'shell',
  shell: 'shell',
  'execute/runinterminal': 'shell',
  runcommands: 'shell',
  runinterminal: 'shell',
  'edit/editfiles': 'edit',
  'edit/createfile': 'edit',
  editfiles: 'edit',
  createfile: 'edit',
  web: 'web',
  'web/fetch': 'web',
  fetch: 'web',
  'custom-agent': 'delegate',
  'agent/runsubagent': 'delegate',
  runsubagent: 'delegate',
};

/** OpenCode's tool and permission keys. */
const OPENCODE_TOOLS: Readonly<Record<string, Capability>> = {
  bash: 'shell',
  edit: 'edit',
  write: 'edit',
  patch: 'edit',
  multiedit: 'edit',
  webfetch: 'web',
  websearch: 'web',
  task: 'delegate',
};

/** Where a copy says what tools it has: the field, for the finding's position. */
export interface ToolStatement {
  caps: Capabilities;
  /** The frontmatter field that says it (`tools`, `permission`), when one does. */
  field?: string;
}

function allCaps(value: boolean): Capabilities {
  return { shell: value, edit: value, web: value, delegate: value };
}

/** Claude Code's tools that provide each capability: `disallowedTools` takes it away when it names every one. */
const CLAUDE_PROVIDERS: Readonly<Record<Capability, ReadonlyArray<readonly string[]>>> = {
  shell: [['bash']],
  edit: [['edit'], ['write']],
  web: [['webfetch'], ['websearch']],
  // The Task tool is called Agent since Claude Code 2.1: either name denies it.
  delegate: [['task', 'agent']],
};

/**
 * A Claude Code agent's capabilities: `tools` lists the ones it has (all of them when absent:
 * it inherits the session's), `disallowedTools` removes some.
 */
function claudeCaps(data: Record<string, unknown>): ToolStatement {
  const listed = toolNames(data['tools']);
  const caps = allCaps(!listed);
  for (const t of listed ?? []) {
    if (t === '*') Object.assign(caps, allCaps(true));
    const c = CLAUDE_TOOLS[t.replace(/\(.*$/s, '').toLowerCase()];
    if (c) caps[c] = true;
  }
  const disallowed = toolNames(data['disallowedTools']);
  // Only a whole tool is denied by its name (`Bash(rm:*)` leaves the rest of Bash).
  const denied = new Set((disallowed ?? []).filter((t) => !t.includes('(')).map((t) => t.toLowerCase()));
  for (const c of CAPABILITIES) {
    if (CLAUDE_PROVIDERS[c].every((names) => names.some((n) => denied.has(n)))) caps[c] = false;
  }
  // "Subagents cannot spawn other subagents" (Claude Code's subagents page), whatever their
  // tools; the same file run as the main agent (`claude --agent`) can. Which one a copy is, the
  // file does not say.
  delete caps.delegate;
  return { caps, field: listed ? 'tools' : disallowed ? 'disallowedTools' : undefined };
}

/**
 * A Copilot custom agent's capabilities: `tools` lists them (all when absent, none when empty);
 * `agents: []` allows no subagent whatever the tools say.
 */
function copilotCaps(data: Record<string, unknown>): ToolStatement {
  const listed = toolNames(data['tools']);
  const caps = allCaps(!listed);
  for (const raw of listed ?? []) {
    const t = raw.toLowerCase();
    if (t === '*') Object.assign(caps, allCaps(true));
    const c = COPILOT_TOOLS[t] ?? (t.endsWith('/*') ? COPILOT_TOOLS[t.slice(0, -2)] : undefined);
    if (c) caps[c] = true;
  }
  const agents = data['agents'];
  if (Array.isArray(agents) && agents.length === 0) caps.delegate = false;
  return { caps, field: listed ? 'tools' : Array.isArray(agents) ? 'agents' : undefined };
}

/**
 * An OpenCode agent's capabilities, as far as the file says them: `tools: { bash: false }` and
 * `permission: { bash: deny }` take one away, `true` and `allow` or `ask` grant it. What the
 * file does not say comes from opencode.json, which is not read: unknown.
 */
function opencodeCaps(data: Record<string, unknown>): ToolStatement {
  const caps: Capabilities = {};
  const votes: Partial<Record<Capability, boolean[]>> = {};
  const vote = (key: string, on: boolean) => {
    if (key === '*') {
      for (const c of CAPABILITIES) (votes[c] ??= []).push(on);
      return;
    }
    const c = OPENCODE_TOOLS[key.toLowerCase()];
    if (c) (votes[c] ??= []).push(on);
  };
  let field: string | undefined;
  const tools = data['tools'];
  if (tools && typeof tools === 'object' && !Array.isArray(tools)) {
    field = 'tools';
    // `"*": false` first, then the named ones: the later key wins in OpenCode's merge.
    for (const [k, v] of Object.entries(tools)) if (typeof v === 'boolean') vote(k, v);
  }
  const permission = data['permission'];
  if (typeof permission === 'string') {
    field ??= 'permission';
    for (const c of CAPABILITIES) (votes[c] ??= []).push(permission !== 'deny');
  } else if (permission && typeof permission === 'object' && !Array.isArray(permission)) {
    field ??= 'permission';
    for (const [k, v] of Object.entries(permission)) {
      if (typeof v === 'string') vote(k, v !== 'deny');
      else if (v && typeof v === 'object' && !Array.isArray(v)) {
        // A map of patterns (`bash: { "git *": allow, "*": deny }`): the tool is there if any pattern lets it run.
        vote(k, Object.values(v).some((x) => x !== 'deny'));
      }
    }
  }
  for (const c of CAPABILITIES) {
    const v = votes[c];
    if (!v) continue;
    // Editing is three tools (edit, write, patch): it is gone only when every one said is off.
    caps[c] = c === 'edit' ? v.some(Boolean) : v[v.length - 1]!;
  }
  return { caps, field };
}

/** The entries of a tool list written as a list or as a comma-separated string; null when absent. */
function toolNames(v: unknown): string[] | null {
  if (typeof v === 'string') return splitToolString(v).map((p) => p.text.replace(/^['"]|['"]$/g, ''));
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string').map((x) => x.trim());
  return null;
}

/** What an agent copy's frontmatter says it may do. */
export function capabilitiesOf(doc: DocumentModel, tool: MirrorTool): ToolStatement | null {
  const data = doc.frontmatter?.data;
  if (doc.frontmatter && !data) return null; // frontmatter that does not parse says nothing
  const d = data ?? {};
  if (tool === 'claude') return claudeCaps(d);
  if (tool === 'copilot') return copilotCaps(d);
  if (tool === 'opencode') return opencodeCaps(d);
  return null;
}

/**
 * The model family a model name means, or null for none (`inherit`, empty): Claude's by family
 * (`opus`, `claude-opus-4-5-20251101`, `anthropic/claude-opus-4-5`, `Claude Opus 4.5 (copilot)`
 * are all `opus`), the others by name without provider, vendor suffix or spacing
 * (`openai/gpt-5` and `GPT-5 (copilot)` are both `gpt-5`).
 */
export function modelFamily(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return null;
  const m = first.trim().toLowerCase();
  if (!m || m === 'inherit' || m === 'default') return null;
  for (const f of ['opus', 'sonnet', 'haiku'] as const) if (m.includes(f)) return f;
  // `GPT-5 (copilot)`: the vendor in parentheses; `openai/gpt-5`: the provider before the slash.
  const vendor = m.endsWith(')') ? m.lastIndexOf('(') : -1;
  const name = (vendor > 0 ? m.slice(0, vendor) : m).trim();
  return name.slice(name.lastIndexOf('/') + 1).replace(/\s+/g, '-');
}
