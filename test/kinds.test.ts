/**
 * The kinds table: each kind is found where its tool loads it (fixtures/kinds holds one file of
 * each, so a new kind comes with one), the default rules stay on Claude Code's and OpenCode's
 * markdown, and a kind's files are linted by the rules that name it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { Discoverer, discoverSpecs } from '../src/discovery/discover.js';
import { projectMaker } from './helpers/files.js';
import { kindFromPath } from '../src/discovery/kind.js';
import { ALL_KINDS, kindBySniff, kindByPlace } from '../src/model/kinds.js';
import { lintText } from '../src/index.js';
import { DocumentModel } from '../src/model/document.js';
import { REPO_ROOT } from './helpers/shared.js';

const DIR = path.join(REPO_ROOT, 'fixtures/kinds');

const EXPECTED: Record<string, string> = {
  '.claude-plugin/marketplace.json': 'marketplace-manifest',
  '.claude/agents/reviewer.md': 'agent',
  '.claude/commands/test.md': 'command',
  '.claude/rules/api.md': 'claude-memory',
  '.claude/settings.json': 'settings',
  '.claude/skills/deploy/SKILL.md': 'skill',
  '.clinerules/general.md': 'cline-rule',
  '.codex/config.toml': 'codex-config',
  '.codex/environments/environment.toml': 'codex-environment',
  '.codex/hooks.json': 'codex-hooks',
  '.codex/rules/default.rules': 'codex-rules',
  '.cursor/rules/react.mdc': 'cursor-rule',
  '.cursorrules': 'cursorrules',
  '.gemini/commands/git/summary.toml': 'gemini-command',
  '.gemini/settings.json': 'gemini-settings',
  '.github/agents/planner.agent.md': 'copilot-agent',
  '.github/chatmodes/plan.chatmode.md': 'copilot-chatmode',
  '.github/copilot-instructions.md': 'copilot-instructions',
  '.github/instructions/typescript.instructions.md': 'copilot-scoped-instructions',
  '.github/prompts/release.prompt.md': 'copilot-prompt',
  '.kiro/steering/product.md': 'kiro-steering',
  '.mcp.json': 'mcp-config',
  '.windsurf/rules/style.md': 'windsurf-rule',
  'AGENTS.md': 'agents-md',
  'CLAUDE.md': 'claude-memory',
  'GEMINI.md': 'gemini-md',
  'ext/commands/review.toml': 'gemini-command',
  'ext/gemini-extension.json': 'gemini-extension',
  'plugin/.claude-plugin/plugin.json': 'plugin-manifest',
  'plugin/hooks/hooks.json': 'hooks-config',
  'services/api/CLAUDE.md': 'claude-memory',
  'workflows/triage.toml': 'gemini-command',
};

describe('the kinds table', () => {
  const found = discoverSpecs(DIR, [], { cwd: DIR });
  const byPath = Object.fromEntries(found.map((f) => [path.relative(DIR, f.path).split(path.sep).join('/'), f.kind]));

  it('finds each file of fixtures/kinds as its kind, and nothing else (pyproject.toml is no command)', () => {
    expect(byPath).toEqual(EXPECTED);
  });

  it('has a fixture for every kind but `other`', () => {
    const covered = new Set(Object.values(byPath));
    expect(ALL_KINDS.filter((k) => k !== 'other' && !covered.has(k))).toEqual([]);
  });

  it('gives a path its kind as discovery does, for files named without a walk (the editor, the browser)', () => {
    for (const [rel, kind] of Object.entries(EXPECTED)) {
      if (rel === 'plugin/hooks/hooks.json' || rel === 'workflows/triage.toml') continue; // need the plugin manifest, the contents
      expect(kindFromPath(rel), rel).toBe(kind);
    }
    expect(kindFromPath('docs/guide.md')).toBe('other');
    expect(kindByPlace(['src', 'settings.json'])).toBeNull();
  });

  it('reads a TOML file as a Gemini command only when it sets prompt before any table', () => {
    expect(kindBySniff('triage.toml', 'description = "x"\nprompt = "Do it"\n')).toBe('gemini-command');
    expect(kindBySniff('pyproject.toml', '[project]\nprompt = "x"\n')).toBeNull();
    expect(kindBySniff('notes.txt', 'prompt = "x"\n')).toBeNull();
  });

  it('runs the rules without kinds on specs only; the other kinds get the rules that name them', async () => {
    const text = '---\ndescription: Plans\ntools: ["search"]\nunknown-field: 1\n---\n\nexport GITHUB_TOKEN=ghp_R8x2Kq9LmZ4vT7wY1nB5cD3fH6jP0sA2eU4i\n';
    const ruleIds = async (filePath: string) => (await lintText(text, { filePath, config: false, cwd: DIR, rules: { 'secret-in-spec': 'error' } }))[0]!.messages.map((m) => m.ruleId);
    expect(await ruleIds('.claude/agents/planner.md')).toContain('frontmatter-schema');
    const copilot = await ruleIds('.github/agents/planner.agent.md');
    expect(copilot).not.toContain('frontmatter-schema');
    expect(copilot).toContain('secret-in-spec');
  });

  it('lints a named file wherever it lives when its frontmatter says its kind; a walk leaves it where it is', () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-kinds-'));
    onTestFinished(() => rmSync(tmp, { recursive: true, force: true }));
    const d = projectMaker(tmp)({
      'notes/review.md': "---\napplyTo: '**/*.ts'\n---\n\nReview TypeScript.\n",
      'notes/react.md': '---\nalwaysApply: true\n---\n\nUse hooks.\n',
      '.sometool/agents/helper.md': '---\nname: helper\ndescription: Helps\n---\n\nHelp.\n',
      '.sometool/commands/plain.md': '# Plain\n',
      'docs/guide.md': '---\ntitle: Guide\n---\n\nText.\n',
    });
    const named = (rel: string) => {
      const c = new Discoverer({ cwd: d }).file(path.join(d, rel));
      return c && 'spec' in c ? [c.spec.kind, c.spec.reason] : c;
    };
    expect(named('notes/review.md')).toEqual(['copilot-scoped-instructions', 'named, and its frontmatter sets applyTo']);
    expect(named('notes/react.md')).toEqual(['cursor-rule', 'named, and its frontmatter sets alwaysApply']);
    expect(named('.sometool/agents/helper.md')).toEqual(['agent', "named, in a folder named agents/, with a spec's name and description"]);
    expect(named('.sometool/commands/plain.md')).toEqual({ leftOut: "a folder named commands/ inside .sometool/, another tool's folder" });
    expect(named('docs/guide.md')).toBeNull();
    expect(discoverSpecs(d, [], { cwd: d })).toEqual([]);
  });

  it('reads a TOML kind as TOML: its value, or where it stops parsing', () => {
    const doc = (text: string) => new DocumentModel({ filePath: '/p/.gemini/commands/x.toml', relPath: '.gemini/commands/x.toml', kind: 'gemini-command', text });
    expect(doc('description = "d"\nprompt = "p"\n').tomlFile).toEqual({ ok: true, root: { description: 'd', prompt: 'p' } });
    expect(doc('prompt = "p"\nprompt = [1,\n').tomlFile).toMatchObject({ ok: false, line: 2, column: 1 });
    expect(doc('prompt = "p"\n').frontmatter).toBeNull();
    expect(new DocumentModel({ filePath: '/p/AGENTS.md', relPath: 'AGENTS.md', kind: 'agents-md', text: 'x' }).tomlFile).toBeNull();
  });
});
