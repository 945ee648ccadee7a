#!/usr/bin/env node
/**
 * The `agent-lint` command. Runs the bundled CLI (dist/agent-lint.cjs) with a V8 code cache, so
 * that a run on one file (a pre-commit hook) does not spend its time compiling JavaScript; falls
 * back to the unbundled modules when there is no bundle. The cache is a file beside the bundle
 * (or in a private folder under the temp directory when that is not writable), keyed on the
 * Node.js version, the bundle's size and time, and the kind of run (a few named files, or the
 * rest: see fewFilesRun).
 *
 * A code cache is code: V8 runs what a cache holds as long as its source had the same length, so
 * a cache planted by someone else would run their code. A cache is therefore read and written
 * only in a folder that is not a symlink, is owned by the current user (or by the bundle's owner)
 * and that nobody else can write to; the file is opened without following a symlink, must be a
 * regular file with the same owner rules, and holds a copy of the source it was made for, which
 * must equal the bundle byte for byte (no hash: loading node:crypto would cost a one-file run
 * about 3 ms). A folder that fails these checks is not used at all. New caches are written to a fresh
 * temporary file (O_EXCL) in the same folder and renamed into place.
 * A CommonJS file: Node.js starts a CommonJS entry point about 8 ms sooner than an ES module.
 */
import { closeSync, constants as C, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

const bundle = path.resolve(__dirname, '../../agent-lint.cjs');
const MAGIC = 'agent-lint-v8cache-3\n';
/** No code cache of ours comes near this; a larger file is not read. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
const myUid = typeof process.getuid === 'function' ? process.getuid() : undefined;

/** Owners whose cache files may run: the current user, and whoever owns the code itself. */
function trustedOwner(uid: number, codeUid: number): boolean {
  return myUid === undefined || uid === myUid || uid === codeUid;
}

/** Makes the folder `dir`, not its parents, for this user alone; one that exists is left as it is (and checked after). */
function makeFolder(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/** A folder the cache may live in: a real folder (not a link), a trusted owner, writable by no one else. */
function safeDir(dir: string, codeUid: number, create: boolean): boolean {
  try {
    // Only the folder itself is made (beside the bundle, or in a temp directory that exists).
    if (create) makeFolder(dir);
    const st = lstatSync(dir);
    return st.isDirectory() && trustedOwner(st.uid, codeUid) && (myUid === undefined || (st.mode & 0o022) === 0);
  } catch {
    return false;
  }
}

/**
 * Whether this run lints a few named files (a pre-commit hook, an editor on save): at most 20
 * arguments that are files, none a folder or a glob, no subcommand; or standard input. A cache
 * holds every function its run compiled, so one made by a run over a whole project makes a
 * one-file run deserialize code it never runs (about 6 ms): the two kinds of run keep caches of
 * their own, and a pre-commit run gets one that a pre-commit run made.
 */
function fewFilesRun(argv: readonly string[]): boolean {
  if (argv.includes('--stdin')) return true;
  let files = 0;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('-')) continue;
    if (/[*?[\]{}]/.test(a)) return false;
    let st;
    try {
      st = statSync(a);
    } catch {
      st = undefined; // an option's value, or a path that is not there
    }
    if (st?.isDirectory()) return false;
    if (st?.isFile()) {
      if (++files > 20) return false;
    } else if (i === 0) return false; // a subcommand (or a first argument that is no file)
  }
  return files > 0;
}

const RUN_KIND = fewFilesRun(process.argv.slice(2)) ? '-files' : '';

/**
 * A run over a whole project leaves functions to V8's optimizing compiler four times later than
 * Node.js's default: most of such a run's code is warm for a few hundred milliseconds only, and
 * optimizing it sooner cost more than it saved (whole corpus: 0.92x wall, 0.76x CPU, 5 MB less
 * peak, in 21 pairs). Few-files runs keep the default, and skip loading node:v8 (about 2 ms, 3%
 * of a bare `node -e 0`).
 * Set before the bundle is compiled, so that its code cache is made and used under the same flags.
 */
