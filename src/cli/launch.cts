#!/usr/bin/env node
/**
 * The `agent-lint` command: starts the bundled CLI (dist/agent-lint.cjs, made from
 * src/cli/start.ts) with its compiled code kept between runs, or the unbundled modules when there
 * is no bundle. A CommonJS file: Node.js starts a CommonJS entry point about 8 ms sooner than an
 * ES module.
 *
 * Compiling the bundle is most of a short run's CPU time. On Node.js 22.1 and later Node keeps
 * the compiled code itself (`module.enableCompileCache`). On Node.js 20 this file keeps a V8 code
 * cache of the bundle (a one-file run then takes 0.7x the CPU time), and of each file beside it
 * that the bundle loads (the YAML parser, a precompiled validator), made after the run so that
 * it holds the functions the run compiled.
 *
 * A code cache is code: V8 runs what a cache holds as long as its source had the same length, so
 * a cache planted by someone else would run their code. A cache is therefore read and written
 * only in a folder that is not a symlink, is owned by the current user (or by the bundle's owner)
 * and that nobody else can write to; the file is opened without following a symlink, must be a
 * regular file with the same owner rules, and holds a copy of the source it was made for, which
 * must equal the bundle byte for byte (no hash: loading node:crypto would cost a one-file run
 * about 3 ms). A folder that fails these checks is not used at all. New caches are written to a
 * fresh temporary file (O_EXCL) in the same folder and renamed into place.
 */
