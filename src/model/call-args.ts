/**
 * The arguments of a call written as code in a spec (`task(subagent_type="x", prompt="...")`,
 * `Task({ subagent_type: "x" })`): balanced brackets, string literals with escapes (`\"`),
 * Python triple quotes and prefixes (`f"..."`), `#` and `//` comments. Pseudo-code in markdown
 * is loose, so strings may span lines; every scan stops at a limit, so text that never closes
 * costs at most that much.
 */
import type { Range } from '../types.js';

export interface StringLiteral {
  /** The whole literal, prefix and quotes included. */
  range: Range;
  /** Between the quotes. */
  contentRange: Range;
  /** `"`, `'`, `"""`, `'''` or a backtick. */
  quote: string;
  /** Python string prefix (`f`, `r`, ...), `''` for none. */
  prefix: string;
}

export interface CallArgument {
  /** `prompt` in `prompt="..."` or `prompt: "..."`; null for a positional argument. */
  name: string | null;
  nameRange: Range | null;
  /** The value expression, trimmed (comments left out). */
  valueRange: Range;
  /** Set when the value is exactly one string literal. */
  literal: StringLiteral | null;
}

export interface ParsedCall {
  /** The offset just after the closing bracket. */
  end: number;
  args: CallArgument[];
}

const CLOSE: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const QUOTES = new Set(['"', "'", '`']);

/**
 * Where the string literal opening at `i` (on its quote) ends: the offset after its closing
 * quote, or -1 when it does not close before `limit`.
 */
export function stringEnd(text: string, i: number, limit: number): { end: number; quote: string } | -1 {
  const q = text[i]!;
  const triple = q !== '`' && text[i + 1] === q && text[i + 2] === q ? q + q + q : q;
  let j = i + triple.length;
  while (j < limit) {
    const c = text[j]!;
    if (c === '\\') {
      j += 2;
      continue;
    }
    if (c === q && (triple.length === 1 || text.startsWith(triple, j))) return { end: j + triple.length, quote: triple };
    j++;
  }
  return -1;
}

/** The string literal (with an optional Python prefix) that `range` holds exactly, if any. */
export function literalIn(text: string, range: Range): StringLiteral | null {
  let i = range.start;
  let prefix = '';
  while (i < range.end && i - range.start < 2 && /[fFrRbBuU]/.test(text[i]!)) prefix += text[i++];
  if (!QUOTES.has(text[i]!)) return null;
  const s = stringEnd(text, i, range.end);
  if (s === -1 || s.end !== range.end) return null;
  return {
    range: { start: range.start, end: s.end },
    contentRange: { start: i + s.quote.length, end: s.end - s.quote.length },
    quote: s.quote,
    prefix,
  };
}

const NAMED = /^(["']?)([A-Za-z_][\w-]*)\1[ \t]*(?:=(?!=)|:(?!:))[ \t\r\n]*/;

function toArgument(text: string, seg: Range): CallArgument {
  const m = NAMED.exec(text.slice(seg.start, Math.min(seg.end, seg.start + 200)));
  if (m && seg.start + m[0].length < seg.end) {
    const nameStart = seg.start + m[1]!.length;
    const valueRange = { start: seg.start + m[0].length, end: seg.end };
    return {
      name: m[2]!,
      nameRange: { start: nameStart, end: nameStart + m[2]!.length },
      valueRange,
      literal: literalIn(text, valueRange),
    };
  }
  return { name: null, nameRange: null, valueRange: seg, literal: literalIn(text, seg) };
}

/**
 * Parses the arguments of the bracket opening at `open` (`(`, `{` or `[`) up to its matching
 * close. Returns null when it does not close before `limit`.
 */
export function parseCallArguments(text: string, open: number, limit: number): ParsedCall | null {
  const stack: string[] = [CLOSE[text[open]!] ?? ')'];
  const segments: Range[] = [];
  let segStart = -1;
  let segEnd = -1;
  const mark = (a: number, b: number) => {
    if (segStart === -1) segStart = a;
    segEnd = b;
  };
  const flush = () => {
    if (segStart !== -1) segments.push({ start: segStart, end: segEnd });
    segStart = segEnd = -1;
  };
  let i = open + 1;
  while (i < limit) {
    const c = text[i]!;
    if (QUOTES.has(c)) {
      const s = stringEnd(text, i, limit);
      if (s === -1) return null;
      mark(i, s.end);
      i = s.end;
      continue;
    }
    if ((c === '#' || (c === '/' && text[i + 1] === '/')) && /\s/.test(text[i - 1] ?? ' ')) {
      const nl = text.indexOf('\n', i);
      i = nl === -1 || nl > limit ? limit : nl;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') {
      stack.push(CLOSE[c]!);
      mark(i, i + 1);
      i++;
      continue;
    }
    if (c === ')' || c === ']' || c === '}') {
      if (c !== stack[stack.length - 1]) return null;
      stack.pop();
      if (stack.length === 0) {
        flush();
        return { end: i + 1, args: segments.map((s) => toArgument(text, s)) };
      }
      mark(i, i + 1);
      i++;
      continue;
    }
    if (c === ',' && stack.length === 1) {
      flush();
      i++;
      continue;
    }
    if (!/\s/.test(c)) mark(i, i + 1);
    i++;
  }
  return null;
}

/** Lines an assignment may run over (a string joined across lines, a triple-quoted prompt). */
const ASSIGNMENT_LINES = 20;
/** At most this many assignments are kept per name. */
const MAX_ASSIGNMENTS = 50;
const ASSIGNMENT = /(?<![\w.$])([A-Za-z_]\w{0,100})[ \t]*\+?=(?!=)/g;

export interface Assignment {
  /** Where the assignment starts. */
  at: number;
  /** Its value: the rest of its line, and the lines it joins on (`+`, `\\`, `(`, an open `"""`), at most 20. */
  text: string;
}

/**
 * Every assignment of a variable in the text (`p = "..." + JSON_FORMAT_INSTRUCTION`, `prompt +=
 * f"... {delegation_context}"`), by name, in text order: what a call whose prompt is a variable
 * passes. One pass over the text; a value is cut at 20 lines, so the whole is linear in the text.
 */
/** The end of the line holding `at` (before its newline). */
function lineEndAt(text: string, at: number): number {
  const nl = text.indexOf('\n', at);
  return nl < 0 ? text.length : nl;
}

export function scanAssignments(text: string): Map<string, Assignment[]> {
  const out = new Map<string, Assignment[]>();
  if (!text.includes('=')) return out;
  for (const m of text.matchAll(ASSIGNMENT)) {
    const list = out.get(m[1]!) ?? [];
    if (list.length >= MAX_ASSIGNMENTS) continue;
    const from = m.index + m[0].length;
    let end = lineEndAt(text, from);
    // The value goes on while its line ends in a joining mark or a triple-quoted string is open.
    for (let n = 1; n < ASSIGNMENT_LINES && end < text.length; n++) {
      const sofar = text.slice(from, end);
      const open = ((sofar.match(/"""|'''/g) ?? []).length & 1) === 1;
      if (!open && !/[+\\(,[{]\s*$/.test(sofar)) break;
      end = lineEndAt(text, end + 1);
    }
    list.push({ at: m.index, text: text.slice(from, end) });
    out.set(m[1]!, list);
  }
  return out;
}
