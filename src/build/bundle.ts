/**
 * Build step: bundles the CLI into one CommonJS file, dist/agent-lint.cjs, so that start-up
 * reads and compiles one file instead of resolving a hundred modules, and so that the launcher
 * (src/cli/launch.cts) can keep a V8 code cache of it. Modules only some runs need stay outside
 * the bundle and load on demand: ajv (config checking), fast-glob (glob arguments), the
 * markdown parser (rules that ask for the tree) and the YAML parser (dist/vendor/yaml.cjs).
 *
 * Usage: node dist/src/build/bundle.js   (from the repository root, after tsc)
 */
import type { BuildOptions, Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleInto, root, VERSION } from './common.js';

const out = path.join(root, 'dist');

/**
 * A plugin that routes the imports `filter` matches through one module of the bundle, whose text
 * `contents` gives (it imports the built-in itself, which stays external).
 */
function throughOneModule(name: string, filter: RegExp, contents: (specifier: string) => string): Plugin {
  return {
    name,
    setup(b) {
      b.onResolve({ filter }, (args) => (args.namespace === name ? { path: args.path, external: true } : { path: args.path, namespace: name }));
      b.onLoad({ filter: /.*/, namespace: name }, (args) => ({ contents: contents(args.path), loader: 'js' }));
    },
  };
}

/**
 * The modules import `node:path` and `node:os` by default import, which esbuild turns into a
 * `require` and an interop copy of every export of the module in each importing module (29
 * for `node:path`, about 0.5 ms of a one-file run's start). Each is routed through one module
 * of the bundle that imports it once. (A bundled CommonJS `require('node:path')` would get that
 * module's namespace, not `path`: none of the bundled code has one.)
 */
const oneRequirePerBuiltin = throughOneModule('builtin-once', /^node:(?:path|os)$/, (specifier) => `import m from ${JSON.stringify(specifier)};\nexport default m;\n`);

/**
 * The modules take `createRequire` from `node:module`, whose loading also loads Node.js's ES
 * module loader and source maps (about 0.4 ms of a one-file run). Every module of a bundle asks
 * for the `require` of its `import.meta.url`, which is the bundle's: that is the bundle's own
 * `require`, which Node.js or the launcher gives it (src/cli/launch.cts runs the code beside the
 * bundle, the YAML parser and the validators, from a code cache). `node:module` is never loaded.
 */
const ownRequire = throughOneModule('own-require', /^node:module$/, () => 'export const createRequire = () => require;\n');

/**
 * `import.meta.url` in the bundles: the bundle's file URL, made on first use (`pathToFileURL` at
 * start-up took about 0.3 ms of a one-file run that may never ask).
 */
const LAZY_URL = "var __agentLintUrl = { get href() { return this.url ??= require('node:url').pathToFileURL(__filename).href; } };";

/** Stands for the CLI bundle's build name until the bundle is written (see nameBuild). */
const BUILD_PLACEHOLDER = 'agent-lint-build';

/** A CommonJS bundle for Node.js, minified but for its names. */
const NODE: BuildOptions = { platform: 'node', format: 'cjs', target: 'node20', minifySyntax: true, minifyWhitespace: true };
/** Packages that only some runs load, from node_modules. */
const EXTERNAL = ['ajv', 'fast-glob', 'unified', 'remark-parse', 'remark-frontmatter'];

