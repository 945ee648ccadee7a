/**
 * The string values of a TOML file with where they are: smol-toml (behind `doc.tomlFile`) gives
 * values without positions, and a rule that reports inside a value (a credential in an MCP
 * server's `env`, a download in a hook's `command`, a `!{...}` of a Gemini command's prompt)
 * needs each character's offset in the text.
 *
 * A scan of the TOML grammar's shapes (table headers, dotted and quoted keys, the four kinds of
 * strings with their escapes, arrays, inline tables, comments); other values are skipped. It
 * reads a valid file as TOML does and always ends on an invalid one: rules ask `doc.tomlFile`
 * whether the file parses before they trust it.
 */
import type { Range } from '../types.js';

export class TomlString {
  #offsets?: readonly number[];
  constructor(
    /**
     * The keys from the root: the table header's, then the key's dotted parts, and `[]` for an
     * item of an array value (`[[hooks.Stop.hooks]]` then `command = "..."`: hooks, Stop, hooks,
     * command).
     */
    readonly path: readonly string[],
    /** The value, escapes read. */
    readonly value: string,
    /** The string in the text, delimiters included. */
    readonly range: Range,
    /** For an array item: the item before it in the same array, when that is a string. */
    readonly previous: TomlString | undefined,
    private readonly text: string,
  ) {}

  /**
   * Where each character of the value starts in the text, then where the value ends
   * (`value.length + 1` entries). Read again from the text when first asked: only a finding needs it.
   */
  get offsets(): readonly number[] {
    this.#offsets ??= readString(this.text, this.range.start, true).offsets!;
    return this.#offsets;
  }
}

/** The range in the text of characters `start .. end` of a string's value. */
export function tomlValueRange(s: TomlString, start: number, end: number): Range {
  const offsets = s.offsets;
  const at = (i: number) => offsets[Math.max(0, Math.min(i, offsets.length - 1))]!;
  return { start: at(start), end: Math.max(at(start), at(end)) };
}

const BARE_KEY = /[A-Za-z0-9_-]/;
const ESCAPES: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\x1b', '"': '"', '\\': '\\' };
/** How deep arrays and inline tables may nest before the scan stops descending. */
const MAX_DEPTH = 64;

/**
 * The string whose opening delimiter is at `start`: its value, where it ends (after its closing
 * delimiter, or where an unclosed one stops), and with `withOffsets` where each character of the
 * value starts in the text.
 */
function readString(text: string, start: number, withOffsets: boolean): { value: string; end: number; offsets?: number[] } {
  const n = text.length;
  let i = start;
  const q = text[i]!;
  const multi = text.startsWith(q.repeat(3), i);
  const basic = q === '"';
  i += multi ? 3 : 1;
  // A line break right after the opening delimiter of a multi-line string is not part of it.
  if (multi) {
    if (text[i] === '\n') i++;
    else if (text[i] === '\r' && text[i + 1] === '\n') i += 2;
  }
  let value = '';
  const offsets: number[] | undefined = withOffsets ? [] : undefined;
  /** Characters written as they are, from `plain` up to `i`, are taken in one slice. */
  let plain = i;
  const flush = () => {
    if (plain < i) {
      value += text.slice(plain, i);
      if (offsets) for (let k = plain; k < i; k++) offsets.push(k);
    }
  };
  const add = (s: string, at: number) => {
    value += s;
    if (offsets) for (let k = 0; k < s.length; k++) offsets.push(at);
  };
  while (i < n) {
    const c = text[i]!;
    if (multi ? text.startsWith(q.repeat(3), i) : c === q) {
      // Up to two more quotes right before a multi-line string's closing delimiter belong to the value.
      if (multi) {
        let run = 3;
        while (run < 5 && text[i + run] === q) run++;
        i += run - 3;
      }
      flush();
      offsets?.push(i);
      return { value, end: i + (multi ? 3 : 1), offsets };
    }
    if (!multi && (c === '\n' || c === '\r')) break;
    if (basic && c === '\\') {
      flush();
      const e = text[i + 1] ?? '';
      if (multi && /[ \t\r\n]/.test(e)) {
        // A line-ending backslash: the break and the blanks after it are dropped.
        let j = i + 1;
        while (j < n && (text[j] === ' ' || text[j] === '\t')) j++;
        if (text[j] === '\n' || text[j] === '\r') {
          while (j < n && /[ \t\r\n]/.test(text[j]!)) j++;
          i = plain = j;
          continue;
        }
      }
      const hex = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
      if (hex) {
        const cp = parseInt(text.slice(i + 2, i + 2 + hex), 16);
        add(Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : '', i);
        i += 2 + hex;
      } else {
        add(ESCAPES[e] ?? e, i);
        i += 2;
      }
      plain = i;
      continue;
    }
    i++;
  }
  // Not closed: the value so far, ending where the scan stopped.
  flush();
  offsets?.push(i);
  return { value, end: i, offsets };
}

