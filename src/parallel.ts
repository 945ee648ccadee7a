/**
 * Using more cores for a large run: the planned files are split by project (cross-file rules
 * need a project whole) into two shares of about equal size; a worker thread lints one share
 * while this thread lints the other. The split knows files by their project and size only.
 *
 * Small runs, and machines of fewer than PARALLEL_MIN_CORES cores, stay on one thread: a worker
 * costs a start-up, and on two cores V8's own collector and compiler threads already keep the
 * second core busy.
 */
import { statSync } from 'node:fs';
import os from 'node:os';
import { workerThreads } from './util/builtin.js';
import { ProjectRoots } from './discovery/project-root.js';
import { lint, type LintPlan, type LintRequest, type LintRun } from './lint.js';
import type { FileKind, LintResult } from './types.js';
import { Discoverer } from './discovery/discover.js';

/** The argument a lint worker thread is started with (see src/cli/start.ts; src/cli/launch.cts looks for it too). */
export const WORKER_FLAG = '--agent-lint-worker';

/** Below this many bytes to lint, one thread is faster than two. */
export const PARALLEL_MIN_BYTES = 2_000_000;

/**
 * Cores needed before a worker thread takes half of a run. On 2 cores (the 12.6 MB corpus,
 * 30 pairs) the best split found, a tenth of the run in a worker, took 0.98x the wall time of one
 * thread for 1.25x the CPU time and 11 MB more memory; an even split was slower than one thread.
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

/**
 * Splits the files into two shares by project: the projects largest first, each to the lighter
 * share. `roots` finds each file's project.
 */
export function splitByProject(files: string[], roots: ProjectRoots, size: (file: string) => number = sizeOf): [string[], string[]] {
  type Share = { files: string[]; bytes: number };
  const projects = new Map<string, Share>();
  for (const f of files) {
    const r = roots.rootOf(f);
    let p = projects.get(r);
    if (!p) projects.set(r, (p = { files: [], bytes: 0 }));
    p.files.push(f);
    p.bytes += size(f);
  }
  const shares: [Share, Share] = [
    { files: [], bytes: 0 },
    { files: [], bytes: 0 },
  ];
  for (const p of [...projects.values()].sort((a, b) => b.bytes - a.bytes)) {
    const s = shares[0].bytes <= shares[1].bytes ? shares[0] : shares[1];
    s.files.push(...p.files);
    s.bytes += p.bytes;
  }
  return [shares[0].files, shares[1].files];
}

/**
 * Lints the plan, on two threads when it is large, there are PARALLEL_MIN_CORES cores (or
 * AGENT_LINT_FORCE_THREADS=1) and a worker entry is given (the module that runs `runWorkerJob`
 * when started as a worker). Results keep the plan's order.
 */
export async function lintPlanned(req: LintRequest, plan: LintPlan, worker?: { entry: string | URL; options: unknown }): Promise<LintRun> {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  const enoughCores = cores >= PARALLEL_MIN_CORES || process.env['AGENT_LINT_FORCE_THREADS'] === '1';
  // A timed run (TIMING) stays on this thread: a worker's rule times would not be counted.
  const eligible = worker && enoughCores && !req.stdin && !req.fix && !req.cache && !req.timing && plan.targets.length >= 2;
  if (!eligible) return lint(req, plan);
  // Sizes from the reads the plan kept (a stat of each file took 10 ms over the corpus).
  const size = (f: string) => plan.reads?.keptSize(f) ?? sizeOf(f);
  const sizes = new Map(plan.targets.map((f) => [f, size(f)]));
  let bytes = 0;
  for (const n of sizes.values()) bytes += n;
  if (bytes < PARALLEL_MIN_BYTES) return lint(req, plan);
  // The roots found here are the lint's too.
  const roots = new ProjectRoots(req.cwd, req.folders);
  const [mine, theirs] = splitByProject(plan.targets, roots, (f) => sizes.get(f)!);
  if (mine.length === 0 || theirs.length === 0) return lint(req, { ...plan, roots });
  // The worker reads its files for itself.
  for (const f of theirs) plan.reads?.forget(f);
  const job: WorkerJob = { agentLintWorker: true, cwd: req.cwd, files: theirs, kinds: theirs.map((f) => [f, plan.kinds.get(f)!]), walked: plan.walked, options: worker.options };
  const fromWorker = new Promise<LintResult[]>((resolve, reject) => {
    const w = new (workerThreads().Worker)(worker.entry, { workerData: job, argv: [WORKER_FLAG] });
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
