/**
 * Where a spec delegates, found by scanning its text (not the markdown tree):
 *
 * - `call`: a task/Agent tool call written as code, `task(subagent_type="x", prompt="...")`,
 *   `Task(...)`, `Agent(...)`, also `Task({ subagent_type: "x" })`; it must name a
 *   `subagent_type` or a `prompt` (so `task(s)` and `@task(3)` are not calls);
 * - `subagent-type`: a `subagent_type` written as data outside a call: `"subagent_type": "x"`,
 *   `subagent_type: x` in a YAML-ish block, `` `subagent_type`: "x" ``, `Subagent type: "x"`;
 *   sibling keys of the same block (`prompt`, `description`, `timeout`) are read as arguments;
 * - `prose`: "invoke X via the task tool", "INVOKE X via task tool", "delegate to X using the
 *   Agent tool", "use the Task tool to launch X". A sentence that only names the tool
 *   ("the Task tool lets you ...", "multiple Task tool calls") is not a delegation;
 * - `mention`: `@agent-x`;
 * - `stage`: a `<stage name="InvokeSubagent">` (or a name ending in `Delegate`) whose text
 *   invokes, routes or delegates, when no other site inside it says more;
 * - `marker`: the bounded variant's `[delegate:description:hours]`.
 *
 * A sentence that introduces a call or a block on one of the next lines ("INVOKE x via task
 * tool:" followed by `task(...)`) is the same delegation: it is kept as the call's `intro`.
 *
 * The view also lists the timeout statements of the file (see timeouts.ts), with a call's
 * `timeout=` argument and a delegation context's `timeout` told apart.
 */
import type { Range } from '../types.js';
import { parseCallArguments, literalIn, type CallArgument } from './call-args.js';
import type { FencedBlock } from './fences.js';
import type { ShapedObject } from './json/blocks.js';
import type { LineIndex } from './lines.js';
import { notAnInvocation, type NotInvocation } from './intent.js';
import { scanTimeouts, type TimeoutStatement } from './timeouts.js';
import { rangeSet } from '../util/ranges.js';

export type { CallArgument, StringLiteral } from './call-args.js';
export type { TimeoutSource, TimeoutStatement } from './timeouts.js';

export type DelegationKind = 'call' | 'subagent-type' | 'prose' | 'mention' | 'stage' | 'marker';

/** The tool a delegation goes through, when the text says: Claude Code's Task/Agent tool or OpenCode's task tool. */
export type DelegationTool = 'task' | 'agent';

/** How the target is known. */
export type TargetSource =
  /** A call's `subagent_type` argument. */
  | 'argument'
  /** A `subagent_type` key written as data. */
  | 'key'
  /** A word of a sentence ("invoke reviewer via task tool"): a name only if it looks like one. */
  | 'prose'
  /** An `@agent-x` mention. */
  | 'mention';

export interface DelegationSite {
  kind: DelegationKind;
  /** The whole site: a call through its closing parenthesis, a key with its value, a phrase, a stage, a marker. */
  range: Range;
  /** What a finding points at: `task(`, the `subagent_type` key, the verb phrase, `@agent-x`, the `<stage ...>` tag, the marker. */
  anchor: Range;
  tool: DelegationTool | null;
  /** The agent delegated to; null when the text names none, or only a template. */
  target: string | null;
  /** Where the target is written (inside its quotes). */
  targetRange: Range | null;
  /** The target is a template or a variable (`${target_agent}`, `{agent}`, `target_agent`): known at run time only. */
  templated: boolean;
  targetSource: TargetSource | null;
  /** The target as written (`status-sync-manager`, `${target_agent}`, `the backend architect`). */
  targetText: string | null;
  /** A call's arguments, or the keys of a `subagent_type` block. */
  args: CallArgument[];
  /** The `prompt` argument or key. */
  prompt: CallArgument | null;
  /** The `timeout` argument or key. */
  timeout: CallArgument | null;
  /** The sentence that introduced this call or block, merged into it. */
  intro: Range | null;
  /** Inside a fenced code block. */
  inFence: boolean;
  /** A `<stage>` site's name. */
  stage?: string;
  /** A `[delegate:...]` marker's fields (hours null when not a number). */
  marker?: { description: string; hours: number | null };
}

export interface DelegationView {
  /** Every delegation site, in text order. */
  sites: DelegationSite[];
  /**
   * Sites written like invocations that are none (see intent.ts): a prohibition ("DO NOT use
   * task(...)"), a hypothetical ("would fail"), or a stand-in target (`subagent_type: "{agent}"`).
   * No rule reads them as delegations.
   */
  dismissed: Array<{ site: DelegationSite; why: NotInvocation }>;
  /** Every `[delegate:` marker, in text order: the sites above hold the well-formed ones. */
  markers: DelegateMarker[];
  /** Every timeout statement of the file (frontmatter included), in text order. */
  timeouts: TimeoutStatement[];
}

