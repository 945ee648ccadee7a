/**
 * Timeout statements in a spec, found by scanning the text for the word "timeout" and reading
 * what stands around it: a key with a value (`timeout: 3600`, `"timeout": 3600`,
 * `timeout=3600`, `timeout_default: 1800`, `DELEGATION_TIMEOUT_SECONDS=1800`), prose with a
 * duration (`Timeout: 1800 seconds`, `with a 3600s timeout`, `timeout (3600s)`, `Timeout per
 * phase: 3600s`), or a `<timeout>` / `<timeout_handling>` element. Mentions without a value
 * (`"type": "timeout"`, `On Timeout`, `TimeoutError`) are not statements.
 */
import type { Range } from '../types.js';

export type TimeoutSource =
  /** A frontmatter key (`timeout`, or nested like `delegation.timeout_default`). */
  | 'frontmatter'
  /** A `timeout=` / `timeout:` argument of a delegation call. */
  | 'argument'
  /** The `timeout` field of a delegation context object. */
  | 'context'
  /** Any other key with a value (YAML or JSON in the body, `Timeout: 60s` in a list). */
  | 'field'
  /** A `<timeout>` or `<timeout_handling>` element (in a `<stage>`, usually). */
  | 'element'
  /** A duration next to the word in prose: `a 3600s timeout`, `timeout (1800s)`. */
  | 'prose';

export interface TimeoutStatement {
  source: TimeoutSource;
  /** The whole statement: key through value, or the phrase, or the opening tag. */
  range: Range;
  /** The key as written (`timeout`, `timeout_default`, `timeoutSeconds`), for field-like sources. */
  key: string | null;
  /** The value in seconds, when it is a number (null for templates like `{timeout}`). */
  seconds: number | null;
}

const UNIT = '(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?)\\b';
const NUM = '(\\d+(?:\\.\\d+)?)';
const TEMPLATE = '(\\$?\\{\\{?[\\w.-]{1,60}\\}\\}?)';

/** `: 3600`, `= 3600s`, `": {timeout}` right after the key word (closing quotes, emphasis allowed). */
const KEY_VALUE = new RegExp(`[*_\`"'\\\\]{0,4}[ \\t]*[:=][ \\t]*[*_\`"'\\\\]{0,4}[ \\t]*(?:${NUM}(?:[ \\t]*${UNIT})?|${TEMPLATE})`, 'iy');
/** ` per phase: 3600s` (one to three words, then a colon and a duration). */
const QUALIFIED = new RegExp(`(?:[ \\t]+[A-Za-z-]{1,20}){1,3}[ \\t]*[*_\`]{0,3}[ \\t]*:[ \\t]*[*_\`]{0,3}[ \\t]*${NUM}[ \\t]*${UNIT}`, 'iy');
/** ` (3600s)`, ` of 30 minutes`, ` after 60s`. */
const PREPOSITION = new RegExp(`[ \\t]*(?:\\(|of\\b|after\\b|is\\b|at\\b|set to\\b|=)[ \\t]*(?:~|about |approximately )?${NUM}[ \\t]*-?[ \\t]*${UNIT}`, 'iy');
/** `3600s ` or `30-minute ` or `(1 hour ` just before the word. */
const BEFORE = new RegExp(`${NUM}[ \\t]*-?[ \\t]*${UNIT}[ \\t]*\\(?[ \\t]*$`, 'i');

export function toSeconds(value: string, unit: string | undefined): number {
  const n = Number(value);
  const u = (unit ?? 's').toLowerCase();
  if (u.startsWith('ms') || u.startsWith('milli')) return n / 1000;
  if (u.startsWith('h')) return n * 3600;
  if (u === 'm' || u.startsWith('min')) return n * 60;
  return n;
}

/** A letter, digit, `_` or `-`: what a key around the word is made of. */
function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

