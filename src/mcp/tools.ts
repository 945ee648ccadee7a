/**
 * What the tools of `agent-lint mcp` do, apart from the protocol (src/mcp/server.ts): each takes
 * the tool's arguments and the server's working folder and returns plain data, or throws a
 * `ToolInputError` with a one-line message for input it cannot act on. They run what the command
 * line runs: the library's `lintFiles` and `lintText`, `check-return`'s check (or the SubagentStop
 * hook's, for a named agent), and `agent-lint graph`'s graph.
 */
import { ALL_RULES } from '../../rules/index.js';
import { lintFiles, lintText } from '../api/lint.js';
import { checkReturnBy, type CheckReturnResult } from '../check-return/check.js';
import { checkInProject } from '../cli/check-return.js';
import { graphProjects } from '../cli/graph.js';
import { agentProtocol } from '../cli/subagent-stop.js';
import { ConfigLookup } from '../config/lookup.js';
import { nodeLabel } from '../graph/describe.js';
import { graphNear, type NearEdge } from '../graph/near.js';
import { edgeJson, nodeJson, type RenderedProject } from '../graph/render.js';
import type { GraphNode } from '../graph/types.js';
import type { LintMessage } from '../types.js';
import { relPosix } from '../util/paths.js';
import { closest } from '../util/suggest.js';

/** Input a tool cannot act on: its message is the tool's error, on one line. */
export class ToolInputError extends Error {}

/** At most this many findings are listed (the counts count them all): an agent's context is not a report file. */
export const MAX_FINDINGS = 200;

/** A finding as the tools give it: where, how bad, which rule, what is wrong and what to do. */
export interface Finding {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: 'error' | 'warning';
  ruleId: string;
  message: string;
  help?: string;
}

function finding(m: LintMessage): Finding {
  return {
    line: m.line,
    column: m.column,
    endLine: m.endLine,
    endColumn: m.endColumn,
    severity: m.severity === 2 ? 'error' : 'warning',
    ruleId: m.ruleId,
    message: m.message,
    ...(m.help ? { help: m.help } : {}),
  };
}

/** The first MAX_FINDINGS of a list, and how many more there were (when any). */
function capped<T>(all: T[]): { findings: T[]; omitted?: number } {
  return all.length > MAX_FINDINGS ? { findings: all.slice(0, MAX_FINDINGS), omitted: all.length - MAX_FINDINGS } : { findings: all };
}

export interface LintInput {
  /** Files, folders or globs relative to the working folder; none: the specs below it. */
  files?: string | string[];
  /** A spec's text, linted as if it were the file `filename`. */
  text?: string;
  filename?: string;
}

export interface LintOutput {
  /** How many files were linted. */
  files: number;
  errorCount: number;
  warningCount: number;
  findings: Array<Finding & { file: string }>;
  omitted?: number;
}

/** `lint`: the specs named (or the text given), linted as the command line lints them. */
export async function lintTool(input: LintInput, cwd: string): Promise<LintOutput> {
  const files = typeof input.files === 'string' ? [input.files] : (input.files ?? []);
  let results;
  if (input.text !== undefined) {
    if (files.length > 0) throw new ToolInputError('give files, or text with filename, not both');
    if (!input.filename) throw new ToolInputError('text needs filename: the path the spec has (or would have) in the project, such as .claude/agents/reviewer.md');
    results = await lintText(input.text, { cwd, filePath: input.filename });
  } else {
    if (input.filename !== undefined) throw new ToolInputError('filename goes with text: give the spec\'s text too, or name the file in files');
    // A path that is not there, or a glob that matches no spec, throws the library's one-line message.
    results = await lintFiles(files, { cwd });
  }
  const all = results.flatMap((r) => r.messages.map((m) => ({ file: relPosix(cwd, r.filePath), ...finding(m) })));
  return {
    files: results.length,
    errorCount: results.reduce((n, r) => n + r.errorCount, 0),
    warningCount: results.reduce((n, r) => n + r.warningCount, 0),
    ...capped(all),
  };
}

export interface CheckReturnInput {
  reply: string;
  agent?: string;
  sessionId?: string;
  extract?: boolean;
}

export interface CheckReturnOutput {
  valid: boolean;
  standard: string;
  errorCount: number;
  warningCount: number;
  findings: Array<Finding & { pointer: string }>;
  omitted?: number;
  /** With `agent`: the spec whose protocol judged the reply, and how the spec says the agent returns. */
  agent?: { name: string; spec: string; returns: 'json' | 'metadata-file' | 'unstated' };
}

