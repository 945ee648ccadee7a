/**
 * A TOML file as the positioned tree the JSON-file rules read (`JsonNode`): smol-toml says what
 * the file holds, and a scan of the text says where each key, value and table header is
 * written. The scan follows TOML's structure (headers, `key = value` lines, dotted and quoted
 * keys, inline tables and arrays over several lines, every string form) but not its values; a
 * part it cannot follow ends the scan, and what was not placed takes its parent's position.
 *
 * Linear in the text; no recursion deeper than the file's own nesting of inline values.
 */
import type { JsonNode, JsonObject, JsonProperty, JsonString } from '../json/ast.js';
import type { Range } from '../../types.js';

type Segment = string | number;

/** Where one key and its value are written (a table header is both). */
interface Place {
  keyRange: Range;
  valueRange: Range;
}

const SEP = '\u0000';
const keyOf = (path: readonly Segment[]): string => path.join(SEP);

class Stop {}
const STOP = new Stop();

const isBare = (c: string): boolean => /[A-Za-z0-9_-]/.test(c);

class Scanner {
  pos = 0;
  readonly places = new Map<string, Place>();
  /** Arrays of tables (`[[x]]`) by their path, and how many elements each has so far. */
  readonly tableArrays = new Map<string, number>();

  constructor(readonly text: string) {}

  scan(): void {
    const t = this.text;
    let table: Segment[] = [];
    try {
      while (this.pos < t.length) {
        this.skipBlank(true);
        if (this.pos >= t.length) break;
        const c = t[this.pos]!;
        if (c === '[') table = this.header();
        else this.keyValue(table);
        this.endLine();
      }
    } catch (e) {
      if (e !== STOP) throw e;
    }
  }

  /** `[a.b]` or `[[a.b]]`: the path the lines below it belong to. */
  header(): Segment[] {
    const t = this.text;
    const start = this.pos;
    const isArray = t[start + 1] === '[';
    this.pos += isArray ? 2 : 1;
    this.skipBlank(false);
    const keys = this.keyPath();
    this.skipBlank(false);
    if (!t.startsWith(isArray ? ']]' : ']', this.pos)) throw STOP;
    this.pos += isArray ? 2 : 1;
    const range = { start, end: this.pos };
    const path = this.resolve(keys, !isArray);
    // The tables a header makes on its way (`[a.b]` makes `a`) are written where it is.
    for (let i = 1; i < path.length; i++) this.place(path.slice(0, i), range, range, false);
    if (!isArray) {
      this.place(path, range, range, true);
      return path;
    }
    const k = keyOf(path);
    const n = this.tableArrays.get(k) ?? 0;
    this.tableArrays.set(k, n + 1);
    this.place(path, range, range, false);
    const element = [...path, n];
    this.place(element, range, range, true);
    return element;
  }

  /**
   * A header's keys as a path of the document: a key that names an array of tables means its
   * last element (`[[a.b]]` after `[[a]]` extends the last `a`); the last key of an array
   * header names the array itself.
   */
  resolve(keys: string[], throughLast: boolean): Segment[] {
    const out: Segment[] = [];
    keys.forEach((key, i) => {
      out.push(key);
      if (i === keys.length - 1 && !throughLast) return;
      const n = this.tableArrays.get(keyOf(out));
      if (n !== undefined) out.push(n - 1);
    });
    return out;
  }

  /** The tables a dotted key makes on its way (`a.b = 1` makes `a`). */
  implicit(base: Segment[], keys: string[], keyRange: Range): void {
    for (let i = 1; i < keys.length; i++) this.place([...base, ...keys.slice(0, i)], keyRange, keyRange, false);
  }

  place(path: Segment[], keyRange: Range, valueRange: Range, replace: boolean): void {
    const k = keyOf(path);
    if (replace || !this.places.has(k)) this.places.set(k, { keyRange, valueRange });
  }

  keyEnd = 0;

  /** `key = value` (a line's, or an entry of an inline table) under the table at `base`. */
  keyValue(base: Segment[]): void {
    const keyStart = this.pos;
    const keys = this.keyPath();
    const keyRange = { start: keyStart, end: this.keyEnd };
    this.skipBlank(false);
    if (this.text[this.pos] !== '=') throw STOP;
    this.pos++;
    this.skipBlank(false);
    this.implicit(base, keys, keyRange);
    this.value([...base, ...keys], keyRange);
  }

