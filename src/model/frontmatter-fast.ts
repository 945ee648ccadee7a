/**
 * A fast path for the frontmatter most specs have: flat `key: value` lines with plain or simply
 * quoted scalar values. It gives exactly what the `yaml` package gives for such text (values,
 * key and value ranges), at a fraction of the cost; anything else (nesting, lists, block
 * scalars, anchors, tags, escapes, tabs, duplicate keys, a value holding `: ` or ` #`, numbers
 * in unusual forms) returns null and the caller parses with `yaml`. A test compares both on
 * every frontmatter of the corpus.
 */
import type { Range } from '../types.js';
import { LightScalar, LightSeq, readNestedValue, type LightNode } from './frontmatter-block.js';

export interface FastField {
  key: string;
  keyRange: Range;
  valueRange: Range;
  value: string | number | boolean | null | string[] | Record<string, unknown> | unknown[];
  /** For a list: each item's range as written (quotes included), as the YAML node's range. */
  items?: Range[];
  /** For a nested mapping or list: its light node (see frontmatter-block.ts). */
  node?: LightNode;
}

/**
 * `[a, b c, --d, "q"]`: a one-line flow sequence of plain words and double-quoted strings (no
 * nesting, single quotes or numbers). Offsets are each item's range in `raw`, quotes included.
 */
