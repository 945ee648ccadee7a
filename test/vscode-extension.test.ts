/**
 * The VS Code extension (editors/vscode): its manifest is what `vsce package` needs (CI packages
 * it; no network here), its code parses, and it finds and starts the server of the agent-lint
 * installed in the workspace.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';
import { brief, REPO_ROOT, startLsp, uriOf } from './helpers/lsp-client.js';

const EXT = path.join(REPO_ROOT, 'editors/vscode');
const manifest = JSON.parse(readFileSync(path.join(EXT, 'package.json'), 'utf8'));
const { serverCommand, LAUNCHER } = createRequire(import.meta.url)(path.join(EXT, 'server-command.js')) as {
  serverCommand: (i: { serverPath?: string; folders: string[]; exists?: (p: string) => boolean }) => { kind: string; module?: string; command?: string };
  LAUNCHER: string;
};

const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-vscode-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the VS Code extension', () => {
  it('has the manifest vsce packages: identity, engine, entry, activation on specs, settings and commands', () => {
    const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'agent-lint', publisher: 'agent-lint', version: root.version, license: 'MIT', main: './extension.js' });
    expect(manifest.name).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    expect(manifest.engines.vscode).toMatch(/^\^1\.\d+\.\d+$/);
    expect(manifest.repository.url).toMatch(/^https:\/\//);
    expect(manifest.dependencies).toHaveProperty('vscode-languageclient');
    for (const f of [manifest.main, 'README.md', 'LICENSE', 'server-command.js']) expect(existsSync(path.join(EXT, f)), f).toBe(true);
    // As the ESLint extension does: the files it serves are found anywhere in a workspace.
    expect(manifest.activationEvents).toEqual(['onStartupFinished']);
    for (const [key, p] of Object.entries(manifest.contributes.configuration.properties) as Array<[string, { type: string; description?: string; markdownDescription?: string }]>) {
      expect(key).toMatch(/^agent-lint\./);
      expect(p.type).toBeTruthy();
      expect(p.description ?? p.markdownDescription).toBeTruthy();
    }
    // Every command the code registers is contributed, and the other way round.
    const code = readFileSync(path.join(EXT, 'extension.js'), 'utf8');
    const registered = [...code.matchAll(/registerCommand\('([^']+)'/g)].map((m) => m[1]);
    expect(registered).toEqual(manifest.contributes.commands.map((c: { command: string }) => c.command));
  });

  it('has code that parses, and a CI job that packages it as npm run package:vscode does (test/vscode-package.test.ts)', () => {
    for (const f of ['extension.js', 'server-command.js']) expect(spawnSync(process.execPath, ['--check', path.join(EXT, f)]).status, f).toBe(0);
    const workflow = readFileSync(path.join(REPO_ROOT, '.github/workflows/vscode.yml'), 'utf8');
    expect(workflow).toContain('run: npm run package:vscode');
    expect(workflow).toContain('path: dist/agent-lint.vsix');
  });

  it('picks the server: the setting, else the workspace package, else agent-lint on the PATH', () => {
    const has = (p: string) => p === path.join('/w2', LAUNCHER);
    expect(serverCommand({ serverPath: '/opt/al/launch.cjs', folders: ['/w1'], exists: has })).toEqual({ kind: 'module', module: '/opt/al/launch.cjs' });
    expect(serverCommand({ serverPath: 'my-agent-lint', folders: ['/w1'], exists: has })).toEqual({ kind: 'command', command: 'my-agent-lint' });
    expect(serverCommand({ folders: ['/w1', '/w2'], exists: has })).toEqual({ kind: 'module', module: path.join('/w2', LAUNCHER) });
    expect(serverCommand({ folders: ['/w1'], exists: has })).toEqual({ kind: 'command', command: 'agent-lint' });
  });

  it('starts the server of the package installed in the workspace', async () => {
    const dir = projectMaker(tmp)({
      '.claude/commands/plan.md': '---\ndescription: Plan\n---\nUse the Task tool with subagent_type: "reviewer" to review.\n',
      '.claude/agents/clerk.md': '---\nname: clerk\ndescription: Files the notes.\n---\nFile the notes.\n',
    });
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(REPO_ROOT, path.join(dir, 'node_modules', 'agent-lint'), 'dir');
    const server = serverCommand({ folders: [dir] });
    expect(server).toEqual({ kind: 'module', module: path.join(dir, LAUNCHER) });
    const c = await startLsp(dir, server.module);
    const file = path.join(dir, '.claude/commands/plan.md');
    await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uriOf(file), languageId: 'markdown', version: 1, text: readFileSync(file, 'utf8') } });
    expect((await c.diagnostics(uriOf(file))).map(brief)).toEqual(['unknown-delegation-target 3:39-3:47']);
    expect(await c.close()).toBe(0);
  });
});
