/**
 * fixtures/sample-project holds mistakes on purpose (its README lists them). The rules agent-lint
 * has must find exactly those: each planted mistake, and nothing else in the project.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { ConfigLookup } from '../src/config/lookup.js';
import { lint } from '../src/lint.js';
import { REPO_ROOT } from './helpers/shared.js';

const SAMPLE = path.join(REPO_ROOT, 'fixtures/sample-project');

/** file (relative to the sample) and rule, for every planted mistake; positions where fixed. */
const PLANTED: Array<{ file: string; rule: string; at?: string }> = [
  { file: '.claude/commands/research.md', rule: 'frontmatter-valid', at: '3:24' },
  { file: '.claude/agents/source-verifier.md', rule: 'depth-path-mismatch', at: '24:25' },
  { file: '.claude/agents/source-verifier.md', rule: 'frontmatter-schema' },
  { file: '.claude/agents/report-writer.md', rule: 'return-format-schema' },
  { file: '.claude/agents/researcher.md', rule: 'missing-timeout' },
  { file: '.claude/agents/researcher.md', rule: 'missing-json-format-instruction' },
];

describe('fixtures/sample-project', () => {
  const configs = new ConfigLookup({ cwd: SAMPLE, rules: ALL_RULES, lookup: true });
  const run = lint({ cwd: SAMPLE, patterns: [], rules: ALL_RULES, config: (f) => configs.forFile(f) });
  const findings = run.results.flatMap((r) =>
    r.messages.map((m) => ({ file: path.relative(SAMPLE, r.filePath).split(path.sep).join('/'), rule: m.ruleId, at: `${m.line}:${m.column}` })),
  );
  const have = new Set(ALL_RULES.map((r) => r.meta.id));

  it('lints its five specs', () => {
    expect(run.results.map((r) => path.relative(SAMPLE, r.filePath).split(path.sep).join('/'))).toEqual([
      '.claude/agents/report-writer.md',
      '.claude/agents/researcher.md',
      '.claude/agents/source-verifier.md',
      '.claude/commands/research.md',
      '.claude/skills/citation-style/SKILL.md',
    ]);
  });

  it('the rules that exist find exactly the planted mistakes', () => {
    const key = (f: { file: string; rule: string }) => `${f.file} ${f.rule}`;
    const expected = PLANTED.filter((p) => have.has(p.rule)).map(key);
    expect([...new Set(findings.map(key))].sort()).toEqual([...new Set(expected)].sort());
    for (const p of PLANTED.filter((x) => x.at && have.has(x.rule))) {
      expect(findings.filter((f) => f.file === p.file && f.rule === p.rule).map((f) => f.at)).toEqual([p.at]);
    }
  });
});