/** A digit or `{`: every value KEY_VALUE, QUALIFIED and PREPOSITION read starts with one. */
const VALUE_START = /[0-9{]/g;

export interface TimeoutScanContext {
  /** The frontmatter's range, if any. */
  frontmatter: Range | null;
  /** Call argument ranges named `timeout` (set by the delegation scan). */
  inArgument(offset: number): boolean;
  /** Whether an offset is inside a delegation context object (asked only for JSON-like keys). */
  inContext(offset: number): boolean;
}

function hasDigit(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

/** The prose forms of a duration after the bare word, in the order they are tried. */
const AFTER_WORD = [QUALIFIED, PREPOSITION];

/**
 * A duration written in prose right after the bare word (which ends at `at`): the match of the
 * first of AFTER_WORD that reads one there, the number and unit its groups 1 and 2, or null.
 */
function durationAfterWord(text: string, at: number): RegExpExecArray | null {
  for (let i = 0; i < AFTER_WORD.length; i++) {
    const re = AFTER_WORD[i]!;
    re.lastIndex = at;
    const m = re.exec(text);
    if (m) return m;
  }
  return null;
}

/** Every timeout statement of the text, in order. */
export function scanTimeouts(text: string, ctx: TimeoutScanContext): TimeoutStatement[] {
  const out: TimeoutStatement[] = [];
  const re = /timeout/gi;
  let lastEnd = 0;
  // The first digit or `{` and the first line end at or after the last key (-2: none left): they
  // only move on, so finding them costs one pass over the text in all. No value on the rest of a
  // key's line means none of the three patterns can match there, and a one-file run need not
  // compile them.
  let valueAt = -1;
  let lineEndAt = -1;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = m.index;
    if (at < lastEnd) continue;
    // The word around it: timeout, timeout_default, startup_timeout, timeoutSeconds ...
    let ks = at;
    while (ks > 0 && at - ks < 60 && isWordCode(text.charCodeAt(ks - 1))) ks--;
    let ke = at + 7;
    while (ke < text.length && ke - at < 60 && isWordCode(text.charCodeAt(ke))) ke++;
    const key = text.slice(ks, ke);
    re.lastIndex = ke;
    const inFm = ctx.frontmatter !== null && at >= ctx.frontmatter.start && at < ctx.frontmatter.end;

    // <timeout> and <timeout_handling> elements.
    if (text[ks - 1] === '<' && /^timeout(?:_handling)?$/i.test(key) && /[\s>]/.test(text[ke] ?? '')) {
      const close = text.slice(ke, ke + 300).indexOf('>');
      const end = close === -1 ? ke : ke + close + 1;
      const body = text.slice(end, Math.min(text.length, end + 300));
      const dm = new RegExp(`${NUM}[ \\t]*${UNIT}`, 'i').exec(body.split('</')[0] ?? '');
      out.push({ source: 'element', range: { start: ks - 1, end }, key, seconds: dm ? toSeconds(dm[1]!, dm[2]) : null });
      lastEnd = end;
      continue;
    }

    if (valueAt !== -2 && valueAt < ke) {
      VALUE_START.lastIndex = ke;
      valueAt = VALUE_START.exec(text)?.index ?? -2;
    }
    if (lineEndAt !== -2 && lineEndAt < ke) {
      lineEndAt = text.indexOf('\n', ke);
      if (lineEndAt === -1) lineEndAt = -2;
    }
    const valueOnLine = valueAt >= 0 && (lineEndAt === -2 || valueAt < lineEndAt);

    KEY_VALUE.lastIndex = ke;
    const kv = valueOnLine ? KEY_VALUE.exec(text) : null;
    if (kv) {
      const end = ke + kv[0].length;
      const seconds = kv[1] !== undefined ? toSeconds(kv[1], kv[2]) : null;
      let source: TimeoutSource = 'field';
      if (inFm) source = 'frontmatter';
      else if (ctx.inArgument(ks)) source = 'argument';
      else if (/["']/.test(text[ks - 1] ?? '') && ctx.inContext(ks)) source = 'context';
      out.push({ source, range: { start: ks - (/["']/.test(text[ks - 1] ?? '') ? 1 : 0), end }, key, seconds });
      lastEnd = end;
      continue;
    }
    if (key.toLowerCase() !== 'timeout') continue;

    const q = valueOnLine ? durationAfterWord(text, ke) : null;
    if (q) {
      const end = ke + q[0].length;
      out.push({ source: inFm ? 'frontmatter' : 'prose', range: { start: ks, end }, key: null, seconds: toSeconds(q[1]!, q[2]) });
      lastEnd = end;
      continue;
    }
    const window = text.slice(Math.max(0, ks - 40), ks);
    const before = window.slice(window.lastIndexOf('\n') + 1);
    const b = hasDigit(before) ? BEFORE.exec(before) : null;
    if (b) {
      const start = ks - before.length + b.index;
      out.push({ source: inFm ? 'frontmatter' : 'prose', range: { start, end: ke }, key: null, seconds: toSeconds(b[1]!, b[2]) });
      lastEnd = ke;
    }
  }
  return out;
}
