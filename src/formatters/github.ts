/**
 * GitHub Actions workflow commands: `::error file=..,line=..::message`, which the runner turns
 * into annotations on the pull request.
 */
import { relPosix } from '../util/paths.js';
import { path } from '../platform/host.js';
import type { Formatter } from './types.js';

/** Escaping for the message part of a workflow command. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escaping for a property value (also `:` and `,`). */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export const formatGithub: Formatter = (results, ctx) => {
  const lines: string[] = [];
  for (const r of results) {
    const file = relPosix(ctx.root ?? ctx.cwd, r.filePath);
    for (const m of r.messages) {
      const level = m.severity === 2 ? 'error' : 'warning';
      const props = [
        `file=${escapeProperty(file)}`,
        `line=${m.line}`,
        `col=${m.column}`,
        `endLine=${m.endLine}`,
        `endColumn=${m.endColumn}`,
        `title=${escapeProperty(`agent-lint(${m.ruleId})`)}`,
      ];
      // The annotation shows the message, and the help on a line of its own.
      lines.push(`::${level} ${props.join(',')}::${escapeData(m.help ? `${m.message}\n${m.help}` : m.message)}`);
    }
  }
  return lines.length ? lines.join('\n') + '\n' : '';
};
