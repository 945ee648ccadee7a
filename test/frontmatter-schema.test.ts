/**
 * frontmatter-schema beyond its fixtures: the tool-list tokenizer and classifier, and the fixes
 * (applied, then linted again).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { classifyTool, splitToolString } from '../src/rules-support/frontmatter/tool-list.js';
import { guessField } from '../src/rules-support/frontmatter/unknown-keys.js';
import { lintCase } from './helpers/fixtures.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-fm-schema-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
function lintFile(rel: string, text: string) {
  const dir = path.join(tmp, `case${n++}`);
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
  return lintCase(dir, ALL_RULES, 'frontmatter-schema');
}

function applyFixes(text: string, fixes: Array<{ range: [number, number]; text: string }>): string {
  let out = text;
  for (const f of [...fixes].sort((a, b) => b.range[0] - a.range[0])) out = out.slice(0, f.range[0]) + f.text + out.slice(f.range[1]);
  return out;
}

describe('splitToolString', () => {
  const texts = (s: string) => splitToolString(s).map((t) => t.text);
  it('splits on commas and spaces, keeping parentheses together', () => {
    expect(texts('Bash(git add:*), Read')).toEqual(['Bash(git add:*)', 'Read']);
    expect(texts('Read Bash(npm run *) Grep')).toEqual(['Read', 'Bash(npm run *)', 'Grep']);
    expect(texts(' Read,,  Write ,')).toEqual(['Read', 'Write']);
    expect(texts('Bash(a (b) c), Read')).toEqual(['Bash(a (b) c)', 'Read']);
  });
  it('gives offsets into the string', () => {
    expect(splitToolString('Read, Bash(x y)')).toEqual([
      { text: 'Read', offset: 0 },
      { text: 'Bash(x y)', offset: 6 },
    ]);
  });
  it('keeps an unclosed parenthesis to the end', () => {
    expect(texts('Read, Bash(git status, Write')).toEqual(['Read', 'Bash(git status, Write']);
  });
});

describe('classifyTool', () => {
  it('accepts tools, aliases, patterns, MCP names and *', () => {
    expect(classifyTool('Read').kind).toBe('ok');
    expect(classifyTool('Task')).toEqual({ kind: 'alias', target: 'Agent' });
    expect(classifyTool('Agent(Explore)').kind).toBe('ok');
    expect(classifyTool('WebFetch(domain:example.com)').kind).toBe('ok');
    for (const m of ['mcp__github', 'mcp__github__*', 'mcp__github__create_issue']) expect(classifyTool(m).kind, m).toBe('mcp');
    expect(classifyTool('*').kind).toBe('all');
  });
  it('flags removed tools with their replacement, case slips and unknown names', () => {
    expect(classifyTool('MultiEdit')).toMatchObject({ kind: 'removed', replacement: 'Edit' });
    expect(classifyTool('BashOutput')).toMatchObject({ kind: 'removed', replacement: undefined });
    expect(classifyTool('read')).toMatchObject({ kind: 'case', suggestion: 'Read' });
    expect(classifyTool('WebSerch')).toMatchObject({ kind: 'unknown', suggestion: 'WebSearch' });
    expect(classifyTool('Foo(bar)')).toMatchObject({ kind: 'unknown', name: 'Foo', nameLength: 3 });
    expect(classifyTool('mcp_github').kind).toBe('unknown');
  });
});

describe('guessField', () => {
  const agent = ['name', 'description', 'tools', 'disallowedTools', 'model', 'color', 'hooks'];
  it('finds one clear guess', () => {
    expect(guessField('descripton', agent)).toEqual(['description']);
    expect(guessField('tool', agent)).toEqual(['tools']);
    expect(guessField('disallowed_tools', agent)).toEqual(['disallowedTools']);
    expect(guessField('Name', agent)).toEqual(['name']);
  });
  it('does not guess from far-off words', () => {
    expect(guessField('version', agent)).toEqual([]);
    expect(guessField('tags', agent)).toEqual([]);
    expect(guessField('author', agent)).toEqual([]);
  });
});

describe('fixes and suggestions', () => {
  it('suggests renaming a misspelled key (a guess: --fix does not apply it), and the renamed file is clean', () => {
    const text = '---\nname: writer\ndescripton: Writes docs\n---\n\nBody\n';
    const found = lintFile('.claude/agents/writer.md', text);
    expect(found.filter((f) => f.fix)).toEqual([]);
    const fixes = found.flatMap((f) => f.suggestions ?? []).map((s) => s.fix);
    expect(found.flatMap((f) => f.suggestions ?? []).map((s) => s.desc)).toEqual(['Rename `descripton` to `description`']);
    expect(fixes).toEqual([{ range: [17, 27], text: 'description' }]);
    const fixed = applyFixes(text, fixes);
    expect(fixed).toBe('---\nname: writer\ndescription: Writes docs\n---\n\nBody\n');
    expect(lintFile('.claude/agents/writer.md', fixed)).toEqual([]);
  });

  it('offers no rename onto a key that is already set', () => {
    const found = lintFile('.claude/agents/x.md', '---\nname: x\ndescription: a\ndescripton: b\n---\n');
    expect(found).toHaveLength(1);
    expect(found[0]!.fix).toBeUndefined();
    expect(found[0]!.suggestions).toBeUndefined();
    expect(found[0]!.message).toContain('is also set');
  });

  it('quotes an argument-hint written as a YAML list', () => {
    const text = '---\ndescription: Review\nargument-hint: [pr-number]\n---\n\nReview $ARGUMENTS\n';
    const found = lintFile('.claude/commands/review.md', text);
    expect(found).toHaveLength(1);
    const fixed = applyFixes(text, [found[0]!.fix!]);
    expect(fixed).toContain('argument-hint: "[pr-number]"\n');
    expect(lintFile('.claude/commands/review.md', fixed)).toEqual([]);
  });
});

describe("the other tools' deprecated fields and shapes", () => {
  it('renames a prompt file\'s `mode` to `agent` (VS Code reads one as the other), and the file is clean after', () => {
    const text = '---\ndescription: Plan\nmode: agent\n---\n\nPlan it.\n';
    const found = lintFile('.github/prompts/plan.prompt.md', text);
    expect(found.map((f) => f.fix)).toEqual([{ range: [22, 26], text: 'agent' }]);
    const fixed = applyFixes(text, [found[0]!.fix!]);
    expect(fixed).toBe('---\ndescription: Plan\nagent: agent\n---\n\nPlan it.\n');
    expect(lintFile('.github/prompts/plan.prompt.md', fixed)).toEqual([]);
  });

  it('offers to remove `mode` when `agent` is set too (no fix: a choice)', () => {
    const text = '---\nmode: ask\nagent: agent\n---\n';
    const [f] = lintFile('.github/prompts/a.prompt.md', text);
    expect(f!.fix).toBeUndefined();
    expect(applyFixes(text, [f!.suggestions![0]!.fix])).toBe('---\nagent: agent\n---\n');
  });

  it('offers the two fields that replace `infer: false`', () => {
    const text = '---\ndescription: Plans\ninfer: false\n---\n\nPlan.\n';
    const [f] = lintFile('.github/agents/planner.agent.md', text);
    const fixed = applyFixes(text, [f!.suggestions![0]!.fix]);
    expect(fixed).toBe('---\ndescription: Plans\nuser-invocable: false\ndisable-model-invocation: true\n---\n\nPlan.\n');
    expect(lintFile('.github/agents/planner.agent.md', fixed)).toEqual([]);
  });

  it('offers to write `applyTo` as one comma-separated string', () => {
    const text = '---\napplyTo:\n  - "**/*.ps1"\n  - "**/*.psm1"\n---\n\nUse approved verbs.\n';
    const [f] = lintFile('.github/instructions/ps.instructions.md', text);
    const fixed = applyFixes(text, [f!.suggestions![0]!.fix]);
    expect(fixed).toBe('---\napplyTo: "**/*.ps1,**/*.psm1"\n---\n\nUse approved verbs.\n');
    expect(lintFile('.github/instructions/ps.instructions.md', fixed)).toEqual([]);
  });

  it('knows `.github/instructions/` when `.github/` is the project root (it holds an `agents/` folder)', () => {
    const dir = path.join(tmp, 'github-root');
    mkdirSync(path.join(dir, '.github/agents'), { recursive: true });
    mkdirSync(path.join(dir, '.github/instructions'), { recursive: true });
    writeFileSync(path.join(dir, '.github/agents/a.agent.md'), '---\ndescription: A\n---\n\nA.\n');
    writeFileSync(path.join(dir, '.github/instructions/docs.instructions.md'), '# Docs\n\nKeep them current.\n');
    const found = lintCase(dir, ALL_RULES, 'frontmatter-schema');
    expect(found.map((f) => `${f.file}:${f.line}:${f.column} ${f.messageId}`)).toEqual(['.github/instructions/docs.instructions.md:1:1 copilot-no-frontmatter']);
  });

  it('reads a Cursor rule header line by line where YAML fails, and checks its fields', () => {
    const found = lintFile('.cursor/rules/ts.mdc', '---\ndescription: Types: strict\nglobs: **/*.ts\nalwaysApply: yes\n---\n');
    expect(found.map((f) => `${f.line}:${f.column} ${f.message}`)).toEqual(['4:14 `alwaysApply` is "yes" (a string)']);
  });
});

describe('options', () => {
  it('allowFields silences unknown keys, and only those', () => {
    const dir = path.join(tmp, 'allow');
    mkdirSync(path.join(dir, '.claude/agents'), { recursive: true });
    writeFileSync(path.join(dir, '.agent-lint.json'), JSON.stringify({ rules: { 'frontmatter-schema': ['error', { allowFields: ['version'] }] } }));
    writeFileSync(path.join(dir, '.claude/agents/a.md'), '---\nname: a\ndescription: b\nversion: 1\nauthor: me\n---\n');
    const found = lintCase(dir, ALL_RULES, 'frontmatter-schema');
    expect(found.map((f) => `${f.line}:${f.column}`)).toEqual(['5:1']);
  });
});
