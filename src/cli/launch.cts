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

function cachePaths(st: { size: number; mtimeMs: number }): string[] {
  const name = `agent-lint-${process.version}-${st.size}-${Math.round(st.mtimeMs)}.v8cache`;
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return [path.join(path.dirname(bundle), '.cache', name), path.join(os.tmpdir(), `agent-lint-${uid}`, name)];
}

function runBundle(): boolean {
  let source: string;
  let st;
  try {
    st = statSync(bundle);
    source = readFileSync(bundle, 'utf8');
  } catch {
    return false;
  }
  const caches = cachePaths(st);
  let cachedData: Buffer | undefined;
  for (const c of caches) {
    try {
      cachedData = readFileSync(c);
      break;
    } catch {
      /* not there yet */
    }
  }
  const ModuleCtor = Module as unknown as {
    new (id: string, parent?: unknown): { filename: string; paths: string[]; exports: object; require: (id: string) => unknown };
    wrap(s: string): string;
    _nodeModulePaths(dir: string): string[];
  };
  const script = new vm.Script(ModuleCtor.wrap(source.replace(/^#!.*/, '')), {
    filename: bundle,
    cachedData,
    importModuleDynamically: (vm as unknown as { constants?: { USE_MAIN_CONTEXT_DEFAULT_LOADER?: symbol } }).constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER as never,
  });
  const mod = new ModuleCtor(bundle);
  mod.filename = bundle;
  mod.paths = ModuleCtor._nodeModulePaths(path.dirname(bundle));
  const req = createRequire(bundle);
  const fn = script.runInThisContext() as (...args: unknown[]) => void;
  if (!cachedData || script.cachedDataRejected) {
    // Written once the run is over, so it holds the functions this run compiled.
    process.once('beforeExit', () => {
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
  fn.call(mod.exports, mod.exports, req, mod, bundle, path.dirname(bundle));
  return true;
}

if (!runBundle()) void import('./bin.js');
