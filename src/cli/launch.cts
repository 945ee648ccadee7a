#!/usr/bin/env node
/**
 * The `agent-lint` command. Runs the bundled CLI (dist/agent-lint.cjs) with a V8 code cache, so
 * that a run on one file (a pre-commit hook) does not spend its time compiling JavaScript; falls
 * back to the unbundled modules when there is no bundle. The cache is a file beside the bundle
 * (or in a private folder under the temp directory when that is not writable), keyed on the
 * Node.js version and the bundle's size and time; V8 itself rejects a cache that does not fit.
 * A CommonJS file: Node.js starts a CommonJS entry point about 8 ms sooner than an ES module.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

const bundle = path.resolve(__dirname, '../../agent-lint.cjs');

function cachePaths(file: string, st: { size: number; mtimeMs: number }): string[] {
  const name = `${path.basename(file, '.cjs')}-${process.version}-${st.size}-${Math.round(st.mtimeMs)}.v8cache`;
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return [path.join(path.dirname(bundle), '.cache', name), path.join(os.tmpdir(), `agent-lint-${uid}`, name)];
}

type ModuleLike = { filename: string; paths: string[]; exports: object };
const ModuleCtor = Module as unknown as {
  new (id: string, parent?: unknown): ModuleLike;
  wrap(s: string): string;
  _nodeModulePaths(dir: string): string[];
};

/** Caches to write once the run is over, so that they hold the functions the run compiled. */
const toWrite: Array<() => void> = [];

/**
 * Runs a CommonJS file with a V8 code cache and returns its exports; undefined when the file
 * cannot be read. Used for the bundle, and (through a global hook, see src/util/yaml.ts) for the
 * vendored YAML parser beside it.
 */
function loadCached(file: string): unknown {
  let source: string;
  let st;
  try {
    st = statSync(file);
    source = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const caches = cachePaths(file, st);
  let cachedData: Buffer | undefined;
  for (const c of caches) {
    try {
      cachedData = readFileSync(c);
      break;
    } catch {
      /* not there yet */
    }
  }
  const script = new vm.Script(ModuleCtor.wrap(source.replace(/^#!.*/, '')), {
    filename: file,
    cachedData,
    importModuleDynamically: (vm as unknown as { constants?: { USE_MAIN_CONTEXT_DEFAULT_LOADER?: symbol } }).constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER as never,
  });
  const mod = new ModuleCtor(file);
  mod.filename = file;
  mod.paths = ModuleCtor._nodeModulePaths(path.dirname(file));
  const fn = script.runInThisContext() as (...args: unknown[]) => void;
  if (!cachedData || script.cachedDataRejected) {
    if (toWrite.length === 0) process.once('beforeExit', () => toWrite.forEach((w) => w()));
    toWrite.push(() => {
      const data = script.createCachedData();
      for (const c of caches) {
        try {
          mkdirSync(path.dirname(c), { recursive: true, mode: 0o700 });
          writeFileSync(c, data, { mode: 0o600 });
          return;
        } catch {
          /* try the next place */
        }
      }
    });
  }
  fn.call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file));
  return mod.exports;
}

(globalThis as Record<symbol, unknown>)[Symbol.for('agent-lint.load')] = loadCached;
// A lint worker thread starts from this file too, so that it also runs the bundle from its cache.
(globalThis as Record<symbol, unknown>)[Symbol.for('agent-lint.launcher')] = __filename;
if (loadCached(bundle) === undefined) void import('./bin.js');
