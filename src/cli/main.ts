/**
 * The command line: parses flags, loads the config, picks the rule set and hands it to the
 * pipeline, formats the results and decides the exit code.
 */
import { plural } from '../util/help.js';
import { relPosix } from '../util/paths.js';
import { findUp } from '../util/upward.js';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import { ConfigError } from '../config/load.js';
import { escapeControl } from '../formatters/escape.js';
import { configErrorText, shownPath } from './messages.js';
import { ConfigLookup } from '../config/lookup.js';
import { severityLevel } from '../config/resolve.js';
import { buildConfigSchema } from '../config/schema.js';
import { ProjectRoots } from '../discovery/project-root.js';
import { prepareRules, type Rule } from '../engine/rule.js';
import { CacheLocationError, DEFAULT_CACHE_FILE, LintCache } from '../cache.js';
import { unifiedDiff } from '../fix/diff.js';
import { suggestionDiffs } from '../fix/suggestions.js';
import { FixSkippedError, FixWriteError, writeFixed } from '../fix/write.js';
import { starterConfig, STARTER_CONFIG_FILE } from '../config/init.js';
import { closest } from '../util/suggest.js';
import { discoverAgentNames } from '../discovery/agents-dir.js';
import { kindFromPath } from '../discovery/kind.js';
import { FORMATTERS } from '../formatters/index.js';
import { planLint, type LintRequest } from '../lint.js';
import { FolderListings } from '../util/folders.js';
import { LintWorker, lintPlanned, mayShareRun, runWorkerJob, type WorkerJob } from '../parallel.js';
import { timingRows, timingTable } from './timing.js';
import { VERSION } from '../meta.js';
import { getProfile, isStandardName, loadSchema } from '../standard/profiles.js';
import { formatForFile, formatForProject } from '../format-in-force.js';
import type { ReturnFormat } from '../standard/return-format/format.js';

/** --print-config's account of the return format in force and where it comes from. */
function returnFormatShown(format: ReturnFormat | undefined, standard: StandardName): Record<string, unknown> {
  if (!format) return { from: 'standard', standard, title: getProfile(standard).title };
  const shown: Record<string, unknown> = { from: format.origin === 'config' ? 'config' : 'referenced by the specs', file: format.file, line: format.line, kind: format.kind };
  if (format.sources && format.sources.length > 1) shown['mergedFrom'] = format.sources;
  // What the rules judge by, after config's `protocol` corrections.
  shown['required'] = format.requiredReturnFields;
  shown['metadataRequired'] = format.requiredMetadataFields;
  shown['status'] = format.statusValues ?? 'open';
  shown['artifactTypes'] = format.artifactTypes ?? 'open';
  shown['errorTypes'] = format.errorTypes ?? 'open';
  if (format.forbidden?.length) shown['forbidden'] = format.forbidden.map((f) => `${f.path} "${f.value}" (${f.file ?? format.file}:${f.line})`);
  return shown;
}
import type { LintResult, StandardName } from '../types.js';
import { HELP, parseCli, UsageError } from './args.js';
import { listRules } from './list-rules.js';
import { OutputFileError, writeOutputFile } from './output-file.js';
import { DEFAULT_SUPPRESSIONS_FILE, runSuppressions, staleLines, SuppressionsFileError } from './suppressions-file.js';
import { emptyRunHint, printFiles } from './discovery-report.js';

export interface CliIO {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  readStdin: () => Promise<string>;
  stdoutIsTTY: boolean;
  /** The terminal's width, when standard output is one (code frames fit it; 80 otherwise). */
  columns?: number;
  /** The module to start as a worker thread for large runs (the CLI's entry); none: one thread. */
  workerEntry?: string | URL;
  /**
   * The running build (the bundle's name for it): when given, runs keep a project index of the
   * specs they read for context (src/project-index.ts).
   */
  build?: string;
  /** Told how many documents a lint run took in, linted or read for context (the launcher keeps its code cache from a run about as large as its largest). */
  took?(documents: number): void;
}

/** How a worker rebuilds the config and rule set of the run it helps with. */
interface WorkerOptions {
  configFile?: string;
  lookup: boolean;
  cliRules: Record<string, string>;
  standard?: StandardName;
  externalAgents: string[];
}

