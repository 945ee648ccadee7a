/**
 * Using more cores for a large run, as ESLint's worker pool does: a worker thread and this
 * thread walk the run's projects in the same order (the largest first), and each lints the
 * projects it claims first (cross-file rules need a project whole, so a project is never split).
 * Neither knows anything of the files' contents: a project goes to the thread that comes free.
 *
 * The worker is started while the run is planned, once the plan's walks have met
 * PARALLEL_MIN_FILES markdown files: its start-up (a V8 isolate, the bundle, the rules and the
 * config) then overlaps the rest of the plan. Files named one by one take no walk: their worker
 * starts when the lint begins. Smaller runs, and machines of fewer than PARALLEL_MIN_CORES cores,
 * stay on one thread.
 */
import { statSync } from 'node:fs';
import os from 'node:os';
import { workerThreads } from './util/builtin.js';
import { ProjectRoots } from './discovery/project-root.js';
import { lint, type LintPlan, type LintRequest, type LintRun } from './lint.js';
import type { FileKind, LintResult } from './types.js';
import { Discoverer } from './discovery/discover.js';
import { FolderListings } from './util/folders.js';

/** The argument a lint worker thread is started with (see src/cli/start.ts; src/cli/launch.cts looks for it too). */
export const WORKER_FLAG = '--agent-lint-worker';

/**
 * Files a run must lint (and its walks meet, for the worker to start early) to use a worker
 * thread: a smaller run takes about as long as the worker's start-up (0.1-0.2 s).
 */
export const PARALLEL_MIN_FILES = 400;

/**
 * Cores needed before a worker thread shares a run. On 2 cores the worker competes with V8's own
 * collector and compiler threads: the 12.6 MB corpus took 0.94x the wall time of one thread (25
 * pairs) for 1.28x the CPU time and 149 MB peak against 129 MB, and 1.01-1.07x in the machine's
 * slower phases.
 */
export const PARALLEL_MIN_CORES = 4;

/**
 * The worker's young generation, in MB. With V8's default (up to 48 MB) its heap grew 20 MB more
 * for the same wall time (whole corpus, the worker forced on 2 cores: 170 MB peak against 150 MB).
 */
const WORKER_YOUNG_MB = 4;

/** What a worker needs to rebuild the request (functions and rules do not cross threads). */
export interface WorkerJob {
  cwd: string;
  /** The run's files, each project's together, the projects in the order the threads claim them. */
  files: string[];
  /** One slot per project of `files` (at most one a file), set by the thread that claims it. */
  slots: Int32Array;
  /** Each file's kind and why it is a spec (discovery's answer). */
  kinds: Array<[string, { kind: FileKind; reason: string }]>;
  walked: string[];
}

function sizeOf(f: string): number {
  try {
    return statSync(f).size;
  } catch {
    return 0;
  }
}

/**
 * Whether a request may be linted on two threads: PARALLEL_MIN_CORES cores (or
 * AGENT_LINT_FORCE_THREADS=1), and no TIMING, fix, cache or standard input.
 */
export function mayShareRun(req: LintRequest): boolean {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  // A timed run (TIMING) stays on this thread: a worker's rule times would not be counted.
  return (cores >= PARALLEL_MIN_CORES || process.env['AGENT_LINT_FORCE_THREADS'] === '1') && !req.stdin && !req.fix && !req.cache && !req.timing;
}

/**
 * The files ordered by project, the largest projects (in bytes) first: the last projects claimed
 * are small, so both threads end at about the same time. `roots` finds each file's project.
 */
export function byProjectLargestFirst(files: readonly string[], roots: ProjectRoots, size: (file: string) => number): string[] {
  const projects = new Map<string, { files: string[]; bytes: number }>();
  for (const f of files) {
    const r = roots.rootOf(f);
    let p = projects.get(r);
    if (!p) projects.set(r, (p = { files: [], bytes: 0 }));
    p.files.push(f);
    p.bytes += size(f);
  }
  return [...projects.values()].sort((a, b) => b.bytes - a.bytes).flatMap((p) => p.files);
}

/** What a project's slot holds once claimed: which thread lints it. */
export const BY_MAIN = 1;
export const BY_WORKER = 2;

/** A thread's claim on the projects of a shared run: true for the first thread to ask for a project. */
export function claimFrom(slots: Int32Array, by: typeof BY_MAIN | typeof BY_WORKER): (n: number) => boolean {
  return (n) => n >= slots.length || Atomics.compareExchange(slots, n, 0, by) === 0;
}

/**
 * A lint worker thread for a run that may be large: `walked` starts it once the plan has met
 * enough files (else `lintPlanned` starts it for a large run), `lint` hands it the run, `dismiss`
 * lets it go unused.
 */
