/**
 * A template-tolerant JSON parser that keeps positions.
 *
 * Agent specs write their return formats as JSON *templates*: `"status": "completed|failed"`,
 * `"duration_seconds": {duration}`, `"artifacts": [{type, path, summary}, ...]`, `// comments`,
 * trailing commas, JSON escaped inside a quoted prompt string (`{\"operation\": \"x\"}`). This
 * parser reads one such value starting at a given offset and stops right after it, so it can be
 * pointed at any candidate `{` in a markdown document.
 *
 * Design constraints:
 * - never throws (internal failures are a plain object thrown and caught at the entry point);
 * - linear time: char-code scanning, no backtracking regular expressions, bounded look-ahead;
 * - bounded recursion: nesting deeper than {@link MAX_DEPTH} is an error, not a stack overflow.
 */
import type {
  JsonArray,
  JsonNode,
  JsonObject,
  JsonParseOptions,
  JsonParseResult,
  JsonPlaceholder,
  JsonProperty,
  JsonString,
} from './ast.js';

/** Deepest object/array nesting accepted. */
export const MAX_DEPTH = 1000;

/** What a {@link JsonPlaceholder} converts to in {@link toPlainValue}: compare by identity. */
export const PLACEHOLDER_VALUE: Readonly<{ __placeholder: true }> = Object.freeze({
  __placeholder: true as const,
});

/** True for the sentinel that {@link toPlainValue} puts where the template had a placeholder. */
export function isPlaceholderValue(value: unknown): value is typeof PLACEHOLDER_VALUE {
  return value === PLACEHOLDER_VALUE;
}

// ---------------------------------------------------------------------------------------------
// Character codes

const TAB = 9;
const LF = 10;
const VT = 11;
const FF = 12;
const CR = 13;
const SPACE = 32;
const DQUOTE = 34;
const DOLLAR = 36;
const SQUOTE = 39;
const LPAREN = 40;
const RPAREN = 41;
const STAR = 42;
const PLUS = 43;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const SLASH = 47;
const DIGIT0 = 48;
const DIGIT1 = 49;
const DIGIT9 = 57;
const COLON = 58;
const LT = 60;
const EQ = 61;
const GT = 62;
const QUESTION = 63;
const UPPER_A = 65;
const UPPER_E = 69;
const UPPER_Z = 90;
const LBRACKET = 91;
const BACKSLASH = 92;
const RBRACKET = 93;
const CARET = 94;
const UNDERSCORE = 95;
const LOWER_A = 97;
const LOWER_E = 101;
const LOWER_N = 110;
const LOWER_R = 114;
const LOWER_T = 116;
const LOWER_Z = 122;
const LBRACE = 123;
const PIPE = 124;
const RBRACE = 125;
const TILDE = 126;
const PERCENT = 37;
const AMPERSAND = 38;
const NBSP = 0xa0;
const ELLIPSIS = 0x2026;
const LINE_SEP = 0x2028;
const PARA_SEP = 0x2029;
const BOM = 0xfeff;

function isDigit(c: number): boolean {
  return c >= DIGIT0 && c <= DIGIT9;
}

function isLetter(c: number): boolean {
  return (c >= LOWER_A && c <= LOWER_Z) || (c >= UPPER_A && c <= UPPER_Z);
}

/** Horizontal whitespace (not a line break). */
function isHSpace(c: number): boolean {
  return c === SPACE || c === TAB || c === VT || c === FF || c === NBSP || c === BOM;
}

function isIdentStart(c: number): boolean {
  return isLetter(c) || c === UNDERSCORE || c === DOLLAR;
}

function isIdentPart(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === UNDERSCORE || c === DOLLAR || c === MINUS;
}

/** `[A-Za-z0-9_.-]`: a character of one alternative in `"completed|failed"`. */
function isWordChar(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === UNDERSCORE || c === DOT || c === MINUS;
}

function hexValue(c: number): number {
  if (c >= DIGIT0 && c <= DIGIT9) return c - DIGIT0;
  if (c >= LOWER_A && c <= 102) return c - LOWER_A + 10;
  if (c >= UPPER_A && c <= 70) return c - UPPER_A + 10;
  return -1;
}

