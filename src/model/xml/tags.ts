/**
 * Finds the tags in a stretch of markdown, in one pass. What is a tag is decided strictly, so
 * that prose, code and shell are left alone:
 * - `<name ...>`, `<name .../>` and `</name>`, where name is `[A-Za-z_][A-Za-z0-9_.-]*`
 *   (no `:`, so `<https://...>` autolinks and `<a@b.c>` are not tags; attribute names may
 *   have a prefix, `x:DataType`);
 * - not when `<` follows a letter, digit or `_` (`Array<string>`, `Map<K,V>`);
 * - not `<` followed by a space, digit, `=`, `<` or `(` (comparisons, `<<EOF`, `<(cmd)`);
 * - not inside inline code spans, HTML comments, CDATA, `<?...?>` or `<!...>`;
 * - a tag never contains `<`, valueless attributes only on the tag's first line, and no
 *   blank line inside a tag: a `<word` in prose or shell that runs on is not a tag.
 * Attributes written wrongly (unquoted, without a value, with an unclosed quote) still make a
 * tag, so that the rule can point at them.
 *
 * Linear time: a tag candidate ends at the next `<` at the latest, so each character is read
 * at most twice; code spans are paired per line with a precomputed next-run table.
 */
import type { Range } from '../../types.js';
import type { XmlAttribute } from './types.js';

export type RawTag =
  | { type: 'open'; name: string; nameRange: Range; attributes: XmlAttribute[]; range: Range; selfClosing: boolean }
  | { type: 'close'; name: string; nameRange: Range; range: Range };

function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46;
}

function isIdentChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function readName(text: string, p: number, end: number): number {
  while (p < end && isNameChar(text.charCodeAt(p))) p++;
  return p;
}

/**
 * Code spans of one line: for each opening backtick run that has a closing run of the same
 * length later on the line, the offset where the span ends.
 */
function lineCodeSpans(text: string, lineStart: number, lineEnd: number): Map<number, number> {
  const runs: Array<[number, number]> = [];
  for (let i = text.indexOf('`', lineStart); i !== -1 && i < lineEnd; i = text.indexOf('`', i)) {
    let j = i;
    while (j < lineEnd && text.charCodeAt(j) === 96) j++;
    runs.push([i, j - i]);
    i = j;
  }
  const next = new Array<number>(runs.length).fill(-1);
  const seen = new Map<number, number>();
  for (let k = runs.length - 1; k >= 0; k--) {
    const len = runs[k]![1];
    next[k] = seen.get(len) ?? -1;
    seen.set(len, k);
  }
  const spans = new Map<number, number>();
  for (let k = 0; k < runs.length; ) {
    const m = next[k]!;
    if (m === -1) {
      k++;
      continue;
    }
    spans.set(runs[k]![0], runs[m]![0] + runs[m]![1]);
    k = m + 1;
  }
  return spans;
}

