/**
 * Rule fixtures: `fixtures/rules/<rule-id>/{invalid,valid}/<case>/` is a small project (real
 * layout: `.claude/agents/x.md`, `.opencode/command/y.md`, ...), optionally with its own
 * `.agent-lint.json`. Expectations live in the fixture files as comments:
 *   <!-- expect: rule-id 12:5 -->            a finding starting at line 12, column 5
 *   <!-- expect: rule-id 12:5-12:9 -->       ... and ending at 12:9
 *   <!-- expect: rule-id 12:5 warn -->       ... with severity warning
 *   <!-- expect: rule-id .mcp.json 3:7 -->   a finding in another file of the case (JSON has no
 *                                            comments: a case's EXPECT.md holds its expectations)
 * A `valid` case must produce no finding of the rule; an `invalid` case exactly the expected ones.
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/config/load.js';
import { resolveConfig } from '../../src/config/resolve.js';
import type { Rule } from '../../src/engine/rule.js';
import { lint } from '../../src/lint.js';
import type { LintMessage } from '../../src/types.js';
import fg from 'fast-glob';

export const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');
export const RULE_FIXTURES = path.join(FIXTURES, 'rules');

export interface Expectation {
  ruleId: string;
  file: string; // relative to the case dir
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  severity?: 1 | 2;
}

const EXPECT = /<!--\s*expect:\s*([a-z0-9-]+)\s+(?:([^\s\d][^\s]*)\s+)?(\d+):(\d+)(?:-(\d+):(\d+))?(?:\s+(warn|error))?\s*-->/g;

export function readExpectations(caseDir: string): Expectation[] {
  const out: Expectation[] = [];
  for (const rel of fg.sync('**/*.md', { cwd: caseDir, dot: true }).sort()) {
    const text = readFileSync(path.join(caseDir, rel), 'utf8');
    for (const m of text.matchAll(EXPECT)) {
      out.push({
        ruleId: m[1]!,
        file: m[2] ?? rel,
        line: Number(m[3]),
        column: Number(m[4]),
        endLine: m[5] ? Number(m[5]) : undefined,
        endColumn: m[6] ? Number(m[6]) : undefined,
        severity: m[7] === 'warn' ? 1 : m[7] === 'error' ? 2 : undefined,
      });
    }
  }
  return out;
}

export interface Finding extends LintMessage {
  file: string;
}

/** Lints a case directory with only `rule` enabled (options from the case's config). */
export function lintCase(caseDir: string, rules: readonly Rule[], ruleId: string): Finding[] {
  const hasConfig = existsSync(path.join(caseDir, '.agent-lint.json'));
  const loaded = loadConfig({ lookup: false, cwd: caseDir, configFile: hasConfig ? '.agent-lint.json' : undefined });
  const raw = (loaded.raw ?? {}) as Record<string, unknown>;
  const userRules = (raw['rules'] ?? {}) as Record<string, unknown>;
  const only: Record<string, unknown> = {};
  for (const r of rules) if (!r.meta.internal) only[r.meta.id] = 'off';
  const meta = rules.find((r) => r.meta.id === ruleId)!.meta;
  only[ruleId] = userRules[ruleId] ?? (meta.severity === 'off' ? 'warn' : meta.severity);
  loaded.raw = { ...raw, extends: [], rules: only };
  const config = resolveConfig(loaded, rules);
  const run = lint({ cwd: caseDir, patterns: [], rules, config });
  return run.results.flatMap((r) =>
    r.messages.map((m) => ({ ...m, file: path.relative(caseDir, r.filePath).split(path.sep).join('/') })),
  );
}

export function ruleFixtureCases(ruleId: string): { valid: string[]; invalid: string[] } {
  const dir = path.join(RULE_FIXTURES, ruleId);
  const list = (kind: string) => {
    const d = path.join(dir, kind);
    if (!existsSync(d)) return [];
    return readdirSync(d)
      .map((n) => path.join(d, n))
      .filter((p) => statSync(p).isDirectory())
      .sort();
  };
  return { valid: list('valid'), invalid: list('invalid') };
}

/** Findings and expectations in one comparable form. */
export function key(x: { ruleId: string; file: string; line: number; column: number }): string {
  return `${x.file}:${x.line}:${x.column} ${x.ruleId}`;
}
