/**
 * The values of frontmatter fields, read without the YAML parser: plain and quoted scalars,
 * one-line flow lists and block scalars (`|`, `>`), each exactly as the
 * `yaml` package reads it, or null where the form is left to it. Used by the fast path
 * (frontmatter-fast.ts) and the nested-block reader (frontmatter-block.ts).
 */
import type { Range } from '../types.js';

/**
 * `[a, b c, --d, "q"]`: a one-line flow sequence of plain words and double-quoted strings (no
 * nesting, single quotes or numbers). Offsets are each item's range in `raw`, quotes included.
 */
export function flowSequence(raw: string): { value: string[]; length: number; offsets: Array<[number, number]> } | null {
  const text = withoutComment(raw);
  if (text[0] !== '[' || text[text.length - 1] !== ']') return null;
  const inner = text.slice(1, -1);
  // Inside, brackets, braces, single quotes and comments change the meaning; `: ` makes a mapping.
  if (/[[\]{}']/.test(inner) || inner.includes(' #')) return null;
  const value: string[] = [];
  const offsets: Array<[number, number]> = [];
  if (inner.trim() === '') return { value, length: text.length, offsets };
  let i = 0;
  for (;;) {
    while (inner[i] === ' ') i++;
    let itemEnd: number;
    if (inner[i] === '"') {
      let q = i + 1;
      while (q < inner.length && inner[q] !== '"') q += inner[q] === '\\' ? 2 : 1;
      if (q >= inner.length) return null;
      const sc = scalar(inner.slice(i, q + 1));
      if (!sc || typeof sc.value !== 'string') return null;
      value.push(sc.value);
      itemEnd = q + 1;
    } else {
      const comma = inner.indexOf(',', i);
      const raw = inner.slice(i, comma === -1 ? inner.length : comma);
      const it = raw.trimEnd();
      if (it.includes('"') || it.includes(': ') || it.endsWith(':')) return null;
      // An item may hold `|` or `>` (`[week | month]`), but not start with an indicator.
      if (it === '' || /^[-?:](\s|$)/.test(it) || /^[#&*!|>%@`]/.test(it)) return null;
      // Items YAML would read as something else than a string go to yaml.
      if (NULLS.has(it) || TRUE.has(it) || FALSE.has(it) || /^[-+.]?[0-9]/.test(it) || /^\.(inf|nan)/i.test(it)) return null;
      value.push(it);
      itemEnd = i + it.length;
    }
    offsets.push([1 + i, 1 + itemEnd]);
    i = itemEnd;
    while (inner[i] === ' ') i++;
    if (i >= inner.length) break;
    if (inner[i] !== ',') return null;
    i++;
    // A comma after the last item (`[a, b, ]`, as lists written one item per line end).
    while (inner[i] === ' ') i++;
    if (i >= inner.length) break;
  }
  return { value, length: text.length, offsets };
}

const NULLS = new Set(['~', 'null', 'Null', 'NULL']);
const TRUE = new Set(['true', 'True', 'TRUE']);
const FALSE = new Set(['false', 'False', 'FALSE']);
/** Escapes of a double-quoted YAML string that JSON shares. */
const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', '/': '/', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };

/** `raw` up to a comment (`#` after a space or tab), without the blanks before it. */
export function withoutComment(raw: string): string {
  const c = raw.includes('#') ? raw.search(/[ \t]#/) : -1;
  return (c === -1 ? raw : raw.slice(0, c)).trimEnd();
}

/** Nothing but blanks, or blanks and a comment. */
function onlyComment(rest: string): boolean {
  return rest.trim() === '' || /^[ \t]+#/.test(rest);
}

/** An integer or a float of YAML 1.2's core schema. */
const CORE_NUMBER = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
/** Characters that start something other than a plain scalar. */
const INDICATOR = /^[[\]{}&*!|>%@`,?#-]/;

export function scalar(raw: string): { value: string | number | boolean | null; length: number } | null {
  const first = raw[0];
  if (first === '"') {
    // A double-quoted string closed on its line, with JSON's escapes (others go to yaml).
    let out = '';
    let i = 1;
    for (;;) {
      const q = raw.indexOf('"', i);
      const b = raw.indexOf('\\', i);
      if (q === -1) return null;
      if (b !== -1 && b < q) {
        out += raw.slice(i, b);
        const e = raw[b + 1];
        const simple = e === undefined ? undefined : ESCAPES[e];
        if (simple !== undefined) {
          out += simple;
          i = b + 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(raw.slice(b + 2, b + 6))) {
          out += String.fromCharCode(parseInt(raw.slice(b + 2, b + 6), 16));
          i = b + 6;
        } else return null;
        continue;
      }
      out += raw.slice(i, q);
      if (!onlyComment(raw.slice(q + 1))) return null;
      return { value: out, length: q + 1 };
    }
  }
  if (first === "'") {
    let i = 1;
    let out = '';
    for (;;) {
      const q = raw.indexOf("'", i);
      if (q === -1) return null;
      out += raw.slice(i, q);
      if (raw[q + 1] === "'") {
        out += "'";
        i = q + 2;
        continue;
      }
      if (!onlyComment(raw.slice(q + 1))) return null;
      return { value: out, length: q + 1 };
    }
  }
  // A comment (` # ...`) ends the value.
  const text = withoutComment(raw);
  if (text === '') return null;
  // `-x` and `--all` are plain text; `- x` (a list) and `---` are not read here.
  if (INDICATOR.test(text) && !(/^-[^\s]/.test(text) && !text.startsWith('---'))) return null;
  if (text.includes(': ') || text.endsWith(':')) return null;
  if (NULLS.has(text)) return { value: null, length: text.length };
  if (TRUE.has(text)) return { value: true, length: text.length };
  if (FALSE.has(text)) return { value: false, length: text.length };
  // The numbers of YAML 1.2's core schema (what `yaml` reads by default: no dates, no 1.1 forms).
  // Plain decimal integers and decimals are read here, the other forms by yaml; any other plain
  // text is a string (`4-sonnet`, `1.0.0`, `2025-12-29`).
  // Every number starts with a digit, a sign or a dot: other text skips the five patterns.
  const c0 = text.charCodeAt(0);
  const numberLike = (c0 >= 48 && c0 <= 57) || c0 === 45 || c0 === 43 || c0 === 46;
  if (numberLike && (CORE_NUMBER.test(text) || /^0o[0-7]+$/.test(text) || /^0x[0-9a-fA-F]+$/.test(text) || /^[-+]?\.(?:inf|Inf|INF)$/.test(text) || /^\.(?:nan|NaN|NAN)$/.test(text))) {
    if (/^-?(0|[1-9][0-9]{0,14})$/.test(text)) return { value: Number(text), length: text.length };
    if (/^-?(0|[1-9][0-9]{0,14})\.[0-9]{1,15}$/.test(text)) return { value: Number(text), length: text.length };
    return null;
  }
  return { value: text, length: text.length };
}

/** The line starting at `pos` (without its `\r\n` or `\n`), and where it ends (`eol`, at most `end`). */
export function lineAt(text: string, pos: number, end: number): { line: string; eol: number } {
  let eol = text.indexOf('\n', pos);
  if (eol === -1 || eol > end) eol = end;
  let lineEnd = eol;
  if (lineEnd > pos && text.charCodeAt(lineEnd - 1) === 13) lineEnd--;
  return { line: text.slice(pos, lineEnd), eol };
}

/**
 * A block scalar (`|`, `|-`, `>`, `>-`) whose lines start at `start`: the text
 * YAML gives, or null for the forms left to yaml (an indentation indicator, a comment after
 * the indicator, tabs, blank lines with spaces before the first line of text, and folded text
 * with lines indented more than the first).
 */
export function blockScalar(text: string, header: string, start: number, end: number): { value: string; rangeEnd: number; next: number } | null {
  // Keep chomping (`|+`, `>+`) is rare and its range runs over the blank lines: left to yaml.
  const hm = /^([|>])(-?)$/.exec(header.trimEnd());
  if (!hm) return null;
  const folded = hm[1] === '>';
  const chomp = hm[2];
  const lines: string[] = [];
  let indent = -1;
  let pos = start;
  let rangeEnd = start;
  while (pos < end) {
    const { line, eol } = lineAt(text, pos, end);
    if (line.includes('\t') || line.includes('\r')) return null;
    const lead = line.length - line.trimStart().length;
    if (line.trim() === '') {
      // Blank: text inside the scalar only if shorter than its indent (or, before any text, empty).
      if (indent === -1 ? line.length > 0 : lead > indent) return null;
      lines.push('');
    } else {
      if (indent === -1) {
        if (lead === 0) break;
        indent = lead;
      } else if (lead < indent) break;
      if (folded && lead > indent) return null;
      lines.push(line.slice(indent));
      rangeEnd = eol < end ? eol + 1 : eol;
    }
    pos = eol + 1;
  }
  if (indent === -1) return null;
  // Trailing blank lines belong to the chomping, not the text.
  let last = lines.length;
  while (last > 0 && lines[last - 1] === '') last--;
  const body = lines.slice(0, last);
  let value: string;
  if (!folded) value = body.join('\n');
  else {
    // Blank lines before the text stay line breaks; after it, a single break between two lines
    // folds to a space, and each blank line is a break.
    let first = 0;
    while (body[first] === '') first++;
    value = '\n'.repeat(first);
    for (let i = first; i < body.length; i++) {
      if (i === first) value += body[i]!;
      else if (body[i] === '') value += '\n';
      else value += body[i - 1] === '' ? body[i] : ' ' + body[i];
    }
  }
  if (chomp === '') value += '\n';
  return { value, rangeEnd, next: Math.min(pos, end) };
}