/** Reads an open tag at `i` (text[i] === '<'); null when the text there is no tag. */
function readOpenTag(text: string, i: number, end: number): RawTag | null {
  const nameStart = i + 1;
  const nameEnd = readName(text, nameStart, end);
  if (nameEnd === nameStart) return null;
  const name = text.slice(nameStart, nameEnd);
  const attributes: XmlAttribute[] = [];
  let p = nameEnd;
  let firstLine = true;
  for (;;) {
    if (p >= end) return null;
    const c = text.charCodeAt(p);
    if (c === 62 /* > */) return open(p + 1, false);
    if (c === 47 /* / */) return text.charCodeAt(p + 1) === 62 ? open(p + 2, true) : null;
    if (!isSpace(c)) return null;
    // Whitespace, then an attribute or the end of the tag.
    let newlines = 0;
    while (p < end && isSpace(text.charCodeAt(p))) {
      if (text.charCodeAt(p) === 10) newlines++;
      p++;
    }
    if (newlines > 1) return null;
    if (newlines) firstLine = false;
    if (p >= end) return null;
    const d = text.charCodeAt(p);
    if (d === 62 || d === 47) continue;
    if (!isNameStart(d)) return null;
    const aStart = p;
    // Attribute names may carry a namespace prefix (`xmlns:x`, `x:DataType`).
    let aEnd = readName(text, p, end);
    while (text.charCodeAt(aEnd) === 58 && isNameStart(text.charCodeAt(aEnd + 1))) aEnd = readName(text, aEnd + 1, end);
    const attrName = text.slice(aStart, aEnd);
    let q = aEnd;
    while (q < end && (text.charCodeAt(q) === 32 || text.charCodeAt(q) === 9)) q++;
    if (text.charCodeAt(q) !== 61 /* = */) {
      if (!firstLine) return null;
      attributes.push({ name: attrName, nameRange: { start: aStart, end: aEnd }, value: null, valueRange: null, range: { start: aStart, end: aEnd }, quote: 'none' });
      p = aEnd;
      continue;
    }
    q++;
    while (q < end && (text.charCodeAt(q) === 32 || text.charCodeAt(q) === 9)) q++;
    const qc = text.charCodeAt(q);
    if (qc === 34 || qc === 39) {
      let r = q + 1;
      while (r < end) {
        const e = text.charCodeAt(r);
        if (e === qc || e === 10 || e === 60 /* < */) break;
        r++;
      }
      const e = text.charCodeAt(r);
      if (r < end && e === qc) {
        attributes.push({
          name: attrName,
          nameRange: { start: aStart, end: aEnd },
          value: text.slice(q + 1, r),
          valueRange: { start: q + 1, end: r },
          range: { start: aStart, end: r + 1 },
          quote: qc === 34 ? '"' : "'",
        });
        p = r + 1;
        continue;
      }
      if (e === 60) return null;
      // The quote is not closed on its line: the tag ends at the first `>` after it, if any.
      const gt = text.indexOf('>', q + 1);
      if (gt === -1 || gt >= r) return null;
      attributes.push({
        name: attrName,
        nameRange: { start: aStart, end: aEnd },
        value: text.slice(q + 1, gt),
        valueRange: { start: q + 1, end: gt },
        range: { start: aStart, end: gt },
        quote: 'unterminated',
      });
      return open(gt + 1, false);
    }
    // Unquoted value: up to a space, `>`, or `/>`.
    let r = q;
    while (r < end) {
      const e = text.charCodeAt(r);
      if (isSpace(e) || e === 62 || e === 60 || e === 34 || e === 39 || e === 96 || e === 61) break;
      if (e === 47 && text.charCodeAt(r + 1) === 62) break;
      r++;
    }
    if (r === q) return null;
    attributes.push({
      name: attrName,
      nameRange: { start: aStart, end: aEnd },
      value: text.slice(q, r),
      valueRange: { start: q, end: r },
      range: { start: aStart, end: r },
      quote: 'unquoted',
    });
    p = r;
  }

  function open(tagEnd: number, selfClosing: boolean): RawTag {
    return { type: 'open', name, nameRange: { start: nameStart, end: nameEnd }, attributes, range: { start: i, end: tagEnd }, selfClosing };
  }
}

/** Reads a close tag at `i` (text starts with `</` there); null when it is no tag. */
function readCloseTag(text: string, i: number, end: number): RawTag | null {
  const nameStart = i + 2;
  if (nameStart >= end || !isNameStart(text.charCodeAt(nameStart))) return null;
  const nameEnd = readName(text, nameStart, end);
  let p = nameEnd;
  while (p < end && (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9)) p++;
  if (p >= end || text.charCodeAt(p) !== 62) return null;
  return { type: 'close', name: text.slice(nameStart, nameEnd), nameRange: { start: nameStart, end: nameEnd }, range: { start: i, end: p + 1 } };
}

/**
 * Where the next occurrence of each closing string is, as far as a scan has looked: a run of
 * unclosed `<!--` must not search to the end of the text once per comment.
 */
type NextClose = Map<string, { from: number; at: number }>;

