/**
 * Wording the command and its subcommands share: paths shown relative to the working directory,
 * config errors, and node:util parseArgs' messages.
 */
import path from 'node:path';
import type { ConfigError } from '../config/error.js';
import { escapeControl } from '../formatters/escape.js';

/** `p` relative to `cwd` when it is inside it, else as given. */
export function shownPath(cwd: string, p: string): string {
  const r = path.relative(cwd, p);
  // A path may come from a file's name: control characters and line breaks are shown escaped.
  return escapeControl(r && !r.startsWith('..') && !path.isAbsolute(r) ? r : p);
}

/** `config error in FILE: what is wrong` (the file shown relative to `cwd`). */
export function configErrorText(e: ConfigError, cwd: string): string {
  // The detail quotes config keys and values, a repository's text: shown escaped, on one line.
  return `config error${e.file ? ` in ${shownPath(cwd, e.file)}` : ''}: ${escapeControl(e.detail)}`;
}

/** parseArgs' message without its advice on positional arguments (the usage line says how). */
export function parseArgsMessage(e: unknown): string {
  return (e as Error).message.replace(/\. To specify a positional argument.*$/s, '');
}

/** At most this many findings are listed for an agent to read; the rest are counted. */
const MAX_LISTED = 20;

/**
 * Findings as Claude Code's hooks hand them to an agent: a line each (`line:col`, the severity
 * word when `severity`, the message and the rule), the help under it on one line, and how many
 * more there are past MAX_LISTED.
 */
export function findingLines(messages: ReadonlyArray<{ line: number; column: number; severity: number; message: string; help?: string; ruleId: string | null }>, severity: boolean): string {
  const lines = messages
    .slice(0, MAX_LISTED)
    .map((m) => `  ${m.line}:${m.column} ${severity ? `${m.severity === 2 ? 'error' : 'warning'} ` : ''}${m.message} [${m.ruleId}]${m.help ? `\n    help: ${m.help.replace(/\s*[\r\n]+\s*/g, ' ')}` : ''}`);
  if (messages.length > MAX_LISTED) lines.push(`  ... and ${messages.length - MAX_LISTED} more`);
  return lines.join('\n');
}
