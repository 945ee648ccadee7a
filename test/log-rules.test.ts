/**
 * Every log rule runs on its fixtures (fixtures/logs/<rule>/{invalid,valid}/*.jsonl): each
 * invalid log yields exactly the findings of that rule its `.case.json` expects (line:column),
 * each valid log none. A case file may set the standard, "now" and the rule's options.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { LogRun } from '../src/log/run.js';
import type { StandardName } from '../src/types.js';

const ROOT = path.resolve(import.meta.dirname, '../fixtures/logs');
const logRules = ALL_RULES.filter((r) => r.meta.checks === 'logs');

interface Case {
  standard?: StandardName;
  now?: string;
  options?: Record<string, unknown>;
  expect?: string[];
}

export function checkWith(ruleId: string, text: string, c: Case) {
  const rule = logRules.find((r) => r.meta.id === ruleId)!;
  const settings = new Map([[ruleId, { severity: 2 as const, options: { ...(rule.meta.defaultOptions ?? {}), ...(c.options ?? {}) } }]]);
  const run = new LogRun({ filePath: 'log.jsonl', rules: ALL_RULES, settings, standard: c.standard, head: text, now: c.now ? Date.parse(c.now) : Date.parse('2026-11-23T00:00:00Z') });
  run.push(text);
  return run.end().result.messages;
}

function cases(ruleId: string, kind: 'invalid' | 'valid'): string[] {
  const dir = path.join(ROOT, ruleId, kind);
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')).map((f) => path.join(dir, f)) : [];
}

function caseOf(file: string): Case {
  const c = file.replace(/\.jsonl$/, '.case.json');
  return existsSync(c) ? (JSON.parse(readFileSync(c, 'utf8')) as Case) : {};
}

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
