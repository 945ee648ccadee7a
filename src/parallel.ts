/**
 * Using both cores for a large run: the planned files are split by project (cross-file rules
 * need a project whole) into two shares; a worker thread lints one share while this thread lints
 * the other. Small runs stay on one thread: a worker costs a start-up.
 *
 * With four cores or more the shares are of about equal size. With two or three, V8's own
 * collector and compiler threads already keep the second core busy, and a worker that starts
 * after the plan, with its code cold, lints at about half this thread's speed: it is given only
 * the projects that use the delegation standard (see standardShare).
 */
import { statSync } from 'node:fs';
import os from 'node:os';
import { workerThreads } from './util/builtin.js';
import { ProjectRoots } from './discovery/project-root.js';
import { lint, type LintPlan, type LintRequest, type LintRun } from './lint.js';
import type { FileKind, LintResult } from './types.js';
import { Discoverer } from './discovery/discover.js';
import { textNamesStandardKeys } from './engine/project.js';
import { relPosix } from './util/paths.js';

/** The argument a lint worker thread is started with (see src/cli/bin.ts; src/cli/launch.cts looks for it too). */
export const WORKER_FLAG = '--agent-lint-worker';

/** Below this many bytes to lint, one thread is faster than two. */
export const PARALLEL_MIN_BYTES = 2_000_000;

/**
 * Cores needed before a worker thread takes half of a run. Measured on 2 cores (bench/run.mjs,
 * the 12.6 MB corpus): one thread 0.97-1.06 s, two 1.15-1.22 s, because V8's own garbage
 * collector and compiler threads already keep the second core busy. With 4 or more a worker is a gain.
 */
export const PARALLEL_MIN_CORES = 4;

/**
 * On fewer cores, the worker's share: the projects of the delegation standard's specs, largest
 * first, up to this part of the run's bytes, each of at least STANDARD_SHARE_MIN_BYTES.
 * Their specs run the rules that only the standard's returns, contexts, stages and return
 * channels wake, whose code is cold in any run (ProofChecker's 0.84 MB took 70 ms of the corpus's
 * 300 ms of linting, four times the time per byte of the rest): the worker runs that code cold
 * as this thread would, while this thread keeps linting the rest with its warm code. The worker
 * starts about 50 ms after the split and runs at about half this thread's speed, so a share of
 * a tenth of the bytes (four tenths of the time on one thread) ends before the rest does.
 */
export const STANDARD_SHARE_MAX = 0.1;
export const STANDARD_SHARE_MIN_BYTES = 256 * 1024;

/**
 * The young generation of a worker that lints the standard's projects, in MB: their documents
 * are few, and the run's peak memory is the two threads' heaps together (4 MB: 3 MB less peak
 * over the corpus than V8's own sizing, the same time).
 */
export const WORKER_YOUNG_MB = 4;

/** What a worker needs to rebuild the request (functions and rules do not cross threads). */
export interface WorkerJob {
  agentLintWorker: true;
  cwd: string;
  files: string[];
  /** Each file's kind and why it is a spec (discovery's answer). */
  kinds: Array<[string, { kind: FileKind; reason: string }]>;
  walked: string[];
  /** Opaque options from which the worker's entry rebuilds the config and the rule set. */
  options: unknown;
}

function sizeOf(f: string): number {
  try {
    return statSync(f).size;
  } catch {
    return 0;
  }
}

export type Group = { files: string[]; bytes: number };

/** The files by project, largest first, with each project's bytes. */
function byProject(files: string[], roots: ProjectRoots, size: (file: string) => number): Group[] {
  const groups = new Map<string, Group>();
  for (const f of files) {
    const r = roots.rootOf(f);
    let g = groups.get(r);
    if (!g) groups.set(r, (g = { files: [], bytes: 0 }));
    g.files.push(f);
    g.bytes += size(f);
  }
  return [...groups.values()].sort((a, b) => b.bytes - a.bytes);
}

/** Two shares of about equal size, each project to the lighter share, largest first. */
function evenShares(groups: Group[]): [string[], string[]] {
  const shares: [Group, Group] = [
    { files: [], bytes: 0 },
    { files: [], bytes: 0 },
  ];
  for (const g of groups) {
    const s = shares[0].bytes <= shares[1].bytes ? shares[0] : shares[1];
    s.files.push(...g.files);
    s.bytes += g.bytes;
  }
  return [shares[0].files, shares[1].files];
}

/** Splits the files into two shares by project, largest projects first, each to the lighter share. */
export function splitByProject(files: string[], cwd: string, size: (file: string) => number = sizeOf): [string[], string[]] {
  return evenShares(byProject(files, new ProjectRoots(cwd), size));
}

/**
 * Whether at least half of a project's files name the standard's keys: a project of the
 * standard's specs, not one that mentions a key (a file whose text is not at hand counts as
 * naming none). Only which thread lints a project follows from this: its findings do not.
 */
function mostlyStandard(g: Group, text: (file: string) => string | undefined): boolean {
  const need = Math.ceil(g.files.length / 2);
  let hits = 0;
  for (let i = 0; i < g.files.length && hits < need && hits + g.files.length - i >= need; i++) if (textNamesStandardKeys(text(g.files[i]!) ?? '')) hits++;
  return hits >= need;
}