function configLookup(cwd: string, o: WorkerOptions, folders?: FolderListings): ConfigLookup {
  return new ConfigLookup({ cwd, rules: ALL_RULES, configFile: o.configFile, lookup: o.lookup, cliRules: o.cliRules, standard: o.standard, folders });
}

/** The worker thread's side of a parallel run (see src/parallel.ts). */
export async function runLintWorker(options: unknown, nextJob: () => Promise<WorkerJob | null>, post: (m: unknown) => void): Promise<void> {
  await prepareRules(ALL_RULES);
  const job = await nextJob();
  if (!job) return;
  const o = options as WorkerOptions;
  const folders = new FolderListings();
  const configs = configLookup(job.cwd, o, folders);
  runWorkerJob(job, { cwd: job.cwd, rules: ALL_RULES, config: (f) => configs.forFile(f), externalAgents: o.externalAgents, folders }, post);
}

/**
 * Colour: never in a file (--output-file); then --color/--no-color, NO_COLOR, FORCE_COLOR, a
 * TERM=dumb terminal (none), and whether stdout is a terminal.
 */
export function useColor(flag: boolean | undefined, env: NodeJS.ProcessEnv, isTTY: boolean, toFile: boolean): boolean {
  if (toFile) return false;
  if (flag !== undefined) return flag;
  if (env['NO_COLOR']) return false;
  const force = env['FORCE_COLOR'];
  if (force) return force !== '0' && force !== 'false';
  if (env['TERM'] === 'dumb') return false;
  return isTTY;
}

/** The repository root above `dir` (a folder holding `.git`), else `dir`. */
function repoRoot(dir: string): string {
  const from = path.resolve(dir);
  return findUp(from, (d) => existsSync(path.join(d, '.git'))) ?? from;
}

