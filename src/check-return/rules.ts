/**
 * The rules that judge a real return: the rules that lint the return examples of specs, picked
 * from the registry by id, so a spec example and a reply are judged by the same code.
 */
import { ALL_RULES } from '../../rules/index.js';
import type { Rule } from '../engine/rule.js';

export const RETURN_RULE_IDS = [
  'return-format-schema',
  'return-status-errors',
  'return-summary-length',
  'return-artifact-paths',
  'error-code-known',
  'session-id-format',
  'depth-path-mismatch',
  'max-depth',
  'delegation-cycle',
] as const;

export type ReturnRuleId = (typeof RETURN_RULE_IDS)[number];

export const RETURN_RULES: readonly Rule[] = RETURN_RULE_IDS.map((id) => {
  const rule = ALL_RULES.find((r) => r.meta.id === id);
  if (!rule) throw new Error(`check-return: rule "${id}" is not in the registry`);
  return rule;
});

/** Diagnostics of check-return itself (not rules): the reply is not JSON, the session differs. */
export const NOT_JSON_ID = 'return-format-json';
export const SESSION_MISMATCH_ID = 'session-id-mismatch';
