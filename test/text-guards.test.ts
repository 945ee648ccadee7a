/**
 * Cheap tests that stand for a case-insensitive regular expression before a scan: they must
 * answer what the expression answers, on any text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SKILL_PHRASE, skillPhrases } from '../src/graph/skill-refs.js';
import { WAITS, firstWaitPhrase } from '../src/rules-support/wait-phrases.js';

/** Texts of the words the patterns are made of, in any case, with blanks, line breaks and look-alikes between them. */
const wordsOf = (words: string[]) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(' ', ' ', '\t', '\n', '\r\n', '\u2028', '-', '_', '.', ':', 'x', 'ſ', '\u212a'),
        fc.tuple(fc.constantFrom(...words), fc.constantFrom('lower', 'upper', 'title')).map(([w, c]) => (c === 'upper' ? w.toUpperCase() : c === 'title' ? w[0]!.toUpperCase() + w.slice(1) : w)),
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''));

/** Every match of a global pattern from `from` on, searched in the whole text. */
function allMatches(pattern: RegExp, text: string, from: number) {
  const re = new RegExp(pattern.source, pattern.flags);
  re.lastIndex = from;
  const out: Array<{ start: number; end: number; token: string; tokenStart: number }> = [];
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ start: m.index, end: m.index + m[0].length, token: m[1]!, tokenStart: m.indices![1]![0] });
  return out;
}

describe('skillPhrases', () => {
  const words = ['use', 'uses', 'run', 'applies', 'invoking', 'the', 'skill', 'skills', '`pdf-tools`', '"a:b"', '**x-y**', 'market-sizing', 'name', 'ſkill', 'use x-y skill', 'run the "a:b" skill', 'apply `p q` skill'];

  it('finds what one search of the whole text finds, from any offset', () => {
    fc.assert(
      fc.property(wordsOf(words), fc.nat({ max: 60 }), (text, from) => {
        expect(skillPhrases(text, from)).toEqual(allMatches(SKILL_PHRASE, text, from));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads phrases on later lines, two on a line, and none that starts before the offset', () => {
    const text = 'Use the skill list.\nThen use `pdf-tools` skill and run "a:b" skill.\nuse x-y SKILL';
    expect(skillPhrases(text, 0).map((p) => text.slice(p.start, p.end))).toEqual(['Use the skill', 'use `pdf-tools` skill', 'run "a:b" skill', 'use x-y SKILL']);
    const mid = text.indexOf('and');
    expect(skillPhrases(text, mid).map((p) => p.token)).toEqual(['"a:b"', 'x-y']);
    expect(skillPhrases('use x-skill skills\nuse y skill_z', 0)).toEqual([]);
  });
});

describe('firstWaitPhrase', () => {
  const words = ['wait', 'await', 'waits', 'poll', 'polling', 'for', 'the', 'user', 'agent', 'subagent', 'completion', 'results', 'to', 'complete', 'researcher'];

  it('finds what WAITS finds from the start of any text', () => {
    fc.assert(
      fc.property(wordsOf(words), (text) => {
        const m = firstWaitPhrase(text);
        const re = new RegExp(WAITS.source, WAITS.flags);
        const r = re.exec(text);
        expect(m && { index: m.index, text: m[0] }).toEqual(r && { index: r.index, text: r[0] });
      }),
      { numRuns: 3000 },
    );
  });

  it('finds a waiting phrase and leaves waiting for the user out', () => {
    expect(firstWaitPhrase('Then AWAIT the researcher completion.')?.[0]).toBe('AWAIT the researcher completion');
    expect(firstWaitPhrase('Polling for results')?.[0]).toBe('Polling for results');
    expect(firstWaitPhrase('wait for user confirmation')).toBeNull();
    expect(firstWaitPhrase('no such words here')).toBeNull();
  });
});