  /** `a`, `"a b"`, `'a'`, `a . b`: the keys, and the end of the last one in `keyEnd`. */
  keyPath(): string[] {
    const t = this.text;
    const keys: string[] = [];
    for (;;) {
      const c = t[this.pos];
      if (c === '"' || c === "'") {
        const start = this.pos;
        this.skipString();
        keys.push(decodeString(t, start)?.value ?? t.slice(start + 1, this.pos - 1));
      } else {
        const start = this.pos;
        while (this.pos < t.length && isBare(t[this.pos]!)) this.pos++;
        if (this.pos === start) throw STOP;
        keys.push(t.slice(start, this.pos));
      }
      this.keyEnd = this.pos;
      this.skipBlank(false);
      if (t[this.pos] !== '.') return keys;
      this.pos++;
      this.skipBlank(false);
    }
  }

  /** A value at `path`: records where it is written, and where its parts are. */
  value(path: Segment[], keyRange: Range | null): void {
    const t = this.text;
    const start = this.pos;
    const c = t[start];
    if (c === '"' || c === "'") this.skipString();
    else if (c === '[') {
      this.pos++;
      for (let i = 0; ; i++) {
        this.skipBlank(true);
        if (t[this.pos] === ']') break;
        this.value([...path, i], null);
        this.skipBlank(true);
        if (t[this.pos] === ',') this.pos++;
        else if (t[this.pos] !== ']') throw STOP;
      }
      this.pos++;
    } else if (c === '{') {
      this.pos++;
      for (;;) {
        this.skipBlank(true);
        if (t[this.pos] === '}') break;
        this.keyValue(path);
        this.skipBlank(true);
        if (t[this.pos] === ',') this.pos++;
        else if (t[this.pos] !== '}') throw STOP;
      }
      this.pos++;
    } else {
      while (this.pos < t.length && !/[,\]}#\r\n]/.test(t[this.pos]!)) this.pos++;
      let end = this.pos;
      while (end > start && /[ \t]/.test(t[end - 1]!)) end--;
      if (end === start) throw STOP;
      this.pos = end;
    }
    const valueRange = { start, end: this.pos };
    this.place(path, keyRange ?? valueRange, valueRange, true);
  }

  skipString(): void {
    const t = this.text;
    const q = t[this.pos]!;
    const triple = t.startsWith(q.repeat(3), this.pos);
    this.pos += triple ? 3 : 1;
    while (this.pos < t.length) {
      const c = t[this.pos]!;
      if (c === '\\' && q === '"') {
        this.pos += 2;
        continue;
      }
      if (c === q && (!triple || t.startsWith(q.repeat(3), this.pos))) {
        this.pos += triple ? 3 : 1;
        // A multi-line string may end with one or two quotes of its own before the closing three.
        if (triple) for (let i = 0; i < 2 && t[this.pos] === q; i++) this.pos++;
        return;
      }
      if (!triple && (c === '\n' || c === '\r')) throw STOP;
      this.pos++;
    }
    throw STOP;
  }

  /** Spaces and tabs; with `lines`, also line breaks and comments. */
  skipBlank(lines: boolean): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t[this.pos]!;
      if (c === ' ' || c === '\t') this.pos++;
      else if (lines && (c === '\n' || c === '\r')) this.pos++;
      else if (lines && c === '#') this.toEol();
      else return;
    }
  }

  toEol(): void {
    const t = this.text;
    while (this.pos < t.length && t[this.pos] !== '\n') this.pos++;
  }

  /** After a header or a key's value: a comment at most, then the line ends. */
  endLine(): void {
    this.skipBlank(false);
    const c = this.text[this.pos];
    if (c === '#') this.toEol();
    else if (c !== undefined && c !== '\n' && c !== '\r') throw STOP;
  }
}

/** A decoded string literal: its value, and the offset in the text of each of its characters (plus one past the last). */
export interface DecodedString {
  value: string;
  offsets: number[];
}

const ESCAPES: Readonly<Record<string, string>> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\u001b', '"': '"', '\\': '\\' };

