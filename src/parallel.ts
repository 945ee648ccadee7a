/**
 * Using both cores for a large run: the planned files are split by project (cross-file rules
 * need a project whole) into two shares of about equal size; a worker thread lints one share
 * while this thread lints the other. Small runs stay on one thread: a worker costs a start-up.
 */
import { statSync } from 'node:fs';
import os from 'node:os';
import { workerThreads } from './util/builtin.js';
import { ProjectRoots } from './discovery/project-root.js';
import { lint, type LintPlan, type LintRequest, type LintRun } from './lint.js';
import type { FileKind, LintResult } from './types.js';
import { Discoverer } from './discovery/discover.js';

/** Below this many bytes to lint, one thread is faster than two. */
/** The argument a lint worker thread is started with (see src/cli/bin.ts; src/cli/launch.cts looks for it too). */
export const WORKER_FLAG = '--agent-lint-worker';

export const PARALLEL_MIN_BYTES = 2_000_000;

/**
 * Cores needed before a worker thread pays. Measured on 2 cores (bench/run.mjs, the 12.6 MB
 * corpus): one thread 0.97-1.06 s, two 1.15-1.22 s, because V8's own garbage collector and
 * compiler threads already keep the second core busy. With 4 or more a worker is a gain.
 */
export const PARALLEL_MIN_CORES = 4;

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

/** Splits the files into two shares by project, largest projects first, each to the lighter share. */
export function splitByProject(files: string[], cwd: string): [string[], string[]] {
  const roots = new ProjectRoots(cwd);
  const groups = new Map<string, { files: string[]; bytes: number }>();
  for (const f of files) {
    const r = roots.rootOf(f);
    let g = groups.get(r);
    if (!g) groups.set(r, (g = { files: [], bytes: 0 }));
    g.files.push(f);
    g.bytes += sizeOf(f);
  }
  const shares: [{ files: string[]; bytes: number }, { files: string[]; bytes: number }] = [
    { files: [], bytes: 0 },
    { files: [], bytes: 0 },
  ];
  for (const g of [...groups.values()].sort((a, b) => b.bytes - a.bytes)) {
    const s = shares[0].bytes <= shares[1].bytes ? shares[0] : shares[1];
    s.files.push(...g.files);
    s.bytes += g.bytes;
  }
  return [shares[0].files, shares[1].files];
}

/**
 * Lints the plan, on two threads when it is large, there are two cores and a worker entry is
 * given (the module that runs `runWorkerJob` when started as a worker). Results keep the plan's order.
 */
export async function lintPlanned(req: LintRequest, plan: LintPlan, worker?: { entry: string | URL; options: unknown }): Promise<LintRun> {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  // A timed run (TIMING) stays on this thread: a worker's rule times would not be counted.
  const eligible = worker && (cores >= PARALLEL_MIN_CORES || process.env['AGENT_LINT_FORCE_THREADS'] === '1') && !req.stdin && !req.fix && !req.cache && !req.timing && plan.targets.length >= 2;
  const bytes = eligible ? plan.targets.reduce((n, f) => n + sizeOf(f), 0) : 0;
  if (!eligible || bytes < PARALLEL_MIN_BYTES) return lint(req, plan);

  const [mine, theirs] = splitByProject(plan.targets, req.cwd);
  if (theirs.length === 0 || mine.length === 0) return lint(req, plan);
  const job: WorkerJob = { agentLintWorker: true, cwd: req.cwd, files: theirs, kinds: theirs.map((f) => [f, plan.kinds.get(f)!]), walked: plan.walked, options: worker.options };
  const fromWorker = new Promise<LintResult[]>((resolve, reject) => {
    const w = new (workerThreads().Worker)(worker.entry, { workerData: job, argv: [WORKER_FLAG] });
    w.once('message', (m: { results?: LintResult[]; error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m.results!)));
    w.once('error', reject);
    w.once('exit', (code) => code !== 0 && reject(new Error(`lint worker exited with code ${code}`)));
  });
  const own = lint(req, { ...plan, targets: mine });
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
