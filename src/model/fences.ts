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

/** The offset of the first character at or after `pos` that `trim()` keeps. */
function firstNonSpace(text: string, pos: number): number {
  let i = pos;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || (c >= 11 && c <= 13) || c === 160 || c === 0xfeff || (c >= 0x1680 && /\s/.test(text[i]!))) i++;
    else return i;
  }
}

/**
 * The first line at or after line `from` that starts (after blanks as `atStart` allows) with
 * `run`, found with indexOf: lines without it cost nothing. -1 when there is none.
 */
function nextLineStartingWith(text: string, lines: LineIndex, from: number, run: string, atStart: (lineStart: number) => number): number {
  if (from >= lines.lineCount) return -1;
  let pos = lines.starts[from]!;
  for (;;) {
    const i = text.indexOf(run, pos);
    if (i === -1) return -1;
    const l = lines.lineOf(i);
    if (atStart(lines.starts[l]!) === i) return l;
    // Not at its line's start: nothing later on this line can be.
    if (l + 1 >= lines.lineCount) return -1;
    pos = lines.starts[l + 1]!;
  }
}

/** The offset of the first character after the spaces and tabs at `pos`. */
function firstNonBlank(text: string, pos: number): number {
  let i = pos;
  for (let c = text.charCodeAt(i); c === 32 || c === 9; c = text.charCodeAt(++i));
  return i;
}

export function scanFences(text: string, lines: LineIndex, start = 0): FencedBlock[] {
  const blocks: FencedBlock[] = [];
  const n = lines.lineCount;
  let l = start === 0 ? 0 : lines.lineOf(start);
  const atLineStart = (lineStart: number) => firstNonBlank(text, lineStart);
  // The next line that opens with ``` and with ~~~ (recomputed once passed).
  let nextTicks = -2;
  let nextTildes = -2;
  while (l < n) {
    if (nextTicks !== -1 && nextTicks < l) nextTicks = nextLineStartingWith(text, lines, l, '```', atLineStart);
    if (nextTildes !== -1 && nextTildes < l) nextTildes = nextLineStartingWith(text, lines, l, '~~~', atLineStart);
    if (nextTicks === -1 && nextTildes === -1) break;
    l = nextTicks === -1 ? nextTildes : nextTildes === -1 ? nextTicks : Math.min(nextTicks, nextTildes);
    const lineStart = lines.starts[l]!;
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
    // Only a line whose text (as trim() leaves it) is a run of the marker's character can close it.
    const run = marker.slice(0, 3);
    for (let k = nextLineStartingWith(text, lines, l + 1, run, (s) => firstNonSpace(text, s)); k !== -1; k = nextLineStartingWith(text, lines, k + 1, run, (s) => firstNonSpace(text, s))) {
      const t = lines.lineText(k).trim();
      if (t.length >= marker.length && t[0] === marker[0] && /^(`+|~+)$/.test(t)) {
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
