/**
 * Cheap tests that stand for a case-insensitive regular expression before a scan: they must
 * answer what the expression answers, on any text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasMarkerOpening } from '../src/model/delegations.js';

/** Texts made of the pieces that almost make the word: both cases, brackets, a colon, other letters. */
const near = (word: string) =>
  fc
    .array(fc.oneof(fc.constantFrom('[', ':', ' ', '\n', 'x', 'İ', 'ſ', '\u212a', word, word.toUpperCase(), word.slice(0, -1)), fc.tuple(fc.constantFrom(...word.split('')), fc.boolean()).map(([c, upper]) => (upper ? c.toUpperCase() : c))), { maxLength: 40 })
    .map((parts) => parts.join(''));

describe('hasMarkerOpening', () => {
  it('answers what /\\[delegate:/i answers', () => {
    fc.assert(
      fc.property(fc.oneof(near('delegate:'), fc.string({ maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 })), (text) => {
        expect(hasMarkerOpening(text)).toBe(/\[delegate:/i.test(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the marker in any case, at the end of the text, and not without its colon', () => {
    expect(hasMarkerOpening('Hand over: [DeLeGaTe:reviewer]')).toBe(true);
    expect(hasMarkerOpening('x [delegate:')).toBe(true);
    expect(hasMarkerOpening('[delegate reviewer] [delegat:')).toBe(false);
    expect(hasMarkerOpening('[[delegate:a]')).toBe(true);
  });
});
