/**
 * Code actions for the findings under the cursor: the rule's fix, "disable <rule> for this line"
 * (or, where a comment on the line would change what it belongs to, for the code block or JSON
 * object around it), "disable <rule> for this file", and "open the documentation of <rule>".
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver';
import { ruleDocsUrl } from '../meta.js';
import type { RuleMeta } from '../engine/rule.js';
import type { DocumentModel } from '../model/document.js';
import type { Fix, LintMessage } from '../types.js';

/** ESLint's suggestions (fixes a person applies), on messages of rules that offer them. */
type Suggestion = { desc: string; fix: Fix };
import { diagnosticText, messageRange, offsetToPosition, overlaps, rangeOfOffsets } from './convert.js';

export const OPEN_DOCS_COMMAND = 'agent-lint.openRuleDocs';

const insertAt = (doc: DocumentModel, offset: number, text: string): TextEdit => {
  const p = offsetToPosition(doc, offset);
  return { range: { start: p, end: p }, newText: text };
};

/** The line ending the file uses. */
const eolOf = (doc: DocumentModel) => (doc.text.includes('\r\n') ? '\r\n' : '\n');

/** Offset of the start of a one-based line, and of its end (before the line break). */
const lineStart = (doc: DocumentModel, line: number) => doc.lines.offset(line, 1);
const lineEnd = (doc: DocumentModel, line: number) => doc.lines.lineEnd(line - 1);

/**
 * The edits that turn a rule off for the line of a finding. In the frontmatter: a YAML comment
 * line above it. Inside a fenced block or a JSON object a comment would be part of the example
 * (and is not a directive there), so the block is wrapped in disable/enable comments. Elsewhere:
 * a `disable-line` comment at the end of the line. None for the frontmatter's opening line.
 */
export function disableLineEdits(doc: DocumentModel, m: LintMessage): { title: string; edits: TextEdit[] } | null {
  const eol = eolOf(doc);
  const at = lineStart(doc, m.line);
  const fm = doc.frontmatter;
  if (fm && at >= fm.range.start && at < fm.contentRange.start) return null;
  if (fm && at >= fm.contentRange.start && at < fm.range.end) {
    const indent = /^[ \t]*/.exec(doc.lines.lineText(m.line - 1))![0];
    return { title: `Disable ${m.ruleId} for this line`, edits: [insertAt(doc, at, `${indent}# agent-lint-disable-next-line ${m.ruleId}${eol}`)] };
  }
  const region = doc.fences.find((f) => at >= f.range.start && at < f.range.end)?.range ?? doc.json.blocks.find((b) => b.range.start <= at + doc.lines.lineText(m.line - 1).length && b.range.end > at)?.range;
  if (region) {
    const first = doc.lines.position(region.start).line;
    const last = doc.lines.position(Math.max(region.start, region.end - 1)).line;
    return {
      title: `Disable ${m.ruleId} for this ${doc.fences.some((f) => f.range === region) ? 'code block' : 'JSON object'}`,
      edits: [insertAt(doc, lineStart(doc, first), `<!-- agent-lint-disable ${m.ruleId} -->${eol}`), insertAt(doc, lineEnd(doc, last), `${eol}<!-- agent-lint-enable ${m.ruleId} -->`)],
    };
  }
  return { title: `Disable ${m.ruleId} for this line`, edits: [insertAt(doc, lineEnd(doc, m.line), ` <!-- agent-lint-disable-line ${m.ruleId} -->`)] };
}

/** The edit that turns a rule off for the whole file: a comment where the body starts. */
export function disableFileEdit(doc: DocumentModel, ruleId: string): TextEdit {
  const eol = eolOf(doc);
  const at = doc.bodyStart;
  // After a frontmatter that ends the file without a line break, start a line of our own.
  const lead = at > 0 && at === doc.text.length && !doc.text.endsWith('\n') ? eol : '';
  return insertAt(doc, at, `${lead}<!-- agent-lint-disable-file ${ruleId} -->${eol}`);
}

export interface ActionInput {
  uri: string;
  doc: DocumentModel;
  /** The findings of the document's last lint (of this very text). */
  messages: readonly LintMessage[];
  range: Range;
  /** The diagnostics the client sent for the range (to attach to the actions). */
  diagnostics: readonly Diagnostic[];
  rules: ReadonlyMap<string, RuleMeta>;
  /** Only these kinds (the client's `only`), if given. */
  only?: readonly string[];
}

export function codeActions(input: ActionInput): CodeAction[] {
  const { uri, doc } = input;
  const wants = (kind: string) => !input.only || input.only.some((k) => kind === k || kind.startsWith(k + '.'));
  const out: CodeAction[] = [];
  const seenRules = new Set<string>();
  const tail: CodeAction[] = [];
  for (const m of input.messages) {
    const range = messageRange(doc, m);
    if (!overlaps(range, input.range)) continue;
    const diagnostic = input.diagnostics.find((d) => d.code === m.ruleId && d.range.start.line === range.start.line && d.range.start.character === range.start.character && d.message === diagnosticText(m));
    const diagnostics = diagnostic ? [diagnostic] : undefined;
    const edit = (edits: TextEdit[]) => ({ changes: { [uri]: edits } });
    if (m.fix && wants(CodeActionKind.QuickFix)) {
      const [a, b] = m.fix.range;
      out.push({ title: `Fix: ${m.message}`, kind: CodeActionKind.QuickFix, diagnostics, isPreferred: true, edit: edit([{ range: rangeOfOffsets(doc, a, b), newText: m.fix.text }]) });
    }
    for (const s of (m as LintMessage & { suggestions?: Suggestion[] }).suggestions ?? []) {
      if (!wants(CodeActionKind.QuickFix)) break;
      const [a, b] = s.fix.range;
      out.push({ title: s.desc, kind: CodeActionKind.QuickFix, diagnostics, edit: edit([{ range: rangeOfOffsets(doc, a, b), newText: s.fix.text }]) });
    }
    const meta = input.rules.get(m.ruleId);
    if (!meta || meta.internal || !wants(CodeActionKind.QuickFix)) continue;
    const line = disableLineEdits(doc, m);
    if (line) tail.push({ title: line.title, kind: CodeActionKind.QuickFix, diagnostics, edit: edit(line.edits) });
    if (seenRules.has(m.ruleId)) continue;
    seenRules.add(m.ruleId);
    tail.push({ title: `Disable ${m.ruleId} for this file`, kind: CodeActionKind.QuickFix, diagnostics, edit: edit([disableFileEdit(doc, m.ruleId)]) });
    tail.push({ title: `Open the documentation of ${m.ruleId}`, kind: CodeActionKind.QuickFix, diagnostics, command: { title: `Open the documentation of ${m.ruleId}`, command: OPEN_DOCS_COMMAND, arguments: [ruleDocsUrl(m.ruleId)] } });
  }
  return [...out, ...tail];
}