/** Every string value of a TOML text, in the order they are written. */
export function scanTomlStrings(text: string): TomlString[] {
  const out: TomlString[] = [];
  const n = text.length;
  let i = 0;

  const blanks = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t')) i++;
  };
  const comment = () => {
    if (text[i] === '#') while (i < n && text[i] !== '\n') i++;
  };
  /** Blanks, line breaks and comments (inside an array). */
  const space = () => {
    for (;;) {
      const from = i;
      blanks();
      comment();
      if (text[i] === '\n' || text[i] === '\r') i++;
      if (i === from) return;
    }
  };
  const toLineEnd = () => {
    while (i < n && text[i] !== '\n') i++;
  };

  /** A dotted key at `i`; null when there is none. */
  const key = (): string[] | null => {
    const parts: string[] = [];
    for (;;) {
      blanks();
      const c = text[i];
      if (c === '"' || c === "'") {
        if (text.startsWith(c.repeat(3), i)) return null;
        const k = readString(text, i, false);
        i = k.end;
        parts.push(k.value);
      } else {
        const from = i;
        while (i < n && BARE_KEY.test(text[i]!)) i++;
        if (i === from) return null;
        parts.push(text.slice(from, i));
      }
      blanks();
      if (text[i] !== '.') return parts;
      i++;
    }
  };

  const value = (path: string[], depth: number, previous?: TomlString): TomlString | undefined => {
    const c = text[i];
    if (c === '"' || c === "'") {
      const start = i;
      const s = readString(text, start, false);
      i = s.end;
      const found = new TomlString(path, s.value, { start, end: i }, previous, text);
      out.push(found);
      return found;
    }
    if (c === '[' || c === '{') {
      i++;
      if (depth >= MAX_DEPTH) {
        toLineEnd();
        return undefined;
      }
      if (c === '[') {
        let before: TomlString | undefined;
        while (i < n) {
          space();
          if (text[i] === ']') {
            i++;
            break;
          }
          const from = i;
          const item = value([...path, '[]'], depth + 1, before);
          before = item;
          space();
          if (text[i] === ',') i++;
          else if (text[i] !== ']' && i === from) i++;
        }
      } else {
        // Line breaks inside are TOML 1.1's; a 1.0 parser refuses them, and the scan reads on.
        while (i < n) {
          space();
          if (text[i] === '}') {
            i++;
            break;
          }
          const from = i;
          const k = key();
          blanks();
          if (k && text[i] === '=') {
            i++;
            blanks();
            value([...path, ...k], depth + 1);
          }
          space();
          if (text[i] === ',') i++;
          else if (text[i] !== '}' && i === from) i++;
        }
      }
      return undefined;
    }
    // A number, a boolean, a date: up to what ends a value.
    while (i < n && !/[,\]}\n#]/.test(text[i]!)) i++;
    return undefined;
  };

  let table: string[] = [];
  while (i < n) {
    space();
    if (i >= n) break;
    if (text[i] === '[') {
      const array = text[i + 1] === '[';
      i += array ? 2 : 1;
      table = key() ?? [];
      toLineEnd();
      continue;
    }
    const from = i;
    const k = key();
    blanks();
    if (k && text[i] === '=') {
      i++;
      blanks();
      value([...table, ...k], 0);
    }
    toLineEnd();
    if (i === from) i++;
  }
  return out;
}
