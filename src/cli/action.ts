/**
 * The GitHub Action (action.yml runs its bundle, action/index.cjs: src/build/action.ts). The
 * runner passes the action's inputs as INPUT_* variables; findings go to standard output as
 * workflow commands, so they appear as annotations on the pull request (as many as GitHub shows),
 * and all of them to the step summary and, when asked, a SARIF file for code scanning. The
 * counts are the step's outputs.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import { ConfigError } from '../config/load.js';
import { ConfigLookup } from '../config/lookup.js';
import { FolderListings } from '../util/folders.js';
import { escapeData } from '../formatters/github.js';
import { FORMATTERS } from '../formatters/index.js';
import { lint, planLint } from '../lint.js';
import { emptyRunHint } from './discovery-report.js';
import { writeOutputFile } from './output-file.js';
import { relPosix } from '../util/paths.js';
import { plural } from '../util/help.js';
import type { LintMessage, LintResult } from '../types.js';
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

/** GitHub annotates at most this many errors, and as many warnings, of one step. */
export const MAX_ANNOTATIONS = 10;
/** Findings listed one by one in the step summary. */
const MAX_SUMMARY_FINDINGS = 50;

/** The results with only the findings GitHub will annotate: the first errors and warnings of the run. */
function capAnnotations(results: LintResult[]): LintResult[] {
  let errors = 0;
  let warnings = 0;
  return results.map((r) => ({
    ...r,
    messages: r.messages.filter((m) => (m.severity === 2 ? ++errors <= MAX_ANNOTATIONS : ++warnings <= MAX_ANNOTATIONS)),
  }));
}

/**
 * Text from a repository in a markdown table cell: no code span, link, image, emphasis, HTML or
 * line break. Markup characters become character references, which show as the characters
 * (outside a code span, so backticks are references too).
 */
const cell = (s: string) => s.replace(/[\\`*_[\]<>|#&!]/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\s*[\r\n]+\s*/g, ' ');

/** The step summary: the counts, the findings by rule, and the first findings with links to their lines. */
export function stepSummary(results: LintResult[], o: { cwd: string; env: NodeJS.ProcessEnv; headline: string }): string {
  const byRule = new Map<string, { errors: number; warnings: number }>();
  const all: Array<{ file: string; m: LintMessage }> = [];
  for (const r of results) {
    for (const m of r.messages) {
      const id = m.ruleId ?? 'parse-error';
      const row = byRule.get(id) ?? { errors: 0, warnings: 0 };
      if (m.severity === 2) row.errors++;
      else row.warnings++;
      byRule.set(id, row);
      all.push({ file: relPosix(o.cwd, r.filePath), m });
    }
  }
  const lines = ['### agent-lint', '', `**${o.headline}**`, ''];
  if (all.length === 0) return `${lines.join('\n')}\n`;
  const docs = (id: string) => `https://github.com/agent-lint/agent-lint/blob/main/docs/rules/${encodeURIComponent(id)}.md`;
  lines.push('| rule | errors | warnings |', '| --- | ---: | ---: |');
  for (const [id, c] of [...byRule].sort((a, b) => b[1].errors - a[1].errors || b[1].warnings - a[1].warnings || a[0].localeCompare(b[0]))) {
    lines.push(`| [${cell(id)}](${docs(id)}) | ${c.errors} | ${c.warnings} |`);
  }
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_SHA: sha } = o.env;
  const at = (file: string, line: number) => {
    const text = `${cell(file)}:${line}`;
    if (!server || !repo || !sha) return text;
    return `[${text}](${server}/${repo}/blob/${sha}/${file.split('/').map(encodeURIComponent).join('/')}#L${line})`;
  };
  lines.push('', all.length > MAX_SUMMARY_FINDINGS ? `The first ${MAX_SUMMARY_FINDINGS} of ${all.length} findings:` : 'Findings:', '');
  lines.push('| where | severity | finding | rule |', '| --- | --- | --- | --- |');
  for (const { file, m } of all.slice(0, MAX_SUMMARY_FINDINGS)) {
    lines.push(`| ${at(file, m.line)} | ${m.severity === 2 ? 'error' : 'warning'} | ${cell(m.message)} | ${cell(m.ruleId ?? 'parse-error')} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** Appends to a file the runner names (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY), when it names one; says so when it cannot. */
function appendTo(file: string | undefined, text: string, err: (s: string) => void): void {
  if (!file) return;
  try {
    appendFileSync(file, text);
  } catch (e) {
    err(command('warning', `agent-lint: cannot write to ${file}: ${(e as Error).message}`));
  }
}

export function runAction(env: NodeJS.ProcessEnv, cwd: string, out: (s: string) => void, err: (s: string) => void): number {
  try {
    const inputs = readInputs(env);
    const formatter = FORMATTERS[inputs.format];
    if (!formatter) throw new Error(`input format must be one of ${Object.keys(FORMATTERS).join(', ')}, got "${inputs.format}"`);
    // The same config lookup as the command line: the nearest config above each file. It, the
    // plan and the lint read the same folders: each is listed once.
    const folders = new FolderListings();
    const configs = new ConfigLookup({ cwd, rules: ALL_RULES, configFile: inputs.config, lookup: true, folders });
    const req = { cwd, patterns: inputs.paths, rules: ALL_RULES, config: (f: string) => configs.forFile(f), folders };
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
    // GitHub shows a step's first 10 error and 10 warning annotations; the summary has the rest.
    const shown = inputs.format === 'github' ? capAnnotations(results) : results;
    out(formatter(shown, { cwd, rules, color: false }));
    if (inputs.sarifFile) {
      // As --output-file writes: never through a link or into a FIFO the repository commits.
      writeOutputFile(path.resolve(cwd, inputs.sarifFile), FORMATTERS['sarif']!(results, { cwd, rules, color: false }), inputs.sarifFile, cwd);
    }
    const errors = results.reduce((n, r) => n + r.errorCount, 0);
    const warnings = results.reduce((n, r) => n + r.warningCount, 0);
    const suppressed = sup.suppressed ? ` (${sup.suppressed} suppressed by ${supShown})` : '';
    const summary = `agent-lint: ${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(results.length, 'file')}${suppressed}\n`;
    err(summary);
    const left = errors + warnings - shown.reduce((n, r) => n + r.messages.length, 0);
    if (left > 0) err(command('notice', `agent-lint: ${plural(left, 'more finding')} than GitHub annotates in a step; the step summary lists them`));
    appendTo(env['GITHUB_OUTPUT'], `errors=${errors}\nwarnings=${warnings}\nfiles=${results.length}\nsarif-file=${inputs.sarifFile ?? ''}\n`, err);
    appendTo(env['GITHUB_STEP_SUMMARY'], stepSummary(results, { cwd, env, headline: summary.replace(/^agent-lint: /, '').trim() }), err);
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
