/** ESLint's JSON result shape, so tools made for ESLint output consume it. */
import type { Formatter } from './types.js';

export const formatJson: Formatter = (results) =>
  JSON.stringify(
    results.map((r) => ({
      filePath: r.filePath,
      messages: r.messages.map((m) => ({
        ruleId: m.ruleId,
        severity: m.severity,
        message: m.message,
        line: m.line,
        column: m.column,
        endLine: m.endLine,
        endColumn: m.endColumn,
        ...(m.messageId ? { messageId: m.messageId } : {}),
        ...(m.fatal ? { fatal: true } : {}),
        ...(m.fix ? { fix: { range: m.fix.range, text: m.fix.text } } : {}),
      })),
      suppressedMessages: r.suppressedMessages.map((m) => ({
        ruleId: m.ruleId,
        severity: m.severity,
        message: m.message,
        line: m.line,
        column: m.column,
        endLine: m.endLine,
        endColumn: m.endColumn,
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
