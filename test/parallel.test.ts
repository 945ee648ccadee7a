/**
 * Large runs use a worker thread: the output is the same as on one thread, byte for byte, each
 * project is linted whole by the one thread that claims it, and the worker starts only for a large
 * run.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { byProjectLargestFirst, claimFrom, LintWorker, PARALLEL_MIN_FILES } from '../src/parallel.js';
import { ProjectRoots } from '../src/discovery/project-root.js';
import { ALL_RULES } from '../rules/index.js';
import { ConfigLookup } from '../src/config/lookup.js';
import { lint, planLint, type LintRequest } from '../src/lint.js';
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
      const other = claimFrom(slots);
      // The other thread got to the second and the fourth project first.
      expect(other(1) && other(3)).toBe(true);
      const mine = lint(req, { ...planLint(req), claim: claimFrom(slots) }).results;
      const theirs = lint(req, { ...planLint(req), claim: (n) => n === 1 || n === 3 }).results;
      const projectOf = (f: string) => path.relative(cwd, f).split(path.sep)[0];
      expect(new Set(mine.map((r) => projectOf(r.filePath)))).toEqual(new Set(['a', 'c']));
      expect([...mine, ...theirs].map((r) => r.filePath).sort()).toEqual(whole.map((r) => r.filePath).sort());
      expect(JSON.stringify([...mine, ...theirs].sort((x, y) => (x.filePath < y.filePath ? -1 : 1)))).toBe(JSON.stringify([...whole].sort((x, y) => (x.filePath < y.filePath ? -1 : 1))));
      // A project is claimed once: the slots refuse it to every later claim.
      expect(claimFrom(slots)(0)).toBe(false);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('starts the worker once the walks have met enough files, and hands it the run', async () => {
    // A stand-in entry: it answers a job with its file count, and ends on a dismissal.
    const entry = path.join(TMP, 'stand-in-worker.mjs');
    writeFileSync(
      entry,
      `import { parentPort, workerData } from 'node:worker_threads';
parentPort.once('message', (job) => { if (job) parentPort.postMessage({ results: [{ filePath: String(job.files.length) + ':' + workerData.options.tag }] }); });`,
    );
    const worker = new LintWorker(entry, { tag: 'x' });
    worker.walked(PARALLEL_MIN_FILES - 1);
    expect(worker.started).toBe(false);
    worker.walked(1);
    expect(worker.started).toBe(true);
    const results = await worker.lint({ cwd: TMP, files: ['a', 'b'], slots: new Int32Array(new SharedArrayBuffer(8)), kinds: [], walked: [] });
    expect(results).toEqual([{ filePath: '2:x' }]);
    // A dismissed worker ends, and its end is no failure.
    const idle = new LintWorker(entry, { tag: 'y' });
    idle.walked(PARALLEL_MIN_FILES);
    idle.dismiss();
  });
});
