/**
 * Messages a person reads at a glance: on every firing fixture of a rule whose messages have been
 * split, each finding's message is one short sentence (at most 100 characters, no `;` joining a
 * second clause) and the finding has a help apart, saying what was expected.
 */
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { lintCase, ruleFixtureCases } from './helpers/fixtures.js';

/** The rules whose messages are short, with a help apart (all of them, eventually). */
const SHORT = [
  'delegation-context-schema',
  'frontmatter-schema',
  'hooks-config',
  'marketplace-manifest',
  'mcp-config',
  'missing-json-format-instruction',
  'missing-timeout',
  'plugin-manifest',
  'return-format-json',
  'return-format-present',
  'agent-type-match',
  'delegation-graph-depth',
  'error-code-known',
  'depth-path-mismatch',
  'stage-timeout-handling',
  'unknown-delegation-target',
  'max-depth',
  'delegation-cycle',
  'delegation-graph-cycle',
  'delegation-context-passed',
  'return-contract-mismatch',
  'return-status-errors',
  'return-summary-length',
  'return-artifact-paths',
  'session-id-format',
  'timeout-range',
  'delegate-syntax',
  'stage-xml-wellformed',
  'stage-structure',
  'return-format-schema',
  'frontmatter-valid',
];

export const MAX_MESSAGE = 100;

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
          expect(f.message.length, where).toBeLessThanOrEqual(MAX_MESSAGE);
          expect(f.message, where).not.toMatch(/;\s/);
          expect(f.help, where).toBeTruthy();
        }
      }
      expect(seen).toBeGreaterThan(0);
    });
  }
});
