/**
 * Running agent-lint in tests the two ways users do: the built command line as a child process
 * (`node dist/src/cli/bin.js`), and the library's `lint()` with a config resolved like the CLI's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import { loadConfig } from '../../src/config/load.js';
import { resolveConfig } from '../../src/config/resolve.js';
import type { Rule } from '../../src/engine/rule.js';
import { lint, type LintRun } from '../../src/lint.js';
import type { LintMessage } from '../../src/types.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'dist/src/cli/bin.js');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the built CLI; fails clearly when `npm run build` has not been run. */
export function runCli(args: string[], cwd: string, timeoutMs = 60_000, input?: string): CliRun {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first (\`npm test\` does)`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, '--no-color', ...args], {
    cwd,
    encoding: 'utf8',
    timeout: timeoutMs,
    input,
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined },
  });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, ms: performance.now() - t0 };
}

export interface JsonResult {
  filePath: string;
  messages: LintMessage[];
  errorCount: number;
  warningCount: number;
}

/** The CLI's `--format json` output, parsed. */
export function cliJson(args: string[], cwd: string): { run: CliRun; results: JsonResult[] } {
  const run = runCli(['--format', 'json', ...args], cwd);
  let results: JsonResult[];
  try {
    results = JSON.parse(run.stdout) as JsonResult[];
  } catch {
    throw new Error(`CLI output is not JSON (exit ${run.status}): ${run.stdout.slice(0, 300)}\n${run.stderr.slice(0, 2000)}`);
  }
  return { run, results };
}

/** Lints with the library as the CLI does with no config file (recommended rules). */
export function lintWithLibrary(cwd: string, patterns: string[], rules: readonly Rule[] = ALL_RULES, raw: Record<string, unknown> = {}): LintRun {
  const loaded = loadConfig({ lookup: false, cwd });
  loaded.raw = raw;
  const config = resolveConfig(loaded, rules);
  return lint({ cwd, patterns, rules, config });
}

/**
 * Problems with where the messages point, for a file's text (BOM removed): every position is
 * inside the file (1 <= line <= lineCount, 1 <= column <= line length + 1) and the end is not
 * before the start. Returns descriptions of the bad ones (empty when all are fine).
 */
export function badPositions(text: string, messages: readonly LintMessage[]): string[] {
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = t.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const bad: string[] = [];
  const inside = (line: number, col: number) =>
    Number.isInteger(line) && Number.isInteger(col) && line >= 1 && line <= lines.length && col >= 1 && col <= lines[line - 1]!.length + 1;
  for (const m of messages) {
    const where = `${m.ruleId} ${m.line}:${m.column}-${m.endLine}:${m.endColumn}`;
    if (!inside(m.line, m.column)) bad.push(`${where}: start outside the file (${lines.length} lines)`);
    if (!inside(m.endLine, m.endColumn)) bad.push(`${where}: end outside the file (${lines.length} lines)`);
    if (m.endLine < m.line || (m.endLine === m.line && m.endColumn < m.column)) bad.push(`${where}: end before start`);
  }
  return bad;
}