export class LintWorker {
  #thread: import('node:worker_threads').Worker | undefined;
  #results: Promise<LintResult[]> | undefined;
  #met = 0;
  #failed = false;

  constructor(
    readonly entry: string | URL,
    /** Opaque options from which the worker's entry rebuilds the config and the rule set. */
    readonly options: unknown,
  ) {}

  /** Told how many markdown files a walk of the plan met. */
  walked = (files: number): void => {
    this.#met += files;
    if (this.#met >= PARALLEL_MIN_FILES) this.start();
  };

  get started(): boolean {
    return this.#thread !== undefined;
  }

  /** Starts the thread (once); false when it cannot start, and the run stays on this thread. */
  start(): boolean {
    if (this.#thread || this.#failed) return !!this.#thread;
    let thread: import('node:worker_threads').Worker;
    try {
      thread = new (workerThreads().Worker)(this.entry, {
        workerData: { agentLintWorker: true, options: this.options },
        argv: [WORKER_FLAG],
        resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
      });
    } catch {
      // No thread to be had (the system's limit): one thread lints it all.
      this.#failed = true;
      return false;
    }
    // Until it is handed a run, the worker does not keep the process alive (a run that ends early, a usage error).
    thread.unref();
    this.#results = new Promise<LintResult[]>((resolve, reject) => {
      thread.once('message', (m: { results?: LintResult[]; error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m.results!)));
      thread.once('error', reject);
      // An end before the results (the thread ended, even cleanly) is a failure: the projects it claimed are linted here.
      thread.once('exit', (code) => reject(new Error(`lint worker ended (code ${code}) without its results`)));
    });
    // A worker that fails before it is handed a run fails no run.
    this.#results.catch(() => undefined);
    this.#thread = thread;
    return true;
  }

  /** Lints the projects of the job it claims first; their results. */
  lint(job: WorkerJob): Promise<LintResult[]> {
    this.#thread!.ref();
    this.#thread!.postMessage(job);
    return this.#results!;
  }

  dismiss(): void {
    this.#thread?.postMessage(null);
  }
}

/**
 * Lints the plan, on two threads when the plan has PARALLEL_MIN_FILES files to lint (a walk
 * through many documents may find few specs) and a worker is given. Results keep the plan's
 * order.
 */
export async function lintPlanned(req: LintRequest, plan: LintPlan, worker?: LintWorker): Promise<LintRun> {
  // Files named one by one, or a glob, take no walk: their worker starts here.
  if (!worker || plan.targets.length < PARALLEL_MIN_FILES || !worker.start()) {
    worker?.dismiss();
    return lint(req, plan);
  }
  // The roots found here are the lint's too.
  const roots = new ProjectRoots(req.cwd, req.folders);
  // A file's size from the read the plan kept, else from a stat (a stat of every file took 10 ms over the corpus).
  const targets = byProjectLargestFirst(plan.targets, roots, (f) => plan.reads?.keptSize(f) ?? sizeOf(f));
  const slots = new Int32Array(new SharedArrayBuffer(4 * targets.length));
  const fromWorker = worker.lint({ cwd: req.cwd, files: targets, slots, kinds: targets.map((f) => [f, plan.kinds.get(f)!]), walked: plan.walked });
  const run = lint(req, { ...plan, targets, roots, claim: claimFrom(slots, BY_MAIN) });
  const own = run.results;
  let other: LintResult[];
  try {
    other = await fromWorker;
  } catch {
    // The worker failed: this thread lints the projects it left to it.
    other = lint(req, { ...plan, targets, roots, claim: (n) => Atomics.load(slots, n) !== BY_MAIN }).results;
  }
  const byFile = new Map<string, LintResult>();
  for (const r of [...own, ...other]) byFile.set(r.filePath, r);
  run.results = plan.targets.map((f) => byFile.get(f)).filter((r): r is LintResult => !!r);
  return run;
}

/** In a worker: lint the projects of the job that this thread claims first, and post their results back. */
export function runWorkerJob(job: WorkerJob, req: Omit<LintRequest, 'patterns'>, post: (m: unknown) => void): void {
  try {
    // One set of folder listings for the lint and its discovery, which finds the plugins above files.
    const folders = req.folders ?? new FolderListings();
    const run = lint(
      { ...req, patterns: [], folders },
      {
        targets: job.files,
        claim: claimFrom(job.slots, BY_WORKER),
        kinds: new Map(job.kinds),
        walked: job.walked,
        run: { results: [], unmatched: [], allIgnored: [], ignoredFiles: [], unreadable: [], fixed: [] },
        discovery: new Discoverer({ cwd: job.cwd, folders }),
      },
    );
    post({ results: run.results });
  } catch (e) {
    post({ error: (e as Error)?.stack ?? String(e) });
  }
}