/** A `[delegate:description:hours]` marker of the bounded variant, as written (well formed or not). */
export interface DelegateMarker {
  /** From `[delegate:` through its `]`, or through the end of what was read when it is not closed. */
  range: Range;
  /** Closed by a `]` on its line. */
  closed: boolean;
  /** What follows `[delegate:`, up to the `]` or the end of what was read. */
  body: string;
  /** The body before its last `:` (all of it when there is none), untrimmed. */
  description: string;
  descriptionRange: Range;
  /** The body after its last `:`, untrimmed; null when it has no `:`. */
  hours: string | null;
  hoursRange: Range | null;
  /** The fenced block it is in, or null. */
  fence: FencedBlock | null;
  /** Inside an inline code span (outside fences): quoted, not written as a marker. */
  inCodeSpan: boolean;
}

/** What the scan needs of a document (the DocumentModel provides it). */
export interface DelegationSource {
  readonly text: string;
  readonly lines: LineIndex;
  readonly fences: FencedBlock[];
  readonly bodyStart: number;
  readonly frontmatter: { range: Range } | null;
  /** Asked only when a JSON-like `"timeout":` key needs classifying. */
  readonly delegationContexts: ShapedObject[];
}

const CALL_LIMIT = 20_000;
const STAGE_LIMIT = 40_000;

/** Words that stand for "some agent", not a name. */
const GENERIC = new Set(
  (
    'a an the this that these those it them one each all any another other others some several multiple parallel new next same ' +
    'target appropriate selected relevant corresponding specialized specialised dedicated matching right proper suitable ' +
    'agent agents subagent subagents sub-agent sub-agents specialist specialists teammate teammates helper helpers worker workers ' +
    'command commands skill skills tool tools task tasks team teams role roles assistant assistants expert experts'
  ).split(' '),
);

