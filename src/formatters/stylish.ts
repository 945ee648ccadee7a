/**
 * The terminal format: findings grouped by file, `line:col severity message rule-id`, then the
 * source line with a marker under the exact token (as actionlint shows), fitted to the
 * terminal's width, then the help, dimmed; and a summary that says what --fix can fix.
 */
import { plural } from '../util/help.js';
import { path } from '../platform/host.js';
import type { LintMessage } from '../types.js';
import { ruleDocsUrl } from '../meta.js';
import type { Formatter } from './types.js';
import { escapeControl } from './escape.js';
import { paint } from './paint.js';

/** A terminal hyperlink (OSC 8): the rule id opens its docs page where the terminal supports it. */
function link(text: string, url: string): string {
  return `\u001b]8;;${url}\u0007${text}\u001b]8;;\u0007`;
}

/** The width of a code frame's text when the caller gives none. */
const DEFAULT_FRAME_WIDTH = 120;
/** A frame is never narrower than this, however narrow the terminal. */
const MIN_FRAME_WIDTH = 20;

/**
 * The source line of a message with `^~~~` under its range. Tabs are kept in the padding so the
 * marker lines up in a terminal; a range that goes on past its first line is marked to the end
 * of that line; a long line is cut to a window around the range, with `…` where it was cut.
 * `lines` are the source's lines (split on `\n`).
 */
export function codeFrame(lines: readonly string[], m: Pick<LintMessage, 'line' | 'column' | 'endLine' | 'endColumn'>, maxWidth = DEFAULT_FRAME_WIDTH): [string, string] | [] {
  const width = Math.max(MIN_FRAME_WIDTH, maxWidth);
  // Room before the range when a long line is cut: a quarter of the width.
  const before = Math.floor(width / 4);
  if (m.line < 1 || m.line > lines.length) return [];
  const text = lines[m.line - 1]!.replace(/\r$/, '');
  let start = Math.min(Math.max(0, m.column - 1), text.length);
  // End (exclusive, zero-based) on this line; at least one character wide.
  let end = m.endLine === m.line ? Math.min(m.endColumn - 1, text.length) : text.length;
  end = Math.max(end, start + 1);
  let shown = text;
  if (text.length > width) {
    // Two columns for the `…` marks.
    const w = width - 2;
    const from = Math.max(0, Math.min(start - before, text.length - w));
    const to = from + w;
    const head = from > 0 ? '…' : '';
    shown = head + text.slice(from, to) + (to < text.length ? '…' : '');
    start = start - from + head.length;
    end = Math.min(end - from, to - from + 1) + head.length;
  }
  // Control characters are shown escaped (wider than one column): the marker follows them.
  const head = escapeControl(shown.slice(0, start));
  const mid = escapeControl(shown.slice(start, end));
  const pad = head.replace(/[^\t]/g, ' ');
  return [head + mid + escapeControl(shown.slice(end)), pad + '^' + '~'.repeat(Math.max(1, mid.length) - 1)];
}

export const formatStylish: Formatter = (results, ctx) => {
  const c = paint(ctx.color);
  const out: string[] = [];
  let errors = 0, warnings = 0, fixableErrors = 0, fixableWarnings = 0, suggestible = 0;
  for (const r of results) {
    if (r.messages.length === 0) continue;
    errors += r.errorCount;
    warnings += r.warningCount;
    fixableErrors += r.fixableErrorCount;
    fixableWarnings += r.fixableWarningCount;
    out.push(c.underline(escapeControl(path.relative(ctx.cwd, r.filePath) || r.filePath)));
    // Split once per file: 20,000 findings in a 5 MB file must not split it 20,000 times.
    let lines: string[] | undefined;
    for (const m of r.messages) {
      if (m.suggestions?.length) suggestible++;
      const sev = m.severity === 2 ? c.red('error') : c.yellow('warning');
      out.push(`  ${c.dim(`${m.line}:${m.column}`)}  ${sev}  ${escapeControl(m.message.replace(/\s*[\r\n]+\s*/g, ' '))}  ${c.dim(ctx.color ? link(escapeControl(m.ruleId), ruleDocsUrl(m.ruleId)) : escapeControl(m.ruleId))}`);
      if (r.source !== undefined && !m.fatal) {
        lines ??= r.source.split('\n');
        const gutter = String(m.line);
        // The frame's text fits the terminal after its `    12 | ` gutter.
        const frame = codeFrame(lines, m, (ctx.width ?? 80) - gutter.length - 7);
        if (frame.length) {
          out.push(c.dim(`    ${gutter} | `) + frame[0]);
          out.push(c.dim(`    ${' '.repeat(gutter.length)} | `) + c.cyan(frame[1]));
        }
      }
      if (m.help) out.push(c.dim(`    help: ${escapeControl(m.help.replace(/\s*[\r\n]+\s*/g, ' '))}`));
    }
    out.push('');
  }
  const total = errors + warnings;
  if (total === 0) return '';
  const summary = `\u2716 ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  out.push(errors ? c.red.bold(summary) : c.yellow.bold(summary));
  if (fixableErrors + fixableWarnings > 0) {
    const line = `  ${plural(fixableErrors, 'error')} and ${plural(fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`;
    out.push(errors ? c.red.bold(line) : c.yellow.bold(line));
  }
  if (suggestible > 0) {
    const line = `  ${plural(suggestible, 'problem')} ${suggestible === 1 ? 'has' : 'have'} suggestions: repairs to choose from, shown by \`--fix-dry-run\` and offered in the editor.`;
    out.push(errors ? c.red.bold(line) : c.yellow.bold(line));
  }
  return out.join('\n') + '\n';
};
