/**
 * A strict JSON parser (RFC 8259) that builds the same positioned tree as the tolerant parser.
 *
 * Specs write JSON templates; a subagent's reply is a real value, and a caller parses it with
 * `JSON.parse`. This parser accepts exactly what `JSON.parse` accepts (no comments, no trailing
 * commas, no placeholders, no single quotes, no raw control characters in strings) and says
 * where the text stops being JSON. Its strings are never `templated` and have no
 * `alternatives`, objects and arrays never `hasEllipsis`: the tree is read literally.
 *
 * Linear time (char-code scanning), bounded nesting, never throws.
 */
import type { JsonArray, JsonNode, JsonObject, JsonParseResult, JsonProperty, JsonString } from './ast.js';
import { MAX_DEPTH } from './parse.js';
import type { Range } from '../../types.js';

class Failure {
  constructor(
    readonly message: string,
    readonly offset: number,
  ) {}
}

/** The one-letter escapes of JSON. */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** How a character is named in a message: `'x'`, or `U+0007` for one that does not print. */
function shown(text: string, p: number): string {
  if (p >= text.length) return 'the end of the input';
  const cp = text.codePointAt(p)!;
  if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0) || cp === 0x2028 || cp === 0x2029 || cp === 0xfeff) {
    return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return `'${String.fromCodePoint(cp)}'`;
}

class StrictParser {
  pos: number;
  depth = 0;
  constructor(
    readonly text: string,
    start: number,
  ) {
    this.pos = start;
  }

  fail(message: string, at = this.pos): never {
    throw new Failure(message, at);
  }

  skipWs(): void {
    const t = this.text;
    while (this.pos < t.length && WS.has(t.charCodeAt(this.pos))) this.pos++;
  }

  unexpected(expected: string): never {
    const t = this.text;
    const p = this.pos;
    if (p >= t.length) this.fail(`unexpected end of input, expected ${expected}`);
    const c = t[p];
    let hint = '';
    if (c === "'") hint = ' (JSON strings use double quotes)';
    else if (c === '/' && (t[p + 1] === '/' || t[p + 1] === '*')) hint = ' (JSON has no comments)';
    else if (t.startsWith('...', p) || c === '\u2026') hint = ' (a "..." placeholder is not JSON)';
    else if (c === '{' || c === '<' || c === '$') hint = ' (a template placeholder is not a JSON value)';
    this.fail(`expected ${expected}, found ${shown(t, p)}${hint}`);
  }

  value(): JsonNode {
    this.skipWs();
    const t = this.text;
    const p = this.pos;
    const c = t.charCodeAt(p);
    if (c === 0x7b) return this.object();
    if (c === 0x5b) return this.array();
    if (c === 0x22) return this.string();
    if (c === 0x2d || isDigit(c)) return this.number();
    if (t.startsWith('true', p)) return { type: 'boolean', value: true, range: this.take(p, 4) };
    if (t.startsWith('false', p)) return { type: 'boolean', value: false, range: this.take(p, 5) };
    if (t.startsWith('null', p)) return { type: 'null', range: this.take(p, 4) };
    this.unexpected('a JSON value');
  }

  /** Consumes `length` characters at `p` and returns their range. */
  take(p: number, length: number): Range {
    this.pos = p + length;
    return { start: p, end: this.pos };
  }

  // Objects and arrays share their list grammar: members up to the closing bracket, a comma
  // between two of them and none after the last. The steps of that grammar are the methods
  // below, so both end and fail alike.