const TEMPLATED = /\$\{|\{\{?\s*[\w.-]+\s*\}|^<[^>]+>$|^\$[A-Za-z_]|^\[[^\]]+\]$/;

function isTemplate(s: string): boolean {
  return TEMPLATED.test(s);
}

interface Cursor {
  text: string;
  lines: LineIndex;
  fences: FencedBlock[];
}

/** The first `max` characters of a line: enough for indentation, keys and headers, and cheap on huge lines. */
function linePrefix(c: Cursor, line: number, max = 240): string {
  const start = c.lines.starts[line]!;
  return c.text.slice(start, Math.min(c.lines.lineEnd(line), start + max));
}

/** The first offset of `needle` in [from, to), or -1; reads no further than `to`. */
function indexWithin(text: string, needle: string, from: number, to: number): number {
  const last = Math.min(to, text.length) - needle.length;
  for (let i = from; i <= last; i++) if (text.startsWith(needle, i)) return i;
  return -1;
}

function inFence(c: Cursor, offset: number): boolean {
  for (const f of c.fences) {
    if (offset < f.range.start) return false;
    if (offset < f.range.end) return true;
  }
  return false;
}

function fenceAt(c: Cursor, offset: number): FencedBlock | undefined {
  return c.fences.find((f) => offset >= f.range.start && offset < f.range.end);
}

function blankSite(kind: DelegationKind, range: Range, anchor: Range): DelegationSite {
  return {
    kind,
    range,
    anchor,
    tool: null,
    target: null,
    targetRange: null,
    templated: false,
    targetSource: null,
    targetText: null,
    args: [],
    prompt: null,
    timeout: null,
    intro: null,
    inFence: false,
  };
}

/** Sets the target from a `subagent_type` value (a literal, a template, or a variable). */
function setTargetFromValue(c: Cursor, site: DelegationSite, arg: { valueRange: Range; literal: CallArgument['literal'] }, source: TargetSource) {
  const raw = c.text.slice(arg.valueRange.start, arg.valueRange.end);
  if (arg.literal) {
    const inner = c.text.slice(arg.literal.contentRange.start, arg.literal.contentRange.end).trim();
    site.targetText = inner;
    site.targetRange = arg.literal.contentRange;
    site.targetSource = source;
    if (!inner || isTemplate(inner) || arg.literal.prefix.toLowerCase().includes('f') && inner.includes('{')) site.templated = true;
    else site.target = inner;
  } else {
    // A call's variable (`subagent_type=target_agent`) is known at run time only; a bare YAML
    // value (`subagent_type: data-engineer`) is the name itself.
    site.targetText = raw;
    site.targetRange = arg.valueRange;
    site.targetSource = source;
    if (source === 'key' && !isTemplate(raw)) site.target = raw;
    else site.templated = true;
  }
}

// ---------------------------------------------------------------------------------------------
// Calls

const CALL_WORDS = ['task', 'Task', 'Agent'];
/** The last characters of the call names: `task` and `Task` end with `k`, `Agent` with `t`. */
const K = 107;
const T = 116;

/** A character that may not come right before a call's name: `[\w.@$-]`. */
function joinsName(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 46 || code === 64 || code === 36 || code === 45;
}

/**
 * The next `task(`, `Task(` or `Agent(` at or after `from` whose name stands alone (what
 * `/(?<![\w.@$-])(task|Task|Agent)\(/` finds), located from its `(` with indexOf: a search for
 * one character is several times faster than the regular expression.
 */
function nextCall(text: string, from: number): { index: number; name: string } | null {
  for (let p = text.indexOf('(', from + 4); p !== -1; p = text.indexOf('(', p + 1)) {
    // Most parentheses follow no call name: one look at the character before rules them out.
    const last = text.charCodeAt(p - 1);
    if (last !== K && last !== T) continue;
    for (let w = 0; w < CALL_WORDS.length; w++) {
      const name = CALL_WORDS[w]!;
      const index = p - name.length;
      if (index >= from && text.startsWith(name, index) && !joinsName(text.charCodeAt(index - 1))) return { index, name };
    }
  }
  return null;
}

function scanCalls(c: Cursor, from: number): DelegationSite[] {
  const out: DelegationSite[] = [];
  // Calls that never close are scanned to their limit; a budget keeps a file full of them linear.
  let budget = 4 * c.text.length + 100_000;
  for (let m = nextCall(c.text, from), next = 0; m && budget > 0; m = nextCall(c.text, next)) {
    next = m.index + m.name.length + 1;
    const open = m.index + m.name.length;
    const fence = fenceAt(c, m.index);
    const limit = Math.min(c.text.length, fence ? fence.range.end : m.index + CALL_LIMIT, m.index + CALL_LIMIT);
    const parsed = parseCallArguments(c.text, open, limit);
    budget -= (parsed ? parsed.end : limit) - open;
    if (!parsed) continue;
    let args = parsed.args;
    // Task({ subagent_type: "x", ... }): the object's keys are the arguments.
    if (args.length === 1 && args[0]!.name === null && c.text[args[0]!.valueRange.start] === '{') {
      const inner = parseCallArguments(c.text, args[0]!.valueRange.start, parsed.end);
      if (inner) args = inner.args;
    }
    const named = (n: string) => args.find((a) => a.name === n) ?? null;
    const subagentType = named('subagent_type');
    const prompt = named('prompt');
    if (!subagentType && !prompt) continue;
    const site = blankSite('call', { start: m.index, end: parsed.end }, { start: m.index, end: open + 1 });
    site.tool = m.name === 'Agent' ? 'agent' : 'task';
    site.args = args;
    site.prompt = prompt;
    site.timeout = args.find((a) => a.name !== null && /^timeout$/i.test(a.name)) ?? null;
    site.inFence = fence !== undefined;
    if (subagentType) setTargetFromValue(c, site, subagentType, 'argument');
    out.push(site);
    next = parsed.end;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// subagent_type written as data

const SUBAGENT_TYPE = /subagent([_ ])type/gi;
const BARE_NAME = /[A-Za-z0-9@$<{][\w.:@${}<>/-]{0,120}/y;
const KEY_LINE = /^([ \t]*)(?:[-*][ \t]+)?(\\?["'`]?)([A-Za-z_][\w-]*)\2[ \t]*[:=]/;

interface ValueRead {
  arg: CallArgument;
}

/** Reads a value at `j` (no further than `lineEnd`): a quoted string on the line, `\"...\"`, or a bare name. */
function readValue(text: string, j: number, lineEnd: number, allowBare: boolean): ValueRead | null {
  if (text[j] === '\\' && text[j + 1] === '"') {
    const close = indexWithin(text, '\\"', j + 2, Math.min(lineEnd, j + 202));
    if (close === -1) return null;
    const range = { start: j, end: close + 2 };
    return { arg: { name: null, nameRange: null, valueRange: range, literal: { range, contentRange: { start: j + 2, end: close }, quote: '\\"', prefix: '' } } };
  }
  const q = text[j];
  if (q === '"' || q === "'" || q === '`') {
    const close = indexWithin(text, q, j + 1, Math.min(lineEnd, j + 201));
    if (close === -1) return null;
    const range = { start: j, end: close + 1 };
    return { arg: { name: null, nameRange: null, valueRange: range, literal: literalIn(text, range) } };
  }
  if (!allowBare) return null;
  BARE_NAME.lastIndex = j;
  const m = BARE_NAME.exec(text);
  if (!m) return null;
  let end = j + m[0].length;
  while (end > j && /[.:,]/.test(text[end - 1]!)) end--;
  const rest = text.slice(end, Math.min(lineEnd, end + 200)).trim();
  if (rest !== '' && !rest.startsWith('#') && !rest.startsWith(',') && !rest.startsWith('//')) return null;
  return { arg: { name: null, nameRange: null, valueRange: { start: j, end }, literal: null } };
}

/** The value of a sibling key: to the end of its line, plus the more-indented lines below it. */
function blockValue(c: Cursor, keyLine: number, valueStart: number, keyIndent: number, maxLine: number): { range: Range; lastLine: number } {
  let last = keyLine;
  for (let l = keyLine + 1; l <= maxLine; l++) {
    const t = linePrefix(c, l);
    if (t.trim() === '') continue;
    if (indentOf(t) <= keyIndent) break;
    last = l;
  }
  let end = c.lines.lineEnd(last);
  while (end > valueStart && /\s/.test(c.text[end - 1]!)) end--;
  return { range: { start: valueStart, end: Math.max(valueStart, end) }, lastLine: last };
}

function indentOf(line: string): number {
  let n = 0;
  while (n < line.length && (line[n] === ' ' || line[n] === '\t')) n++;
  return n;
}

/**
 * Keys next to a `subagent_type` key: on its line, and (when the key starts its line, so that
 * `keyIndent` is set) on the lines of the same block.
 */
function siblingKeys(c: Cursor, line: number, keyIndent: number | null, valueEnd: number): CallArgument[] {
  const out: CallArgument[] = [];
  const text = c.text;
  // Same line: `subagent_type="x", prompt="..."` or `{"subagent_type": "x", "prompt": "..."}`.
  const lineEnd = c.lines.lineEnd(line);
  const rest = text.slice(valueEnd, Math.min(lineEnd, valueEnd + 400));
  const SAME = /(\\?["'`]?)([A-Za-z_][\w-]*)\1[ \t]*[:=][ \t]*/g;
  for (let m = SAME.exec(rest); m; m = SAME.exec(rest)) {
    const before = rest[m.index - 1];
    if (before !== undefined && /[\w-]/.test(before)) continue;
    const nameStart = valueEnd + m.index + m[1]!.length;
    const vs = valueEnd + m.index + m[0].length;
    const v = readValue(text, vs, lineEnd, false);
    const valueRange = v ? v.arg.valueRange : { start: vs, end: lineEnd };
    out.push({ name: m[2]!, nameRange: { start: nameStart, end: nameStart + m[2]!.length }, valueRange, literal: v?.arg.literal ?? null });
    SAME.lastIndex = valueRange.end - valueEnd;
  }
  if (keyIndent === null) return out;
  // Lines of the same block, above and below, at the same indentation.
  const maxLine = Math.min(c.lines.lineCount - 1, line + 80);
  const visit = (l: number): 'stop' | number => {
    const t = linePrefix(c, l);
    if (t.trim() === '') return l;
    const ind = indentOf(t);
    if (ind < keyIndent) return 'stop';
    if (ind > keyIndent) return l;
    const m = KEY_LINE.exec(t);
    if (!m) return 'stop';
    const ls = c.lines.starts[l]!;
    const nameStart = ls + t.indexOf(m[3]!, m[1]!.length);
    let vs = ls + m[0].length;
    while (vs < ls + t.length && (text[vs] === ' ' || text[vs] === '\t')) vs++;
    const v = blockValue(c, l, vs, ind, maxLine);
    const lit = literalIn(text, v.range);
    out.push({ name: m[3]!, nameRange: { start: nameStart, end: nameStart + m[3]!.length }, valueRange: v.range, literal: lit });
    return v.lastLine;
  };
  for (let l = line + 1; l <= maxLine; l++) {
    const r = visit(l);
    if (r === 'stop') break;
    l = r;
  }
  for (let l = line - 1, n = 0; l >= 0 && n < 12; l--, n++) {
    const t = linePrefix(c, l);
    if (t.trim() === '') break;
    const ind = indentOf(t);
    if (ind !== keyIndent) break;
    const m = KEY_LINE.exec(t);
    if (!m) break;
    const ls = c.lines.starts[l]!;
    const nameStart = ls + t.indexOf(m[3]!, m[1]!.length);
    let vs = ls + m[0].length;
    while (vs < ls + t.length && (text[vs] === ' ' || text[vs] === '\t')) vs++;
    let ve = c.lines.lineEnd(l);
    while (ve > vs && /\s/.test(text[ve - 1]!)) ve--;
    const valueRange = { start: vs, end: Math.max(vs, ve) };
    out.push({ name: m[3]!, nameRange: { start: nameStart, end: nameStart + m[3]!.length }, valueRange, literal: literalIn(text, valueRange) });
  }
  return out.sort((a, b) => a.valueRange.start - b.valueRange.start);
}

/** `Task:`, `**Agent**`, `<Task>` alone on a line: a block below it is that tool's input. */
const TOOL_HEADER = /^[ \t]*[-*]?[ \t]*(?:\**|<)(Task|Agent)(?:\**|>)[ \t]*:?[ \t]*$/;
const TOOL_WORDS = /\b(task|agent)`?[ \t]+tool\b/i;

/** The tool named on a key's line or on one of the four lines above it ("Use the Task tool:", `Task:`). */
function toolNear(c: Cursor, line: number, at: number): DelegationTool | null {
  for (let l = line, n = 0; l >= 0 && n < 5; l--) {
    const ls = c.lines.starts[l]!;
    const t = l === line ? c.text.slice(Math.max(ls, at - 240), Math.min(c.lines.lineEnd(l), at + 240)) : linePrefix(c, l);
    if (t.trim() === '') continue;
    n++;
    const m = TOOL_HEADER.exec(t) ?? TOOL_WORDS.exec(t);
    if (m) return m[1]!.toLowerCase() === 'agent' ? 'agent' : 'task';
  }
  return null;
}

/** The site of a `subagent_type` key (a SUBAGENT_TYPE match), or null when it is part of a word or has no value. */
function subagentTypeSite(c: Cursor, m: RegExpExecArray): DelegationSite | null {
  const text = c.text;
  const at = m.index;
  if (/[A-Za-z0-9_]/.test(text[at - 1] ?? ' ') || /[A-Za-z0-9_]/.test(text[at + m[0].length] ?? ' ')) return null;
  const underscore = m[1] === '_';
  const line = c.lines.lineOf(at);
  const lineEnd = c.lines.lineEnd(line);
  let j = at + m[0].length;
  if (text[j] === '\\' && text[j + 1] === '"') j += 2;
  else if (text[j] === '"' || text[j] === "'" || text[j] === '`') j++;
  while (text[j] === '*') j++;
  while (text[j] === ' ' || text[j] === '\t') j++;
  let sep = false;
  if (text[j] === ':' || (text[j] === '=' && text[j + 1] !== '=')) {
    sep = true;
    j++;
    while (text[j] === '*') j++;
    while (text[j] === ' ' || text[j] === '\t') j++;
  }
  if (!sep && !underscore) return null;
  const v = readValue(text, j, lineEnd, sep && underscore);
  if (!v) return null;
  let keyStart = at;
  if (text[at - 1] === '"' || text[at - 1] === "'" || text[at - 1] === '`') keyStart--;
  if (text[keyStart - 1] === '\\') keyStart--;
  const site = blankSite('subagent-type', { start: keyStart, end: v.arg.valueRange.end }, { start: at, end: at + m[0].length });
  site.inFence = inFence(c, at);
  setTargetFromValue(c, site, v.arg, 'key');
  const lineText = linePrefix(c, line);
  const keyCol = keyStart - c.lines.starts[line]!;
  const bullet = /^([ \t]*)[-*][ \t]+/.exec(lineText);
  const keyIndent = bullet && bullet[0].length === keyCol ? bullet[1]!.length : keyCol;
  const onlyKeyOnLine = (keyCol < lineText.length && lineText.slice(0, keyCol).trim() === '') || (bullet !== null && bullet[0].length === keyCol);
  const stArg: CallArgument = { name: 'subagent_type', nameRange: site.anchor, valueRange: v.arg.valueRange, literal: v.arg.literal };
  const siblings = siblingKeys(c, line, onlyKeyOnLine ? keyIndent : null, v.arg.valueRange.end);
  site.args = [stArg, ...siblings].sort((a, b) => a.valueRange.start - b.valueRange.start);
  site.prompt = siblings.find((a) => a.name === 'prompt') ?? null;
  site.timeout = siblings.find((a) => a.name !== null && /^timeout$/i.test(a.name)) ?? null;
  site.tool = toolNear(c, line, at);
  return site;
}

// ---------------------------------------------------------------------------------------------
// Prose

const VERBS = '(invoke|call|launch|spawn|dispatch|delegate[ \\t]+to|hand[ \\t]+off[ \\t]+to|route[ \\t]+to)';
/** Words of a sentence; `.` and `:` only inside a name (`c4-architecture::c4-component`, `v1.2`). */
const WORDS = '(?:[^\\n.;:!?()]|[.:](?=[^\\s.:]))';
const PROSE_VIA = new RegExp(`\\b${VERBS}([ \\t]+)(${WORDS}{1,80}?)[ \\t]+(?:via|using|through|with)[ \\t]+(?:the[ \\t]+|a[ \\t]+)?(task|agent)[ \\t]+tool\\b`, 'gi');
const PROSE_USE = new RegExp(`\\buse[ \\t]+(?:the[ \\t]+|a[ \\t]+)?(task|agent)[ \\t]+tool[ \\t]+to[ \\t]+${VERBS}[ \\t]+(${WORDS}{1,80})`, 'gi');
/** Where the name part of a phrase ends: "launch the backend architect | for implementation". */
const CUT = /\s+(?:for|to|with|and|in|on|that|which|who|so|as|via|using|through|when|if|passing|providing)\b|,/i;

/**
 * The target a phrase names: one name-like token once articles (and a trailing "agent" after a
 * kebab name) are dropped, or a template. `token` is the token as written in the phrase.
 */
export function proseTarget(phrase: string): { target: string | null; templated: boolean; token: string | null } {
  let words = phrase.trim().split(/\s+/).filter(Boolean);
  while (words.length > 1 && /^(the|a|an)$/i.test(words[0]!)) words.shift();
  if (words.length === 2 && /^(agent|subagent|sub-agent|specialist|skill)$/i.test(words[1]!) && /[-_:]|^[`"']/.test(words[0]!)) words = [words[0]!];
  if (words.length !== 1) return { target: null, templated: false, token: null };
  const w = words[0]!.replace(/^[`"'*]+|[`"'*]+$/g, '');
  if (isTemplate(w)) return { target: null, templated: true, token: w };
  if (!/^[A-Za-z0-9][\w.:/-]*$/.test(w) || GENERIC.has(w.toLowerCase())) return { target: null, templated: false, token: null };
  return { target: w, templated: false, token: w };
}

function proseSite(c: Cursor, start: number, tool: string, phrase: string, phraseStart: number, endAtCut: boolean): DelegationSite {
  const cut = CUT.exec(phrase);
  const kept = (cut ? phrase.slice(0, cut.index) : phrase).trimEnd();
  const end = endAtCut ? phraseStart + kept.length : phraseStart + phrase.length;
  const site = blankSite('prose', { start, end }, { start, end });
  site.tool = tool.toLowerCase() === 'agent' ? 'agent' : 'task';
  site.inFence = inFence(c, start);
  site.targetText = kept.trim();
  site.targetSource = 'prose';
  const t = proseTarget(kept);
  site.templated = t.templated;
  site.target = t.target;
  if (t.token !== null) {
    const idx = kept.lastIndexOf(t.token);
    if (idx !== -1) site.targetRange = { start: phraseStart + idx, end: phraseStart + idx + t.token.length };
  }
  return site;
}

/** "invoke X via the task tool" (a PROSE_VIA match): the whole phrase is the site. */
function proseViaSite(c: Cursor, m: RegExpExecArray): DelegationSite {
  const phraseStart = m.index + m[1]!.length + m[2]!.length;
  const site = proseSite(c, m.index, m[4]!, m[3]!, phraseStart, false);
  site.range.end = site.anchor.end = m.index + m[0].length;
  return site;
}

/** "use the task tool to invoke X" (a PROSE_USE match): the site ends where the name does. */
function proseUseSite(c: Cursor, m: RegExpExecArray): DelegationSite {
  const phraseStart = m.index + m[0].length - m[3]!.length;
  return proseSite(c, m.index, m[1]!, m[3]!, phraseStart, true);
}

// ---------------------------------------------------------------------------------------------
// Mentions, stages, markers

const MENTION = /(?<![\w@.\/-])@agent-([A-Za-z0-9][\w.:-]{0,80})/g;

/** An `@agent-name` mention (a MENTION match). */
function mentionSite(c: Cursor, m: RegExpExecArray): DelegationSite {
  const name = m[1]!.replace(/[.:-]+$/, '');
  const end = m.index + 7 + name.length;
  const site = blankSite('mention', { start: m.index, end }, { start: m.index, end });
  site.inFence = inFence(c, m.index);
  site.target = name;
  site.targetText = name;
  site.targetRange = { start: m.index + 7, end };
  site.targetSource = 'mention';
  return site;
}

const STAGE = /<stage\b[^>\n]{0,300}>/g;
const INVOKING_STAGE = /^Invoke[A-Z_]\w*$|Delegate$/;

function scanStages(c: Cursor, from: number, others: DelegationSite[]): DelegationSite[] {
  const out: DelegationSite[] = [];
  const closes: number[] = [];
  for (let i = c.text.indexOf('</stage>', from); i !== -1; i = c.text.indexOf('</stage>', i + 8)) closes.push(i);
  const nextClose = (o: number) => {
    let lo = 0;
    let hi = closes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (closes[mid]! < o) lo = mid + 1;
      else hi = mid;
    }
    return lo < closes.length ? closes[lo]! : -1;
  };
  STAGE.lastIndex = from;
  for (let m = STAGE.exec(c.text); m; m = STAGE.exec(c.text)) {
    const name = /\bname\s*=\s*["']([^"']*)["']/.exec(m[0])?.[1];
    if (!name || !INVOKING_STAGE.test(name)) continue;
    const tagEnd = m.index + m[0].length;
    const close = nextClose(tagEnd);
    const end = close === -1 || close - tagEnd > STAGE_LIMIT ? tagEnd : close + 8;
    const body = c.text.slice(tagEnd, end);
    if (!/\b(invoke|invocation|delegate|route)/i.test(body)) continue;
    if (others.some((s) => s.range.start >= m!.index && s.range.start < end)) continue;
    const site = blankSite('stage', { start: m.index, end }, { start: m.index, end: tagEnd });
    site.inFence = inFence(c, m.index);
    site.stage = name;
    out.push(site);
  }
  return out;
}

/** What opens a marker; the bounded variant's parser reads it in this case only. */
const MARKER_OPEN = '[delegate:';
/** Longest marker read: a longer one is read as not closed (keeps the scan linear). */
const MAX_MARKER_CHARS = 4000;

/** Whether the text holds a marker's opening (what the marker scan looks for). */
export function hasMarkerOpening(text: string): boolean {
  return text.includes(MARKER_OPEN);
}

/**
 * The markers of a text, as written: each `[delegate:` after the frontmatter, read to its `]` on
 * the same line. The body splits at its last `:` into description and hours, as the bounded
 * variant's pattern does.
 */
function scanMarkers(c: Cursor, from: number): DelegateMarker[] {
  const { text, lines, fences } = c;
  const out: DelegateMarker[] = [];
  let f = 0;
  // Backticks counted so far on the current line (markers come in order, so this is linear).
  let line = -1;
  let counted = 0;
  let ticks = 0;
  for (let i = text.indexOf(MARKER_OPEN, from); i !== -1; i = text.indexOf(MARKER_OPEN, i + MARKER_OPEN.length)) {
    while (f < fences.length && fences[f]!.range.end <= i) f++;
    const fence = f < fences.length && fences[f]!.range.start <= i ? fences[f]! : null;
    const l = lines.lineOf(i);
    if (l !== line) {
      line = l;
      counted = lines.starts[l]!;
      ticks = 0;
    }
    for (; counted < i; counted++) if (text.charCodeAt(counted) === 96) ticks++;
    const bodyStart = i + MARKER_OPEN.length;
    const rest = text.slice(bodyStart, Math.min(lines.lineEnd(l), i + MAX_MARKER_CHARS));
    const close = rest.indexOf(']');
    const closed = close !== -1;
    const body = closed ? rest.slice(0, close) : rest.replace(/\r$/, '');
    const colon = body.lastIndexOf(':');
    const description = colon === -1 ? body : body.slice(0, colon);
    out.push({
      range: { start: i, end: bodyStart + body.length + (closed ? 1 : 0) },
      closed,
      body,
      description,
      descriptionRange: { start: bodyStart, end: bodyStart + description.length },
      hours: colon === -1 ? null : body.slice(colon + 1),
      hoursRange: colon === -1 ? null : { start: bodyStart + colon + 1, end: bodyStart + body.length },
      fence,
      // An odd number of backticks before it on its line: inside an inline code span.
      inCodeSpan: !fence && ticks % 2 === 1,
    });
  }
  return out;
}

/** The delegation sites of the markers: those closed on their line with description and hours. */
function markerSites(markers: readonly DelegateMarker[]): DelegationSite[] {
  const out: DelegationSite[] = [];
  for (const mk of markers) {
    if (!mk.closed || mk.hours === null) continue;
    const hours = mk.hours.trim();
    const site = blankSite('marker', mk.range, mk.range);
    site.inFence = mk.fence !== null;
    site.marker = { description: mk.description.trim(), hours: /^\d+(\.\d+)?$/.test(hours) ? Number(hours) : null };
    out.push(site);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

/**
 * The sites of one pattern outside the calls: each match of the global `re` from `from` whose
 * start `skip` does not claim (a call's text is read as the call), made a site by `siteOf`
 * (null: not one), pushed to `out`. The key, prose and mention scans are this loop, so they skip
 * the calls alike; `siteOf` is a plain function, not a closure made per file.
 */
function scanPattern(
  c: Cursor,
  re: RegExp,
  from: number,
  skip: (o: number) => boolean,
  siteOf: (c: Cursor, m: RegExpExecArray) => DelegationSite | null,
  out: DelegationSite[],
): void {
  const text = c.text;
  re.lastIndex = from;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (skip(m.index)) continue;
    const site = siteOf(c, m);
    if (site) out.push(site);
  }
}

/** How many lines below a sentence the call or block it introduces may start. */
const INTRO_LINES = 8;

function headingBetween(c: Cursor, from: number, to: number): boolean {
  for (let l = from; l < to; l++) if (/^#{1,6}[ \t]/.test(linePrefix(c, l, 8))) return true;
  return false;
}

function mergeIntros(c: Cursor, sites: DelegationSite[]): DelegationSite[] {
  const dropped = new Set<DelegationSite>();
  for (let i = 0; i < sites.length; i++) {
    const p = sites[i]!;
    if (p.kind !== 'prose') continue;
    const pLine = c.lines.lineOf(p.range.end);
    for (let k = i + 1; k < sites.length; k++) {
      const s = sites[k]!;
      if (s.kind === 'prose') break;
      if (s.kind !== 'call' && s.kind !== 'subagent-type') continue;
      const sLine = c.lines.lineOf(s.range.start);
      if (sLine - pLine > INTRO_LINES || s.intro || headingBetween(c, pLine + 1, sLine)) break;
      s.intro = p.anchor;
      s.tool ??= p.tool;
      dropped.add(p);
      break;
    }
  }
  // "Use Task tool with subagent_type=..." written on one line: the key is the site.
  return sites.filter((s) => !dropped.has(s));
}

export function scanDelegations(doc: DelegationSource): DelegationView {
  const text = doc.text;
  // The document is the cursor: its lines and fences are made when a scan first needs them.
  const c: Cursor = doc;
  const from = doc.bodyStart;

  const calls = scanCalls(c, from);
  // Calls are in order and do not overlap: binary search.
  const inCall = (o: number) => {
    let lo = 0;
    let hi = calls.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = calls[mid]!.range;
      if (o < r.start) hi = mid - 1;
      else if (o >= r.end) lo = mid + 1;
      else return true;
    }
    return false;
  };
  const sites: DelegationSite[] = [...calls];
  if (/subagent[_ ]type/i.test(text)) scanPattern(c, SUBAGENT_TYPE, from, inCall, subagentTypeSite, sites);
  if (/\b(task|agent)[ \t]+tool\b/i.test(text)) {
    scanPattern(c, PROSE_VIA, from, inCall, proseViaSite, sites);
    scanPattern(c, PROSE_USE, from, inCall, proseUseSite, sites);
  }
  if (text.includes('@agent-')) scanPattern(c, MENTION, from, inCall, mentionSite, sites);
  const markers = hasMarkerOpening(text) ? scanMarkers(c, from) : [];
  sites.push(...markerSites(markers));
  sites.sort((a, b) => a.range.start - b.range.start);
  let merged = mergeIntros(c, sites);
  if (text.includes('<stage')) {
    merged.push(...scanStages(c, from, merged));
    merged = merged.sort((a, b) => a.range.start - b.range.start);
  }

  // Invocations read for intent: prohibitions, hypotheticals and stand-ins are none.
  const dismissed: DelegationView['dismissed'] = [];
  merged = merged.filter((s) => {
    if (s.kind === 'stage' || s.kind === 'marker') return true;
    const fence = s.inFence ? fenceAt(c, s.anchor.start) : undefined;
    // A call's variable (`subagent_type=agent_name`) is a real target known at run time.
    const variable = s.kind === 'call' && s.args.some((a) => a.name === 'subagent_type' && !a.literal);
    const target = variable ? null : s.targetSource === 'prose' ? (s.templated ? s.targetText : s.target) : s.targetText;
    const why = notAnInvocation(text, { start: s.anchor.start, end: s.range.end, fenceStart: fence?.range.start }, target);
    if (why) dismissed.push({ site: s, why });
    return why === null;
  });

  // Timeout statements are scanned on first use: the graph reads the sites of every spec of the
  // project, the timeout rules only the linted files' timeouts.
  let timeouts: TimeoutStatement[] | undefined;
  const scanTimeoutStatements = (): TimeoutStatement[] => {
    const argRanges: Range[] = [];
    for (const s of merged) for (const a of s.args) if (a.name && /timeout/i.test(a.name) && a.nameRange) argRanges.push({ start: a.nameRange.start, end: a.valueRange.end });
    let inContext: ((o: number) => boolean) | undefined;
    return scanTimeouts(text, {
      frontmatter: doc.frontmatter ? doc.frontmatter.range : null,
      inArgument: rangeSet(argRanges),
      inContext: (o) => (inContext ??= rangeSet(doc.delegationContexts.map((x) => x.node.range)))(o),
    });
  };
  return {
    sites: merged,
    dismissed,
    markers,
    get timeouts() {
      timeouts ??= scanTimeoutStatements();
      return timeouts;
    },
  };
}

/** A short description of a site for messages: `task(...) to status-sync-manager`, `"Invoke reviewer via task tool"`. */
export function describeSite(site: DelegationSite, text: string): string {
  const who = site.target ?? (site.templated && site.targetText ? site.targetText : null);
  const to = who ? ` to ${who}` : '';
  switch (site.kind) {
    case 'call':
      return `${text.slice(site.anchor.start, site.anchor.end)}...)${to}`;
    case 'subagent-type':
      return `subagent_type ${who ?? '?'}`;
    case 'prose': {
      const phrase = text.slice(site.anchor.start, site.anchor.end).replace(/\s+/g, ' ');
      return `"${phrase.length > 60 ? phrase.slice(0, 57) + '...' : phrase}"`;
    }
    case 'mention':
      return `@agent-${site.target}`;
    case 'stage':
      return `<stage name="${site.stage}">`;
    case 'marker':
      return text.slice(site.anchor.start, site.anchor.end);
  }
}
