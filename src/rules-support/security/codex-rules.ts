/**
 * The `prefix_rule(...)` calls of a Codex `.rules` file (Starlark), with the literal values of
 * their `pattern` and `decision` and where they are. Codex's rules reference: `pattern` is a
 * list whose items are a string or a list of alternatives; `decision` is `allow`, `prompt` or
 * `forbidden`, and `allow` when left out. A value that is not a literal (a variable, a call) is
 * `other`: what it holds is not read.
 */
import type { Range } from '../../types.js';

export type StarlarkValue =
  | { type: 'string'; value: string; range: Range }
  | { type: 'list'; items: StarlarkValue[]; range: Range }
  | { type: 'other'; range: Range };

export interface PrefixRuleCall {
  /** The call, `prefix_rule` to its closing parenthesis. */
  range: Range;
  /** The keyword arguments given, by name. */
  args: Map<string, StarlarkValue>;
}

const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;
/** How deep lists and calls may nest before the scan stops reading values. */
const MAX_DEPTH = 32;

/** Every `prefix_rule(...)` call of the text, in order. */
export function prefixRules(text: string): PrefixRuleCall[] {
  const out: PrefixRuleCall[] = [];
  const n = text.length;
  let i = 0;

  /** Blanks, line breaks and comments. */
  const space = () => {
    while (i < n) {
      const c = text[i]!;
      if (c === '#') while (i < n && text[i] !== '\n') i++;
      else if (/\s/.test(c)) i++;
      else return;
    }
  };

  /** A string literal at `i` (with an optional r/b prefix already passed); `i` ends after it. */
  const string = (start: number): StarlarkValue => {
    const q = text[i]!;
    const triple = text.startsWith(q.repeat(3), i);
    i += triple ? 3 : 1;
    let value = '';
    while (i < n) {
      if (triple ? text.startsWith(q.repeat(3), i) : text[i] === q) {
        i += triple ? 3 : 1;
        return { type: 'string', value, range: { start, end: i } };
      }
      if (!triple && text[i] === '\n') break;
      if (text[i] === '\\' && i + 1 < n) {
        const e = text[i + 1]!;
        value += e === 'n' ? '\n' : e === 't' ? '\t' : e;
        i += 2;
        continue;
      }
      value += text[i];
      i++;
    }
    return { type: 'other', range: { start, end: i } };
  };

  /** Skips to the end of a value that is not read: up to `,` or a closing bracket at its own depth. */
  const skipValue = (start: number): StarlarkValue => {
    let depth = 0;
    while (i < n) {
      const c = text[i]!;
      if (c === '"' || c === "'") {
        string(i);
        continue;
      }
      if (c === '#') {
        space();
        continue;
      }
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') {
        if (depth === 0) break;
        depth--;
      } else if (c === ',' && depth === 0) break;
      i++;
    }
    return { type: 'other', range: { start, end: i } };
  };

  const value = (depth: number): StarlarkValue => {
    space();
    const start = i;
    const c = text[i];
    if (c === '"' || c === "'") {
      const s = string(start);
      space();
      // `"a" + "b"`, `"x".format(...)`: not a literal.
      return text[i] === ',' || text[i] === ')' || text[i] === ']' ? s : skipValue(start);
    }
    if (c === '[' && depth < MAX_DEPTH) {
      i++;
      const items: StarlarkValue[] = [];
      // A list with something else than values and commas in it (a comprehension, `*x`) is no literal.
      let literal = true;
      for (;;) {
        space();
        if (i >= n) return { type: 'other', range: { start, end: i } };
        if (text[i] === ']') {
          i++;
          return literal ? { type: 'list', items, range: { start, end: i } } : { type: 'other', range: { start, end: i } };
        }
        const from = i;
        items.push(value(depth + 1));
        space();
        if (text[i] === ',') i++;
        else if (text[i] !== ']') {
          literal = false;
          skipValue(i);
          if (text[i] === ',') i++;
          else if (i === from) i++;
        }
      }
    }
    return skipValue(start);
  };

  while (i < n) {
    const c = text[i]!;
    if (c === '#') {
      space();
      continue;
    }
    if (c === '"' || c === "'") {
      string(i);
      continue;
    }
    IDENT.lastIndex = i;
    const m = IDENT.exec(text);
    if (!m) {
      i++;
      continue;
    }
    const start = i;
    i += m[0].length;
    if (m[0] !== 'prefix_rule' || (start > 0 && /[\w.]/.test(text[start - 1]!))) continue;
    space();
    if (text[i] !== '(') continue;
    i++;
    const args = new Map<string, StarlarkValue>();
    for (;;) {
      space();
      if (i >= n) break;
      if (text[i] === ')') {
        i++;
        break;
      }
      IDENT.lastIndex = i;
      const k = IDENT.exec(text);
      const from = i;
      if (k) {
        i += k[0].length;
        space();
        if (text[i] === '=' && text[i + 1] !== '=') {
          i++;
          args.set(k[0], value(0));
        } else skipValue(from);
      } else skipValue(from);
      space();
      if (text[i] === ',') i++;
      else if (text[i] !== ')' && i === from) i++;
    }
    out.push({ range: { start, end: i }, args });
  }
  return out;
}