if (RUN_KIND === '') (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--interrupt-budget=270336');

function cachePaths(file: string, st: { size: number; mtimeMs: number }): string[] {
  const name = `${path.basename(file, '.cjs')}-${process.version}-${st.size}-${Math.round(st.mtimeMs)}${RUN_KIND}.v8cache`;
  const uid = myUid ?? 'user';
  return [path.join(path.dirname(bundle), '.cache', name), path.join(os.tmpdir(), `agent-lint-${uid}`, name)];
}

/** A code cache as read: its data, the number of documents the run that made it took in, its file's inode and time. */
interface CacheRead {
  data: Buffer;
  took: number;
  ino: number;
  mtimeMs: number;
}

/** The cache's data when the file passes every check and was made for this source; else undefined. */
function readCache(file: string, source: Buffer, codeUid: number): CacheRead | undefined {
  if (!safeDir(path.dirname(file), codeUid, false)) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(file, C.O_RDONLY | (C.O_NOFOLLOW ?? 0) | (C.O_NONBLOCK ?? 0));
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_CACHE_BYTES || !trustedOwner(st.uid, codeUid) || (myUid !== undefined && (st.mode & 0o022) !== 0)) return undefined;
    const buf = Buffer.allocUnsafe(st.size);
    let got = 0;
    while (got < st.size) {
      const n = readSync(fd, buf, got, st.size - got, got);
      if (n === 0) break;
      got += n;
    }
    // The header (the source's length, then how many documents the run that made it took in), then a
    // copy of the source the cache was made for, compared byte for byte.
    const sizeLine = `${source.length}\n`;
    if (got < MAGIC.length + sizeLine.length || buf.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
    if (buf.toString('latin1', MAGIC.length, MAGIC.length + sizeLine.length) !== sizeLine) return undefined;
    const at = MAGIC.length + sizeLine.length;
    const eol = buf.indexOf(10, at);
    if (eol === -1 || eol - at > 10) return undefined;
    const tookText = buf.toString('latin1', at, eol);
    if (!/^\d+$/.test(tookText)) return undefined;
    const head = eol + 1 + source.length;
    if (got < head || !buf.subarray(eol + 1, head).equals(source)) return undefined;
    return { data: buf.subarray(head, got), took: Number(tookText), ino: st.ino, mtimeMs: st.mtimeMs };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes a cache through a fresh temporary file in the same (checked) folder; false when it cannot. */
function writeCache(file: string, source: Buffer, data: Buffer, codeUid: number, took: number): boolean {
  const dir = path.dirname(file);
  if (!safeDir(dir, codeUid, true)) return false;
  // crypto loads only here, when a cache is written (a run that reads one never needs it).
  const { randomBytes } = require('node:crypto') as typeof import('node:crypto');
  const tmp = path.join(dir, `.${randomBytes(8).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, C.O_WRONLY | C.O_CREAT | C.O_EXCL | (C.O_NOFOLLOW ?? 0), 0o600);
    writeSync(fd, `${MAGIC}${source.length}\n${took}\n`);
    writeSync(fd, source);
    writeSync(fd, data);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, file);
    return true;
  } catch {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      /* never made */
    }
    return false;
  }
}

type ModuleLike = { filename: string; paths: string[]; exports: object };
/**
 * Node.js's CommonJS module class, which `node:module` exports, taken from this module: loading
 * `node:module` itself also loads the ES module loader and source maps (about 0.4 ms).
 */
const ModuleCtor = module.constructor as unknown as {
  new (id: string, parent?: unknown): ModuleLike;
  wrap(s: string): string;
  _nodeModulePaths(dir: string): string[];
  createRequire(file: string): NodeJS.Require;
};

/** Caches to write once the run is over, so that they hold the functions the run compiled. */
const toWrite: Array<() => void> = [];
/**
 * A lint worker thread (src/parallel.ts starts it from this file, with this flag) writes no code
 * cache: it compiles only its share of the run, and the main thread writes the run's cache and
 * ends the process (src/cli/bin.ts) without waiting for the worker's exit. A worker still writing
 * then left a temporary file behind, or its own smaller cache in place of the main thread's.
 */
const IN_WORKER = process.argv.includes('--agent-lint-worker');
/** Writes them, once: before a natural exit, or when the CLI ends its run itself (src/cli/bin.ts). */
const writeCaches = () => toWrite.splice(0).forEach((w) => w());
(globalThis as Record<symbol, unknown>)[Symbol.for('agent-lint.beforeExit')] = writeCaches;

/**
 * Runs a CommonJS file with a V8 code cache and returns its exports; undefined when the file
 * cannot be read. Used for the bundle, and (through a global hook, see src/platform/host.ts) for the
 * vendored YAML parser and the precompiled schema validators beside it.
 */
function loadCached(file: string): unknown {
  let bytes: Buffer;
  let st;
  try {
    st = statSync(file);
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const source = bytes.toString('utf8');
  const caches = cachePaths(file, st);
  let read: CacheRead | undefined;
  for (const c of caches) {
    read = readCache(c, bytes, st.uid);
    if (read) break;
  }
  const cachedData = read?.data;
  const script = new vm.Script(ModuleCtor.wrap(source.replace(/^#!.*/, '')), {
    filename: file,
    cachedData,
    importModuleDynamically: (vm as unknown as { constants?: { USE_MAIN_CONTEXT_DEFAULT_LOADER?: symbol } }).constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER as never,
  });
  const mod = new ModuleCtor(file);
  mod.filename = file;
  mod.paths = ModuleCtor._nodeModulePaths(path.dirname(file));
  // The build the CLI runs, for what it keeps between runs (its project index): known only when
  // a code cache was taken, which holds a copy of the bundle equal to it byte for byte; the cache
  // file's inode and time then tell this bundle from another of the same size and time (npm
  // gives every installed file one fixed time). A run without one keeps no index.
  if (file === bundle && read && !script.cachedDataRejected) {
    (globalThis as Record<symbol, unknown>)[Symbol.for('agent-lint.build')] = `${process.version}-${st.size}-${st.mtimeMs}-${read.ino}-${read.mtimeMs}`;
  }
  const fn = script.runInThisContext() as (...args: unknown[]) => void;
  // A cache holds the functions its run compiled. The bundle's cache (of either kind) is made
  // again by a run that took in more than twice the documents (linted, or read for context) of
  // the run that made it, and at least 20: a cache made by a small run (a first try, a test
  // suite, a file on standard input) leaves larger runs to compile much of their code anew each
  // time (whole corpus 4% slower, a file in a 50-spec project 7%). The new one holds what the
  // new run compiled and the old one's functions it still held. A new cache file is a new
  // build identity: the project index the rewriting run kept is made again by the next run.
  const grows = file === bundle && read !== undefined && !script.cachedDataRejected;
  if (!IN_WORKER && (!read || script.cachedDataRejected || grows)) {
    if (toWrite.length === 0) process.once('beforeExit', writeCaches);
    toWrite.push(() => {
      const n = (globalThis as Record<symbol, unknown>)[Symbol.for('agent-lint.documents')];
      const took = typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0;
      if (grows && !(took >= 20 && took > 2 * (read?.took ?? 0))) return;
      const data = script.createCachedData();
      for (const c of caches) if (writeCache(c, bytes, data, st.uid, took)) return;
    });
  }
  fn.call(mod.exports, mod.exports, ModuleCtor.createRequire(file), mod, file, path.dirname(file));
  return mod.exports;
}

(globalThis as Record<symbol, unknown>)[Symbol.for('agent-lint.load')] = loadCached;
// A lint worker thread starts from this file too, so that it also runs the bundle from its cache.
(globalThis as Record<symbol, unknown>)[Symbol.for('agent-lint.launcher')] = __filename;
if (loadCached(bundle) === undefined) void import('./bin.js');
