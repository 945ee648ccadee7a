/**
 * Did-you-mean's edit distance: the Levenshtein distance up to `max` (past it, some number above
 * `max`). Checked against the textbook table on generated words, long ones too
 * (its rows are reused between calls and grow with the word).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closest, editDistance } from '../src/util/suggest.js';

/** The whole table, the way textbooks write it. */
function levenshtein(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push([i]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length]![b.length]!;
}

const word = fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^[ab]{0,90}$/));

describe('editDistance', () => {
  it('is the Levenshtein distance up to max', () => {
    fc.assert(
      fc.property(word, word, fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }), (a, b, max) => {
        const want = levenshtein(a, b);
        const got = editDistance(a, b, max);
        if (max === undefined) expect(got).toBe(want);
        else if (want <= max) expect(got).toBe(want);
        else expect(got).toBeGreaterThan(max);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same answer after a longer word grew its rows', () => {
    expect(editDistance('a'.repeat(200), 'a'.repeat(199) + 'b')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(closest('Reed', ['Read', 'Write'])).toBe('Read');
    expect(closest('Raed', ['Read', 'Write'])).toBeUndefined(); // two edits: past a third of four letters
    // A frozen list's lower-case copy is kept; a list that is not frozen is read afresh each time.
    const frozen = Object.freeze(['Read', 'Write']);
    expect([closest('READ', frozen), closest('wrte', frozen)]).toEqual(['Read', 'Write']);
    const open = ['Read'];
    expect(closest('Grep', open)).toBeUndefined();
    open.push('Grep');
    expect(closest('grep', open)).toBe('Grep');
  });
});
