/**
 * Finding the JSON value in a subagent's reply: the whole reply, or (extract mode) the first
 * JSON object written in prose or in a code fence. Parsing is strict (what `JSON.parse` takes),
 * so a reply that a caller cannot parse is never judged as if it could be.
 */
import type { JsonNode } from '../model/json/ast.js';
import { findProperty } from '../model/json/parse.js';
import { parseStrictJson } from '../model/json/strict.js';
import { LineIndex } from '../model/lines.js';
import type { Range } from '../types.js';

export type Located =
  | { ok: true; value: JsonNode; range: Range }
  | {
      ok: false;
      /** What is wrong, without the "Return is not valid JSON" lead. */
      detail: string;
      /** Where the problem is. */
      offset: number;
    };

const isWs = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

function skipWs(text: string, i: number): number {
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  return i;
}

function describeAt(text: string, i: number): string {
  const c = text.codePointAt(i)!;
  return c < 0x20 ? `U+${c.toString(16).toUpperCase().padStart(4, '0')}` : `'${String.fromCodePoint(c)}'`;
}

/** The reply is one JSON value, with nothing but whitespace around it. */
export function locateWhole(text: string): Located {
  const start = skipWs(text, 0);
  if (start >= text.length) return { ok: false, detail: 'the reply is empty', offset: 0 };
  const r = parseStrictJson(text, start);
  if (!r.ok) return { ok: false, detail: r.error.message, offset: r.error.offset };
  const after = skipWs(text, r.end);
  if (after < text.length) {
    return { ok: false, detail: `unexpected ${describeAt(text, after)} after the JSON value (a return is one JSON value and nothing else)`, offset: after };
  }
  return { ok: true, value: r.value, range: r.value.range };
}

const hasStatus = (v: JsonNode) => v.type === 'object' && findProperty(v, 'status') !== undefined;

/**
 * The first JSON object of a reply that wraps its return in prose or in a fence: the whole
 * reply if it is JSON; else, in text order, the first object with a `status` key, or failing
 * that the first object at all. Objects nested in one already read are not candidates, nor
 * are `{` inside a candidate that failed (they belong to the broken object): the scan reads
 * each character a bounded number of times.
 */
export function locateExtracted(text: string): Located {
  const whole = locateWhole(text);
  if (whole.ok) return whole;
  let first: { value: JsonNode; range: Range } | undefined;
  let furthest: { detail: string; offset: number; start: number; progress: number } | undefined;
  for (let i = text.indexOf('{'); i !== -1; ) {
    // An object starts with a key or closes at once: `{x}`, `{{` and the like are not tried.
    const after = text.charCodeAt(skipWs(text, i + 1));
    if (after !== 0x22 && after !== 0x7d) {
      i = text.indexOf('{', i + 1);
      continue;
    }
    const r = parseStrictJson(text, i);
    let next: number;
    if (r.ok) {
      if (hasStatus(r.value)) return { ok: true, value: r.value, range: r.value.range };
      first ??= { value: r.value, range: r.value.range };
      next = r.end;
    } else {
      const progress = r.error.offset - i;
      if (!furthest || progress > furthest.progress) furthest = { detail: r.error.message, offset: r.error.offset, start: i, progress };
      next = Math.max(i + 1, r.error.offset);
    }
    i = text.indexOf('{', next);
  }
  if (first) return { ok: true, ...first };
  if (furthest && furthest.progress > 1) {
    const at = new LineIndex(text).position(furthest.start);
    return { ok: false, detail: `no JSON object in the reply can be parsed; the one that starts at ${at.line}:${at.column} fails: ${furthest.detail}`, offset: furthest.offset };
  }
  // Nothing in it looks like an object: a reply that starts like JSON says why it is not.
  const c = text[skipWs(text, 0)];
  if (c === '{' || c === '[') return whole;
  return { ok: false, detail: 'the reply holds no JSON object (no "{" that starts one)', offset: 0 };
}
