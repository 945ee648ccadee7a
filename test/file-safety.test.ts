/**
 * What agent-lint writes (--cache-location, --init, --fix) goes only where it should: a regular
 * file, never a device, FIFO or a link's target; temporary files are fresh (O_EXCL), in the same
 * folder and removed on failure; --fix keeps the owner, group, mode and hard links of a file,
 * refuses read-only files and files changed since they were read. The CLI runs as a process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LintCache } from '../src/cache.js';
import { writeFixed } from '../src/fix/write.js';
import { projectMaker } from './helpers/files.js';
import { REPO_ROOT } from './helpers/shared.js';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-files-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const isRoot = process.getuid?.() === 0;

const project = projectMaker(TMP);
const cli = (args: string[], cwd: string) => spawnSync(process.execPath, [BIN, '--no-color', ...args], { cwd, encoding: 'utf8', timeout: 20_000 });

/** A command whose argument-hint breaks YAML: frontmatter-valid quotes it, a fix --fix applies. */
const AGENT = ['---', 'description: Review code', 'argument-hint: [--quick] [--deep]', 'model: sonnet', '---', '', 'Review $ARGUMENTS', ''].join('\n');
const FIXED = AGENT.replace('[--quick] [--deep]', '"[--quick] [--deep]"');
const FILE = '.claude/commands/review.md';

/** One line on stderr, starting with "agent-lint:", no stack trace. */
function oneLineError(r: { status: number | null; stderr: string }): void {
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(/^agent-lint: [^\n]+\n$/);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
}
const tempFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.tmp'));

describe('--cache-location', () => {
  it('refuses a FIFO without reading it (no hang) and leaves it a FIFO', () => {
    const dir = project({ [FILE]: AGENT });
    spawnSync('mkfifo', [path.join(dir, 'fifo')]);
    const r = cli(['--cache', '--cache-location', 'fifo'], dir);
    oneLineError(r);
    expect(r.stderr).toContain('not a regular file');
    expect(lstatSync(path.join(dir, 'fifo')).isFIFO()).toBe(true);
  });

  it('refuses a character device and leaves it a device', { skip: !isRoot }, () => {
    // A private copy of /dev/null (making a device needs root); the real one is never touched.
    const dir = project({ [FILE]: AGENT });
    const dev = path.join(dir, 'null');
    expect(spawnSync('mknod', [dev, 'c', '1', '3']).status).toBe(0);
    const r = cli(['--cache', '--cache-location', 'null'], dir);
    oneLineError(r);
    expect(lstatSync(dev).isCharacterDevice()).toBe(true);
    expect(tempFiles(dir)).toEqual([]);
  });

  it('refuses a folder, an empty name and a missing parent folder with one line each, leaving no temporary file', () => {
    const dir = project({ [FILE]: AGENT, 'folder/keep.txt': 'x' });
    for (const loc of ['folder', '', 'missing/cache']) {
      const r = cli(['--cache', '--cache-location', loc], dir);
      oneLineError(r);
      expect(r.stderr).toContain('--cache-location');
    }
    expect(tempFiles(dir)).toEqual([]);
    expect(readdirSync(path.join(dir, 'folder'))).toEqual(['keep.txt']);
    expect(existsSync(path.join(dir, 'missing'))).toBe(false);
  });

  it('refuses a symlink at the location, neither reading nor writing its target', () => {
    const dir = project({ [FILE]: AGENT });
    const victim = path.join(TMP, 'victim-cache.txt');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, path.join(dir, 'link-cache'));
    const r = cli(['--cache', '--cache-location', 'link-cache'], dir);
    oneLineError(r);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
  });

  it('saves through a fresh temporary file: a symlink planted under the old predictable name is not followed', () => {
    const dir = project({});
    const file = path.join(dir, 'the-cache');
    const victim = path.join(TMP, 'victim-tmp.txt');
    writeFileSync(victim, 'precious');
    // The name the cache used to write to (pid-based), planted as a link.
    symlinkSync(victim, path.join(dir, `.the-cache.${process.pid}.tmp`));
    const cache = new LintCache(file);
    cache.set(path.join(dir, 'x.md'), 'k'.repeat(64), { messages: [], suppressedMessages: [] });
    cache.save();
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(lstatSync(file).isFile()).toBe(true);
  });
});

describe('--init', () => {
  it('does not follow a dangling .agent-lint.jsonc symlink out of the project', () => {
    const dir = project({});
    const target = path.join(TMP, 'init-target.jsonc');
    symlinkSync(target, path.join(dir, '.agent-lint.jsonc'));
    const r = cli(['--init'], dir);
    oneLineError(r);
    expect(r.stderr).toContain('already exists');
    expect(existsSync(target)).toBe(false);
  });
});

