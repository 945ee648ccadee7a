/**
 * agent-lint is not on the npm registry: no text of the repository may tell a user to install it
 * by its name alone (`npm install -D agent-lint`), nor start it through `npx agent-lint` where a
 * project may not have it (an editor set-up), since npx would fetch whatever the registry holds
 * under that name. The `github:` form, a packed tarball and the project's own binary are fine.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastGlob } from '../src/util/fast-glob.js';

const ROOT = path.resolve(import.meta.dirname, '..');
/** An install command whose package is the bare name (maybe with a version), not a path, tarball or git form. */
const INSTALL_BY_NAME = /\b(?:npm|pnpm|yarn|bun)\s+(?:install|i|add)\b[^\n`&|;]*?\s(?:-[-\w]+\s+)*agent-lint(?:@[\w.^~*-]+)?(?=[\s`'"),]|$)/gm;
/** The language server or the MCP server started through npx: a download where the project has no agent-lint. */
const NPX_SERVER = /\bnpx\s+(?:(?:-y|--yes)\s+)?agent-lint\s+(?:lsp|mcp)\b/g;

const files = fastGlob()
  .sync(['**/*.{md,ts,cts,mts,js,cjs,mjs,json,yml,yaml,lua,toml}', '.github/**/*', '.pre-commit-hooks.yaml', 'action.yml'], { cwd: ROOT, dot: true, ignore: ['node_modules/**', '**/node_modules/**', 'dist/**', '.git/**', 'test-results/**', 'package-lock.json', 'test/install-texts.test.ts'] })
  .sort();

describe('install texts', () => {
  it('scans the repository (the README, docs, editors, hooks, sources)', () => {
    for (const f of ['README.md', 'docs/editors.md', 'editors/vscode/README.md', 'hooks/claude-hook.cjs', 'src/cli/main.ts']) expect(files).toContain(f);
  });

  it('tell no one to install agent-lint from the registry by its name', () => {
    const found: string[] = [];
    for (const f of files) {
      const text = readFileSync(path.join(ROOT, f), 'utf8');
      for (const re of [INSTALL_BY_NAME, NPX_SERVER]) {
        for (const m of text.matchAll(re)) found.push(`${f}:${text.slice(0, m.index).split('\n').length}: ${m[0].trim()}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('would catch the forms it forbids', () => {
    const bad = ['npm install --save-dev agent-lint', 'npm i -D agent-lint@0.1.0', 'pnpm add agent-lint', 'yarn add -D agent-lint`', "cmd = { 'npx', 'agent-lint' }", 'npx agent-lint lsp --stdio', 'npx -y agent-lint mcp'];
    const hits = bad.filter((t) => [INSTALL_BY_NAME, NPX_SERVER].some((re) => new RegExp(re.source, re.flags).test(t)));
    // The npx-in-a-table form is another shape; the rest are caught.
    expect(hits).toEqual(bad.filter((t) => !t.includes("'npx'")));
    const good = ['npm install --save-dev github:agent-lint/agent-lint', 'npm install --save-dev /path/to/agent-lint-0.1.0.tgz', 'npx agent-lint fixtures/sample-project', 'npm install -g agent-lint-0.1.0.tgz'];
    expect(good.filter((t) => [INSTALL_BY_NAME, NPX_SERVER].some((re) => new RegExp(re.source, re.flags).test(t)))).toEqual([]);
  });
});
