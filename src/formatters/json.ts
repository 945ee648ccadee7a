/** ESLint's JSON result shape, so tools made for ESLint output consume it. */
import type { LintMessage } from '../types.js';
import type { Formatter } from './types.js';

/** The fields of ESLint's message shape every message has. */
const position = (m: LintMessage) => ({
  ruleId: m.ruleId,
  severity: m.severity,
  message: m.message,
  line: m.line,
  column: m.column,
  endLine: m.endLine,
  endColumn: m.endColumn,
});

export const formatJson: Formatter = (results) =>
  JSON.stringify(
    results.map((r) => ({
      filePath: r.filePath,
      messages: r.messages.map((m) => ({
        ...position(m),
        ...(m.messageId ? { messageId: m.messageId } : {}),
        ...(m.help ? { help: m.help } : {}),
        ...(m.fatal ? { fatal: true } : {}),
        ...(m.fix ? { fix: { range: m.fix.range, text: m.fix.text } } : {}),
        ...(m.suggestions?.length ? { suggestions: m.suggestions.map((s) => ({ desc: s.desc, ...(s.messageId ? { messageId: s.messageId } : {}), fix: { range: s.fix.range, text: s.fix.text } })) } : {}),
      })),
      suppressedMessages: r.suppressedMessages.map((m) => ({
        ...position(m),
        suppressions: m.suppressions ?? [{ kind: 'directive', justification: '' }],
      })),
      errorCount: r.errorCount,
      fatalErrorCount: r.fatalErrorCount,
      warningCount: r.warningCount,
      fixableErrorCount: r.fixableErrorCount,
      fixableWarningCount: r.fixableWarningCount,
      ...(r.output !== undefined ? { output: r.output } : {}),
      usedDeprecatedRules: [],
    })),
  ) + '\n';
