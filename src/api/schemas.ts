/**
 * The standard's JSON Schemas for library users (editors, other validators, code generators):
 * deep-frozen copies, so no caller can change what agent-lint itself validates with.
 */
import { loadSchema } from '../standard/profiles.js';
import type { StandardName } from '../types.js';

function frozenCopy(file: string): Readonly<Record<string, unknown>> {
  const freeze = (v: unknown): unknown => {
    if (v && typeof v === 'object') {
      for (const x of Object.values(v)) freeze(x);
      Object.freeze(v);
    }
    return v;
  };
  return freeze(structuredClone(loadSchema(file))) as Readonly<Record<string, unknown>>;
}

export interface StandardSchemas {
  /** Return format of Delegation Standard 2.0 (also used by the bounded profile). */
  readonly returnFormatV2: Readonly<Record<string, unknown>>;
  /** Return format of Subagent Return Format Standard 1.0. */
  readonly returnFormatV1: Readonly<Record<string, unknown>>;
  /** The delegation context a caller passes with every delegation (2.0). */
  readonly delegationContext: Readonly<Record<string, unknown>>;
  /** The return-format schema of a profile. */
  returnFormat(standard: StandardName): Readonly<Record<string, unknown>>;
}

const returnFormatV2 = frozenCopy('return-format-v2.json');
const returnFormatV1 = frozenCopy('return-format-v1.json');

export const schemas: StandardSchemas = Object.freeze({
  returnFormatV2,
  returnFormatV1,
  delegationContext: frozenCopy('delegation-context.json'),
  returnFormat: (standard: StandardName) => (standard === 'v1' ? returnFormatV1 : returnFormatV2),
});