/**
 * The shares for two or three cores: [this thread's, the worker's], the worker's being the
 * projects of the standard's specs (mostlyStandard) of at least STANDARD_SHARE_MIN_BYTES each,
 * whose config turns on a rule that only such specs wake (`rulesOn`, asked of a project's first
 * file), largest first, while they fit in STANDARD_SHARE_MAX of the run's `bytes`; null when there
 * is none, or nothing else. `text` gives a file's text (read ahead of its lint, which takes that read).
 */
export function standardShare(groups: Group[], bytes: number, text: (file: string) => string | undefined, rulesOn: (file: string) => boolean): [string[], string[]] | null {
  const room = bytes * STANDARD_SHARE_MAX;
  const mine: string[] = [];
  const theirs: string[] = [];
  let taken = 0;
  for (const g of groups) {
    if (taken + g.bytes <= room && g.bytes >= STANDARD_SHARE_MIN_BYTES && rulesOn(g.files[0]!) && mostlyStandard(g, text)) {
      theirs.push(...g.files);
      taken += g.bytes;
    } else mine.push(...g.files);
  }
  return taken > 0 && mine.length > 0 ? [mine, theirs] : null;
}

/**
 * Whether the config in force for a file turns on a rule that only the standard's specs wake:
 * with none (`--rule <id>:off` for each), the standard's projects are no heavier than the rest,
 * and a worker on two cores costs more than it takes over.
 */
function standardRulesOn(req: LintRequest, file: string): boolean {
  const config = typeof req.config === 'function' ? req.config(file) : req.config;
  const settings = config.settingsFor(relPosix(config.dir, file));
  return req.rules.some((r) => r.meta.requiresStandard && settings.has(r.meta.id));
}

/**
 * Lints the plan, on two threads when it is large, there are two cores and a worker entry is
 * given (the module that runs `runWorkerJob` when started as a worker). Results keep the plan's order.
 */
export async function lintPlanned(req: LintRequest, plan: LintPlan, worker?: { entry: string | URL; options: unknown }): Promise<LintRun> {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  // A timed run (TIMING) stays on this thread: a worker's rule times would not be counted.
  const eligible = worker && cores >= 2 && !req.stdin && !req.fix && !req.cache && !req.timing && plan.targets.length >= 2;
  if (!eligible) return lint(req, plan);
  // Sizes from the reads the plan kept (a stat of each file took 10 ms over the corpus), each asked once.
  const sizes = new Map<string, number>();
  const size = (f: string) => {
    let n = sizes.get(f);
    if (n === undefined) sizes.set(f, (n = plan.reads?.keptSize(f) ?? sizeOf(f)));
    return n;
  };
  const bytes = plan.targets.reduce((n, f) => n + size(f), 0);
  if (bytes < PARALLEL_MIN_BYTES) return lint(req, plan);
  // The roots found here are the lint's too.
  const roots = new ProjectRoots(req.cwd);
  const groups = byProject(plan.targets, roots, size);
  const halves = cores >= PARALLEL_MIN_CORES || process.env['AGENT_LINT_FORCE_THREADS'] === '1';
  const shares = halves ? evenShares(groups) : standardShare(groups, bytes, (f) => plan.reads?.textFor(f), (f) => standardRulesOn(req, f));
  if (!shares || shares[0].length === 0 || shares[1].length === 0) return lint(req, { ...plan, roots });
  const [mine, theirs] = shares;
  // The worker reads its files for itself.
  for (const f of theirs) plan.reads?.forget(f);
  const job: WorkerJob = { agentLintWorker: true, cwd: req.cwd, files: theirs, kinds: theirs.map((f) => [f, plan.kinds.get(f)!]), walked: plan.walked, options: worker.options };
  const fromWorker = new Promise<LintResult[]>((resolve, reject) => {
    const w = new (workerThreads().Worker)(worker.entry, { workerData: job, argv: [WORKER_FLAG], resourceLimits: halves ? undefined : { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
    w.once('message', (m: { results?: LintResult[]; error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m.results!)));
    w.once('error', reject);
    w.once('exit', (code) => code !== 0 && reject(new Error(`lint worker exited with code ${code}`)));
  });
  const own = lint(req, { ...plan, targets: mine, roots });
  const other = await fromWorker;
  const byFile = new Map<string, LintResult>();
  for (const r of [...own.results, ...other]) byFile.set(r.filePath, r);
  own.results = plan.targets.map((f) => byFile.get(f)).filter((r): r is LintResult => !!r);
  return own;
}

/** In a worker: lint the job's files and post the results back. */
export function runWorkerJob(job: WorkerJob, req: Omit<LintRequest, 'patterns'>, post: (m: unknown) => void): void {
  try {
    const run = lint({ ...req, patterns: [] }, { targets: job.files, kinds: new Map(job.kinds), walked: job.walked, run: { results: [], unmatched: [], allIgnored: [], ignoredFiles: [], unreadable: [], fixed: [] }, discovery: new Discoverer({ cwd: job.cwd }) });
    post({ results: run.results });
  } catch (e) {
    post({ error: (e as Error)?.stack ?? String(e) });
  }
}
