/**
 * Every rule runs on its fixtures: each `invalid` case yields exactly the findings its files
 * expect (rule, file, line, column, and end or severity where given), each `valid` case none.
 */
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { key, lintCase, readExpectations, ruleFixtureCases } from './helpers/fixtures.js';
import path from 'node:path';

const runnable = ALL_RULES.filter((r) => !r.meta.internal && r.meta.checks !== 'logs');

describe.each(runnable.map((r) => [r.meta.id]))('rule %s', (ruleId) => {
  const cases = ruleFixtureCases(ruleId);

  it('has fixtures that fire and fixtures that stay silent', () => {
    expect(cases.invalid.length, `fixtures/rules/${ruleId}/invalid/* is missing`).toBeGreaterThan(0);
    expect(cases.valid.length, `fixtures/rules/${ruleId}/valid/* is missing`).toBeGreaterThan(0);
  });

  for (const dir of cases.invalid) {
    it(`fires on invalid/${path.basename(dir)}`, () => {
      const found = lintCase(dir, ALL_RULES, ruleId);
      const expected = readExpectations(dir).filter((e) => e.ruleId === ruleId);
      expect(expected.length, 'an invalid case must expect at least one finding').toBeGreaterThan(0);
      expect(found.map(key).sort()).toEqual(expected.map(key).sort());
      for (const e of expected) {
        const f = found.find((x) => key(x) === key(e))!;
        if (e.endLine !== undefined) expect({ endLine: f.endLine, endColumn: f.endColumn }, key(e)).toEqual({ endLine: e.endLine, endColumn: e.endColumn });
        if (e.severity !== undefined) expect(f.severity, key(e)).toBe(e.severity);
      }
    });
  }

  for (const dir of cases.valid) {
    it(`stays silent on valid/${path.basename(dir)}`, () => {
      const found = lintCase(dir, ALL_RULES, ruleId);
      expect(found.map((f) => `${key(f)}: ${f.message}`)).toEqual([]);
    });
  }
});
