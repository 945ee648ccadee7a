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

  it('the planted path misses the researcher: --fix leaves it, and the suggestions offer both repairs', () => {
    const fixing = lint({ cwd: SAMPLE, patterns: [], rules: ALL_RULES, config: (f) => configs.forFile(f), fix: true });
    expect(fixing.fixed.map((f) => path.basename(f.filePath)).sort()).toEqual(['research.md', 'researcher.md']);
    const verifier = fixing.results.find((r) => r.filePath.endsWith('source-verifier.md'))!;
    const m = verifier.messages.find((x) => x.ruleId === 'depth-path-mismatch')!;
    expect(m.fix).toBeUndefined();
    const applied = m.suggestions!.map((s) => verifier.source!.slice(0, s.fix.range[0]) + s.fix.text + verifier.source!.slice(s.fix.range[1]));
    expect(applied.map((t) => /"delegation_depth": \d+,\n\s*"delegation_path": \[.*\]/.exec(t)![0].replace(/\s+/g, ' '))).toEqual([
      '"delegation_depth": 1, "delegation_path": ["orchestrator", "research", "source-verifier"]',
      '"delegation_depth": 2, "delegation_path": ["orchestrator", "research", "researcher", "source-verifier"]',
    ]);
  });
});