describe('--fix keeps what the file was', () => {
  it('keeps the mode, owner and group', () => {
    const dir = project({ [FILE]: AGENT });
    const file = path.join(dir, FILE);
    chmodSync(file, 0o640);
    if (isRoot) chownSync(file, 4242, 4343);
    const r = cli(['--fix', '--rule', 'return-format-present:off'], dir);
    expect(r.stderr).toBe('agent-lint: fixed 1 problem in 1 file\n');
    expect(readFileSync(file, 'utf8')).toBe(FIXED);
    const st = statSync(file);
    expect(st.mode & 0o7777).toBe(0o640);
    if (isRoot) expect([st.uid, st.gid]).toEqual([4242, 4343]);
    expect(tempFiles(path.dirname(file))).toEqual([]);
  });

  it('keeps hard links: every name of the file sees the fix', () => {
    const dir = project({ [FILE]: AGENT });
    const file = path.join(dir, FILE);
    const other = path.join(dir, 'other-name.md');
    linkSync(file, other);
    const r = cli(['--fix', FILE], dir);
    expect(r.stderr).toBe('agent-lint: fixed 1 problem in 1 file\n');
    expect(readFileSync(other, 'utf8')).toBe(FIXED);
    expect(statSync(file).ino).toBe(statSync(other).ino);
  });

  it('on a full disk (a file size limit) the fix lands whole or the file stays as it was, written in place or renamed', () => {
    // 4095 bytes, 4097 once fixed: past a 4 KB limit (ulimit -f 4), as past the last free block.
    const padded = AGENT.replace('Review $ARGUMENTS', `Review $ARGUMENTS ${'x'.repeat(4095 - AGENT.length - 1)}`);
    expect(Buffer.byteLength(padded)).toBe(4095);
    for (const linked of [true, false]) {
      const dir = project({ [FILE]: padded });
      const file = path.join(dir, FILE);
      if (linked) linkSync(file, path.join(dir, 'other-name.md'));
      const r = spawnSync('bash', ['-c', `ulimit -f 4 && exec "${process.execPath}" "${BIN}" --no-color --fix ${FILE}`], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
      expect(r.stderr).toMatch(/^agent-lint: could not write fixes to \.claude\/commands\/review\.md: EFBIG: file too large, write\n$/);
      expect(r.status).toBe(2);
      expect(readFileSync(file, 'utf8')).toBe(padded);
      expect(tempFiles(path.dirname(file))).toEqual([]);
    }
  });

  it('refuses a read-only file (by its mode, also as root) with exit 2 and leaves it unchanged', () => {
    const dir = project({ [FILE]: AGENT });
    const file = path.join(dir, FILE);
    chmodSync(file, 0o444);
    const r = cli(['--fix', FILE], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('read-only');
    expect(readFileSync(file, 'utf8')).toBe(AGENT);
    expect(statSync(file).mode & 0o777).toBe(0o444);
  });

  it('does not overwrite a file changed after it was read', () => {
    const dir = project({ [FILE]: AGENT });
    const file = path.join(dir, FILE);
    const st = statSync(file);
    const expected = { size: st.size, mtimeMs: st.mtimeMs, original: AGENT };
    // Someone else saves their edit (same size, even the same time) while --fix runs.
    const theirs = AGENT.replace('Review code', 'Review CODE');
    writeFileSync(file, theirs);
    utimesSync(file, st.atime, st.mtime);
    expect(() => writeFixed(file, FIXED, { hasBom: false, projectRoot: dir, expected })).toThrow(/changed since it was read/);
    expect(readFileSync(file, 'utf8')).toBe(theirs);
    // Unchanged: written.
    writeFileSync(file, AGENT);
    const st2 = statSync(file);
    writeFixed(file, FIXED, { hasBom: false, projectRoot: dir, expected: { size: st2.size, mtimeMs: st2.mtimeMs, original: AGENT } });
    expect(readFileSync(file, 'utf8')).toBe(FIXED);
  });

  it('finishes a write that SIGTERM or SIGINT interrupts, leaves no temporary file, and dies of the signal', async () => {
    for (const sig of ['SIGTERM', 'SIGINT'] as const) {
      const dir = project({});
      const target = path.join(dir, 'target.md');
      // The signal comes while the temporary file is written, before it is renamed into place.
      const script = `
        import { replaceFile } from ${JSON.stringify(path.join(REPO_ROOT, 'dist/src/util/temp-files.js'))};
        replaceFile(${JSON.stringify(target)}, 'written', 0o600, () => process.kill(process.pid, ${JSON.stringify(sig)}));
        setInterval(() => {}, 1000);`;
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = await new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_c, s) => resolve(s)));
      expect(exited).toBe(sig);
      expect(readFileSync(target, 'utf8')).toBe('written');
      expect(readdirSync(dir).filter((f) => f !== '.git')).toEqual(['target.md']);
    }
  });
});
