/**
 * A file of Starlark calls with literal arguments, as Codex's `.rules` files are written:
 *
 *   prefix_rule(pattern = ["gh", "pr", "view"], decision = "prompt", match = ["gh pr view 7"])
 *
 * Only that subset is read: top-level calls whose arguments are strings, numbers, names and
 * lists of them. A file holding anything else (an assignment, a `def`, a loop, an expression)
 * is not this subset, and `parseCalls` returns null: a rule reading it says nothing rather than
 * guess. Linear in the text; list nesting is bounded.
 */
import type { Range } from '../types.js';

export type StarValue =
  | { type: 'string'; value: string; range: Range }
  | { type: 'number'; value: number; range: Range }
  | { type: 'name'; value: string; range: Range }
  | { type: 'list'; items: StarValue[]; range: Range };

export interface StarArg {
  /** The keyword (`pattern = ...`); null for a positional argument. */
  name: string | null;
  nameRange: Range | null;
  value: StarValue;
}

export interface StarCall {
  name: string;
  nameRange: Range;
  args: StarArg[];
  range: Range;
}

type Token = { kind: 'name' | 'string' | 'number' | 'punct'; text: string; value: string; start: number; end: number };

const MAX_DEPTH = 16;

class NotTheSubset {}
const OUT = new NotTheSubset();

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', '\n': '' };

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (/[A-Za-z_]/.test(c)) {
      const start = i;
      while (i < text.length && /\w/.test(text[i]!)) i++;
      out.push({ kind: 'name', text: text.slice(start, i), value: text.slice(start, i), start, end: i });
    } else if (/[0-9]/.test(c)) {
      const start = i;
      while (i < text.length && /[0-9._]/.test(text[i]!)) i++;
      out.push({ kind: 'number', text: text.slice(start, i), value: text.slice(start, i), start, end: i });
    } else if (c === '"' || c === "'") {
      const start = i;
      const triple = text.startsWith(c.repeat(3), i);
      const close = triple ? c.repeat(3) : c;
      i += close.length;
      let value = '';
      for (;;) {
        if (i >= text.length) throw OUT;
        if (text.startsWith(close, i)) break;
        const ch = text[i]!;
        if (!triple && ch === '\n') throw OUT;
        if (ch === '\\') {
          const e = text[i + 1];
          if (e === undefined || !(e in ESCAPES)) throw OUT;
          value += ESCAPES[e];
          i += 2;
        } else {
          value += ch;
          i++;
        }
      }
      i += close.length;
      out.push({ kind: 'string', text: text.slice(start, i), value, start, end: i });
    } else if ('()[],='.includes(c)) {
      out.push({ kind: 'punct', text: c, value: c, start: i, end: i + 1 });
      i++;
    } else {
      throw OUT;
    }
  }
  return out;
}

class Parser {
  pos = 0;
  constructor(readonly tokens: Token[]) {}

  peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  take(text?: string): Token {
    const t = this.tokens[this.pos];
    if (!t || (text !== undefined && (t.kind !== 'punct' || t.text !== text))) throw OUT;
    this.pos++;
    return t;
  }

  calls(): StarCall[] {
    const out: StarCall[] = [];
    while (this.pos < this.tokens.length) out.push(this.call());
    return out;
  }

  call(): StarCall {
    const name = this.take();
    if (name.kind !== 'name') throw OUT;
    this.take('(');
    const args: StarArg[] = [];
    while (this.peek()?.text !== ')') {
      const t = this.peek();
      const next = this.tokens[this.pos + 1];
      if (t?.kind === 'name' && next?.kind === 'punct' && next.text === '=') {
        this.pos += 2;
        args.push({ name: t.value, nameRange: { start: t.start, end: t.end }, value: this.value(0) });
      } else args.push({ name: null, nameRange: null, value: this.value(0) });
      if (this.peek()?.text === ',') this.pos++;
      else if (this.peek()?.text !== ')') throw OUT;
    }
    const close = this.take(')');
    return { name: name.value, nameRange: { start: name.start, end: name.end }, args, range: { start: name.start, end: close.end } };
  }

  value(depth: number): StarValue {
    if (depth > MAX_DEPTH) throw OUT;
    const t = this.take();
    const range = { start: t.start, end: t.end };
    if (t.kind === 'string') {
      // Adjacent literals are one string, as in Python.
      let value = t.value;
      while (this.peek()?.kind === 'string') {
        const more = this.take();
        value += more.value;
        range.end = more.end;
      }
      return { type: 'string', value, range };
    }
    if (t.kind === 'number') return { type: 'number', value: Number(t.text.replace(/_/g, '')), range };
    if (t.kind === 'name') return { type: 'name', value: t.value, range };
    if (t.text !== '[') throw OUT;
    const items: StarValue[] = [];
    while (this.peek()?.text !== ']') {
      items.push(this.value(depth + 1));
      if (this.peek()?.text === ',') this.pos++;
      else if (this.peek()?.text !== ']') throw OUT;
    }
    const close = this.take(']');
    return { type: 'list', items, range: { start: t.start, end: close.end } };
  }
}

/** The file's calls, or null when it holds anything but top-level calls with literal arguments. */
export function parseCalls(text: string): StarCall[] | null {
  try {
    return new Parser(tokenize(text)).calls();
  } catch (e) {
    if (e === OUT) return null;
    throw e;
  }
}
