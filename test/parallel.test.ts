/**
 * Large runs use a worker thread: the output is the same as on one thread, byte for byte, each
 * project is linted whole by the one thread that claims it, and the worker starts only for a large
 * run.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BY_MAIN, BY_WORKER, byProjectLargestFirst, claimFrom, LintWorker, lintPlanned, PARALLEL_MIN_FILES } from '../src/parallel.js';
import { ProjectRoots } from '../src/discovery/project-root.js';
import { ALL_RULES } from '../rules/index.js';
import { ConfigLookup } from '../src/config/lookup.js';
import { lint, planLint, type LintRequest } from '../src/lint.js';
import type { LintResult } from '../src/types.js';
import { REPO_ROOT } from './helpers/shared.js';
import fg from 'fast-glob';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const LAUNCH = path.join(REPO_ROOT, 'dist/src/cli/launch.cjs');
const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-parallel-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** Copies of the sample project, each its own project, until the tree is large enough for two threads. */
function bigTree(): string {
  const sample = path.join(REPO_ROOT, 'fixtures/sample-project');
  const one = fg.sync('**/*.md', { cwd: sample, dot: true }).length;
  const copies = Math.ceil((PARALLEL_MIN_FILES * 1.2) / one);
  for (let i = 0; i < copies; i++) {
    const dir = path.join(TMP, `team-${String(i).padStart(3, '0')}`);
    cpSync(sample, dir, { recursive: true });
    mkdirSync(path.join(dir, '.git'));
  }
  return TMP;
}

