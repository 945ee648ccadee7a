import { describe, expect, it } from 'vitest';
import { applyFixesOnce, fixLoop, MAX_PASSES } from '../src/fix/apply.js';
import type { LintMessage } from '../src/types.js';

const msg = (start: number, end: number, text: string): LintMessage => ({
  ruleId: 'r', severity: 2, message: 'm', line: 1, column: 1, endLine: 1, endColumn: 1, fix: { range: [start, end], text },
});

describe('applyFixesOnce', () => {
  it('applies non-overlapping edits in one pass, in any order given', () => {
    const r = applyFixesOnce('depth: 2, other: 7', [msg(17, 18, '9'), msg(7, 8, '1')]);
    expect(r.output).toBe('depth: 1, other: 9');
    expect(r.applied).toHaveLength(2);
    expect(r.deferred).toHaveLength(0);
  });

  it('defers an edit that overlaps an applied one', () => {
    const r = applyFixesOnce('abcdef', [msg(1, 4, 'X'), msg(2, 5, 'Y')]);
    expect(r.output).toBe('aXef');
    expect(r.deferred).toEqual([{ range: [2, 5], text: 'Y' }]);
  });

  it('leaves bytes outside the edits untouched (CRLF kept)', () => {
    const text = 'a: 2\r\nb: 3\r\n';
    const r = applyFixesOnce(text, [msg(3, 4, '1')]);
    expect(r.output).toBe('a: 1\r\nb: 3\r\n');
  });

  it('ignores fixes outside the text', () => {
    const r = applyFixesOnce('abc', [msg(2, 9, 'x')]);
    expect(r.output).toBe('abc');
    expect(r.deferred).toHaveLength(1);
  });
});

describe('fixLoop', () => {
  it('re-lints after each pass and stops when nothing is fixable', () => {
    // A toy rule: every "aa" should become "a"; overlapping finds need several passes.
    const lint = (t: string): LintMessage[] => {
      const out: LintMessage[] = [];
      for (let i = t.indexOf('aa'); i !== -1; i = t.indexOf('aa', i + 1)) out.push(msg(i, i + 2, 'a'));
      return out;
    };
    const r = fixLoop('aaaa', lint('aaaa'), lint);
    expect(r.output).toBe('a');
    expect(r.messages).toEqual([]);
    expect(r.passes).toBeGreaterThan(1);
  });

  it('stops after MAX_PASSES even if a rule keeps offering fixes', () => {
    let n = 0;
    const lint = (t: string): LintMessage[] => {
      n++;
      return [msg(0, 0, 'x')].filter(() => t.length < 1000);
    };
    const r = fixLoop('', lint(''), lint);
    expect(r.passes).toBe(MAX_PASSES);
    expect(r.output).toBe('x'.repeat(MAX_PASSES));
    expect(n).toBe(MAX_PASSES + 1);
  });
});