/** An --agents-dir folder: `~` is the home folder (also unexpanded by the shell, as in --agents-dir=~/x); it must exist. */
function agentsDir(arg: string, io: CliIO): string {
  const home = io.env['HOME'] || os.homedir();
  const dir = path.resolve(io.cwd, /^~(?=$|[/\\])/.test(arg) ? home + arg.slice(1) : arg);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    /* not there */
  }
  if (!isDir) throw new UsageError(`--agents-dir ${arg}: ${existsSync(dir) ? 'not a folder' : 'no such folder'}${dir !== path.resolve(io.cwd, arg) ? ` (${dir})` : ''}`);
  return dir;
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
    const ruleIds = ALL_RULES.filter((r) => !r.meta.internal).map((r) => r.meta.id);
    for (const id of Object.keys(opts.rules)) {
      if (ruleIds.includes(id)) continue;
      const near = closest(id, ruleIds);
      throw new UsageError(`--rule ${id}: unknown rule${near ? `; did you mean "${near}"?` : ' (agent-lint --list-rules lists them)'}`);
    }

    for (const id of opts.suppressRules) {
      if (ruleIds.includes(id)) continue;
      const near = closest(id, ruleIds);
      throw new UsageError(`--suppress-rule ${id}: unknown rule${near ? `; did you mean "${near}"?` : ' (agent-lint --list-rules lists them)'}`);
    }
    if (opts.suppressAll && opts.suppressRules.length) throw new UsageError('--suppress-all and --suppress-rule cannot be used together');
    if (opts.fixDryRun && (opts.suppressAll || opts.suppressRules.length || opts.pruneSuppressions)) throw new UsageError('--fix-dry-run changes no file: it cannot be used with --suppress-all, --suppress-rule or --prune-suppressions');

    if (opts.listRules) {
      io.stdout(listRules(ALL_RULES));
      return 0;
    }
    if (opts.fix && opts.fixDryRun) throw new UsageError('--fix and --fix-dry-run cannot be used together');
    if ((opts.fix || opts.fixDryRun) && opts.stdin && opts.fix) throw new UsageError('--fix cannot write to standard input; use --fix-dry-run');
    if (opts.init) {
      const file = path.join(io.cwd, STARTER_CONFIG_FILE);
      try {
        // O_EXCL: never through a symlink (not even a dangling one) or over anything already there.
        writeFileSync(file, starterConfig(ALL_RULES), { flag: 'wx' });
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        io.stderr(`agent-lint: ${code === 'EEXIST' ? `${STARTER_CONFIG_FILE} already exists; not overwritten` : `cannot write ${STARTER_CONFIG_FILE}: ${(e as Error).message}`}\n`);
        return 2;
      }
      io.stdout(`wrote ${STARTER_CONFIG_FILE}\n`);
      return 0;
    }
    if (opts.printSchema !== undefined) {
      // The profile in force: --standard, else the config's `standard`, else v2.
      const cfg = configLookup(io.cwd, { configFile: opts.config, lookup: opts.configLookup, cliRules: {}, externalAgents: [] }).forFile(path.join(io.cwd, 'x.md'));
      const std = (opts.standard as StandardName | undefined) ?? cfg.standard;
      const profile = getProfile(std);
      if (opts.printSchema !== 'return-format' && opts.printSchema !== 'delegation-context') {
        throw new UsageError(`--print-schema expects return-format or delegation-context, got "${opts.printSchema}"`);
      }
      // The project's own return format, when one is in force (config, or the document its specs reference).
      const own = opts.printSchema === 'return-format' ? formatForProject(io.cwd, cfg) : undefined;
      if (own) {
        io.stdout(JSON.stringify(own.schema, null, 2) + '\n');
        return 0;
      }
      const file = opts.printSchema === 'return-format' ? profile.returnSchemaFile : profile.delegationContextSchemaFile;
      if (!file) {
        io.stderr(`agent-lint: the ${profile.title} profile (${std}) defines no delegation context schema\n`);
        return 2;
      }
      io.stdout(JSON.stringify(loadSchema(file), null, 2) + '\n');
      return 0;
    }
    if (opts.printConfigSchema) {
      io.stdout(JSON.stringify(buildConfigSchema(ALL_RULES), null, 2) + '\n');
      return 0;
    }

    const externalAgents = opts.agentsDirs.flatMap((d) => discoverAgentNames(agentsDir(d, io)));
    const workerOptions: WorkerOptions = {
      configFile: opts.config,
      lookup: opts.configLookup,
      cliRules: opts.rules,
      standard: opts.standard as StandardName | undefined,
      externalAgents,
    };
    // The config lookup, the plan and the lint read the same folders: each is listed once.
    const folders = new FolderListings();
    const configs = configLookup(io.cwd, workerOptions, folders);

    if (opts.printConfig) {
      const abs = path.resolve(io.cwd, opts.printConfig);
      const config = configs.forFile(abs);
      const relPath = relPosix(config.dir, abs);
      const rules: Record<string, unknown> = {};
      for (const [id, s] of [...config.settingsFor(relPath)].sort((a, b) => a[0].localeCompare(b[0]))) rules[id] = [s.severity === 2 ? 'error' : 'warn', s.options];
      const out = {
        configFile: config.file,
        ignored: config.isIgnored(relPath),
        kind: config.kindFor(relPath) ?? kindFromPath(path.relative(new ProjectRoots(io.cwd).rootOf(abs), abs)),
        standard: config.standard,
        returnFormat: returnFormatShown(formatForFile(abs, config, io.cwd), config.standard),
        rules,
      };
      io.stdout(JSON.stringify(out, null, 2) + '\n');
      return 0;
    }

    let stdin: { text: string; filename?: string } | undefined;
    if (opts.stdin) {
      let text: string;
      try {
        text = await io.readStdin();
      } catch (e) {
        io.stderr(`agent-lint: --stdin: cannot read standard input: ${(e as Error).message}\n`);
        return 2;
      }
      if (text === '') {
        io.stderr('agent-lint: --stdin: standard input is empty; pipe a spec into it\n');
        return 2;
      }
      stdin = { text, filename: opts.stdinFilename };
    }
    await prepareRules(ALL_RULES);
    const cacheLocation = opts.cacheLocation ?? DEFAULT_CACHE_FILE;
    const cache = opts.cache ? new LintCache(path.resolve(io.cwd, cacheLocation), cacheLocation) : undefined;
    const fixing = opts.fix || opts.fixDryRun;
    const req: LintRequest = { cwd: io.cwd, patterns: opts.patterns, rules: ALL_RULES, config: (f) => configs.forFile(f), stdin, externalAgents, fix: fixing, cache, folders };
    const timingRowCount = timingRows(io.env['TIMING']);
    if (timingRowCount !== undefined) req.timing = new Map();
    if (io.build && opts.projectIndex) req.projectIndex = { build: `${VERSION}-${io.build}` };
    // Started by the plan's walks when the run is large (src/parallel.ts).
    const worker = io.workerEntry && opts.concurrency === 'auto' && !opts.printFiles && mayShareRun(req) ? new LintWorker(io.workerEntry, workerOptions) : undefined;
    if (worker) req.onWalked = worker.walked;
    const plan = planLint(req);
    if (opts.printFiles) {
      io.stdout(printFiles(plan, io.cwd));
      return 0;
    }
    const run = await lintPlanned(req, plan, worker);
    io.took?.(run.results.length + (run.context ?? 0));
    cache?.save();
    if (req.timing) io.stderr(timingTable(req.timing, timingRowCount!));
    let writeFailed = false;
    if (opts.fix) {
      let fixes = 0;
      let files = 0;
      for (const f of run.fixed) {
        try {
          writeFixed(f.filePath, f.output, { hasBom: f.hasBom, projectRoot: f.root, expected: f.read && { ...f.read, original: f.original } });
          fixes += f.fixes;
          files++;
        } catch (e) {
          if (e instanceof FixSkippedError) {
            io.stderr(`agent-lint: warning: ${e.message}\n`);
            continue;
          }
          writeFailed = true;
          io.stderr(`agent-lint: ${e instanceof FixWriteError ? e.message : `could not write fixes to ${shownPath(io.cwd, f.filePath)}: ${(e as Error).message}`}\n`);
        }
      }
      if (files) io.stderr(`agent-lint: fixed ${plural(fixes, 'problem')} in ${plural(files, 'file')}\n`);
    } else if (opts.fixDryRun && opts.format !== 'json') {
      for (const f of run.fixed) io.stdout(unifiedDiff(shownPath(io.cwd, f.filePath), f.original, f.output));
      const fixes = run.fixed.reduce((n, f) => n + f.fixes, 0);
      if (fixes) io.stderr(`agent-lint: --fix would fix ${plural(fixes, 'problem')} in ${plural(run.fixed.length, 'file')}\n`);
      // Suggestions are never applied; the dry run shows each one as a diff a person may apply.
      const offered = suggestionDiffs(run.results, (f) => shownPath(io.cwd, f));
      if (offered) io.stdout(offered);
    }

    if (run.unreadable.length) {
      for (const u of run.unreadable) io.stderr(`agent-lint: cannot read "${escapeControl(u.arg)}": ${u.reason}\n`);
      return 2;
    }
    // An empty run (no spec at all) is an error unless --no-error-on-unmatched-pattern or the
    // config's allowEmpty says a repository without specs is fine.
    const empty = !opts.stdin && plan.targets.length === 0;
    const allowEmpty = empty && configs.forFile(path.join(io.cwd, 'x.md')).raw.allowEmpty === true;
    const level = opts.errorOnUnmatchedPattern && !allowEmpty ? 'error' : 'warning';
    let hinted = false;
    const hint = () => {
      if (hinted || !empty) return '';
      hinted = true;
      return emptyRunHint(plan, io.cwd);
    };
    for (const p of run.unmatched) {
      const isDir = (() => {
        try {
          return statSync(path.resolve(io.cwd, p)).isDirectory();
        } catch {
          return false;
        }
      })();
      io.stderr(
        isDir
          ? `agent-lint: ${level}: no agent, command or skill specs found in "${escapeControl(p)}" (looked in .claude/, .opencode/, plugins and the paths their manifests name, folders named agents/ or commands/, skills/<name>/SKILL.md)\n${hint()}`
          : `agent-lint: ${level}: no spec files match "${escapeControl(p)}"\n${hint()}`,
      );
    }
    for (const p of run.allIgnored) io.stderr(`agent-lint: ${level}: all files matching "${escapeControl(p)}" are ignored by the config's "ignores"\n`);
    for (const p of run.ignoredFiles) io.stderr(`agent-lint: warning: "${escapeControl(p)}" is ignored by the config's "ignores"; not linted\n`);
    const reported = run.unmatched.length + run.allIgnored.length + run.ignoredFiles.length > 0;
    if (empty && !reported) io.stderr(`agent-lint: ${level}: none of the named files is an agent, command or skill spec; nothing to lint (agent-lint --print-files says why)\n${hint()}`);
    if (level === 'error' && (run.unmatched.length || run.allIgnored.length || (empty && !run.ignoredFiles.length))) return 2;

    // Bulk suppressions: recorded or pruned as asked, then applied (before --quiet drops warnings).
    const suppressionsFile = path.resolve(io.cwd, opts.suppressionsLocation ?? DEFAULT_SUPPRESSIONS_FILE);
    const recording = opts.suppressAll ? 'all' : opts.suppressRules.length ? new Set(opts.suppressRules) : undefined;
    const supShown = shownPath(io.cwd, suppressionsFile);
    let sup;
    try {
      sup = runSuppressions(run.results, { file: suppressionsFile, record: recording, prune: opts.pruneSuppressions });
    } catch (e) {
      if (!(e instanceof SuppressionsFileError)) throw e;
      io.stderr(`agent-lint: ${supShown}: ${e.message}\n`);
      return 2;
    }
    if (!sup.present && opts.suppressionsLocation !== undefined) throw new UsageError(`--suppressions-location: ${opts.suppressionsLocation} does not exist (--suppress-all or --suppress-rule writes it)`);
    if (sup.written) io.stderr(`agent-lint: wrote ${supShown}\n`);
    if (sup.suppressed) io.stderr(`agent-lint: ${sup.suppressed} error${sup.suppressed === 1 ? '' : 's'} suppressed by ${supShown}\n`);
    if (sup.stale.length) {
      const level = opts.passOnUnprunedSuppressions ? 'warning' : 'error';
      io.stderr(`agent-lint: ${level}: ${supShown} counts more errors than are left; run agent-lint --prune-suppressions to lower the counts:\n${staleLines(sup.stale).map((l) => `  ${l}\n`).join('')}`);
    }
    const staleFails = sup.stale.length > 0 && !opts.passOnUnprunedSuppressions;
    const results = opts.quiet ? quietResults(sup.results) : sup.results;
    const toFile = !!opts.outputFile;
    const rulesMeta = new Map(ALL_RULES.map((r) => [r.meta.id, r.meta]));
    const color = useColor(opts.color, io.env, io.stdoutIsTTY, toFile);
    const width = !toFile && io.columns && io.columns > 0 ? io.columns : 80;
    const text = formatter(results, { cwd: io.cwd, root: repoRoot(io.cwd), rules: rulesMeta, color, width });
    if (opts.outputFile) {
      try {
        writeOutputFile(path.resolve(io.cwd, opts.outputFile), text, opts.outputFile, io.cwd);
      } catch (e) {
        if (!(e instanceof OutputFileError)) throw e;
        io.stderr(`agent-lint: ${e.message}\n`);
        return 2;
      }
    } else if (text) io.stdout(text);

    const errors = results.reduce((n, r) => n + r.errorCount, 0);
    const warnings = results.reduce((n, r) => n + r.warningCount, 0);
    if (writeFailed) return 2;
    if (errors > 0 || staleFails) return 1;
    if (opts.maxWarnings !== undefined && opts.maxWarnings >= 0 && warnings > opts.maxWarnings) {
      io.stderr(`agent-lint: too many warnings: ${warnings} (maximum: ${opts.maxWarnings})\n`);
      return 1;
    }
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`agent-lint: ${e.message}\nRun agent-lint --help for usage.\n`);
      return 2;
    }
    if (e instanceof CacheLocationError) {
      io.stderr(`agent-lint: ${e.message}\n`);
      return 2;
    }
    if (e instanceof ConfigError) {
      io.stderr(`agent-lint: ${configErrorText(e, io.cwd)}\n`);
      return 2;
    }
    io.stderr(`agent-lint: internal error: ${(e as Error)?.stack ?? String(e)}\n`);
    return 2;
  }
}

export { severityLevel };