/** The string literal starting at `start` (any of TOML's four forms), or null when it is not one. */
export function decodeString(text: string, start: number): DecodedString | null {
  const q = text[start];
  if (q !== '"' && q !== "'") return null;
  const triple = text.startsWith(q.repeat(3), start);
  let i = start + (triple ? 3 : 1);
  // A newline right after the opening quotes is not part of a multi-line string.
  if (triple && text[i] === '\n') i++;
  else if (triple && text.startsWith('\r\n', i)) i += 2;
  const value: string[] = [];
  const offsets: number[] = [];
  const push = (s: string, at: number) => {
    for (let k = 0; k < s.length; k++) {
      value.push(s[k]!);
      offsets.push(at);
    }
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === q && (!triple || text.startsWith(q.repeat(3), i))) {
      if (triple) {
        // Up to two quotes before the closing three belong to the string, each where it is.
        for (let extra = 0; extra < 2 && text[i + 3] === q; extra++) push(q, i++);
      }
      offsets.push(i);
      return { value: value.join(''), offsets };
    }
    if (c === '\\' && q === '"') {
      const e = text[i + 1];
      if (e !== undefined && e in ESCAPES) {
        push(ESCAPES[e]!, i);
        i += 2;
        continue;
      }
      if (e === 'u' || e === 'U' || e === 'x') {
        const len = e === 'u' ? 4 : e === 'U' ? 8 : 2;
        const hex = text.slice(i + 2, i + 2 + len);
        if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== len) return null;
        push(String.fromCodePoint(parseInt(hex, 16)), i);
        i += 2 + len;
        continue;
      }
      if (triple) {
        // A backslash ending a line joins the next non-blank character.
        let j = i + 1;
        while (text[j] === ' ' || text[j] === '\t') j++;
        if (text[j] === '\n' || text.startsWith('\r\n', j)) {
          while (j < text.length && /[ \t\r\n]/.test(text[j]!)) j++;
          i = j;
          continue;
        }
      }
      return null;
    }
    if (!triple && (c === '\n' || c === '\r')) return null;
    push(c, i);
    i++;
  }
  return null;
}

/**
 * Where characters `start .. end` of a string node's value are in `text`, read through its
 * escapes and joined lines (`\t` is one character of the value and two of the text); the
 * node's whole range when it is not a string literal written there. The literal is decoded
 * once, on the first call.
 */
export function tomlValueRanges(text: string, node: JsonString): (start: number, end: number) => Range {
  let offsets: readonly number[] | null | undefined;
  return (start, end) => {
    if (offsets === undefined) {
      const d = decodeString(text, node.range.start);
      // A date is a string of the tree, and a value the scan did not place has its parent's range.
      offsets = d?.value === node.value ? d.offsets : null;
    }
    if (!offsets) return node.range;
    const o = offsets;
    const at = (i: number) => o[Math.max(0, Math.min(i, o.length - 1))]!;
    return { start: at(start), end: Math.max(at(start), at(end)) };
  };
}

function build(value: unknown, path: Segment[], places: Map<string, Place>, fallback: Range): JsonNode {
  const place = places.get(keyOf(path));
  const range = place?.valueRange ?? fallback;
  if (Array.isArray(value)) {
    return { type: 'array', items: value.map((v, i) => build(v, [...path, i], places, range)), range, hasEllipsis: false };
  }
  if (value instanceof Date) return { type: 'string', value: value.toString(), range, templated: false };
  if (value !== null && typeof value === 'object') {
    const properties: JsonProperty[] = Object.keys(value).map((key) => {
      const child = build((value as Record<string, unknown>)[key], [...path, key], places, range);
      const keyRange = places.get(keyOf([...path, key]))?.keyRange ?? child.range;
      return { key, keyRange, value: child, range: { start: Math.min(keyRange.start, child.range.start), end: Math.max(keyRange.end, child.range.end) } };
    });
    return { type: 'object', properties, range, hasEllipsis: false };
  }
  if (typeof value === 'string') return { type: 'string', value, range, templated: false };
  if (typeof value === 'number' || typeof value === 'bigint') return { type: 'number', value: Number(value), range };
  if (typeof value === 'boolean') return { type: 'boolean', value, range };
  return { type: 'null', range };
}

/** The parsed TOML value `root` of `text`, as a tree whose nodes say where they are written. */
export function tomlTree(text: string, root: Record<string, unknown>): JsonObject {
  const scanner = new Scanner(text);
  scanner.scan();
  return build(root, [], scanner.places, { start: 0, end: text.length }) as JsonObject;
}
