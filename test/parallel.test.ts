/**
 * Large runs use a worker thread: the output is the same as on one thread, byte for byte, and
 * projects are never split between threads.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PARALLEL_MIN_BYTES, STANDARD_SHARE_MAX, STANDARD_SHARE_MIN_BYTES, splitByProject, standardShare } from '../src/parallel.js';
import { textNamesStandardKeys } from '../src/engine/project.js';
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
        const cache = files.find((f) => f.startsWith('agent-lint-') && f.endsWith('.v8cache') && !f.endsWith('-files.v8cache'))!;
        expect(Number(readFileSync(path.join(cacheDir, cache), 'latin1').split('\n')[2])).toBe(JSON.parse(r.stdout).length);
      }
    } finally {
      rmSync(pkg, { recursive: true, force: true });
    }
  }, 120_000);

  it('splits by project, never inside one, into shares of similar size', () => {
    const files = fg.sync('**/*.md', { cwd: TMP, dot: true, absolute: true }).sort();
    const [a, b] = splitByProject(files, TMP);
    expect(a.length + b.length).toBe(files.length);
    const projectOf = (f: string) => path.relative(TMP, f).split(path.sep)[0];
    const pa = new Set(a.map(projectOf));
    for (const f of b) expect(pa.has(projectOf(f))).toBe(false);
    expect(Math.abs(a.length - b.length)).toBeLessThan(files.length / 4);
  });
});

describe('the worker share on two or three cores', () => {
  const plain = 'Checks the work and reports what it found, with the files and lines it looked at.\n'.repeat(48);
  const std = '```json\n{"session_id": "sess_1", "delegation_depth": 1, "delegation_path": ["orchestrator", "x"]}\n```\n';
  const texts = new Map<string, string>();
  const group = (name: string, n: number, standardEvery: number) => {
    const files = Array.from({ length: n }, (_, i) => `/p/${name}/a${i}.md`);
    files.forEach((f, i) => texts.set(f, standardEvery && i % standardEvery === 0 ? plain + std : plain));
    return { files, bytes: files.reduce((b, f) => b + texts.get(f)!.length, 0) };
  };
  const text = (f: string) => texts.get(f);
  const on = () => true;

  it('gives the worker the projects of the standard\'s specs that fit in a tenth of the bytes', () => {
    const others = Array.from({ length: 12 }, (_, i) => group(`plain${i}`, 60, 0));
    const standard = group('standard', 70, 1);
    // A project that names a key in one spec of many is no project of the standard's specs.
    const mentions = group('mentions', 70, 50);
    const groups = [...others, standard, mentions].sort((a, b) => b.bytes - a.bytes);
    const bytes = groups.reduce((n, g) => n + g.bytes, 0);
    expect(standard.bytes).toBeGreaterThanOrEqual(STANDARD_SHARE_MIN_BYTES);
    expect(standard.bytes).toBeLessThanOrEqual(bytes * STANDARD_SHARE_MAX);
    const [mine, theirs] = standardShare(groups, bytes, text, on)!;
    // With the standard's rules off for the project, it stays on this thread.
    expect(standardShare(groups, bytes, text, (f) => !standard.files.includes(f))).toBeNull();
    expect(theirs).toEqual(standard.files);
    expect(mine.length + theirs.length).toBe(groups.reduce((n, g) => n + g.files.length, 0));
  });

  it('keeps everything on this thread when the standard\'s projects are too small, too large or absent', () => {
    const others = Array.from({ length: 12 }, (_, i) => group(`p${i}`, 60, 0));
    const small = group('small', 20, 1);
    const half = group('half', 70, 2);
    const bytesOf = (gs: Array<{ bytes: number }>) => gs.reduce((n, g) => n + g.bytes, 0);
    expect(standardShare([...others, small], bytesOf([...others, small]), text, on)).toBeNull();
    expect(standardShare(others, bytesOf(others), text, on)).toBeNull();
    // Half of its specs name the keys: a project of the standard, but over a tenth of a small run.
    expect(standardShare([half, others[0]!], bytesOf([half, others[0]!]), text, on)).toBeNull();
    expect(standardShare([...others, half], bytesOf([...others, half]), text, on)?.[1]).toEqual(half.files);
    // Nothing left for this thread: no worker.
    expect(standardShare([half], half.bytes, text, on)).toBeNull();
  });

  it('tells a project of the standard by the keys the engine reads as the standard\'s', () => {
    expect(textNamesStandardKeys('"session_id": "s"')).toBe(true);
    expect(textNamesStandardKeys('delegation_path: [a]')).toBe(true);
    expect(textNamesStandardKeys('the session id and the delegation depth')).toBe(false);
  });

  it('gives the same report as one thread on a tree with a project of the standard\'s specs', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-standard-share-'));
    try {
      // The sample project's specs (most name the standard's keys), eight times in one project.
      const stdRoot = path.join(dir, 'standard');
      cpSync(path.join(REPO_ROOT, 'fixtures/sample-project'), stdRoot, { recursive: true });
      mkdirSync(path.join(stdRoot, '.git'));
      const agents = path.join(stdRoot, '.claude/agents');
      const originals = readdirSync(agents);
      const measure = () => fg.sync('**/*.md', { cwd: stdRoot, dot: true, absolute: true }).reduce((n, f) => n + statSync(f).size, 0);
      let stdBytes = measure();
      for (let i = 0; stdBytes < STANDARD_SHARE_MIN_BYTES * 1.1; i++) {
        for (const f of originals) writeFileSync(path.join(agents, `c${i}-${f}`), readFileSync(path.join(agents, f), 'utf8').replace(/^name: (.*)$/m, `name: c${i}-$1`));
        stdBytes = measure();
      }
      expect(stdBytes).toBeGreaterThanOrEqual(STANDARD_SHARE_MIN_BYTES);
      // Projects without the standard, until its project is under a tenth of the bytes.
      let total = stdBytes;
      for (let p = 0; total * STANDARD_SHARE_MAX < stdBytes * 1.1 || total < PARALLEL_MIN_BYTES * 1.1; p++) {
        const root = path.join(dir, `plain-${String(p).padStart(2, '0')}`);
        mkdirSync(path.join(root, '.git'), { recursive: true });
        mkdirSync(path.join(root, '.claude/agents'), { recursive: true });
        for (let i = 0; i < 60; i++) {
          const body = `---\nname: a${i}\ndescription: Agent ${i} of project ${p}\n---\n\n${plain}`;
          writeFileSync(path.join(root, `.claude/agents/a${i}.md`), body);
          total += Buffer.byteLength(body);
        }
      }
      const run = (mode: string, entry: string) => spawnSync(process.execPath, [entry, '--format', 'json', '--concurrency', mode, '.'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, AGENT_LINT_FORCE_THREADS: '' } });
      const one = run('off', BIN);
      expect(one.status).toBe(1);
      expect(JSON.parse(one.stdout).filter((r: { messages: unknown[] }) => r.messages.length > 0).length).toBeGreaterThan(8);
      for (const entry of [BIN, LAUNCH]) {
        const two = run('auto', entry);
        expect(two.stderr).toBe('');
        expect(two.status).toBe(one.status);
        expect(two.stdout).toBe(one.stdout);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
