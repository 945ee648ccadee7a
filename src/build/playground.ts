/**
 * Build step for the playground (`npm run build:playground`): bundles playground/main.ts (the
 * page, CodeMirror, and the core through src/browser/index.ts with the browser host) into
 * dist/playground/app.js, beside the page and its style sheet; fixtures/sample-project's specs
 * go into the bundle as the project shown when the link holds none. The result is a static site
 * with no request beyond its three files.
 *
 * Usage: node dist/src/build/playground.js [out-dir]   (from the repository root, after npm run
 * build; default dist/playground)
 */
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { walkSpecsTree } from '../discovery/walk.js';
import { FolderListings } from '../util/folders.js';
import { relPosix } from '../util/paths.js';
import { browserCorePlugins, browserDefines } from './browser.js';
import { bundleIntoFreshDir, root } from './common.js';

const out = path.resolve(process.argv[2] ?? path.join(root, 'dist/playground'));
const sampleDir = path.join(root, 'fixtures/sample-project');

const sample = walkSpecsTree(sampleDir, new FolderListings())
  .markdown.map((abs) => relPosix(sampleDir, abs))
  .filter((rel) => rel.startsWith('.claude/'))
  .sort()
  .map((rel) => ({ path: rel, text: readFileSync(path.join(sampleDir, rel), 'utf8') }));

await bundleIntoFreshDir(out, 'app.js', {
  entryPoints: [path.join(root, 'playground/main.ts')],
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  define: { ...browserDefines(), __SAMPLE_PROJECT__: JSON.stringify(sample) },
  plugins: browserCorePlugins(),
  minify: true,
});
for (const f of ['index.html', 'style.css']) cpSync(path.join(root, 'playground', f), path.join(out, f));
