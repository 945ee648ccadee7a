/**
 * Cursor does not read a rule's header as YAML: its own editor writes `globs: src/**\/*.ts`
 * unquoted (a YAML parser reads the leading `*` as an alias and fails), and it takes quotes in
 * `globs` as part of the pattern. A header YAML rejects is therefore read here the way Cursor
 * reads it, one `key: value` line at a time, so that its fields are checked for what they say
 * rather than reported as broken YAML.
 */
import type { DocumentModel } from '../../model/document.js';
import type { Frontmatter, FrontmatterField, FrontmatterProblem } from '../../model/frontmatter.js';

/** Whether the tool that loads the file reads its header line by line (Cursor's rules). */
export function readsHeaderByLine(doc: DocumentModel): boolean {
  return doc.kind === 'cursor-rule';
}

const KEY_LINE = /^([A-Za-z_][\w-]*)[ \t]*:[ \t]*(.*?)[ \t]*$/;
const ITEM_LINE = /^[ \t]+-[ \t]+(.*?)[ \t]*$/;

/** A scalar as written, with one pair of matching quotes taken off, and `true`/`false` as booleans. */
function scalarOf(raw: string): unknown {
  if (raw === '') return null;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  const q = raw[0];
  if ((q === '"' || q === "'") && raw.length > 1 && raw.endsWith(q)) return raw.slice(1, -1);
  return raw;
}

/**
 * The fields of a closed header, read line by line: `key: value` at column 1 (the value as
 * written, a pair of quotes taken off), or `key:` followed by `- item` lines (a list).
 */
function fieldsByLine(doc: DocumentModel, fm: Frontmatter): FrontmatterField[] {
  const out: FrontmatterField[] = [];
  const first = doc.lines.lineOf(fm.contentRange.start);
  const last = doc.lines.lineOf(Math.max(fm.contentRange.start, fm.contentRange.end - 1));
  let open: { field: FrontmatterField; items: string[] } | null = null;
  for (let l = first; l <= last && fm.contentRange.end > fm.contentRange.start; l++) {
    const text = doc.lines.lineText(l).replace(/\r$/, '');
    const start = doc.lines.starts[l]!;
    const item = open ? ITEM_LINE.exec(text) : null;
    if (open && item) {
      const at = start + text.indexOf(item[1]!);
      open.items.push(String(scalarOf(item[1]!) ?? ''));
      open.field.value = open.items;
      open.field.valueRange = { start: open.field.valueRange.start === open.field.keyRange.end ? at : open.field.valueRange.start, end: at + item[1]!.length };
      continue;
    }
    open = null;
    const m = KEY_LINE.exec(text);
    if (!m || /^\s*#/.test(text)) continue;
    const keyRange = { start, end: start + m[1]!.length };
    const valueStart = start + text.length - m[2]!.length;
    const field: FrontmatterField = {
      key: m[1]!,
      keyRange,
      valueRange: m[2] ? { start: valueStart, end: valueStart + m[2].length } : { start: keyRange.end, end: keyRange.end },
      value: scalarOf(m[2]!),
      node: null,
    };
    out.push(field);
    if (!m[2]) open = { field, items: [] };
  }
  return out;
}

/**
 * The header's fields and errors as the file's tool reads them: the YAML parse's, except for a
 * Cursor rule whose header YAML rejects, read line by line (and then without errors).
 */
export function headerAsRead(doc: DocumentModel, fm: Frontmatter): { fields: readonly FrontmatterField[]; errors: readonly FrontmatterProblem[] } {
  if (fm.errors.length === 0 || !readsHeaderByLine(doc)) return fm;
  return { fields: fieldsByLine(doc, fm), errors: [] };
}