function checked(r: CheckReturnResult<unknown>): CheckReturnOutput {
  return {
    valid: r.valid,
    standard: r.standard,
    errorCount: r.errorCount,
    warningCount: r.warningCount,
    ...capped(r.messages.map((m) => ({ ...finding(m), pointer: m.pointer }))),
  };
}

/**
 * `check_return`: a subagent's reply judged by the project's protocol for that agent (as the
 * SubagentStop hook judges it), or without an agent by the project's return format (as
 * `agent-lint check-return --root <cwd>` does).
 */
export function checkReturnTool(input: CheckReturnInput, cwd: string): CheckReturnOutput {
  const extract = input.extract ?? true;
  if (input.sessionId !== undefined && input.sessionId.trim() === '') throw new ToolInputError('sessionId is empty: give the session id sent with the delegation, or leave it out');
  if (input.agent === undefined) {
    return checked(checkInProject(input.reply, { cwd, root: cwd, configLookup: true, sessionId: input.sessionId, extract, checkArtifacts: false, filePath: '<reply>' }));
  }
  if (input.agent.trim() === '') throw new ToolInputError('agent is empty: give the agent\'s name, or leave it out to judge by the project\'s format');
  const protocol = agentProtocol(input.agent, cwd, new ConfigLookup({ cwd, rules: ALL_RULES, lookup: true }));
  if (!protocol) throw new ToolInputError(`the project has no spec of an agent named ${JSON.stringify(input.agent)}: leave agent out to judge by the project's format`);
  const channel = protocol.doc.returnChannel;
  if (!channel.metadataFile && channel.console === 'text') {
    throw new ToolInputError(`${protocol.spec} says ${input.agent} answers in prose, not JSON: there is no return format to judge its reply by`);
  }
  const r = checkReturnBy(input.reply, { ...protocol.options, extract, sessionId: input.sessionId, filePath: '<reply>' }, protocol.profile);
  return { ...checked(r), agent: { name: input.agent, spec: protocol.spec, returns: channel.metadataFile ? 'metadata-file' : channel.console === 'json' ? 'json' : 'unstated' } };
}

export interface GraphInput {
  name: string;
  depth?: number;
}

type NodeData = ReturnType<typeof nodeJson>;
type EdgeData = ReturnType<typeof edgeJson> & { distance: number };

export interface GraphOutput {
  name: string;
  depth: number;
  /** Each node of that name (a name may be an agent and a command, or be in two projects). */
  matches: Array<{ project: string; node: NodeData; callers: EdgeData[]; callees: EdgeData[] }>;
}

/** Whether a node is the one `name` means: its name, a command's `/name`, a plugin's `plugin:name`, or its id. */
function isNamed(n: GraphNode, name: string): boolean {
  return n.name === name || nodeLabel(n) === name || (n.plugin !== undefined && `${n.plugin}:${n.name}` === name) || n.id === name;
}

/** `graph`: the delegations around the specs (or targets) of a name, as `agent-lint graph` finds them. */
export function graphTool(input: GraphInput, cwd: string): GraphOutput {
  const name = input.name.trim();
  const depth = input.depth ?? 1;
  if (name === '') throw new ToolInputError('name is empty: give an agent, command or skill name');
  const projects: RenderedProject[] = graphProjects(cwd, cwd, new ConfigLookup({ cwd, rules: ALL_RULES, lookup: true }), []);
  const rel = (f: string) => relPosix(cwd, f);
  const edges = (p: RenderedProject, list: NearEdge[]) => list.map(({ edge, distance }) => ({ ...edgeJson(edge, p, rel), distance }));
  const matches: GraphOutput['matches'] = [];
  for (const p of projects) {
    for (const node of p.graph.nodes) {
      if (!isNamed(node, name)) continue;
      const near = graphNear(p.graph, node, depth);
      matches.push({ project: p.root, node: nodeJson(node, rel), callers: edges(p, near.callers), callees: edges(p, near.callees) });
    }
  }
  if (matches.length === 0) {
    if (projects.length === 0) throw new ToolInputError('no agent, command or skill specs below the working folder');
    const like = closest(name.replace(/^\//, ''), new Set(projects.flatMap((p) => p.graph.nodes.filter((n) => n.docs.length > 0).map((n) => n.name))));
    throw new ToolInputError(`no agent, command or skill named ${JSON.stringify(name)} in the specs below the working folder${like ? `; did you mean ${JSON.stringify(like)}?` : ''}`);
  }
  return { name, depth, matches };
}
