/**
 * Log rule fixtures: `fixtures/logs/<rule-id>/{invalid,valid}/<case>.jsonl`, each with an
 * optional `<case>.case.json` that sets the standard, "now", the rule's options and (for an
 * invalid log) the expected findings as `line:column`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import { LogRun } from '../../src/log/run.js';
import type { StandardName } from '../../src/types.js';

export const LOG_FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/logs');
export const logRules = ALL_RULES.filter((r) => r.meta.checks === 'logs');

export interface LogCase {
  standard?: StandardName;
  now?: string;
  options?: Record<string, unknown>;
  expect?: string[];
}

/** The findings of one log rule on a log's text (severity error, the case's options). */
export function checkWith(ruleId: string, text: string, c: LogCase) {
  const rule = logRules.find((r) => r.meta.id === ruleId)!;
  const settings = new Map([[ruleId, { severity: 2 as const, options: { ...(rule.meta.defaultOptions ?? {}), ...(c.options ?? {}) } }]]);
  const run = new LogRun({ filePath: 'log.jsonl', rules: ALL_RULES, settings, standard: c.standard, head: text, now: c.now ? Date.parse(c.now) : Date.parse('2026-11-23T00:00:00Z') });
  run.push(text);
  return run.end().result.messages;
}

export function logCases(ruleId: string, kind: 'invalid' | 'valid'): string[] {
  const dir = path.join(LOG_FIXTURES, ruleId, kind);
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')).map((f) => path.join(dir, f)) : [];
}

export function caseOf(file: string): LogCase {
  const c = file.replace(/\.jsonl$/, '.case.json');
  return existsSync(c) ? (JSON.parse(readFileSync(c, 'utf8')) as LogCase) : {};
}
