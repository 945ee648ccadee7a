/**
 * The command line: parses flags, loads the config, picks the rule set and hands it to the
 * pipeline, formats the results and decides the exit code.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import { ConfigError, loadConfig } from '../config/load.js';
import { resolveConfig, severityLevel } from '../config/resolve.js';
import { discoverAgentNames } from '../discovery/agents-dir.js';
import { kindFromPath } from '../discovery/kind.js';
import { FORMATTERS } from '../formatters/index.js';
import { lint } from '../lint.js';
import { VERSION } from '../meta.js';
import { isStandardName } from '../standard/profiles.js';
import type { LintResult } from '../types.js';
import { HELP, parseCli, UsageError } from './args.js';

export interface CliIO {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  readStdin: () => Promise<string>;
  stdoutIsTTY: boolean;
}

function useColor(flag: boolean | undefined, io: CliIO, toFile: boolean): boolean {
  if (flag !== undefined) return flag;
  if (toFile) return false;
  if (io.env['NO_COLOR'] !== undefined && io.env['NO_COLOR'] !== '') return false;
  const force = io.env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force !== 'false';
  return io.stdoutIsTTY;
}

function quietResults(results: LintResult[]): LintResult[] {
  return results.map((r) => ({ ...r, messages: r.messages.filter((m) => m.severity === 2), warningCount: 0, fixableWarningCount: 0 }));
}

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  try {
    const opts = parseCli(argv);
    if (opts.help) {
      io.stdout(HELP);
      return 0;
    }
    if (opts.version) {
      io.stdout(`${VERSION}\n`);
      return 0;
    }
    const formatter = FORMATTERS[opts.format];
    if (!formatter) throw new UsageError(`unknown format "${opts.format}"; expected one of: ${Object.keys(FORMATTERS).join(', ')}`);
    if (opts.standard !== undefined && !isStandardName(opts.standard)) throw new UsageError(`--standard expects v2, v1 or bounded, got "${opts.standard}"`);
    if (opts.stdinFilename && !opts.stdin) throw new UsageError('--stdin-filename needs --stdin');
    if (opts.stdin && opts.patterns.length) throw new UsageError('--stdin lints standard input: give no paths with it');

    const rulesMeta = new Map(ALL_RULES.map((r) => [r.meta.id, r.meta]));
    if (opts.listRules) {
      const rows = ALL_RULES.map((r) => [r.meta.id, r.meta.internal ? 'always' : r.meta.severity, r.meta.fixable ? 'fixable' : '-', r.meta.description]);
      const w0 = Math.max(...rows.map((r) => r[0]!.length));
      const w1 = Math.max(...rows.map((r) => r[1]!.length));
      io.stdout(rows.map((r) => `${r[0]!.padEnd(w0)}  ${r[1]!.padEnd(w1)}  ${r[2]!.padEnd(7)}  ${r[3]}`).join('\n') + '\n');
      return 0;
    }

    const loaded = loadConfig({ configFile: opts.config, lookup: opts.configLookup, cwd: io.cwd });
    if (opts.standard) loaded.raw = { ...((loaded.raw as object) ?? {}), standard: opts.standard };
    const config = resolveConfig(loaded, ALL_RULES, opts.rules);

    if (opts.printConfig) {
      const abs = path.resolve(io.cwd, opts.printConfig);
      const rel = path.relative(config.dir, abs).split(path.sep).join('/');
      const settings = config.settingsFor(rel);
      const rules: Record<string, unknown> = {};
      for (const [id, s] of [...settings].sort((a, b) => a[0].localeCompare(b[0]))) rules[id] = [s.severity === 2 ? 'error' : 'warn', s.options];
      const out = { configFile: config.file, kind: config.kindFor(rel) ?? kindFromPath(rel), standard: config.standard, rules };
      io.stdout(JSON.stringify(out, null, 2) + '\n');
      return 0;
    }

    const externalAgents = opts.agentsDirs.flatMap((d) => discoverAgentNames(path.resolve(io.cwd, d)));
    const stdin = opts.stdin ? { text: await io.readStdin(), filename: opts.stdinFilename } : undefined;
    const run = lint({ cwd: io.cwd, patterns: opts.patterns, rules: ALL_RULES, config, stdin, externalAgents });

    if (run.unreadable.length) {
      for (const u of run.unreadable) io.stderr(`agent-lint: cannot read "${u.arg}": ${u.reason}\n`);
      return 2;
    }
    if (run.unmatched.length) {
      for (const p of run.unmatched) {
        io.stderr(`agent-lint: ${opts.errorOnUnmatchedPattern ? 'error' : 'warning'}: no spec files match "${p}"\n`);
      }
      if (opts.errorOnUnmatchedPattern) return 2;
    }

    const results = opts.quiet ? quietResults(run.results) : run.results;
    const toFile = !!opts.outputFile;
    const text = formatter(results, { cwd: io.cwd, rules: rulesMeta, color: useColor(opts.color, io, toFile) });
    if (opts.outputFile) {
      const out = path.resolve(io.cwd, opts.outputFile);
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, text);
    } else if (text) io.stdout(text);

    const errors = run.results.reduce((n, r) => n + r.errorCount, 0);
    const warnings = run.results.reduce((n, r) => n + r.warningCount, 0);
    if (errors > 0) return 1;
    if (opts.maxWarnings !== undefined && opts.maxWarnings >= 0 && warnings > opts.maxWarnings) {
      io.stderr(`agent-lint found too many warnings (maximum: ${opts.maxWarnings}).\n`);
      return 1;
    }
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`agent-lint: ${e.message}\nRun agent-lint --help for usage.\n`);
      return 2;
    }
    if (e instanceof ConfigError) {
      io.stderr(`agent-lint: config error: ${e.message}\n`);
      return 2;
    }
    io.stderr(`agent-lint: internal error: ${(e as Error)?.stack ?? String(e)}\n`);
    return 2;
  }
}

export { severityLevel };
