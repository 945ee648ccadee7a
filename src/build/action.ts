/**
 * Build step: the GitHub Action as one self-contained file, dist/action/index.cjs, with the
 * standard's schemas beside it in dist/action/schemas. Every package is inside (the action runs
 * from its checkout, with no `npm ci` and no build), so the modules that load a package or a
 * precompiled validator on first need are given a `require` that takes them from the bundle.
 * `npm run build:action` copies the result to action/, which is committed; a test checks that
 * the committed copy is what the sources build.
 *
 * Usage: node dist/src/build/action.js   (from the repository root, after tsc and the validators)
 */
import type { Plugin } from 'esbuild';
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { bundleIntoFreshDir, root, VERSION } from './common.js';

const out = path.join(root, 'dist', 'action');
const validators = path.join(root, 'dist', 'src', 'standard', 'validators');

/** The packages and files the modules load on first need, each by the name they ask for. */
const table: Array<[string, string]> = [
  ['ajv', 'ajv'],
  ['fast-glob', 'fast-glob'],
  ['yaml', 'yaml'],
  ...readdirSync(validators)
    .filter((f) => f.endsWith('.cjs'))
    .sort()
    .map((f): [string, string] => [`./validators/${f}`, path.join(validators, f)]),
];

/**
 * `createRequire` for the bundled modules: a `require` that serves the table's names from the
 * bundle and built-ins from Node.js. Anything else is a build mistake, and says so.
 */
const requireFromBundle: Plugin = {
  name: 'require-from-bundle',
  setup(b) {
    b.onResolve({ filter: /^node:module$/ }, (args) => (args.namespace === 'require-from-bundle' ? { path: args.path, external: true } : { path: 'module', namespace: 'require-from-bundle' }));
    b.onLoad({ filter: /.*/, namespace: 'require-from-bundle' }, () => ({
      resolveDir: root,
      loader: 'js',
      contents: [
        'const bundled = {',
        ...table.map(([name, file]) => `  ${JSON.stringify(name)}: () => require(${JSON.stringify(file)}),`),
        '};',
        'function load(id) {',
        "  if (id.startsWith('node:')) return require(id);",
        '  const get = bundled[id];',
        "  if (!get) throw new Error('agent-lint action: ' + id + ' is not in the bundle');",
        '  return get();',
        '}',
        'load.resolve = (id) => id;',
        'export const createRequire = () => load;',
        'export default { createRequire };',
      ].join('\n'),
    }));
  },
};

await bundleIntoFreshDir(out, 'index.cjs', {
  stdin: {
    contents: [
      "import { runAction } from './src/cli/action.ts';",
      "process.exitCode = runAction(process.env, process.env.GITHUB_WORKSPACE || process.cwd(), (s) => process.stdout.write(s), (s) => process.stderr.write(s));",
    ].join('\n'),
    resolveDir: root,
    sourcefile: 'action-entry.ts',
    loader: 'ts',
  },
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // The modules find the schemas beside the bundle (src/platform/host.ts).
  define: { 'import.meta.url': '"file:///agent-lint-action/index.cjs"', __AGENT_LINT_VERSION__: JSON.stringify(VERSION), __AGENT_LINT_BUNDLED__: 'true', __AGENT_LINT_YAML__: JSON.stringify('yaml') },
  minify: true,
  plugins: [requireFromBundle],
});
cpSync(path.join(root, 'src/standard/schemas'), path.join(out, 'schemas'), { recursive: true });
