#!/usr/bin/env node
/**
 * The GitHub Action's entry point. The runner passes the action's inputs as INPUT_* variables
 * (action.yml maps them); findings go to standard output as workflow commands, so they appear
 * as annotations on the pull request, and optionally to a SARIF file for code scanning.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import { ConfigError } from '../config/load.js';
import { ConfigLookup } from '../config/lookup.js';
import { escapeData } from '../formatters/github.js';
import { FORMATTERS } from '../formatters/index.js';
import { lint, planLint } from '../lint.js';
import { emptyRunHint } from './discovery-report.js';
import { writeOutputFile } from './output-file.js';
import { relPosix } from '../util/paths.js';
import { DEFAULT_SUPPRESSIONS_FILE, runSuppressions, staleLines, SuppressionsFileError } from './suppressions-file.js';

export interface ActionInputs {
  paths: string[];
  config?: string;
  format: string;
  failOn: 'error' | 'warning' | 'never';
  sarifFile?: string;
  suppressionsLocation?: string;
  /** A run that finds no spec fails the step (default), or passes with a notice. */
  failOnEmpty: boolean;
}

export function readInputs(env: NodeJS.ProcessEnv): ActionInputs {
  const get = (name: string) => (env[`INPUT_${name.toUpperCase()}`] ?? '').trim();
  const failOn = get('fail-on') || 'error';
  if (!['error', 'warning', 'never'].includes(failOn)) throw new Error(`input fail-on must be error, warning or never, got "${failOn}"`);
  return {
    paths: get('paths').split(/[\n\s]+/).filter(Boolean),
    config: get('config') || undefined,
    format: get('format') || 'github',
    failOn: failOn as ActionInputs['failOn'],
    sarifFile: get('sarif-file') || undefined,
    suppressionsLocation: get('suppressions-location') || undefined,
    failOnEmpty: parseBool('fail-on-empty', get('fail-on-empty') || 'true'),
  };
}

function parseBool(name: string, v: string): boolean {
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new Error(`input ${name} must be true or false, got "${v}"`);
}

/**
 * A workflow command of the action's own, one line whatever its text holds: a path, a link's
 * target or a value from the repository cannot start a line of its own (`::stop-commands::`).
 */
const command = (level: 'error' | 'warning' | 'notice', text: string) => `::${level}::${escapeData(text)}\n`;

export function runAction(env: NodeJS.ProcessEnv, cwd: string, out: (s: string) => void, err: (s: string) => void): number {
  try {
    const inputs = readInputs(env);
    const formatter = FORMATTERS[inputs.format];
    if (!formatter) throw new Error(`input format must be one of ${Object.keys(FORMATTERS).join(', ')}, got "${inputs.format}"`);
    // The same config lookup as the command line: the nearest config above each file.
    const configs = new ConfigLookup({ cwd, rules: ALL_RULES, configFile: inputs.config, lookup: true });
    const req = { cwd, patterns: inputs.paths, rules: ALL_RULES, config: (f: string) => configs.forFile(f) };
    const plan = planLint(req);
    const run = lint(req, plan);
    for (const u of run.unreadable) err(command('error', `agent-lint cannot read "${u.arg}": ${u.reason}`));
    for (const p of run.unmatched) err(command('warning', `agent-lint: no spec files match "${p}"`));
    if (run.unreadable.length) return 2;
    // A green check after linting nothing hides a misplaced spec folder: an empty run fails.
    if (plan.targets.length === 0) {
      const hint = emptyRunHint(plan, cwd).replace(/^ {2}/gm, '').trim();
      const text = `agent-lint found no agent, command or skill spec to lint${hint ? `. ${hint}` : ''}`;
      if (inputs.failOnEmpty) {
        err(command('error', `${text}\n(set the input fail-on-empty: false for a repository without specs)`));
        return 1;
      }
      err(command('notice', text));
      return 0;
    }
    // The bulk suppressions file, as the command line reads it.
    const supFile = path.resolve(cwd, inputs.suppressionsLocation ?? DEFAULT_SUPPRESSIONS_FILE);
    const sup = runSuppressions(run.results, { file: supFile });
    if (!sup.present && inputs.suppressionsLocation) throw new Error(`input suppressions-location: ${inputs.suppressionsLocation} does not exist`);
    const supShown = relPosix(cwd, supFile);
    for (const line of staleLines(sup.stale)) err(command('error', `agent-lint: ${supShown} counts more errors than are left (${line}); run agent-lint --prune-suppressions`));
    const results = sup.results;
    const rules = new Map(ALL_RULES.map((r) => [r.meta.id, r.meta]));
    out(formatter(results, { cwd, rules, color: false }));
    if (inputs.sarifFile) {
      // As --output-file writes: never through a link or into a FIFO the repository commits.
      writeOutputFile(path.resolve(cwd, inputs.sarifFile), FORMATTERS['sarif']!(results, { cwd, rules, color: false }), inputs.sarifFile, cwd);
    }
    const errors = results.reduce((n, r) => n + r.errorCount, 0);
    const warnings = results.reduce((n, r) => n + r.warningCount, 0);
    const suppressed = sup.suppressed ? ` (${sup.suppressed} suppressed by ${supShown})` : '';
    const summary = `agent-lint: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} in ${results.length} file${results.length === 1 ? '' : 's'}${suppressed}\n`;
    err(summary);
    if (env['GITHUB_STEP_SUMMARY']) {
      try {
        writeFileSync(env['GITHUB_STEP_SUMMARY'], `### agent-lint\n\n${summary}`, { flag: 'a' });
      } catch {
        /* the summary is a nicety */
      }
    }
    if (inputs.failOn === 'never') return 0;
    if (errors > 0 || sup.stale.length) return 1;
    if (inputs.failOn === 'warning' && warnings > 0) return 1;
    return 0;
  } catch (e) {
    const msg = e instanceof ConfigError ? `config error: ${e.message}` : e instanceof SuppressionsFileError ? `suppressions file: ${e.message}` : (e as Error).message;
    err(command('error', `agent-lint: ${msg}`));
    return 2;
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  process.exitCode = runAction(process.env, process.env['GITHUB_WORKSPACE'] || process.cwd(), (s) => process.stdout.write(s), (s) => process.stderr.write(s));
}
