/**
 * Build step: bundles the browser entry (src/browser/index.ts) with the browser host in place of
 * the Node one (src/platform/host.ts -> host.browser.ts), and the standard's schemas and
 * precompiled validators as a generated module. The result, dist/browser/agent-lint.js, is one
 * script with no import that sets `agentLint` on the global object: test/browser-core.test.ts runs
 * it in a bare V8 context; the playground bundles the same entry with its page (src/build/playground.ts).
 *
 * Usage: node dist/src/build/browser.js   (from the repository root, after tsc and the
 * validators' precompile step)
 */
import type { Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SCHEMA_FILES } from '../standard/profiles.js';
import { validatorModuleName } from '../standard/validate.js';
import { bundleInto, root, VERSION } from './common.js';

/** esbuild options the playground's bundle shares (src/build/playground.ts). */
export function browserCorePlugins(): Plugin[] {
  const host = path.join(root, 'src/platform/host.ts');
  return [
    {
      name: 'agent-lint-browser-host',
      setup(b) {
        b.onResolve({ filter: /platform\/host\.js$/ }, (args) => {
          const resolved = path.resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
          return resolved === host ? { path: path.join(root, 'src/platform/host.browser.ts') } : undefined;
        });
        b.onResolve({ filter: /^agent-lint:standard-data$/ }, () => ({ path: 'standard-data', namespace: 'agent-lint' }));
        b.onLoad({ filter: /.*/, namespace: 'agent-lint' }, () => {
          const lines = ['export const SCHEMA_TEXTS = {'];
          for (const f of SCHEMA_FILES) lines.push(`  ${JSON.stringify(f)}: ${JSON.stringify(readFileSync(path.join(root, 'src/standard/schemas', f), 'utf8'))},`);
          lines.push('};', 'export const VALIDATORS = {');
          // Not the config's (450 KB of the page's code): the page's configs are plain ones
          // (src/config/resolve.ts checks those without a schema); others compile with ajv.
          for (const mod of SCHEMA_FILES.map(validatorModuleName)) {
            // A getter: a validator's module is evaluated when first used.
            lines.push(`  get ${JSON.stringify(mod)}() { return require(${JSON.stringify(path.join(root, 'dist/src/standard/validators', mod))}); },`);
          }
          lines.push('};');
          return { contents: lines.join('\n'), resolveDir: root, loader: 'js' };
        });
      },
    },
  ];
}

export const browserDefines = (): Record<string, string> => ({ __AGENT_LINT_VERSION__: JSON.stringify(VERSION) });

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, 'dist/src/build/browser.js')) {
  await bundleInto(path.join(root, 'dist/browser/agent-lint.js'), {
    entryPoints: [path.join(root, 'src/browser/index.ts')],
    platform: 'browser',
    format: 'iife',
    globalName: 'agentLint',
    target: 'es2022',
    define: browserDefines(),
    plugins: browserCorePlugins(),
    minify: true,
  });
}
