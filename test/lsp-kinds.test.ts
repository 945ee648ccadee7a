/**
 * The language server serves every kind of the kinds table: an editor that hands it the files
 * editors/vscode/files.json names (a Cursor rule, a Gemini command, Codex config) gets the
 * findings of the rules that name their kind (positions zero-based, as LSP gives them).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import picomatch from 'picomatch';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';
import { brief, REPO_ROOT, startLsp, uriOf } from './helpers/lsp-client.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-lsp-kinds-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const TOKEN = 'ghp_R8x2Kq9LmZ4vT7wY1nB5cD3fH6jP0sA2eU4i';

describe('the language server on the other tools\' files', () => {
  it('reports on a Cursor rule, a Gemini command and Codex config by their kinds', async () => {
    const dir = projectMaker(tmp)({
      '.agent-lint.json': JSON.stringify({ rules: { 'secret-in-spec': 'error' } }),
      '.cursor/rules/api.mdc': `---\ndescription: API\nalwaysApply: true\n---\n\nCall with token ${TOKEN}.\n`,
      '.gemini/commands/deploy.toml': `description = "Deploy"\nprompt = "Deploy with GITHUB_TOKEN=${TOKEN}"\n`,
      '.codex/config.toml': 'model = "gpt-5-codex"\n',
    });
    const c = await startLsp(dir);
    const open = async (rel: string, languageId: string) => {
      const file = path.join(dir, rel);
      await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uriOf(file), languageId, version: 1, text: readFileSync(file, 'utf8') } });
      return (await c.diagnostics(uriOf(file))).map(brief);
    };
    expect(await open('.cursor/rules/api.mdc', 'markdown')).toEqual(['secret-in-spec 5:16-5:56']);
    expect(await open('.gemini/commands/deploy.toml', 'toml')).toEqual(['secret-in-spec 1:35-1:75']);
    expect(await open('.codex/config.toml', 'toml')).toEqual([]);
    expect(await c.close()).toBe(0);
  });

  it('is handed by the VS Code extension every file of fixtures/kinds (the globs npm run gen writes)', () => {
    const globs = JSON.parse(readFileSync(path.join(REPO_ROOT, 'editors/vscode/files.json'), 'utf8')) as string[];
    const match = picomatch(globs, { dot: true });
    const files = ['.cursorrules', '.clinerules/general.md', '.codex/config.toml', '.codex/hooks.json', '.codex/rules/default.rules', '.cursor/rules/react.mdc', '.gemini/settings.json', 'ext/gemini-extension.json', 'plugin/.claude-plugin/plugin.json', '.claude-plugin/marketplace.json', '.mcp.json', 'AGENTS.md'];
    expect(files.filter((f) => !match(f))).toEqual([]);
    expect(match('src/index.ts')).toBe(false);
  });
});
