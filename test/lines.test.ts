/**
 * The line index (src/model/lines.ts): where each line starts, and offsets to line and column
 * and back. Texts up to 256 KB gather their line starts in a shared array and copy them out; a
 * text's index must not change when another text is indexed after it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../src/model/lines.js';

/** Line starts by the definition: 0, and one past each `\n`. */
const startsOf = (text: string) => [0, ...[...text].flatMap((_, i) => (text[i] === '\n' ? [i + 1] : []))];

describe('the line index', () => {
  it('starts a line after each \\n, CRLF included, and gives one-based lines and columns', () => {
    const idx = new LineIndex('a\r\nbc\n\nd');
    expect(idx.starts).toEqual([0, 3, 6, 7]);
    expect(idx.position(4)).toEqual({ line: 2, column: 2 });
    expect(idx.position(2)).toEqual({ line: 1, column: 2 }); // between \r and \n: the end of line 1
    expect(idx.lineText(0)).toBe('a');
    expect(idx.offset(4, 1)).toBe(7);
  });

  it('keeps each text\'s starts when later texts are indexed, short or long', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom('a', '\n', '\r', 'é'), { maxLength: 40 }).map((cs) => cs.join('')), { minLength: 1, maxLength: 6 }), (texts) => {
        const indexes = texts.map((t) => new LineIndex(t));
        texts.forEach((t, i) => expect(indexes[i]!.starts).toEqual(startsOf(t)));
      }),
    );
  });

  it('indexes a text over 256 KB in the same way', () => {
    const small = new LineIndex('x\ny\n');
    const big = 'line\n'.repeat(60_000) + 'end';
    const idx = new LineIndex(big);
    expect(idx.lineCount).toBe(60_001);
    expect(idx.starts[59_999]).toBe(5 * 59_999);
    expect(idx.position(big.length)).toEqual({ line: 60_001, column: 4 });
    expect(small.starts).toEqual([0, 2, 4]);
    // A short text indexed after a long one gets only its own starts.
    expect(new LineIndex('a\nb').starts).toEqual([0, 2]);
  });
});
