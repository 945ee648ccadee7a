/**
 * Every log rule runs on its fixtures (fixtures/logs/<rule>/{invalid,valid}/*.jsonl): each
 * invalid log yields exactly the findings of that rule its `.case.json` expects (line:column),
 * each valid log none. A case file may set the standard, "now" and the rule's options.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseOf, checkWith, logCases as cases, logRules } from './helpers/log-fixtures.js';

it('there are log rules, and they check no spec', () => {
  expect(logRules.length).toBeGreaterThanOrEqual(10);
  for (const r of logRules) expect(r.check ?? r.checkProject, r.meta.id).toBeUndefined();
});

describe.each(logRules.map((r) => [r.meta.id]))('log rule %s', (ruleId) => {
  it('has logs that fire and logs that stay silent', () => {
    expect(cases(ruleId, 'invalid').length).toBeGreaterThan(0);
    expect(cases(ruleId, 'valid').length).toBeGreaterThan(0);
  });

  for (const file of cases(ruleId, 'invalid')) {
    it(`fires on invalid/${path.basename(file)}`, () => {
      const c = caseOf(file);
      const found = checkWith(ruleId, readFileSync(file, 'utf8'), c);
      expect(found.every((m) => m.ruleId === ruleId), found.map((m) => m.message).join('\n')).toBe(true);
      expect(found.map((m) => `${m.line}:${m.column}`).sort()).toEqual([...(c.expect ?? [])].sort());
    });
  }

  for (const file of cases(ruleId, 'valid')) {
    it(`stays silent on valid/${path.basename(file)}`, () => {
      const found = checkWith(ruleId, readFileSync(file, 'utf8'), caseOf(file));
      expect(found.map((m) => `${m.line}:${m.column} ${m.message}`)).toEqual([]);
    });
  }
});
