/** Values quoted in short messages: bounded, and never cut inside an escape or a surrogate pair. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clip, quoted } from '../src/util/clip.js';

describe('clip', () => {
  it('keeps short text and cuts long text with "..."', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('abcdefghijkl', 10)).toBe('abcdefg...');
  });

  it('does not split a surrogate pair', () => {
    // The cut at 7 would fall between the halves of the emoji.
    expect(clip('abcdef😀xyz', 10)).toBe('abcdef...');
    expect(clip('abcde😀xyzw', 10)).toBe('abcde😀...');
  });
});

describe('quoted', () => {
  it('quotes a value that fits whole', () => {
    expect(quoted('a "b"', 20)).toBe('"a \\"b\\""');
  });

  it('counts escapes and never cuts inside one', () => {
    const shown = quoted('a\\b\\c\\d\\e\\f\\g\\h\\i', 12);
    expect(shown).toBe('"a\\\\b\\\\c..."');
    expect(shown.length).toBeLessThanOrEqual(12);
    expect(quoted('ab\u0001cdefghijklmnop', 12)).toBe('"ab..."');
  });

  it('is valid JSON text up to its "...", at most max characters, for any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 12, max: 60 }), (text, max) => {
        const shown = quoted(text, max);
        expect(shown.length).toBeLessThanOrEqual(max);
        const inner = shown === JSON.stringify(text) ? text : (JSON.parse(`${shown.slice(0, -4)}"`) as string);
        expect(text.startsWith(inner)).toBe(true);
        // A cut keeps surrogate pairs whole.
        if (inner !== text && inner.length > 0) expect(/[\uD800-\uDBFF]$/.test(inner) && /^[\uDC00-\uDFFF]/.test(text.slice(inner.length))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
