/**
 * The markdown documents a spec's text points to: `@path/to/doc.md` (Claude Code's import, at a
 * line's start or after a blank, backtick, paren or quote) and `Path: path/to/doc.md` (any case),
 * the way the teams that write context documents cite them. Read by the return-format lookup (a
 * cited document may declare the project's format) and by reference-exists.
 */
import type { Range } from '../types.js';

export interface FileReference {
  /** The path as written. */
  path: string;
  /** Where the path is in the text (without the `@` or `Path:`). */
  range: Range;
}

/**
 * Two expressions that each start with a literal, so the scan jumps from one `@` or `p` to the
 * next instead of trying an alternation at every character; their matches cannot overlap.
 */
const AT_REFERENCE = /@([\w./-]+\.md)\b/gi;
const PATH_REFERENCE = /\bPath:\s*`?([\w./-]+\.md)\b/gi;
const BEFORE_AT = /[\s`("']/;

/** Every reference of the text, in text order. */
export function fileReferences(text: string): FileReference[] {
  if (!text.includes('.md')) return [];
  const found: FileReference[] = [];
  for (const m of text.matchAll(AT_REFERENCE)) {
    const i = m.index;
    if (i === 0 || BEFORE_AT.test(text[i - 1]!)) found.push({ path: m[1]!, range: { start: i + 1, end: i + 1 + m[1]!.length } });
  }
  for (const m of text.matchAll(PATH_REFERENCE)) {
    const start = m.index + m[0].length - m[1]!.length;
    found.push({ path: m[1]!, range: { start, end: start + m[1]!.length } });
  }
  if (found.length > 1) found.sort((a, b) => a.range.start - b.range.start);
  return found;
}

/** The documents a text references, as written, each once. */
export function referencedDocuments(text: string): string[] {
  return [...new Set(fileReferences(text).map((r) => r.path))];
}
