/**
 * Fenced code blocks, found by scanning lines. Fences indented inside XML or lists count too:
 * the model reading the prompt sees them as code, whatever CommonMark says of deep indents.
 */
import type { Range } from '../types.js';
import type { LineIndex } from './lines.js';

export interface FencedBlock {
  /** From the opening fence to the end of the closing fence line (or the end of the text). */
  range: Range;
  /** The opening fence line's range. */
  openRange: Range;
  /** The content between the fences. */
  contentRange: Range;
  /** The first word of the info string, lower-cased (`json`, `xml`, `` for none). */
  lang: string;
  info: string;
  /** Zero-based line of the opening fence. */
  openLine: number;
  /** Indentation (columns) of the opening fence. */
  indent: number;
  closed: boolean;
  /** The fence characters (` or ~) and how many. */
  marker: string;
}

const OPEN = /^([ \t]*)(`{3,}|~{3,})(.*)$/;

/** The offset of the first character after the spaces and tabs at `pos`. */
function firstNonBlank(text: string, pos: number): number {
  let i = pos;
  for (let c = text.charCodeAt(i); c === 32 || c === 9; c = text.charCodeAt(++i));
  return i;
}

/** The offset of the first character at or after `pos` that `trim()` keeps. */
function firstNonSpace(text: string, pos: number): number {
  let i = pos;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || (c >= 11 && c <= 13) || c === 160 || c === 0xfeff || (c >= 0x1680 && /\s/.test(text[i]!))) i++;
    else return i;
  }
}

export function scanFences(text: string, lines: LineIndex, start = 0): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const n = lines.lineCount;
  let l = start === 0 ? 0 : lines.lineOf(start);
  while (l < n) {
    const lineStart = lines.starts[l]!;
    // Fast path: a fence line is a backtick or tilde after spaces and tabs.
    const c = text.charCodeAt(firstNonBlank(text, lineStart));
    if (c !== 96 && c !== 126) {
      l++;
      continue;
    }
    const lineText = lines.lineText(l);
    const m = OPEN.exec(lineText);
    if (!m || (m[2]![0] === '`' && m[3]!.includes('`'))) {
      l++;
      continue;
    }
    const indent = m[1]!.replace(/\t/g, '    ').length;
    const marker = m[2]!;
    const info = m[3]!.trim();
    const lang = (info.split(/[\s{]/)[0] ?? '').toLowerCase();
    const openEnd = lines.lineEnd(l);
    let close = -1;
    const markerCode = marker.charCodeAt(0);
    for (let k = l + 1; k < n; k++) {
      // Only a line whose first character kept by trim() is the marker's can close it.
      if (text.charCodeAt(firstNonSpace(text, lines.starts[k]!)) !== markerCode) continue;
      const t = lines.lineText(k).trim();
      if (t.length >= marker.length && t[0] === marker[0] && /^(`+|~+)$/.test(t) && t.length >= marker.length) {
        close = k;
        break;
      }
    }
    const contentStart = l + 1 < n ? lines.starts[l + 1]! : text.length;
    if (close === -1) {
      blocks.push({
        range: { start: lineStart, end: text.length },
        openRange: { start: lineStart, end: openEnd },
        contentRange: { start: Math.min(contentStart, text.length), end: text.length },
        lang, info, openLine: l, indent, closed: false, marker,
      });
      break;
    }
    blocks.push({
      range: { start: lineStart, end: lines.lineEnd(close) },
      openRange: { start: lineStart, end: openEnd },
      contentRange: { start: contentStart, end: lines.starts[close]! },
      lang, info, openLine: l, indent, closed: true, marker,
    });
    l = close + 1;
  }
  return blocks;
}
