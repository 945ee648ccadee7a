/**
 * Messages a person reads at a glance, for the log rules (`agent-lint check-log`): on every firing
 * log fixture of every log rule, each finding's message is one short sentence (at most 100
 * characters, no `;` joining a second clause) and the finding has a help apart, saying what was
 * expected. test/messages.test.ts does the same for the spec rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { caseOf, checkWith, logCases, logRules } from './helpers/log-fixtures.js';
import { expectShortWithHelp } from './helpers/short-message.js';

describe('log rules: short messages with a help apart', () => {
  for (const rule of logRules) {
    const id = rule.meta.id;
    it(id, () => {
      const invalid = logCases(id, 'invalid');
      expect(invalid.length).toBeGreaterThan(0);
      let seen = 0;
      for (const file of invalid) {
        for (const m of checkWith(id, readFileSync(file, 'utf8'), caseOf(file))) {
          seen++;
          const where = `${file}:${m.line}: ${m.message}`;
          expectShortWithHelp(m, where);
        }
      }
      expect(seen).toBeGreaterThan(0);
    });
  }
});

describe('log values quoted in a message', () => {
  it('keep their escapes: a status holding a quote is shown as JSON writes it', () => {
    const line = JSON.stringify({ timestamp: '2026-01-20T10:30:45Z', parent_story: 'US-007', child_story: 'US-007-DEL-001', depth: 1, status: 'done" or "failed' });
    const [m] = checkWith('log-event-shape', `${line}\n`, { standard: 'bounded' });
    expect(m?.message).toBe('status "done\\" or \\"failed" is not one of started, completed, failed');
  });
});
