/**
 * A header that lost its opening `---`: the file starts with `key:` lines, the first key one its
 * tool reads, and a `---` line closes them. Without the opening line there is no frontmatter:
 * the tool reads those lines as body text (and the `---` as a rule), so none of the fields
 * takes effect.
 */
import type { DocumentModel } from '../../model/document.js';
import { FIELD_TABLES, type FrontmatterKind } from '../../standard/frontmatter-fields.js';
import type { Range } from '../../types.js';

/** Lines a header may have before its closing `---`. */
const MAX_LINES = 40;

/** The first key's range and the closing line (one-based), or null when the file does not open so. */
export function headlessHeader(doc: DocumentModel, kind: FrontmatterKind): { key: string; range: Range; closeLine: number } | null {
  const first = /^([A-Za-z_][\w-]*)[ \t]*:/.exec(doc.text);
  if (!first || !FIELD_TABLES[kind].fields.some((f) => f.name === first[1])) return null;
  const n = Math.min(doc.lines.lineCount, MAX_LINES);
  for (let l = 1; l < n; l++) {
    const text = doc.lines.lineText(l).replace(/\r$/, '');
    if (/^---[ \t]*$/.test(text)) return { key: first[1]!, range: { start: 0, end: first[1]!.length }, closeLine: l + 1 };
    // Header lines: `key: value`, indented continuations and list items, blanks, comments.
    if (!/^([A-Za-z_][\w-]*[ \t]*:|[ \t]|#|$)/.test(text)) return null;
  }
  return null;
}
