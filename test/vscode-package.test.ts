/**
 * `npm run package:vscode` makes dist/agent-lint.vsix: the test makes it (the build step, as a
 * process), unpacks it and checks what VS Code reads: the VSIX manifest, the extension's
 * package.json pointed at a bundle that holds the language client, and that bundle loading with
 * VS Code's API given and handing back `activate` and `deactivate`.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { REPO_ROOT } from './helpers/shared.js';

const VSIX = path.join(REPO_ROOT, 'dist/agent-lint.vsix');

/** Every entry of a zip file, by name, with its bytes. */
function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

describe('the VS Code extension package', () => {
  it('is a VSIX with the manifest, the extension and its bundled client, and nothing else', async () => {
    const made = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist/src/build/vscode.js')], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(made.status, made.stderr).toBe(0);
    const entries = await unzip(VSIX);
    expect([...entries.keys()].sort()).toEqual(['[Content_Types].xml', 'extension.vsixmanifest', 'extension/LICENSE.txt', 'extension/extension.js', 'extension/package.json', 'extension/readme.md']);

    const source = JSON.parse(readFileSync(path.join(REPO_ROOT, 'editors/vscode/package.json'), 'utf8'));
    const pkg = JSON.parse(entries.get('extension/package.json')!.toString('utf8'));
    expect(pkg).toMatchObject({ name: 'agent-lint', publisher: 'agent-lint', version: source.version, main: './extension.js', engines: source.engines, activationEvents: source.activationEvents, contributes: source.contributes });
    expect(pkg.dependencies).toBeUndefined();

    const manifest = entries.get('extension.vsixmanifest')!.toString('utf8');
    expect(manifest).toContain(`<Identity Language="en-US" Id="agent-lint" Version="${source.version}" Publisher="agent-lint"`);
    expect(manifest).toContain('<Property Id="Microsoft.VisualStudio.Code.Engine" Value="^1.82.0" />');

    // The bundle loads with only VS Code's API to require, and is an extension.
    const code = entries.get('extension/extension.js')!.toString('utf8');
    const required: string[] = [];
    const mod = new Module('extension.js');
    const base = Module.createRequire(path.join(REPO_ROOT, 'package.json'));
    mod.require = ((id: string) => {
      required.push(id);
      // VS Code's API, as far as loading asks: any name is a class the client may extend.
      return id === 'vscode' ? new Proxy({} as Record<PropertyKey, unknown>, { get: (t, k) => (t[k] ??= class {}) }) : base(id);
    }) as NodeJS.Require;
    (mod as unknown as { _compile(code: string, file: string): void })._compile(code, path.join(REPO_ROOT, 'dist/vscode/extension.js'));
    expect(typeof (mod.exports as { activate?: unknown }).activate).toBe('function');
    expect(typeof (mod.exports as { deactivate?: unknown }).deactivate).toBe('function');
    // Node's built-ins and VS Code's API only: the language client is inside.
    expect(required.filter((id) => id !== 'vscode' && !Module.isBuiltin(id))).toEqual([]);
  }, 90_000);
});