function nextIndex(text: string, close: string, from: number, seen: NextClose): number {
  const known = seen.get(close);
  // The last search started at or before `from` and found `at` (or nothing: -1) beyond it.
  if (known && known.from <= from && (known.at === -1 || known.at >= from)) return known.at;
  const at = text.indexOf(close, from);
  seen.set(close, { from, at });
  return at;
}

/** Skips `<!-- -->`, `<![CDATA[ ]]>`, `<!...>` and `<?...?>` at `i`; returns where they end, or -1. */
function skipMarkup(text: string, i: number, end: number, seen: NextClose = new Map()): number {
  const c = text.charCodeAt(i + 1);
  if (c === 33 /* ! */) {
    let close: string;
    if (text.startsWith('<!--', i)) close = '-->';
    else if (text.startsWith('<![CDATA[', i)) close = ']]>';
    else if (isNameStart(text.charCodeAt(i + 2))) close = '>';
    else return -1;
    const k = nextIndex(text, close, i + 2, seen);
    // An unclosed comment hides nothing past its own line.
    if (k === -1 || k + close.length > end) {
      const nl = text.indexOf('\n', i);
      return nl === -1 || nl > end ? end : nl;
    }
    return k + close.length;
  }
  if (c === 63 /* ? */ && isNameStart(text.charCodeAt(i + 2))) {
    const k = nextIndex(text, '?>', i + 2, seen);
    if (k === -1 || k + 2 > end) return -1;
    return k + 2;
  }
  return -1;
}

/**
 * Calls `onTag` for each tag in text[range), skipping the sorted, disjoint `skip` ranges;
 * `onOpaque` receives each comment or other markup passed over.
 */
export function scanTags(
  text: string,
  range: Range,
  skip: readonly Range[],
  onTag: (tag: RawTag) => void,
  onOpaque?: (r: Range) => void,
): void {
  const nextClose: NextClose = new Map();
  const end = range.end;
  let p = range.start;
  let s = 0;
  let spansLine = -1;
  let spans: Map<number, number> = new Map();
  const special = /[<`]/g;
  let found = -1; // the next `<` or backtick at or after the last search's start; Infinity: none
  while (p < end) {
    while (s < skip.length && skip[s]!.end <= p) s++;
    const nextSkip = s < skip.length ? skip[s]! : null;
    if (nextSkip && nextSkip.start <= p) {
      p = nextSkip.end;
      continue;
    }
    const limit = nextSkip ? Math.min(nextSkip.start, end) : end;
    // The search runs past `limit` (to the next `<` or backtick anywhere): its answer is kept
    // while it lies ahead, so that thousands of skipped ranges do not each search to the end.
    if (found !== Infinity && found < p) {
      special.lastIndex = p;
      const m = special.exec(text);
      found = m ? m.index : Infinity;
    }
    if (found >= limit) {
      p = limit;
      continue;
    }
    const i = found;
    if (text.charCodeAt(i) === 96) {
      // A code span: its content is code, not tags.
      if (spansLine === -1 || i >= spansLine) {
        const ls = text.lastIndexOf('\n', i - 1) + 1;
        const nl = text.indexOf('\n', i);
        spansLine = nl === -1 || nl > limit ? limit : nl;
        spans = lineCodeSpans(text, ls, spansLine);
      }
      const spanEnd = spans.get(i);
      if (spanEnd !== undefined) p = spanEnd;
      else {
        p = i + 1;
        while (p < limit && text.charCodeAt(p) === 96) p++;
      }
      continue;
    }
    p = i + 1;
    const next = text.charCodeAt(i + 1);
    if (next === 33 || next === 63) {
      const k = skipMarkup(text, i, limit, nextClose);
      if (k !== -1) {
        onOpaque?.({ start: i, end: k });
        p = k;
      }
      continue;
    }
    let tag: RawTag | null = null;
    if (next === 47) tag = readCloseTag(text, i, limit);
    // `Array<string>`: a `<` right after a word opens no tag (a close tag may follow text).
    else if (isNameStart(next) && !(i > 0 && isIdentChar(text.charCodeAt(i - 1)))) tag = readOpenTag(text, i, limit);
    if (!tag) continue;
    onTag(tag);
    p = tag.range.end;
  }
}
