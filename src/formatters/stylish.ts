/**
 * The terminal format: findings grouped by file, `line:col severity message rule-id`, then the
 * source line with a marker under the exact token (as actionlint shows), and a summary.
 */
import { Chalk } from 'chalk';
import path from 'node:path';
import type { LintMessage } from '../types.js';
import type { Formatter } from './types.js';

const MAX_FRAME_WIDTH = 160;

/**
 * The source line of a message with `^~~~` under its range (tabs kept so columns align). Pass
 * the source already split into lines when framing many messages of one file.
 */
export function codeFrame(source: string | readonly string[], m: LintMessage): string[] {
  const lines = typeof source === 'string' ? source.split('\n') : source;
  const text = (lines[m.line - 1] ?? '').replace(/\r$/, '');
  if (text.trim() === '' && m.line > lines.length) return [];
  let start = Math.max(0, m.column - 1);
  let end = m.endLine === m.line ? Math.max(start + 1, m.endColumn - 1) : Math.max(start + 1, text.length);
  let shown = text;
  let offset = 0;
  if (shown.length > MAX_FRAME_WIDTH) {
    offset = Math.max(0, Math.min(start - 20, shown.length - MAX_FRAME_WIDTH));
    shown = shown.slice(offset, offset + MAX_FRAME_WIDTH);
    start -= offset;
    end = Math.min(end - offset, shown.length + 1);
  }
  const pad = shown.slice(0, start).replace(/[^\t]/g, ' ');
  const width = Math.max(1, Math.min(end, shown.length + 1) - start);
  return [shown, pad + '^' + '~'.repeat(width - 1)];
}

export const formatStylish: Formatter = (results, ctx) => {
  const c = new Chalk({ level: ctx.color ? 1 : 0 });
  const out: string[] = [];
  let errors = 0, warnings = 0, fixableErrors = 0, fixableWarnings = 0;
  for (const r of results) {
    if (r.messages.length === 0) continue;
    errors += r.errorCount;
    warnings += r.warningCount;
    fixableErrors += r.fixableErrorCount;
    fixableWarnings += r.fixableWarningCount;
    out.push(c.underline(path.relative(ctx.cwd, r.filePath) || r.filePath));
    // Split once per file: 20,000 findings in a 5 MB file must not split it 20,000 times.
    let lines: string[] | undefined;
    for (const m of r.messages) {
      const sev = m.severity === 2 ? c.red('error') : c.yellow('warning');
      out.push(`  ${c.dim(`${m.line}:${m.column}`)}  ${sev}  ${m.message}  ${c.dim(m.ruleId)}`);
      if (r.source !== undefined && !m.fatal) {
        lines ??= r.source.split('\n');
        const frame = codeFrame(lines, m);
        if (frame.length) {
          const gutter = String(m.line);
          out.push(c.dim(`    ${gutter} | `) + frame[0]);
          out.push(c.dim(`    ${' '.repeat(gutter.length)} | `) + c.cyan(frame[1]));
        }
      }
    }
    out.push('');
  }
  const total = errors + warnings;
  if (total === 0) return '';
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  const summary = `\u2716 ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  out.push(errors ? c.red.bold(summary) : c.yellow.bold(summary));
  if (fixableErrors || fixableWarnings) {
    out.push(c.dim(`  ${plural(fixableErrors, 'error')} and ${plural(fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`));
  }
  return out.join('\n') + '\n';
};