import { closeSync, constants as C, existsSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import type { Launch } from './start.js';

type Cli = { start(launch: Launch): void };

const bundle = path.resolve(__dirname, '../../agent-lint.cjs');
const MAGIC = 'agent-lint-v8cache-3\n';
/** No code cache of ours comes near this; a larger file is not read. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
const myUid = typeof process.getuid === 'function' ? process.getuid() : undefined;
/** A lint worker thread (src/parallel.ts starts it from this file) writes no cache: it compiles only its share of the run. */
const IN_WORKER = process.argv.includes('--agent-lint-worker');

/**
 * Node.js's CommonJS module class, which `node:module` exports, taken from this module: loading
 * `node:module` itself also loads the ES module loader and source maps (about 0.4 ms).
 */
const ModuleCtor = module.constructor as unknown as {
  new (id: string): { filename: string; paths: string[]; exports: Cli };
  wrap(s: string): string;
  _nodeModulePaths(dir: string): string[];
  createRequire(file: string): NodeJS.Require;
  enableCompileCache?(): unknown;
};

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

/** Owners whose cache files may run: the current user, and whoever owns the code itself. */
function trustedOwner(uid: number, codeUid: number): boolean {
  return myUid === undefined || uid === myUid || uid === codeUid;
}

/** A folder the cache may live in (made, not its parents, when `create`): a real folder, a trusted owner, writable by no one else. */
function safeDir(dir: string, codeUid: number, create: boolean): boolean {
  try {
    if (create) {
      try {
        mkdirSync(dir, { mode: 0o700 });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    const st = lstatSync(dir);
    return st.isDirectory() && trustedOwner(st.uid, codeUid) && (myUid === undefined || (st.mode & 0o022) === 0);
  } catch {
    return false;
  }
}

/**
 * A cache file's data and the number of documents the run that made it took in, when the file
 * passes every check and was made for `source`; else undefined. The file holds a header (the
 * source's length, that number), a copy of the source, then the data.
 */
function readCache(file: string, source: Buffer, codeUid: number): { data: Buffer; took: number } | undefined {
  if (!safeDir(path.dirname(file), codeUid, false)) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(file, C.O_RDONLY | (C.O_NOFOLLOW ?? 0) | (C.O_NONBLOCK ?? 0));
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_CACHE_BYTES || !trustedOwner(st.uid, codeUid) || (myUid !== undefined && (st.mode & 0o022) !== 0)) return undefined;
    const buf = Buffer.allocUnsafe(st.size);
    let got = 0;
    for (let n = 1; got < st.size && n > 0; got += n) n = readSync(fd, buf, got, st.size - got, got);
    const head = /^(\d+)\n(\d{1,10})\n/.exec(buf.toString('latin1', MAGIC.length, Math.min(got, MAGIC.length + 32)));
    if (buf.toString('latin1', 0, MAGIC.length) !== MAGIC || !head || Number(head[1]) !== source.length) return undefined;
    const at = MAGIC.length + head[0].length;
    if (got < at + source.length || !buf.subarray(at, at + source.length).equals(source)) return undefined;
    return { data: buf.subarray(at + source.length, got), took: Number(head[2]) };
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

/** A file compiled from its code cache, and how to write a new cache once the run is over. */
interface Compiled {
  exports: unknown;
  /** Writes a new cache (given how many documents the run took in) when one is wanted. */
  save(took: number): void;
}

/**
 * Runs a CommonJS file from its code cache, with `require` as its own; undefined when the file
 * cannot be read. The cache lives beside the bundle, else in a private folder under the temp
 * directory, named after the file, the Node.js version, the file's size and time, and the kind
 * of run.
 */
function runCached(file: string, runKind: string, require: NodeJS.Require): Compiled | undefined {
  let bytes: Buffer;
  let st;
  try {
    st = statSync(file);
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const stem = file === bundle ? 'agent-lint' : `agent-lint-${path.basename(file, '.cjs')}`;
  const name = `${stem}-${process.version}-${st.size}-${Math.round(st.mtimeMs)}${runKind}.v8cache`;
  const caches = [path.join(path.dirname(bundle), '.cache', name), path.join(os.tmpdir(), `agent-lint-${myUid ?? 'user'}`, name)];
  let read;
  for (const c of caches) if ((read = readCache(c, bytes, st.uid))) break;
  const script = new vm.Script(ModuleCtor.wrap(bytes.toString('utf8').replace(/^#!.*/, '')), {
    filename: file,
    cachedData: read?.data,
    importModuleDynamically: (vm as unknown as { constants?: { USE_MAIN_CONTEXT_DEFAULT_LOADER?: symbol } }).constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER as never,
  });
  const mod = new ModuleCtor(file);
  mod.filename = file;
  mod.paths = ModuleCtor._nodeModulePaths(path.dirname(file));
  (script.runInThisContext() as (...args: unknown[]) => void).call(mod.exports, mod.exports, require, mod, file, path.dirname(file));
  const used = read && !script.cachedDataRejected ? read : undefined;
  // A cache made by a small run (a first try, a test suite, a file on standard input) leaves
  // larger runs to compile much of their code anew each time (whole corpus 4% slower, a file in
  // a 50-spec project 7%): a run that took in more than twice the documents (linted, or read for
  // context) of the run that made the cache, and at least 20, makes it again. The new cache holds
  // what the new run compiled and the old one's functions it still held.
  const save = (took: number) => {
    if (used && !(took >= 20 && took > 2 * used.took)) return;
    const data = script.createCachedData();
    for (const c of caches) if (writeCache(c, bytes, data, st.uid, took)) return;
  };
  return { exports: mod.exports, save };
}

/**
 * Runs the bundle from its code cache. The bundle's `require` is Node's, except for the code
 * shipped beside the bundle (the YAML parser in vendor/, the precompiled validators): that is
 * run from a code cache too: compiling the YAML parser and running it cold costs a run that needs
 * it about 20 ms.
 */
function runBundle(runKind: string): { cli: Cli; save(took: number): void } | undefined {
  const nodeRequire = ModuleCtor.createRequire(bundle);
  const dir = path.dirname(bundle) + path.sep;
  const beside = new Map<string, Compiled>();
  const bundleRequire = Object.assign((id: string): unknown => {
    const file = id.startsWith('./') && id.endsWith('.cjs') ? path.resolve(dir, id) : '';
    if (!file.startsWith(dir)) return nodeRequire(id);
    let ran = beside.get(file);
    if (!ran) {
      ran = runCached(file, runKind, ModuleCtor.createRequire(file));
      if (!ran) return nodeRequire(id);
      beside.set(file, ran);
    }
    return ran.exports;
  }, nodeRequire);
  const ran = runCached(bundle, runKind, bundleRequire);
  if (!ran) return undefined;
  return {
    cli: ran.exports as Cli,
    save: (took) => {
      ran.save(took);
      for (const b of beside.values()) b.save(took);
    },
  };
}

function launch(): void {
  const runKind = fewFilesRun(process.argv.slice(2)) ? '-files' : '';
  // A run over a whole project leaves functions to V8's optimizing compiler four times later than
  // Node.js's default: most of such a run's code is warm for a few hundred milliseconds only, and
  // optimizing it sooner cost more than it saved (whole corpus: 0.92x wall, 0.76x CPU, 5 MB less
  // peak, in 21 pairs). It also compiles each regular expression on its first use instead of
  // interpreting that use: a pattern's first search is often over a whole text (whole corpus:
  // 0.97-0.99x wall in four sets of 11 to 21 pairs; one repository: 0.96x and 0.99x).
  // Few-files runs keep the defaults, and skip loading node:v8 (about 2 ms).
  // Set before the bundle is compiled, so that its cached code is made and used under the same flags.
  if (runKind === '') (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--interrupt-budget=270336 --no-regexp-tier-up');
  // A lint worker thread starts from this file too, so that it also runs the bundle as this thread does.
  const entry = __filename;
  if (typeof ModuleCtor.enableCompileCache === 'function') {
    ModuleCtor.enableCompileCache();
    if (existsSync(bundle)) return (require(bundle) as Cli).start({ entry });
  } else {
    const ran = runBundle(runKind);
    if (ran) {
      let took = 0;
      let save: ((took: number) => void) | undefined = IN_WORKER ? undefined : ran.save;
      // Before a natural exit, or when the CLI ends its run itself.
      const beforeExit = () => {
        save?.(took);
        save = undefined;
      };
      if (save) process.once('beforeExit', beforeExit);
      return ran.cli.start({ entry, took: (n) => (took = n), beforeExit });
    }
  }
  void import('./start.js').then((m) => m.start({ entry }));
}

launch();