describe('parallel linting', () => {
  it('gives the same report on two threads as on one', () => {
    const dir = bigTree();
    // AGENT_LINT_FORCE_THREADS: use the worker even on a machine with fewer cores than it pays on.
    const run = (mode: string, entry = BIN) => spawnSync(process.execPath, [entry, '--format', 'json', '--concurrency', mode, '.'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, AGENT_LINT_FORCE_THREADS: '1' } });
    const one = run('off');
    const two = run('auto');
    expect(one.status).toBe(1);
    expect(two.status).toBe(one.status);
    expect(two.stderr).toBe('');
    expect(JSON.parse(two.stdout).length).toBeGreaterThan(100);
    expect(two.stdout).toBe(one.stdout);
    // The command (the launcher) starts its worker from itself, with the bundle's code cache.
    const launched = run('auto', LAUNCH);
    expect(launched.stderr).toBe('');
    expect(launched.status).toBe(one.status);
    expect(launched.stdout).toBe(one.stdout);
  }, 120_000);

  it('leaves the code cache to the main thread, which ends the run without waiting for the worker', () => {
    // A copy of the package, so that each run starts without a cache (and writes one).
    const pkg = path.join(os.tmpdir(), `agent-lint-parallel-pkg-${process.pid}`);
    const cacheDir = path.join(pkg, 'dist/.cache');
    // Two projects of the same size: one for each thread, the worker's ending last.
    const tree = path.join(pkg, 'tree');
    const body = 'Checks the work and reports what it found, with the files and lines it looked at.\n'.repeat(48);
    try {
      for (const p of ['p1', 'p2']) {
        mkdirSync(path.join(tree, p, '.git'), { recursive: true });
        mkdirSync(path.join(tree, p, '.claude/agents'), { recursive: true });
        for (let i = 0; i < 333; i++) writeFileSync(path.join(tree, p, `.claude/agents/a${i}.md`), `---\nname: a${i}\ndescription: Agent ${i}\n---\n\n${body}`);
      }
      cpSync(path.join(REPO_ROOT, 'dist'), path.join(pkg, 'dist'), { recursive: true, filter: (f) => !f.includes(`${path.sep}.cache`) });
      cpSync(path.join(REPO_ROOT, 'package.json'), path.join(pkg, 'package.json'));
      const launch = path.join(pkg, 'dist/src/cli/launch.cjs');
      // The race this guards against (a worker still writing when the process ends) showed in
      // about one run in six before the fix: six runs.
      for (let i = 0; i < 6; i++) {
        rmSync(cacheDir, { recursive: true, force: true });
        const r = spawnSync(process.execPath, [launch, '--format', 'json', '--concurrency', 'auto', '.'], { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, AGENT_LINT_FORCE_THREADS: '1', TMPDIR: pkg } });
        expect(r.stderr).toBe('');
        expect(JSON.parse(r.stdout)).toHaveLength(666);
        const files = readdirSync(cacheDir);
        // No temporary file of a worker stopped while writing, and the cache is the whole run's.
        expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
        const cache = files.find((f) => /^agent-lint-v\d/.test(f) && f.endsWith('.v8cache') && !f.endsWith('-files.v8cache'))!;
        expect(Number(readFileSync(path.join(cacheDir, cache), 'latin1').split('\n')[2])).toBe(JSON.parse(r.stdout).length);
      }
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  }, 120_000);

  it('orders the files by project, each project together, the largest first', () => {
    const files = fg.sync('**/*.md', { cwd: TMP, dot: true, absolute: true }).sort();
    const projectOf = (f: string) => path.relative(TMP, f).split(path.sep)[0];
    // One project three times the size of the others: it comes first.
    const heavy = projectOf(files[files.length - 1]!);
    const ordered = byProjectLargestFirst(files, new ProjectRoots(TMP), (f) => (projectOf(f) === heavy ? 3 : 1));
    expect([...ordered].sort()).toEqual(files);
    expect(projectOf(ordered[0]!)).toBe(heavy);
    const runs = ordered.map(projectOf).filter((p, i, all) => i === 0 || all[i - 1] !== p);
    expect(new Set(runs).size).toBe(runs.length);
  });

  it('lints each project once between threads that claim from the same slots', () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-claims-'));
    try {
      for (const p of ['a', 'b', 'c', 'd']) cpSync(path.join(REPO_ROOT, 'fixtures/sample-project'), path.join(cwd, p), { recursive: true });
      for (const p of ['a', 'b', 'c', 'd']) mkdirSync(path.join(cwd, p, '.git'));
      const configs = new ConfigLookup({ cwd, rules: ALL_RULES, lookup: true });
      const req: LintRequest = { cwd, patterns: ['.'], rules: ALL_RULES, config: (f) => configs.forFile(f) };
      const whole = lint(req).results;
      const slots = new Int32Array(new SharedArrayBuffer(4 * whole.length));
      const other = claimFrom(slots, BY_WORKER);
      // The other thread got to the second and the fourth project first.
      expect(other(1) && other(3)).toBe(true);
      const mine = lint(req, { ...planLint(req), claim: claimFrom(slots, BY_MAIN) }).results;
      const theirs = lint(req, { ...planLint(req), claim: (n) => n === 1 || n === 3 }).results;
      const projectOf = (f: string) => path.relative(cwd, f).split(path.sep)[0];
      expect(new Set(mine.map((r) => projectOf(r.filePath)))).toEqual(new Set(['a', 'c']));
      expect([...mine, ...theirs].map((r) => r.filePath).sort()).toEqual(whole.map((r) => r.filePath).sort());
      expect(JSON.stringify([...mine, ...theirs].sort((x, y) => (x.filePath < y.filePath ? -1 : 1)))).toBe(JSON.stringify([...whole].sort((x, y) => (x.filePath < y.filePath ? -1 : 1))));
      // A project is claimed once, and its slot says by whom.
      expect(claimFrom(slots, BY_WORKER)(0)).toBe(false);
      expect([...slots.slice(0, 4)]).toEqual([BY_MAIN, BY_WORKER, BY_MAIN, BY_WORKER]);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  /** The big tree's request, and its report on one thread (sorted by file). */
  const bigRun = () => {
    const configs = new ConfigLookup({ cwd: TMP, rules: ALL_RULES, lookup: true });
    const req: LintRequest = { cwd: TMP, patterns: ['.'], rules: ALL_RULES, config: (f) => configs.forFile(f) };
    return { req, whole: sorted(lint(req).results) };
  };
  const sorted = (results: LintResult[]) => JSON.stringify([...results].sort((x, y) => (x.filePath < y.filePath ? -1 : 1)));
  /** A stand-in worker entry: `body` runs on the job it is handed (`job`, `parentPort` in scope). */
  const standIn = (name: string, body: string) => {
    const entry = path.join(TMP, `${name}.mjs`);
    writeFileSync(entry, `import { writeFileSync } from 'node:fs';\nimport { parentPort, workerData } from 'node:worker_threads';\nparentPort.once('message', (job) => { if (!job) return; ${body} });\n`);
    return entry;
  };

  it('starts the worker once the walks have met enough files', async () => {
    // The plan tells how many markdown files each walk meets (the CLI hands that to its worker).
    const met: number[] = [];
    const { req } = bigRun();
    planLint({ ...req, onWalked: (n) => met.push(n) });
    expect(met).toEqual([fg.sync('**/*.md', { cwd: TMP, dot: true }).length]);
    const entry = standIn('count', `parentPort.postMessage({ results: [{ filePath: job.files.length + ':' + workerData.options.tag }] });`);
    const worker = new LintWorker(entry, { tag: 'x' });
    worker.walked(PARALLEL_MIN_FILES - 1);
    expect(worker.started).toBe(false);
    worker.walked(1);
    expect(worker.started).toBe(true);
    const results = await worker.lint({ cwd: TMP, files: ['a', 'b'], slots: new Int32Array(new SharedArrayBuffer(8)), kinds: [], walked: [] });
    expect(results).toEqual([{ filePath: '2:x' }]);
  });

  it('lints the projects the worker claims in the worker, as one thread would', async () => {
    const { req, whole } = bigRun();
    const plan = planLint(req);
    expect(plan.targets.length).toBeGreaterThanOrEqual(PARALLEL_MIN_FILES);
    // The command's own entry (src/cli/start.ts runs the worker's side), with no other thread claiming.
    const worker = new LintWorker(BIN, { lookup: true, cliRules: {}, externalAgents: [] });
    expect(worker.start()).toBe(true);
    const slots = new Int32Array(new SharedArrayBuffer(4 * plan.targets.length));
    const results = await worker.lint({ cwd: TMP, files: plan.targets, slots, kinds: [...plan.kinds], walked: plan.walked });
    expect(sorted(results)).toBe(whole);
    const projects = new Set(plan.targets.map((f) => path.relative(TMP, f).split(path.sep)[0])).size;
    expect([...slots.slice(0, projects)].every((v) => v === BY_WORKER)).toBe(true);
  }, 60_000);

  it('hands a large run to the worker, started then if no walk started it, and a small one to none', async () => {
    const handed = path.join(TMP, 'handed');
    const entry = standIn('mark', `writeFileSync(${JSON.stringify(handed)}, String(job.files.length)); parentPort.postMessage({ results: [] });`);
    const { req, whole } = bigRun();
    const run = await lintPlanned(req, planLint(req), new LintWorker(entry, {}));
    expect(readFileSync(handed, 'utf8')).toBe(String(JSON.parse(whole).length));
    expect(sorted(run.results)).toBe(whole);
    rmSync(handed);
    const small: LintRequest = { ...req, patterns: [path.join(TMP, 'team-000')] };
    await lintPlanned(small, planLint(small), new LintWorker(entry, {}));
    expect(existsSync(handed)).toBe(false);
  }, 60_000);

  it('lints on this thread the projects of a worker that fails', async () => {
    // The worker claims every project left, then fails.
    const entry = standIn('fail', `for (let n = 0; n < job.slots.length; n++) Atomics.compareExchange(job.slots, n, 0, ${BY_WORKER}); throw new Error('worker failed');`);
    const { req, whole } = bigRun();
    const run = await lintPlanned(req, planLint(req), new LintWorker(entry, {}));
    expect(sorted(run.results)).toBe(whole);
    // A worker that ends cleanly without its results has failed all the same.
    const quits = standIn('quit', `for (let n = 0; n < job.slots.length; n++) Atomics.compareExchange(job.slots, n, 0, ${BY_WORKER}); process.exit(0);`);
    const quit = await lintPlanned(req, planLint(req), new LintWorker(quits, {}));
    expect(sorted(quit.results)).toBe(whole);
  }, 60_000);
});