await bundleInto(path.join(out, 'agent-lint.cjs'), {
  ...NODE,
  entryPoints: [path.join(root, 'src/cli/start.ts')],
  external: EXTERNAL,
  // Modules that locate files next to themselves do it from the bundle's own place.
  define: { 'import.meta.url': '__agentLintUrl.href', __AGENT_LINT_VERSION__: JSON.stringify(VERSION), __AGENT_LINT_BUNDLED__: 'true', __AGENT_LINT_YAML__: JSON.stringify('./vendor/yaml.cjs'), __AGENT_LINT_LSP__: JSON.stringify('./lsp.cjs'), __AGENT_LINT_MCP__: JSON.stringify('./mcp.cjs'), __AGENT_LINT_BUILD__: JSON.stringify(BUILD_PLACEHOLDER) },
  banner: { js: LAZY_URL },
  plugins: [
    oneRequirePerBuiltin,
    ownRequire,
    {
      // chalk detects colour support with node:tty at import (which loads node:net, ~4 ms of a
      // one-file run); agent-lint always gives chalk its level, so the bundle takes chalk's
      // detection-free variant of that module.
      name: 'chalk-without-tty',
      setup(b) {
        b.onResolve({ filter: /^#supports-color$/ }, (args) => ({ path: path.join(path.dirname(args.importer), 'vendor', 'supports-color', 'browser.js') }));
      },
    },
  ],
});

// The language server and the MCP server (with the MCP SDK and zod) in bundles of their own
// (with the engine and rules they share with the CLI's), each loaded only by its subcommand,
// `agent-lint lsp` or `agent-lint mcp` (src/cli/start.ts): a lint run never reads them.
for (const [entry, bundle] of [
  ['src/lsp/server.ts', 'lsp.cjs'],
  ['src/mcp/server.ts', 'mcp.cjs'],
] as const) {
  await bundleInto(path.join(out, bundle), {
    ...NODE,
    entryPoints: [path.join(root, entry)],
    external: EXTERNAL,
    define: { 'import.meta.url': '__agentLintUrl.href', __AGENT_LINT_VERSION__: JSON.stringify(VERSION), __AGENT_LINT_BUNDLED__: 'true', __AGENT_LINT_YAML__: JSON.stringify('./vendor/yaml.cjs') },
    banner: { js: LAZY_URL },
    plugins: [oneRequirePerBuiltin, ownRequire],
  });
}

// The YAML parser in a file of its own, loaded on first need (src/util/yaml.ts): most runs read
// frontmatter with the fast path and never load it.
await bundleInto(path.join(out, 'vendor', 'yaml.cjs'), {
  ...NODE,
  stdin: { contents: "module.exports = require('yaml');", resolveDir: root, sourcefile: 'vendor-yaml.cjs' },
});

/**
 * Writes each character beyond ASCII in a bundle as a `\\u` escape (esbuild leaves them in
 * regular expressions). One such character made V8 hold the whole 570 KB source as a two-byte
 * string: twice the bytes to decode, keep and scan for every function compiled lazily. A
 * character above U+FFFF becomes its two surrogates' escapes, which match what the character
 * matches in a regular expression with or without the `u` flag. The bundles are minified
 * (no comments), and such characters stand in strings and regular expressions, where an escape
 * means the same. (It would not in a tagged template's raw text, or as a surrogate pair in an
 * identifier: the bundles hold neither.) A character written after a backslash could not be
 * escaped, and stops the build.
 */
function escapeNonAscii(file: string): void {
  const text = readFileSync(file, 'utf8');
  const escaped = text.replace(/[^\0-\x7f]/gu, (ch, at: number) => {
    if (text[at - 1] === '\\') throw new Error(`${file}: a character beyond ASCII after a backslash at offset ${at}`);
    const cp = ch.codePointAt(0)!;
    const hex = (n: number) => `\\u${n.toString(16).padStart(4, '0')}`;
    if (cp <= 0xffff) return hex(cp);
    return hex(0xd800 + ((cp - 0x10000) >> 10)) + hex(0xdc00 + ((cp - 0x10000) & 0x3ff));
  });
  if (escaped !== text) writeFileSync(file, escaped);
}
for (const bundle of ['agent-lint.cjs', 'lsp.cjs', 'mcp.cjs', 'vendor/yaml.cjs']) escapeNonAscii(path.join(out, bundle));

/**
 * Names the CLI bundle's build with a hash of its text (its placeholder in place): what a run
 * keeps for the next (the project index) is used only by the same build. The same sources give
 * the same name; a bundle from other sources, of whatever size and time, another.
 */
function nameBuild(file: string): void {
  const text = readFileSync(file, 'utf8');
  const parts = text.split(JSON.stringify(BUILD_PLACEHOLDER));
  if (parts.length !== 2) throw new Error(`${file}: the build placeholder is there ${parts.length - 1} times, not once`);
  writeFileSync(file, parts.join(JSON.stringify(createHash('sha256').update(text).digest('hex').slice(0, 16))));
}
nameBuild(path.join(out, 'agent-lint.cjs'));

// What the bundled modules read beside themselves: the schemas and the precompiled validators.
mkdirSync(out, { recursive: true });
cpSync(path.join(root, 'src/standard/schemas'), path.join(out, 'schemas'), { recursive: true });
cpSync(path.join(out, 'src/standard/validators'), path.join(out, 'validators'), { recursive: true });
