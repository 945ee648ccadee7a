/**
 * From the engine's findings to the protocol's shapes: one-based, end-exclusive lines and columns
 * (UTF-16 code units, as the protocol counts by default) to zero-based positions; text offsets of
 * the document model (which drops a BOM) to positions of the editor's buffer (which may keep it).
 */
import { pathToFileURL } from 'node:url';
import { DiagnosticSeverity, type Diagnostic, type Position, type Range } from 'vscode-languageserver';
import type { RuleMeta } from '../engine/rule.js';
import { ruleDocsUrl } from '../meta.js';
import type { DocumentModel } from '../model/document.js';
import type { LintMessage } from '../types.js';

export const SOURCE = 'agent-lint';

/** A one-based line and column of the model's text as a position in the buffer. */
export function toPosition(doc: DocumentModel, line: number, column: number): Position {
  return { line: line - 1, character: column - 1 + (doc.hasBom && line === 1 ? 1 : 0) };
}

export function offsetToPosition(doc: DocumentModel, offset: number): Position {
  const p = doc.lines.position(offset);
  return toPosition(doc, p.line, p.column);
}

export function rangeOfOffsets(doc: DocumentModel, start: number, end: number): Range {
  return { start: offsetToPosition(doc, start), end: offsetToPosition(doc, end) };
}

/** A buffer position as an offset into the model's text. */
export function positionToOffset(doc: DocumentModel, pos: Position): number {
  const column = pos.character + 1 - (doc.hasBom && pos.line === 0 ? 1 : 0);
  return doc.lines.offset(pos.line + 1, Math.max(1, column));
}

export function messageRange(doc: DocumentModel, m: LintMessage): Range {
  return { start: toPosition(doc, m.line, m.column), end: toPosition(doc, m.endLine, m.endColumn) };
}

export function toDiagnostic(doc: DocumentModel, m: LintMessage, rules: ReadonlyMap<string, RuleMeta>): Diagnostic {
  const d: Diagnostic = {
    range: messageRange(doc, m),
    severity: m.severity === 2 ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: m.ruleId,
    source: SOURCE,
    // The help (what was expected) on a line of its own, as editors show a message's lines.
    message: diagnosticText(m),
  };
  const meta = rules.get(m.ruleId);
  if (meta && !meta.internal) d.codeDescription = { href: ruleDocsUrl(m.ruleId) };
  if (m.related?.length) {
    d.relatedInformation = m.related.map((r) => ({
      location: { uri: pathToFileURL(r.filePath).href, range: { start: { line: r.line - 1, character: r.column - 1 }, end: { line: r.endLine - 1, character: r.endColumn - 1 } } },
      message: r.message,
    }));
  }
  return d;
}

/** Whether two ranges share a position (an empty range touching the other counts). */
export function overlaps(a: Range, b: Range): boolean {
  const before = (p: Position, q: Position) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/** A finding's text as a diagnostic: the message, then the help (what was expected) on a line of its own. */
export function diagnosticText(m: Pick<LintMessage, 'message' | 'help'>): string {
  return m.help ? `${m.message}\nhelp: ${m.help}` : m.message;
}