/** A failure inside the parser; thrown as a plain object (no stack capture) and caught at the top. */
class Failure {
  constructor(
    readonly message: string,
    readonly offset: number,
    /** How far the parser read (an offset into the text, without `base`). */
    readonly reached: number,
  ) {}
}

// ---------------------------------------------------------------------------------------------
// String helpers

/** `"completed|failed|partial"` → the words; undefined unless 2+ simple words joined by `|`. */
function alternativesOf(value: string): string[] | undefined {
  if (value.indexOf('|') < 0) return undefined;
  let wordLen = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === PIPE) {
      if (wordLen === 0) return undefined;
      wordLen = 0;
    } else if (isWordChar(c)) {
      wordLen++;
    } else {
      return undefined;
    }
  }
  if (wordLen === 0) return undefined;
  return value.split('|');
}

/**
 * Does the string hold a template placeholder: `{x}`, `${x}`, `{{x}}`, `<x>` or `[x]`?
 * A placeholder needs a non-blank inside and must stay on one line; `<` must be followed by a
 * letter or `_` (so `(<100 tokens)` or `a < b` are not placeholders).
 */
function isTemplated(value: string): boolean {
  // Where the `{`, `<` and `[` open on this line stand (`none`: not open), and where the last
  // character that is neither blank nor a bracket stands: a bracket closes a placeholder when
  // that character stands after its opening, one test for the three kinds.
  const none = value.length;
  let brace = none;
  let angle = none;
  let square = none;
  let solid = -1;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    switch (c) {
      case LBRACE:
        brace = i;
        break;
      case LBRACKET:
        square = i;
        break;
      case LT: {
        const d = value.charCodeAt(i + 1);
        angle = isLetter(d) || d === UNDERSCORE ? i : none;
        break;
      }
      case RBRACE:
        if (solid > brace) return true;
        brace = none;
        break;
      case RBRACKET:
        if (solid > square) return true;
        square = none;
        break;
      case GT:
        if (solid > angle) return true;
        angle = none;
        break;
      case LF:
      case CR:
        brace = angle = square = none;
        break;
      default:
        if (!isHSpace(c)) solid = i;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The parser

class Parser {
  readonly text: string;
  readonly n: number;
  readonly base: number;
  /** `\"` delimits strings, `\n` / `\t` / `\r` count as whitespace. */
  readonly esc: boolean;
  pos = 0;
  depth = 0;

  constructor(text: string, options: JsonParseOptions | undefined) {
    this.text = text;
    this.n = text.length;
    this.base = options?.base ?? 0;
    this.esc = options?.escapedQuotes === true;
  }

  /** Fails at `pos`; `reached` is how far the parser read (defaults to `pos`). */
  fail(message: string, pos: number, reached = pos): never {
    throw new Failure(message, this.base + pos, Math.max(pos, reached));
  }

  /** A line break at `p`: LF, CR, U+2028/9, and in escaped mode the two characters `\n` / `\r`. */
  isLineBreakAt(p: number): boolean {
    const c = this.text.charCodeAt(p);
    if (c === LF || c === CR || c === LINE_SEP || c === PARA_SEP) return true;
    if (this.esc && c === BACKSLASH) {
      const d = this.text.charCodeAt(p + 1);
      return d === LOWER_N || d === LOWER_R;
    }
    return false;
  }

  /** `\"` in escaped mode. */
  isEscQuoteAt(p: number): boolean {
    return this.esc && this.text.charCodeAt(p) === BACKSLASH && this.text.charCodeAt(p + 1) === DQUOTE;
  }

  /** Length of a `...` / `…` run at `p`, 0 if none. */
  ellipsisAt(p: number): number {
    const t = this.text;
    const c = t.charCodeAt(p);
    if (c === ELLIPSIS) {
      let q = p + 1;
      while (t.charCodeAt(q) === ELLIPSIS) q++;
      return q - p;
    }
    if (c === DOT && t.charCodeAt(p + 1) === DOT && t.charCodeAt(p + 2) === DOT) {
      let q = p + 3;
      while (t.charCodeAt(q) === DOT) q++;
      return q - p;
    }
    return 0;
  }

  /** An identifier glued to a `...` that ends at `p`: a JS spread (`...delegation_path`). */
  isSpreadAt(p: number): boolean {
    return isIdentStart(this.text.charCodeAt(p));
  }

  /** Skip whitespace, `//` and `/* *\/` comments (and escaped `\n` `\t` `\r` in escaped mode). */
  skipTrivia(): void {
    const t = this.text;
    const n = this.n;
    let p = this.pos;
    while (p < n) {
      const c = t.charCodeAt(p);
      if (c === SPACE || c === LF || c === CR || c === TAB || isHSpace(c) || c === LINE_SEP || c === PARA_SEP) {
        p++;
        continue;
      }
      if (c === SLASH) {
        const d = t.charCodeAt(p + 1);
        if (d === SLASH) {
          p += 2;
          while (p < n && !this.isLineBreakAt(p)) p++;
          continue;
        }
        if (d === STAR) {
          const e = t.indexOf('*/', p + 2);
          if (e < 0) this.fail('unterminated comment', p, n);
          p = e + 2;
          continue;
        }
        break;
      }
      if (c === BACKSLASH && this.esc) {
        const d = t.charCodeAt(p + 1);
        if (d === LOWER_N || d === LOWER_T || d === LOWER_R) {
          p += 2;
          continue;
        }
      }
      break;
    }
    this.pos = p;
  }

  parseValue(): JsonNode {
    const t = this.text;
    const p = this.pos;
    if (p >= this.n) this.fail('unexpected end of input, expected a value', p);
    const c = t.charCodeAt(p);
    switch (c) {
      case LBRACE:
        return this.looksLikeObject(p) ? this.parseObject() : this.parsePlaceholder();
      case LBRACKET:
        return this.parseArray();
      case DQUOTE:
      case SQUOTE:
        return this.parseStringValue();
      case BACKSLASH:
        if (this.isEscQuoteAt(p)) return this.parseStringValue();
        break;
      case COMMA:
      case RBRACE:
      case RBRACKET:
      case COLON:
        this.fail(`expected a value, found '${t[p]}'`, p);
    }
    if (this.isLineBreakAt(p)) this.fail('expected a value', p);
    return this.parseLiteral(p) ?? this.parsePlaceholder();
  }

  /**
   * `{` starts an object (rather than a placeholder like `{duration}`) when followed, on the same
   * line, by a quote, `}`, a comment, `...`, a line break, or an identifier that is followed by
   * `,`, `:` or a line break (`{type, path}`, `{ key: 1 }`).
   */
  looksLikeObject(p: number): boolean {
    const t = this.text;
    const n = this.n;
    let q = p + 1;
    while (q < n && isHSpace(t.charCodeAt(q))) q++;
    if (q >= n) return true;
    const c = t.charCodeAt(q);
    if (c === DQUOTE || c === SQUOTE || c === RBRACE) return true;
    if (this.isLineBreakAt(q) || this.isEscQuoteAt(q)) return true;
    if (c === SLASH) {
      const d = t.charCodeAt(q + 1);
      return d === SLASH || d === STAR;
    }
    if (this.ellipsisAt(q) > 0) return true;
    if (isIdentStart(c)) {
      q = this.identEnd(q);
      while (q < n && isHSpace(t.charCodeAt(q))) q++;
      if (q >= n) return false;
      const d = t.charCodeAt(q);
      return d === COMMA || d === COLON || this.isLineBreakAt(q);
    }
    return false;
  }

  /** End of an identifier (`[A-Za-z_$][A-Za-z0-9_$-]*`, inner dots allowed: `file.path`). */
  identEnd(p: number): number {
    const t = this.text;
    let q = p + 1;
    for (;;) {
      const c = t.charCodeAt(q);
      if (isIdentPart(c)) q++;
      else if (c === DOT && isIdentPart(t.charCodeAt(q + 1))) q += 2;
      else return q;
    }
  }

  // Objects and arrays share their list grammar: members up to the closing bracket, a comma
  // after each but the last (a trailing one is allowed), and `...` members that mark the list as
  // open. The steps of that grammar are the methods below, so both end, fail and nest alike.

  /** Steps into the object or array whose bracket is at `pos`; returns where it opened. */
  enter(): number {
    const open = this.pos;
    if (++this.depth > MAX_DEPTH) this.fail(`nesting deeper than ${MAX_DEPTH}`, open);
    this.pos = open + 1;
    return open;
  }

  /** Skips trivia; true, stepping over it, when `close` ends the object or array opened at `open` here. */
  closesAt(close: number, kind: 'object' | 'array', open: number): boolean {
    this.skipTrivia();
    const p = this.pos;
    if (p >= this.n) this.failEof(kind, open);
    if (this.text.charCodeAt(p) !== close) return false;
    this.pos = p + 1;
    return true;
  }

  /**
   * After a member: steps over the comma before the next one (false) or over `close` (true);
   * anything else is an error that names the member, a property by its key, an item by its index.
   */
  endOfMember(close: number, kind: 'object' | 'array', open: number, member: string | number): boolean {
    if (this.closesAt(close, kind, open)) return true;
    const p = this.pos;
    if (this.text.charCodeAt(p) !== COMMA) {
      this.fail(typeof member === 'string' ? `expected ',' or '}' after property ${JSON.stringify(member)}` : `expected ',' or ']' after array item ${member}`, p);
    }
    this.pos = p + 1;
    return false;
  }

  /**
   * Steps over a `...` member at `p`, and the comma after it, which is optional there; false when
   * there is none. A JS spread (`...base`) is such a member in an object (its name is dropped);
   * in an array it is an item, which reads as a placeholder.
   */
  skipEllipsisMember(p: number, inObject: boolean): boolean {
    const dots = this.ellipsisAt(p);
    if (dots === 0) return false;
    let end = p + dots;
    if (this.isSpreadAt(end)) {
      if (!inObject) return false;
      end = this.identEnd(end);
    }
    this.pos = end;
    this.skipTrivia();
    if (this.text.charCodeAt(this.pos) === COMMA) this.pos++;
    return true;
  }

  parseObject(): JsonObject {
    const t = this.text;
    const base = this.base;
    const open = this.enter();
    const properties: JsonProperty[] = [];
    let hasEllipsis = false;
    for (;;) {
      if (this.closesAt(RBRACE, 'object', open)) break;
      let p = this.pos;
      let c = t.charCodeAt(p);
      if (this.skipEllipsisMember(p, true)) {
        hasEllipsis = true;
        continue;
      }

      // The key: quoted, single-quoted, escaped-quoted, or a bare identifier.
      let key: string;
      let quoted: boolean;
      if (c === DQUOTE || c === SQUOTE || this.isEscQuoteAt(p)) {
        key = this.scanString();
        quoted = true;
      } else if (isIdentStart(c)) {
        this.pos = this.identEnd(p);
        key = t.slice(p, this.pos);
        quoted = false;
      } else {
        this.fail(`expected a property key or '}' in object opened at offset ${base + open}`, p);
      }
      const keyRange = { start: base + p, end: base + this.pos };

      this.skipTrivia();
      p = this.pos;
      if (p >= this.n) this.failEof('object', open);
      c = t.charCodeAt(p);
      let value: JsonNode;
      if (c === COLON) {
        this.pos = p + 1;
        this.skipTrivia();
        if (this.pos >= this.n) this.failEof('object', open);
        value = this.parseValue();
      } else if (!quoted && (c === COMMA || c === RBRACE)) {
        // Bare key (`{type, path, summary}`): the value is an unnamed placeholder.
        value = { type: 'placeholder', text: '', range: { start: keyRange.start, end: keyRange.end } };
      } else {
        this.fail(`expected ':' after key ${JSON.stringify(key)}`, p);
      }
      properties.push({ key, keyRange, value, range: { start: keyRange.start, end: value.range.end } });
      if (this.endOfMember(RBRACE, 'object', open, key)) break;
    }
    this.depth--;
    return { type: 'object', properties, hasEllipsis, range: { start: base + open, end: base + this.pos } };
  }

  parseArray(): JsonArray {
    const open = this.enter();
    const items: JsonNode[] = [];
    let hasEllipsis = false;
    for (;;) {
      if (this.closesAt(RBRACKET, 'array', open)) break;
      if (this.skipEllipsisMember(this.pos, false)) {
        hasEllipsis = true;
        continue;
      }
      // A value; a JS spread (`...delegation_path`) reads as a placeholder.
      items.push(this.parseValue());
      if (this.endOfMember(RBRACKET, 'array', open, items.length - 1)) break;
    }
    this.depth--;
    return { type: 'array', items, hasEllipsis, range: { start: this.base + open, end: this.base + this.pos } };
  }

  failEof(kind: 'object' | 'array', open: number): never {
    this.fail(`unexpected end of input inside ${kind} opened at offset ${this.base + open}`, this.n);
  }

  /**
   * A string value, or a union of strings written TypeScript-style on one line:
   * `"allow" | "deny"` → one JsonString `allow|deny` with those alternatives. A union with
   * anything else (`"x" | null`) is a placeholder.
   */
  parseStringValue(): JsonNode {
    const node = this.parseString();
    const t = this.text;
    let q = this.pos;
    while (q < this.n && isHSpace(t.charCodeAt(q))) q++;
    if (t.charCodeAt(q) !== PIPE) return node;
    const start = node.range.start - this.base;
    const parts = [node.value];
    while (t.charCodeAt(q) === PIPE) {
      q++;
      while (q < this.n && isHSpace(t.charCodeAt(q))) q++;
      const c = t.charCodeAt(q);
      if (c !== DQUOTE && c !== SQUOTE && !this.isEscQuoteAt(q)) {
        this.pos = start;
        return this.parsePlaceholder();
      }
      this.pos = q;
      parts.push(this.scanString());
      q = this.pos;
      while (q < this.n && isHSpace(t.charCodeAt(q))) q++;
    }
    const value = parts.join('|');
    return {
      type: 'string',
      value,
      alternatives: parts,
      templated: parts.some(isTemplated),
      range: { start: node.range.start, end: this.base + this.pos },
    };
  }

  parseString(): JsonString {
    const start = this.pos;
    const value = this.scanString();
    const node: JsonString = {
      type: 'string',
      value,
      templated: isTemplated(value),
      range: { start: this.base + start, end: this.base + this.pos },
    };
    const alternatives = alternativesOf(value);
    if (alternatives) node.alternatives = alternatives;
    return node;
  }

  /**
   * Read a string at `pos` delimited by `"`, `'` or (escaped mode) `\"`; return its value and
   * leave `pos` after the closing delimiter. A string may not span lines.
   */
  scanString(): string {
    const t = this.text;
    const n = this.n;
    const start = this.pos;
    const escDelim = t.charCodeAt(start) === BACKSLASH;
    const quote = escDelim ? DQUOTE : t.charCodeAt(start);
    let p = escDelim ? start + 2 : start + 1;
    let out = '';
    let seg = p;
    while (p < n) {
      const c = t.charCodeAt(p);
      if (c === BACKSLASH) {
        const d = t.charCodeAt(p + 1);
        if (escDelim) {
          if (d === DQUOTE) {
            // `\"` closes a string opened with `\"`.
            this.pos = p + 2;
            return out + t.slice(seg, p);
          }
          if (d === BACKSLASH) {
            // `\\` is one backslash of the prompt: an escape of the inner JSON follows.
            out += t.slice(seg, p);
            const e = t.charCodeAt(p + 2);
            if (e === BACKSLASH && (t.charCodeAt(p + 3) === DQUOTE || t.charCodeAt(p + 3) === BACKSLASH)) {
              out += t[p + 3];
              p += 4;
            } else {
              const len = this.decodeEscapeInto(p + 2);
              if (len > 0) {
                out += this.decoded;
                p += 2 + len;
              } else {
                out += '\\';
                p += 2;
              }
            }
            seg = p;
            continue;
          }
        }
        if (d !== d || d === LF || d === CR) break; // backslash at end of line / input
        out += t.slice(seg, p);
        const len = this.decodeEscapeInto(p + 1);
        if (len > 0) {
          out += this.decoded;
          p += 1 + len;
        } else {
          // Unknown escape (`\d`): keep it as written.
          out += t.slice(p, p + 2);
          p += 2;
        }
        seg = p;
        continue;
      }
      if (c === quote && !escDelim) {
        this.pos = p + 1;
        return out + t.slice(seg, p);
      }
      if (c === LF || c === CR) break;
      p++;
    }
    this.fail('unterminated string', start, p);
  }

  /** The character {@link decodeEscapeInto} decoded. */
  decoded = '';

  /**
   * Decode the escape whose letter is at `p` (just after a backslash). Sets {@link decoded} and
   * returns the number of characters consumed after the backslash, or 0 if it is not an escape.
   */
  decodeEscapeInto(p: number): number {
    const t = this.text;
    const d = t.charCodeAt(p);
    switch (d) {
      case DQUOTE:
      case SQUOTE:
      case BACKSLASH:
      case SLASH:
        this.decoded = t[p]!;
        return 1;
      case 98: // b
        this.decoded = '\b';
        return 1;
      case 102: // f
        this.decoded = '\f';
        return 1;
      case LOWER_N:
        this.decoded = '\n';
        return 1;
      case LOWER_R:
        this.decoded = '\r';
        return 1;
      case LOWER_T:
        this.decoded = '\t';
        return 1;
      case 117: {
        // u
        const h1 = hexValue(t.charCodeAt(p + 1));
        const h2 = hexValue(t.charCodeAt(p + 2));
        const h3 = hexValue(t.charCodeAt(p + 3));
        const h4 = hexValue(t.charCodeAt(p + 4));
        if (h1 < 0 || h2 < 0 || h3 < 0 || h4 < 0) return 0;
        this.decoded = String.fromCharCode((h1 << 12) | (h2 << 8) | (h3 << 4) | h4);
        return 5;
      }
      default:
        return 0;
    }
  }

  /**
   * `true` / `false` / `null` / a JSON number, if one is at `p` and ends the value. A literal
   * glued to more text (`true|false`, `0.0-1.0`, `123abc`, `1-3`) or followed on the same line by
   * an operator or a word (`1 + depth`, `5 seconds`) is a placeholder instead: returns undefined.
   */
  parseLiteral(p: number): JsonNode | undefined {
    const t = this.text;
    const c = t.charCodeAt(p);
    let q: number;
    let node: JsonNode;
    const range = { start: this.base + p, end: 0 };
    if (c === LOWER_T && t.startsWith('true', p)) {
      q = p + 4;
      node = { type: 'boolean', value: true, range };
    } else if (c === 102 && t.startsWith('false', p)) {
      q = p + 5;
      node = { type: 'boolean', value: false, range };
    } else if (c === LOWER_N && t.startsWith('null', p)) {
      q = p + 4;
      node = { type: 'null', range };
    } else if (c === MINUS || isDigit(c)) {
      q = c === MINUS ? p + 1 : p;
      const first = t.charCodeAt(q);
      if (first === DIGIT0) q++;
      else if (first >= DIGIT1 && first <= DIGIT9) {
        q++;
        while (isDigit(t.charCodeAt(q))) q++;
      } else return undefined;
      if (t.charCodeAt(q) === DOT) {
        if (!isDigit(t.charCodeAt(q + 1))) return undefined;
        q += 2;
        while (isDigit(t.charCodeAt(q))) q++;
      }
      const e = t.charCodeAt(q);
      if (e === LOWER_E || e === UPPER_E) {
        let r = q + 1;
        const sign = t.charCodeAt(r);
        if (sign === PLUS || sign === MINUS) r++;
        if (!isDigit(t.charCodeAt(r))) return undefined;
        r++;
        while (isDigit(t.charCodeAt(r))) r++;
        q = r;
      }
      node = { type: 'number', value: Number(t.slice(p, q)), range };
    } else {
      return undefined;
    }
    if (!this.literalEndsAt(q)) return undefined;
    range.end = this.base + q;
    this.pos = q;
    return node;
  }

  /** After a literal ending at `q`: does the value really end here? */
  literalEndsAt(q: number): boolean {
    const t = this.text;
    const n = this.n;
    if (q >= n) return true;
    let c = t.charCodeAt(q);
    if (c === COMMA || c === RBRACE || c === RBRACKET || this.isLineBreakAt(q)) return true;
    if (c === SLASH) {
      const d = t.charCodeAt(q + 1);
      return d === SLASH || d === STAR;
    }
    if (this.isEscQuoteAt(q)) return true; // let the container report `1\"x\"`
    if (c === BACKSLASH && this.esc && t.charCodeAt(q + 1) === LOWER_T) return true;
    if (!isHSpace(c)) return false; // glued: `true|false`, `123abc`, `1-3`
    // Whitespace: look at what follows on the same line.
    let r = q + 1;
    while (r < n && isHSpace(t.charCodeAt(r))) r++;
    if (r >= n) return true;
    c = t.charCodeAt(r);
    switch (c) {
      case PIPE:
      case PLUS:
      case STAR:
      case LPAREN:
      case LT:
      case GT:
      case EQ:
      case QUESTION:
      case PERCENT:
      case AMPERSAND:
      case CARET:
      case TILDE:
        return false; // an expression: `1 + depth`, `0 | 1`
      case MINUS:
        return !isHSpace(t.charCodeAt(r + 1)); // `1 - 3` is an expression, `1 -3` two values
      case SLASH: {
        const d = t.charCodeAt(r + 1);
        return d === SLASH || d === STAR; // a comment ends the literal, `1 / 2` does not
      }
    }
    if (isIdentStart(c)) {
      // A word after the literal (`5 seconds`, `true or false`) is template prose; another
      // literal (`true false`) is two values, which the container reports.
      const word = t.slice(r, this.identEnd(r));
      return word === 'true' || word === 'false' || word === 'null';
    }
    return true;
  }

  /**
   * A bare placeholder value: everything up to the next `,` `}` `]` or line break at bracket
   * depth 0 (balancing `()[]{}` and skipping quoted strings), or a ` //` comment; trimmed.
   */
  parsePlaceholder(): JsonPlaceholder {
    const t = this.text;
    const n = this.n;
    const p = this.pos;
    let q = p;
    let depth = 0;
    scan: while (q < n) {
      const c = t.charCodeAt(q);
      switch (c) {
        case LF:
        case CR:
        case LINE_SEP:
        case PARA_SEP:
          break scan;
        case BACKSLASH:
          if (this.esc) {
            const d = t.charCodeAt(q + 1);
            if (d === LOWER_N || d === LOWER_R) break scan;
            if (d === DQUOTE) {
              q = this.skipQuotedInPlaceholder(q + 2, true);
              continue;
            }
          }
          q++;
          continue;
        case DQUOTE:
          q = this.skipQuotedInPlaceholder(q + 1, false);
          continue;
        case COMMA:
          if (depth === 0) break scan;
          break;
        case RBRACE:
        case RBRACKET:
        case RPAREN:
          if (depth > 0) depth--;
          else if (c !== RPAREN) break scan;
          break;
        case LBRACE:
        case LBRACKET:
        case LPAREN:
          depth++;
          break;
        case SLASH:
          if (depth === 0 && q > p && isHSpace(t.charCodeAt(q - 1))) {
            const d = t.charCodeAt(q + 1);
            if (d === SLASH || d === STAR) break scan;
          }
          break;
      }
      q++;
    }
    while (q > p && isHSpace(t.charCodeAt(q - 1))) q--;
    if (q === p) this.fail('expected a value', p);
    this.pos = q;
    return { type: 'placeholder', text: t.slice(p, q), range: { start: this.base + p, end: this.base + q } };
  }

  /** Skip a quoted run inside a placeholder; stops at the closing quote or the end of the line. */
  skipQuotedInPlaceholder(p: number, escDelim: boolean): number {
    const t = this.text;
    const n = this.n;
    while (p < n) {
      const c = t.charCodeAt(p);
      if (c === LF || c === CR) return p;
      if (c === BACKSLASH) {
        const d = t.charCodeAt(p + 1);
        if (escDelim && d === DQUOTE) return p + 2;
        if (d === LF || d === CR || p + 1 >= n) return p + 1;
        p += 2;
        continue;
      }
      if (c === DQUOTE && !escDelim) return p + 1;
      p++;
    }
    return p;
  }
}

/**
 * Parse one template-tolerant JSON value that begins at `text[start]` (after optional whitespace
 * and comments) and stop right after it. Ranges are offsets into `text` plus `options.base`.
 * Never throws.
 */
export function parseTolerantJson(text: string, start: number, options?: JsonParseOptions): JsonParseResult {
  const base = options?.base ?? 0;
  if (!Number.isInteger(start) || start < 0 || start > text.length) {
    return { ok: false, error: { message: `start offset ${start} is outside the text`, offset: base } };
  }
  const parser = new Parser(text, options);
  try {
    parser.pos = start;
    parser.skipTrivia();
    const value = parser.parseValue();
    return { ok: true, value, end: base + parser.pos };
  } catch (e) {
    const reached = base + Math.max(parser.pos, e instanceof Failure ? e.reached : 0);
    if (e instanceof Failure) return { ok: false, error: { message: e.message, offset: e.offset }, reached };
    // Should not happen (recursion is bounded), but never let an exception escape.
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, error: { message: `internal parser error: ${message}`, offset: base + parser.pos }, reached };
  }
}

// ---------------------------------------------------------------------------------------------
// Tree helpers

/**
 * The plain JavaScript value of a node: objects (a later duplicate key wins), arrays, strings,
 * numbers, booleans, null; a placeholder becomes {@link PLACEHOLDER_VALUE}.
 */
export function toPlainValue(node: JsonNode): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.properties) {
        const value = toPlainValue(prop.value);
        if (prop.key === '__proto__') {
          Object.defineProperty(out, prop.key, { value, enumerable: true, writable: true, configurable: true });
        } else {
          out[prop.key] = value;
        }
      }
      return out;
    }
    case 'array':
      return node.items.map(toPlainValue);
    case 'string':
    case 'number':
    case 'boolean':
      return node.value;
    case 'null':
      return null;
    case 'placeholder':
      return PLACEHOLDER_VALUE;
  }
}

