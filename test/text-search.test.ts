import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { includesKey, namesDirectivePrefix } from '../src/util/text-search.js';

describe('includesKey', () => {
  it('answers as text.includes(key) does', () => {
    const piece = fc.constantFrom('delegation', '_path', '_depth', 'delegation_path', 'delegation_depth', 'session', '_id', 'status', '_', 'd', ' ', '\n', 'é', '\u2192');
    const key = fc.constantFrom('delegation_path', 'delegation_depth', 'session_id', 'status', '_x', 'a_');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), key, (parts, k) => {
        const text = parts.join('');
        expect(includesKey(text, k)).toBe(text.includes(k));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('namesDirectivePrefix', () => {
  it("answers as text.includes('agent-lint-') does", () => {
    const piece = fc.constantFrom('agent', '-lint-', 'agent-lint-', 'agent-lint', '-', 'lint', 'a', ' ', '\u00e9', '<!-- ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(namesDirectivePrefix(text)).toBe(text.includes('agent-lint-'));
      }),
      { numRuns: 3000 },
    );
  });
});
