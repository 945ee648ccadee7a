/**
 * A fast path for frontmatter as real specs write it: `key: value` lines with scalar, flow-list
 * and block-scalar values (frontmatter-values.ts), lists, and nested OpenCode mappings
 * (frontmatter-block.ts). It gives exactly what the `yaml` package gives for such text (values,
 * key and value ranges, item and node positions) at a fraction of the cost, and reports the two
 * commonest YAML errors itself; anything else (anchors, tags, flow mappings, unusual escapes or
 * numbers, tabs, duplicate keys) returns null and the caller parses with `yaml`. Tests compare
 * both on every corpus file, on hand-made cases and on random frontmatter.
 */
import type { Range } from '../types.js';
import { flowNode, itemRanges, readNestedValue, type LightNode, type LightSeq } from './frontmatter-block.js';
import { blockScalar, lineAt, scalar } from './frontmatter-values.js';

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

const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*) ?:(?: +(.*))?$/;
/**
 * `[a] b`: a one-line flow sequence with text after its `]` (the usual `argument-hint: [x] [y]`).
 * In a block mapping that is always a YAML error; returns where the trailing text starts and
 * ends, or null for anything else (nested brackets, quotes, `[a]: b`, `[a] # comment`, ...).
 */
function flowWithTrailer(raw: string): { close: number; rest: number; end: number } | null {
  const close = raw.indexOf(']');
  if (close === -1 || /[[\]{}"'#]/.test(raw.slice(1, close))) return null;
  return trailer(raw, close);
}

/**
 * The text after a value that closes at `raw[close]` (a `]`, a quote), when it breaks the line:
 * where it starts and ends, or null when nothing follows but blanks or a comment, or `:`/`,`
 * (another construct, left to yaml).
 */
function trailer(raw: string, close: number): { close: number; rest: number; end: number } | null {
  const after = raw.slice(close + 1);
  const rest = after.trim();
  if (rest === '' || /^[:#,]/.test(rest)) return null;
  const at = close + 1 + (after.length - after.trimStart().length);
  return { close, rest: at, end: at + rest.length };
}

/**
 * `"a" b`: a quoted string with text after its closing quote (`argument-hint: "x" | --y`), a YAML
 * error in a block mapping; where the trailing text starts and ends, or null for anything else
 * (a comment after it, `"a": b`, an unclosed or unreadable string).
 */
function quotedWithTrailer(raw: string): { close: number; rest: number; end: number } | null {
  const q = raw[0];
  if (q !== '"' && q !== "'") return null;
  let close = -1;
  for (let i = 1; close === -1; ) {
    const c = raw.indexOf(q, i);
    if (c === -1) return null;
    if (q === "'" && raw[c + 1] === "'") i = c + 2; // '' is a quote inside
    else if (q === '"' && isEscaped(raw, c)) i = c + 1;
    else close = c;
  }
  if (!scalar(raw.slice(0, close + 1))) return null;
  return trailer(raw, close);
}

/** The character at `i` follows an odd number of backslashes. */
function isEscaped(raw: string, i: number): boolean {
  let n = 0;
  while (i - 1 - n >= 0 && raw[i - 1 - n] === '\\') n++;
  return n % 2 === 1;
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

/**
 * The lines that continue a plain value (`description: first line` then indented lines, blank
 * lines among them): YAML folds them into one string, each line break a space, each blank line a
 * line break. From `pos` (the line after the key's) to the first line at the key's column.
 * Returns the folded rest of the value (to append to the first line), where the value's text ends
 * and where the next line starts; `undefined` when no line continues it; null for lines the scan
 * does not read (comments, `: `, indicators at a line's start, tabs), which go to yaml.
 */
function plainContinuation(text: string, pos: number, end: number): { rest: string; valueEnd: number; next: number } | undefined | null {
  // Most values are followed by the next key: nothing continues them.
  const c = text.charCodeAt(pos);
  if (pos >= end || (c !== 32 && c !== 10 && c !== 13 && c !== 9)) return undefined;
  let rest = '';
  let blanks = 0;
  let valueEnd = -1;
  let next = pos;
  while (pos < end) {
    const { line, eol } = lineAt(text, pos, end);
    if (line.includes('\t') || line.includes('\r')) return null;
    const content = line.trim();
    if (content === '') {
      blanks++;
    } else {
      if (line[0] !== ' ') break; // the next key (or a comment) at the key's column
      if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(content) || content.includes(' #') || content.includes(': ') || content.endsWith(':')) return null;
      rest += (blanks === 0 ? ' ' : '\n'.repeat(blanks)) + content;
      blanks = 0;
      valueEnd = pos + (line.length - line.trimStart().length) + content.length;
      next = eol + 1;
    }
    pos = eol + 1;
  }
  return valueEnd === -1 ? undefined : { rest, valueEnd, next };
}

/**
 * A flow list that starts on the line after its key and may span lines (`tags:` then `  [`,
 * items one per line, `  ]`): its light node, and where the next line starts; null when there is
 * none there or it is written in a way the scan does not read. Every line break must follow the
 * `[` or a `,`, or come before the `]`, so that no item spans lines (YAML folds those), and every
 * line of it is indented; the text is then read as one line, each break a space (same length).
 */
function multiLineFlow(text: string, pos: number, end: number, base: number): { node: LightSeq; next: number } | null {
  let first = lineAt(text, pos, end);
  while (first.line.trim() === '' && first.eol < end) {
    pos = first.eol + 1;
    first = lineAt(text, pos, end);
  }
  if (first.line[0] !== ' ' || first.line.trimStart()[0] !== '[') return null;
  const open = pos + first.line.length - first.line.trimStart().length;
  const close = text.indexOf(']', open);
  if (close === -1 || close >= end) return null;
  const after = lineAt(text, close + 1, end);
  if (after.line.trim() !== '') return null;
  const raw = text.slice(open, close + 1);
  if (raw.includes('\t') || raw.includes('\r')) return null;
  for (let nl = raw.indexOf('\n'); nl !== -1; nl = raw.indexOf('\n', nl + 1)) {
    if (raw[nl + 1] !== ' ') return null;
    const before = raw.slice(0, nl).trimEnd();
    const last = before[before.length - 1];
    if (last !== '[' && last !== ',' && raw.slice(nl + 1).trimStart()[0] !== ']') return null;
    // A double-quoted item closed before the break (an odd count of quotes on the line: one spans it).
    const lineStart = raw.lastIndexOf('\n', nl - 1) + 1;
    if ((raw.slice(lineStart, nl).match(/(?<!\\)"/g)?.length ?? 0) % 2 === 1) return null;
  }
  const next = after.eol < end ? after.eol + 1 : after.eol;
  const node = flowNode(raw.replace(/\n/g, ' '), open, next, base);
  return node ? { node, next } : null;
}

/** The field of `key` (written at `keyAt`) whose value is the flow list `node` (ranges relative to `base`). */
function flowField(key: string, keyAt: number, node: LightSeq, base: number): FastField {
  return { key, keyRange: { start: keyAt, end: keyAt + key.length }, valueRange: { start: base + node.range[0], end: base + node.range[1] }, value: node.toJSON() as string[], node, items: itemRanges(node, base)! };
}

/** Characters JavaScript's `trim` removes and YAML does not (YAML's blanks are the space and the tab). */
const OTHER_BLANKS = /[\v\f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

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

/**
 * Flat frontmatter, or flat frontmatter with `key: [a] b` or `key: a: b` lines (YAML errors,
 * reported without the YAML parser, with the fields of the other lines); null for anything else.
 */
export function parseFastFrontmatter(text: string, start: number, end: number): FastFrontmatter | null {
  // The scan trims lines as JavaScript does, and YAML trims only spaces and tabs: frontmatter
  // holding another blank (a no-break or ideographic space, a BOM, \v, \f) goes to yaml.
  if (OTHER_BLANKS.test(text.slice(start, end))) return null;
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
    if (m[2] === undefined || m[2].trim() === '') {
      // `key:` then a flow list on the lines below (`  [a, b]`, or one item per line).
      const flow = multiLineFlow(text, eol + 1, end, start);
      if (flow) {
        fields.push(flowField(key, pos, flow.node, start));
        pos = flow.next;
        continue;
      }
      // `key:` then a nested list (`  - Read`) or mapping.
      const nested = readNestedValue(text, start, eol + 1, end);
      if (!nested) return null;
      const field: FastField = {
        key,
        keyRange: { start: pos, end: pos + key.length },
        valueRange: { start: start + nested.node.range[0], end: start + nested.node.range[1] },
        value: nested.value as FastField['value'],
        node: nested.node,
      };
      const items = itemRanges(nested.node, start);
      if (items) field.items = items;
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
    const flow = m[2].startsWith('[') ? flowNode(m[2], valueStart, eol < end ? eol + 1 : eol, start) : null;
    const sc = flow ? null : scalar(m[2]);
    if (!flow && !sc) {
      // The YAML errors real specs make most, each on one line: reported from here.
      const trailer = m[2].startsWith('[') ? flowWithTrailer(m[2]) : null;
      const quoted = trailer ? null : quotedWithTrailer(m[2]);
      const colon = trailer || quoted ? null : nestedColon(m[2]);
      if (trailer) {
        const list = m[2].slice(0, trailer.close + 1);
        const rest = m[2].slice(trailer.rest, trailer.end);
        errors.push({
          code: 'UNEXPECTED_TOKEN',
          message: `\`${key}: ${list}\` is a YAML list, and the line goes on after its \`]\` (\`${rest}\`), where YAML expects the end of the value`,
          range: { start: valueStart + trailer.rest, end: valueStart + trailer.end },
        });
      } else if (quoted) {
        const str = m[2].slice(0, quoted.close + 1);
        const rest = m[2].slice(quoted.rest, quoted.end);
        errors.push({
          code: 'UNEXPECTED_TOKEN',
          message: `\`${key}: ${str}\` is a quoted string, and the line goes on after its closing quote (\`${rest}\`), where YAML expects the end of the value`,
          range: { start: valueStart + quoted.rest, end: valueStart + quoted.end },
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
    if (sc && !/^["']/.test(m[2])) {
      // A plain value that goes on over indented lines: one string, folded as YAML folds it.
      const more = plainContinuation(text, eol + 1, end);
      if (more === null || (more && m[2].trimEnd().length !== sc.length)) return null; // a comment on the first line ends the value
      if (more) {
        fields.push({ key, keyRange: { start: pos, end: pos + key.length }, valueRange: { start: valueStart, end: more.valueEnd }, value: m[2].slice(0, sc.length) + more.rest });
        pos = more.next;
        continue;
      }
    }
    const field: FastField = flow
      ? flowField(key, pos, flow, start)
      : { key, keyRange: { start: pos, end: pos + key.length }, valueRange: { start: valueStart, end: valueStart + sc!.length }, value: sc!.value };
    fields.push(field);
    pos = eol + 1;
  }
  return { fields, errors };
}