  /** Steps into the object or array whose bracket is at `pos`; returns where it opened. */
  enter(): number {
    const open = this.pos;
    if (++this.depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH}`);
    this.pos = open + 1;
    return open;
  }

  /**
   * Before a member (`count` came before it): skips whitespace; true, stepping over it, when
   * `close` ends the list here, which only an empty list may do (JSON allows no trailing comma).
   */
  closesBeforeMember(close: number, count: number): boolean {
    this.skipWs();
    if (this.text.charCodeAt(this.pos) !== close) return false;
    if (count > 0) this.fail(`trailing comma before '${String.fromCharCode(close)}' (JSON allows none)`, this.pos - 1 - this.wsBefore());
    this.pos++;
    return true;
  }

  /**
   * After a member: skips whitespace, then steps over the comma before the next one (false) or
   * over `close` (true); anything else is unexpected. `key`: the property's name, in an object.
   */
  endOfMember(close: number, key: string | undefined): boolean {
    this.skipWs();
    const c = this.text.charCodeAt(this.pos);
    if (c === close) {
      this.pos++;
      return true;
    }
    if (c !== 0x2c) this.unexpected(key === undefined ? "',' or ']' in an array" : `',' or '}' after the value of "${key}"`);
    this.pos++;
    return false;
  }

  /** Whitespace just before `pos` (to point a trailing-comma error at the comma). */
  wsBefore(): number {
    let n = 0;
    while (this.pos - 1 - n >= 0 && WS.has(this.text.charCodeAt(this.pos - 1 - n))) n++;
    return n;
  }

  object(): JsonObject {
    const t = this.text;
    const open = this.enter();
    const properties: JsonProperty[] = [];
    for (;;) {
      if (this.closesBeforeMember(0x7d, properties.length)) break;
      if (t.charCodeAt(this.pos) !== 0x22) this.unexpected('a property name in double quotes');
      const key = this.string();
      this.skipWs();
      if (t.charCodeAt(this.pos) !== 0x3a) this.unexpected(`':' after the property name "${key.value}"`);
      this.pos++;
      const value = this.value();
      properties.push({ key: key.value, keyRange: key.range, value, range: { start: key.range.start, end: value.range.end } });
      if (this.endOfMember(0x7d, key.value)) break;
    }
    this.depth--;
    return { type: 'object', properties, hasEllipsis: false, range: { start: open, end: this.pos } };
  }

  array(): JsonArray {
    const open = this.enter();
    const items: JsonNode[] = [];
    for (;;) {
      if (this.closesBeforeMember(0x5d, items.length)) break;
      items.push(this.value());
      if (this.endOfMember(0x5d, undefined)) break;
    }
    this.depth--;
    return { type: 'array', items, hasEllipsis: false, range: { start: open, end: this.pos } };
  }

  string(): JsonString {
    const t = this.text;
    const start = this.pos;
    let p = start + 1;
    let out = '';
    let seg = p;
    for (;;) {
      if (p >= t.length) this.fail('unterminated string', start);
      const c = t.charCodeAt(p);
      if (c === 0x22) break;
      if (c < 0x20) this.fail(`raw control character ${shown(t, p)} in a string (write it as an escape such as \\n)`, p);
      if (c === 0x5c) {
        out += t.slice(seg, p);
        const d = t[p + 1];
        const simple = d === undefined ? undefined : SIMPLE_ESCAPES[d];
        if (simple !== undefined) {
          out += simple;
          p += 2;
        } else if (d === 'u' && /^[0-9a-fA-F]{4}$/.test(t.slice(p + 2, p + 6))) {
          out += String.fromCharCode(parseInt(t.slice(p + 2, p + 6), 16));
          p += 6;
        } else {
          this.fail(`invalid escape ${d === undefined ? '\\' : JSON.stringify('\\' + d).slice(1, -1)} in a string`, p);
        }
        seg = p;
        continue;
      }
      p++;
    }
    out += t.slice(seg, p);
    this.pos = p + 1;
    return { type: 'string', value: out, templated: false, range: { start, end: this.pos } };
  }

  number(): JsonNode {
    const t = this.text;
    const start = this.pos;
    let p = start;
    if (t.charCodeAt(p) === 0x2d) p++;
    const first = t.charCodeAt(p);
    if (first === 48) {
      p++;
      if (isDigit(t.charCodeAt(p))) this.fail('a number may not have a leading zero', start);
    } else if (isDigit(first)) {
      while (isDigit(t.charCodeAt(p))) p++;
    } else {
      this.pos = p;
      this.unexpected('a digit');
    }
    if (t.charCodeAt(p) === 0x2e) {
      p++;
      if (!isDigit(t.charCodeAt(p))) {
        this.pos = p;
        this.unexpected('a digit after the decimal point');
      }
      while (isDigit(t.charCodeAt(p))) p++;
    }
    const e = t.charCodeAt(p);
    if (e === 0x65 || e === 0x45) {
      p++;
      const s = t.charCodeAt(p);
      if (s === 0x2b || s === 0x2d) p++;
      if (!isDigit(t.charCodeAt(p))) {
        this.pos = p;
        this.unexpected('a digit in the exponent');
      }
      while (isDigit(t.charCodeAt(p))) p++;
    }
    this.pos = p;
    return { type: 'number', value: Number(t.slice(start, p)), range: { start, end: p } };
  }
}

/**
 * Parses one strict JSON value that begins at `text[start]` (after optional JSON whitespace) and
 * stops right after it; ranges are offsets into `text`. Text after the value is the caller's to
 * judge. Never throws.
 */
export function parseStrictJson(text: string, start = 0): JsonParseResult {
  const parser = new StrictParser(text, start);
  try {
    const value = parser.value();
    return { ok: true, value, end: parser.pos };
  } catch (e) {
    if (e instanceof Failure) return { ok: false, error: { message: e.message, offset: e.offset } };
    return { ok: false, error: { message: `internal parser error: ${e instanceof Error ? e.message : String(e)}`, offset: parser.pos } };
  }
}