/** The property with this key; with duplicate keys, the last one (as {@link toPlainValue}). */
export function findProperty(obj: JsonObject, key: string): JsonProperty | undefined {
  const props = obj.properties;
  for (let i = props.length - 1; i >= 0; i--) {
    if (props[i]!.key === key) return props[i];
  }
  return undefined;
}

/**
 * The node at a JSON pointer (RFC 6901): `''` is the root, `/metadata/delegation_path/0` walks
 * down; `~1` is `/` and `~0` is `~` in a segment. Undefined when the path does not exist.
 */
export function nodeAtPointer(root: JsonNode, pointer: string): JsonNode | undefined {
  if (pointer === '') return root;
  if (pointer.charCodeAt(0) !== SLASH) return undefined;
  let node: JsonNode | undefined = root;
  const segments = pointer.slice(1).split('/');
  for (const raw of segments) {
    const segment = raw.indexOf('~') < 0 ? raw : raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node.type === 'object') {
      const prop = findProperty(node, segment);
      if (!prop) return undefined;
      node = prop.value;
    } else if (node.type === 'array') {
      if (!isArrayIndex(segment)) return undefined;
      const index = Number(segment);
      if (index >= node.items.length) return undefined;
      node = node.items[index]!;
    } else {
      return undefined;
    }
  }
  return node;
}

function isArrayIndex(s: string): boolean {
  if (s.length === 0 || (s.length > 1 && s.charCodeAt(0) === DIGIT0)) return false;
  for (let i = 0; i < s.length; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}
