/**
 * Large runs use a worker thread: the output is the same as on one thread, byte for byte, and
 * projects are never split between threads.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PARALLEL_MIN_BYTES, splitByProject } from '../src/parallel.js';
import { ProjectRoots } from '../src/discovery/project-root.js';
import { REPO_ROOT } from './helpers/shared.js';
import fg from 'fast-glob';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const LAUNCH = path.join(REPO_ROOT, 'dist/src/cli/launch.cjs');
const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-parallel-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** Copies of the sample project, each its own project, until the tree is large enough for two threads. */
function bigTree(): string {
  const sample = path.join(REPO_ROOT, 'fixtures/sample-project');
  const one = fg.sync('**/*.md', { cwd: sample, dot: true, absolute: true }).reduce((n, f) => n + statSync(f).size, 0);
  const copies = Math.ceil((PARALLEL_MIN_BYTES * 1.2) / one);
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

  it('splits by project, never inside one, into shares of similar size', () => {
    const files = fg.sync('**/*.md', { cwd: TMP, dot: true, absolute: true }).sort();
    const [a, b] = splitByProject(files, new ProjectRoots(TMP));
    expect(a.length + b.length).toBe(files.length);
    const projectOf = (f: string) => path.relative(TMP, f).split(path.sep)[0];
    const pa = new Set(a.map(projectOf));
    for (const f of b) expect(pa.has(projectOf(f))).toBe(false);
    expect(Math.abs(a.length - b.length)).toBeLessThan(files.length / 4);
  });
});
