/**
 * `npm run package:vscode`: the VS Code extension as dist/agent-lint.vsix. The extension's code
 * (editors/vscode) and its language client are bundled into one file, so the package holds no
 * node_modules; its package.json is the extension's, pointed at the bundle. vsce makes the VSIX.
 *
 * Usage: node dist/src/build/vscode.js   (from the repository root, after tsc)
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createVSIX } from '@vscode/vsce';
import { bundleIntoFreshDir, root } from './common.js';

const source = path.join(root, 'editors', 'vscode');
const stage = path.join(root, 'dist', 'vscode');
export const VSIX = path.join(root, 'dist', 'agent-lint.vsix');

await bundleIntoFreshDir(stage, 'extension.js', {
  entryPoints: [path.join(source, 'extension.js')],
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  // The editor gives the extension its API.
  external: ['vscode'],
  minify: true,
});
const manifest = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as Record<string, unknown>;
delete manifest['dependencies'];
delete manifest['scripts'];
writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify({ ...manifest, main: './extension.js' }, null, 2)}\n`);
for (const f of ['README.md', 'LICENSE']) cpSync(path.join(source, f), path.join(stage, f));
await createVSIX({ cwd: stage, packagePath: VSIX, dependencies: false, allowMissingRepository: true });
