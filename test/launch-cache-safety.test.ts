/**
 * The launcher's V8 code cache is code: V8 runs a cache made from any source of the same length.
 * A cache planted by someone else (in a shared temp folder, in a folder others can write to, or
 * without a copy of the bundle it was made for) must never run, and a symlink planted under a
 * cache's name must not get its target overwritten. The same holds for the cache of a file beside
 * the bundle (the YAML parser). Each case copies the launcher and bundle to a
 * folder where `.cache` beside the bundle cannot be made, so the temp-folder cache is used.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/shared.js';

const isRoot = process.getuid?.() === 0;
const uid = process.getuid?.() ?? 'user';
const wrap = (Module as unknown as { wrap(s: string): string }).wrap;

let tmp: string;
let pkg: string;
let tmpdir: string;
let marker: string;

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-v8safety-'));
  pkg = path.join(tmp, 'pkg');
  mkdirSync(path.join(pkg, 'src/cli'), { recursive: true });
  mkdirSync(path.join(pkg, 'vendor'), { recursive: true });
  copyFileSync(path.join(REPO_ROOT, 'dist/agent-lint.cjs'), path.join(pkg, 'agent-lint.cjs'));
  copyFileSync(path.join(REPO_ROOT, 'dist/vendor/yaml.cjs'), path.join(pkg, 'vendor/yaml.cjs'));
  copyFileSync(path.join(REPO_ROOT, 'dist/src/cli/launch.cjs'), path.join(pkg, 'src/cli/launch.cjs'));
  // A file where the cache folder beside the bundle would go: that place cannot be used.
  writeFileSync(path.join(pkg, '.cache'), '');
  tmpdir = path.join(tmp, 'tmp');
  mkdirSync(tmpdir);
  marker = path.join(tmp, 'pwned');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const bundle = () => path.join(pkg, 'agent-lint.cjs');
const cacheName = () => {
  const st = statSync(bundle());
  return `agent-lint-${process.version}-${st.size}-${Math.round(st.mtimeMs)}.v8cache`;
};
const run = () =>
  spawnSync(process.execPath, [path.join(pkg, 'src/cli/launch.cjs'), '--version'], { encoding: 'utf8', env: { ...process.env, TMPDIR: tmpdir, TMP: tmpdir, TEMP: tmpdir } });

/** A V8 code cache for a script as long as the wrapped bundle that writes the marker file. */
function evilCache(): Buffer {
  const wrapped = wrap(readFileSync(bundle(), 'utf8').replace(/^#!.*/, ''));
  const body = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran');`;
  const evil = wrap(body + ' '.repeat(wrapped.length - wrap(body).length));
  expect(evil.length).toBe(wrapped.length);
  return cacheUnderLauncherFlags(evil);
}
/**
 * A V8 code cache for `source` (by default the wrapped bundle, as the launcher compiles it),
 * made under the V8 flags the launcher sets for this kind of run: V8 refuses a cache made under
 * other flags, so a cache made in this process would be refused for that reason alone. Made in a
 * child process, so that this one keeps its own flags.
 */
function cacheUnderLauncherFlags(source = wrap(readFileSync(bundle(), 'utf8').replace(/^#!.*/, ''))): Buffer {
  const flags = /setFlagsFromString\('([^']*)'\)/.exec(readFileSync(path.join(pkg, 'src/cli/launch.cjs'), 'utf8'))?.[1] ?? '';
  const src = path.join(tmp, 'source.js');
  const out = path.join(tmp, 'made.v8cache');
  writeFileSync(src, source);
  const make = `require('v8').setFlagsFromString(${JSON.stringify(flags)}); const vm = require('vm'), fs = require('fs');
const s = new vm.Script(fs.readFileSync(${JSON.stringify(src)}, 'utf8'), { filename: ${JSON.stringify(bundle())} });
fs.writeFileSync(${JSON.stringify(out)}, s.createCachedData());`;
  const r = spawnSync(process.execPath, ['-e', make], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return readFileSync(out);
}

/** The header a real cache has: the bundle's own bytes, which the launcher compares with the bundle. */
const withHeader = (data: Buffer) => {
  const source = readFileSync(bundle());
  return Buffer.concat([Buffer.from(`agent-lint-v8cache-3\n${source.length}\n0\n`), source, data]);
};

function plant(dirMode: number, content: Buffer, owner?: number): string {
  const dir = path.join(tmpdir, `agent-lint-${uid}`);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, dirMode);
  const file = path.join(dir, cacheName());
  writeFileSync(file, content);
  if (owner !== undefined) {
    chownSync(file, owner, owner);
    chownSync(dir, owner, owner);
  }
  return file;
}

describe('the launcher\'s code cache', () => {
  it('the copied launcher runs and writes its cache into a private temp folder', () => {
    const r = run();
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+/);
    const dir = path.join(tmpdir, `agent-lint-${uid}`);
    expect(readdirSync(dir).filter((f) => f.endsWith('.v8cache'))).toHaveLength(1);
    expect(statSync(dir).mode & 0o077).toBe(0);
    // And a second run uses it (same output, nothing new written).
    expect(run().stdout).toBe(r.stdout);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('does not run a cache planted in a folder that belongs to another user', { skip: !isRoot }, () => {
    // Only root can give a folder to another user; the world-writable case below runs for everyone.
    plant(0o755, evilCache(), 4242);
    expect(run().status).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });

  it('does not run a cache that carries the bundle\'s copy but sits in another user\'s folder', { skip: !isRoot }, () => {
    plant(0o755, withHeader(evilCache()), 4242);
    expect(run().status).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });

  it('does not run a cache planted in a folder others can write to', () => {
    plant(0o777, evilCache());
    expect(run().status).toBe(0);
    expect(existsSync(marker)).toBe(false);
    plant(0o777, withHeader(evilCache()));
    expect(run().status).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });

  it('does not run a cache without a copy of the bundle it was made for, or with another copy, even in its own folder', () => {
    plant(0o700, evilCache());
    expect(run().status).toBe(0);
    expect(existsSync(marker)).toBe(false);
    // A copy of another source of the same length (one byte changed): refused too.
    const source = readFileSync(bundle());
    const other = Buffer.from(source);
    other[other.length - 2] = other[other.length - 2] === 0x20 ? 0x0a : 0x20;
    plant(0o700, Buffer.concat([Buffer.from(`agent-lint-v8cache-3\n${source.length}\n0\n`), other, evilCache()]));
    expect(run().status).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });

  it('runs a cache that holds the bundle\'s own bytes (the header the launcher writes)', () => {
    const good = cacheUnderLauncherFlags();
    const file = plant(0o700, withHeader(good));
    const r = run();
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+/);
    // Accepted: not written again.
    expect(readFileSync(file).equals(withHeader(good))).toBe(true);
  });

  it('does not follow a symlink planted under the cache\'s name (neither reading nor writing)', () => {
    const dir = path.join(tmpdir, `agent-lint-${uid}`);
    mkdirSync(dir, { mode: 0o700 });
    const victim = path.join(tmp, 'victim.txt');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, path.join(dir, cacheName()));
    expect(run().status).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    // The link was replaced by a real cache file, which the next run uses.
    expect(run().status).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
  });

  it('keeps working when the bundle changes (a new name; the old cache is not used)', () => {
    expect(run().status).toBe(0);
    const t = new Date(Date.now() + 5000);
    utimesSync(bundle(), t, t);
    const r = run();
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('the code cache of a file beside the bundle (the YAML parser)', () => {
  const parser = () => path.join(pkg, 'vendor/yaml.cjs');
  /** A folder run over a spec whose frontmatter only the YAML parser reads (a flow mapping). */
  const lintNeedingYaml = () => {
    const project = path.join(tmp, 'project');
    mkdirSync(path.join(project, '.claude/agents'), { recursive: true });
    writeFileSync(path.join(project, '.claude/agents/a.md'), '---\nname: a\ndescription: {first: Two, second: lines}\n---\nBody\n');
    return spawnSync(process.execPath, [path.join(pkg, 'src/cli/launch.cjs'), '--format', 'json', '.'], { cwd: project, encoding: 'utf8', env: { ...process.env, TMPDIR: tmpdir, TMP: tmpdir, TEMP: tmpdir } });
  };
  const parserCacheFile = () => {
    const st = statSync(parser());
    return path.join(tmpdir, `agent-lint-${uid}`, `agent-lint-yaml-${process.version}-${st.size}-${Math.round(st.mtimeMs)}.v8cache`);
  };
  /** A cache of a script as long as the wrapped parser that writes the marker file, with the parser's copy or without one. */
  const evilParserCache = (withCopy: boolean) => {
    const source = readFileSync(parser());
    const wrapped = wrap(source.toString('utf8'));
    const body = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran');`;
    const data = cacheUnderLauncherFlags(wrap(body + ' '.repeat(wrapped.length - wrap(body).length)));
    return withCopy ? Buffer.concat([Buffer.from(`agent-lint-v8cache-3\n${source.length}\n0\n`), source, data]) : data;
  };

  it('does not run a planted cache: without the parser\'s copy, or in a folder others can write to', () => {
    const dir = path.join(tmpdir, `agent-lint-${uid}`);
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o700);
    writeFileSync(parserCacheFile(), evilParserCache(false));
    expect(lintNeedingYaml().stdout).toContain('"ruleId":"frontmatter-schema"');
    expect(existsSync(marker)).toBe(false);
    chmodSync(dir, 0o777);
    writeFileSync(parserCacheFile(), evilParserCache(true));
    expect(lintNeedingYaml().stdout).toContain('"ruleId":"frontmatter-schema"');
    expect(existsSync(marker)).toBe(false);
  });
});