export function flowSequence(raw: string): { value: string[]; length: number; offsets: Array<[number, number]> } | null {
  const text = raw.trimEnd();
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
  }
  return { value, length: text.length, offsets };
}

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*) ?:(?: +(.*))?$/;
const NULLS = new Set(['~', 'null', 'Null', 'NULL']);
const TRUE = new Set(['true', 'True', 'TRUE']);
const FALSE = new Set(['false', 'False', 'FALSE']);
/** Escapes of a double-quoted YAML string that JSON shares. */
const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', '/': '/', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };

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
      if (raw.slice(q + 1).trim() !== '') return null;
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
      if (raw.slice(q + 1).trim() !== '') return null;
      return { value: out, length: q + 1 };
    }
  }
  const text = raw.trimEnd();
  if (text === '') return null;
  // `-x` and `--all` are plain text; `- x` (a list) and `---` are not read here.
  if (INDICATOR.test(text) && !(/^-[^\s]/.test(text) && !text.startsWith('---'))) return null;
  if (text.includes(': ') || text.endsWith(':') || text.includes(' #')) return null;
  if (NULLS.has(text)) return { value: null, length: text.length };
  if (TRUE.has(text)) return { value: true, length: text.length };
  if (FALSE.has(text)) return { value: false, length: text.length };
  // Numbers: plain decimal integers and decimals only; any other numeric-looking form goes to yaml.
  if (/^[-+.]?[0-9]/.test(text) || /^[-+]?\.(inf|Inf|INF|nan|NaN|NAN)$/.test(text) || /^\.(inf|nan)/i.test(text)) {
    if (/^-?(0|[1-9][0-9]{0,14})$/.test(text)) return { value: Number(text), length: text.length };
    if (/^-?(0|[1-9][0-9]{0,14})\.[0-9]{1,15}$/.test(text)) return { value: Number(text), length: text.length };
    if (/^[0-9][0-9A-Za-z_.:-]*$/.test(text) && !/^[0-9._+-]+(e[0-9+-]+)?$/i.test(text) && !/^0[xob]/i.test(text)) {
      // A word that merely starts with a digit (`4-sonnet`, `2025-01-01T...` is not: colons) is a string.
      if (/^[0-9]{4}-[0-9]{2}-[0-9]{2}/.test(text)) return null; // dates: let yaml decide
      return { value: text, length: text.length };
    }
    // A version such as 1.0.0 (two dots or more) is a string in YAML 1.2, as `yaml` reads it.
    if (/^[0-9.]+$/.test(text) && text.split('.').length >= 3 && !text.split('.').includes('')) {
      return { value: text, length: text.length };
    }
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

/** A block list of plain-word items from `start` (each line `<indent>- word`); null if anything else. */
function blockList(text: string, start: number, end: number): { items: string[]; itemRanges: Range[]; range: Range; next: number } | null {
  const items: string[] = [];
  const itemRanges: Range[] = [];
  let pos = start;
  let indent = -1;
  let first = -1;
  let last = start;
  while (pos < end) {
    const { line, eol } = lineAt(text, pos, end);
    const m = /^( *)- (.*)$/.exec(line);
    if (!m) break;
    if (indent === -1) indent = m[1]!.length;
    else if (m[1]!.length !== indent) return null;
    if (line.includes('\t') || line.includes('\r')) return null;
    const raw = m[2]!;
    if (raw.startsWith('[') || raw.startsWith('- ')) return null;
    const sc = scalar(raw);
    if (!sc || typeof sc.value !== 'string') return null;
    if (first === -1) first = pos + m[1]!.length;
    items.push(sc.value);
    const itemStart = pos + m[1]!.length + 2;
    itemRanges.push({ start: itemStart, end: itemStart + sc.length });
    last = eol < end ? eol + 1 : eol;
    pos = eol + 1;
  }
  if (items.length === 0) return null;
  // A list at indent 0 ends where a key starts; an indented one must not be followed by more indented text.
  if (pos < end && /^[ \t]/.test(text.slice(pos, Math.min(end, pos + 1))) && text.slice(pos, text.indexOf('\n', pos) === -1 ? end : text.indexOf('\n', pos)).trim() !== '') return null;
  return { items, itemRanges, range: { start: first, end: last }, next: Math.min(pos, end) };
}

/**
 * `[a] b`: a one-line flow sequence with text after its `]` (the usual `argument-hint: [x] [y]`).
 * In a block mapping that is always a YAML error; returns where the trailing text starts and
 * ends, or null for anything else (nested brackets, quotes, `[a]: b`, `[a] # comment`, ...).
 */
function flowWithTrailer(raw: string): { close: number; rest: number; end: number } | null {
  const close = raw.indexOf(']');
  if (close === -1 || /[[\]{}"'#]/.test(raw.slice(1, close))) return null;
  const after = raw.slice(close + 1);
  const rest = after.trim();
  if (rest === '' || /^[:#,]/.test(rest)) return null;
  const at = close + 1 + (after.length - after.trimStart().length);
  return { close, rest: at, end: at + rest.length };
}

/**
 * `a b: c`: a plain value holding `: ` (or ending in `:`), which YAML reads as a mapping nested in
 * a compact one, always an error. Returns where the first such colon is, or null (quoted or
 * flow values, a comment on the line, other indicators).
 */
function nestedColon(raw: string): number | null {
  const text = raw.trimEnd();
  if (text === '' || /^["'[\]{}&*!|>%@`,?#-]/.test(text) || text.includes(' #')) return null;
  const at = text.indexOf(': ');
  if (at !== -1) return at;
  return text.endsWith(':') ? text.length - 1 : null;
}

export interface FastProblem {
  message: string;
  code: string;
  range: Range;
}

export interface FastFrontmatter {
  fields: FastField[];
  /**
   * The YAML errors the fast path recognises (a list with text after it, a plain value holding
   * `: `), at most one per line; each stands on its own, none is the echo of another.
   */
  errors: FastProblem[];
}

/**
 * A block scalar (`|`, `|-`, `>`, `>-`) whose lines start at `start`: the text
 * YAML gives, or null for the forms left to yaml (an indentation indicator, a comment after
 * the indicator, tabs, blank lines with spaces before the first line of text, and folded text
 * with lines indented more than the first).
 */
function blockScalar(text: string, header: string, start: number, end: number): { value: string; rangeEnd: number; next: number } | null {
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

/**
 * Whether a value follows on the next lines (blank lines and comments aside): an indented line,
 * or a list item, which may start at the key's own column.
 */
function indentedFollows(text: string, pos: number, end: number): boolean {
  while (pos < end) {
    const { line, eol } = lineAt(text, pos, end);
    const t = line.trimStart();
    if (t !== '' && !t.startsWith('#')) return t.length !== line.length || t === '-' || t.startsWith('- ');
    pos = eol + 1;
  }
  return false;
}

/** Parses flat frontmatter; null when the text needs the real YAML parser. */
export function parseFlatFrontmatter(text: string, start: number, end: number): FastField[] | null {
  const r = parseFastFrontmatter(text, start, end);
  return r && r.errors.length === 0 ? r.fields : null;
}

/**
 * Flat frontmatter, or flat frontmatter with `key: [a] b` or `key: a: b` lines (YAML errors,
 * reported without the YAML parser, with the fields of the other lines); null for anything else.
 */
export function parseFastFrontmatter(text: string, start: number, end: number): FastFrontmatter | null {
  const errors: FastProblem[] = [];
  const fields: FastField[] = [];
  const seen = new Set<string>();
  let pos = start;
  while (pos < end) {
    const { line, eol } = lineAt(text, pos, end);
    if (line.includes('\t') || line.includes('\r')) return null;
    const trimmed = line.trim();
    if (trimmed === '' || (trimmed.startsWith('#') && line.startsWith('#'))) {
      pos = eol + 1;
      continue;
    }
    const m = KEY_LINE.exec(line);
    if (!m) return null;
    const key = m[1]!;
    if (seen.has(key)) return null;
    seen.add(key);
    if ((m[2] === undefined || m[2].trim() === '') && !indentedFollows(text, eol + 1, end)) {
      // `key:` and nothing under it: an empty value (null), placed at the end of the line.
      const at = pos + line.length;
      fields.push({ key, keyRange: { start: pos, end: pos + key.length }, valueRange: { start: at, end: at }, value: null });
      pos = eol + 1;
      continue;
    }
    if (m[2] === undefined) {
      // `key:` then a block list of plain words (`  - Read`), or a nested mapping or list.
      const list = blockList(text, eol + 1, end);
      if (list) {
        fields.push({ key, keyRange: { start: pos, end: pos + key.length }, valueRange: list.range, value: list.items, items: list.itemRanges });
        pos = list.next;
        continue;
      }
      const nested = readNestedValue(text, start, eol + 1, end);
      if (!nested) return null;
      const field: FastField = {
        key,
        keyRange: { start: pos, end: pos + key.length },
        valueRange: { start: start + nested.node.range[0], end: start + nested.node.range[1] },
        value: nested.value as FastField['value'],
        node: nested.node,
      };
      if (nested.node instanceof LightSeq && nested.node.items.every((it) => it instanceof LightScalar)) {
        field.items = nested.node.items.map((it) => ({ start: start + it.range[0], end: start + it.range[1] }));
      }
      fields.push(field);
      pos = nested.next;
      continue;
    }
    const valueStart = pos + line.length - m[2].length;
    if (m[2][0] === '|' || m[2][0] === '>') {
      const block = blockScalar(text, m[2], eol + 1, end);
      if (!block) return null;
      fields.push({ key, keyRange: { start: pos, end: pos + key.length }, valueRange: { start: valueStart, end: block.rangeEnd }, value: block.value });
      pos = block.next;
      continue;
    }
    const flow = m[2].startsWith('[') ? flowSequence(m[2]) : null;
    const sc = flow ?? scalar(m[2]);
    if (!sc) {
      // The two YAML errors real specs make most, each on one line: reported from here.
      const trailer = m[2].startsWith('[') ? flowWithTrailer(m[2]) : null;
      const colon = trailer ? null : nestedColon(m[2]);
      if (trailer) {
        const list = m[2].slice(0, trailer.close + 1);
        const rest = m[2].slice(trailer.rest, trailer.end);
        errors.push({
          code: 'UNEXPECTED_TOKEN',
          message: `\`${key}: ${list}\` is a YAML list, and the line goes on after its \`]\` (\`${rest}\`), where YAML expects the end of the value`,
          range: { start: valueStart + trailer.rest, end: valueStart + trailer.end },
        });
      } else if (colon !== null) {
        errors.push({
          code: 'BLOCK_AS_IMPLICIT_KEY',
          message: `the plain value of \`${key}\` holds \`:${m[2][colon + 1] === ' ' ? ' ' : ''}\`, which YAML reads as the key of a nested mapping, not allowed on one line`,
          range: { start: valueStart + colon, end: valueStart + colon + 1 },
        });
      } else return null;
      pos = eol + 1;
      continue;
    }
    const field: FastField = {
      key,
      keyRange: { start: pos, end: pos + key.length },
      valueRange: { start: valueStart, end: valueStart + sc.length },
      value: sc.value,
    };
    if (flow) field.items = flow.offsets.map(([a, b]) => ({ start: valueStart + a, end: valueStart + b }));
    fields.push(field);
    pos = eol + 1;
  }
  return { fields, errors };
}
