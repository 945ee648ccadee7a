/**
 * Messages a person reads at a glance: on every firing fixture of a rule whose messages have been
 * split, each finding's message is one short sentence (at most 100 characters, no `;` joining a
 * second clause) and the finding has a help apart, saying what was expected.
 */
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { lintCase, ruleFixtureCases } from './helpers/fixtures.js';
import { expectShortWithHelp } from './helpers/short-message.js';

/**
 * Every rule that checks specs and manifests (the log rules are held to it by
 * log-messages.test.ts, agent-lint's own findings by engine-messages.test.ts): a new rule is
 * held to it from its first fixture.
 */
const SHORT = ALL_RULES.filter((r) => !r.meta.internal && r.meta.checks !== 'logs').map((r) => r.meta.id);

describe('short messages with a help apart', () => {
  for (const id of SHORT) {
    it(id, () => {
      const { invalid } = ruleFixtureCases(id);
      expect(invalid.length).toBeGreaterThan(0);
      let seen = 0;
      for (const dir of invalid) {
        for (const f of lintCase(dir, ALL_RULES, id)) {
          seen++;
          const where = `${dir} ${f.file}:${f.line}: ${f.message}`;
          expectShortWithHelp(f, where);
        }
      }
      expect(seen).toBeGreaterThan(0);
    });
  }
});
