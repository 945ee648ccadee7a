import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { relPosix, toPosix } from '../src/util/paths.js';
import { isResolved } from '../src/util/resolved.js';

describe('relPosix', () => {
  const cases: Array<[string, string]> = [
    ['/a/b', '/a/b/c.md'],
    ['/a/b/', '/a/b/c/d.md'],
    ['/', '/x/y.md'],
    ['/a/b', '/a/bc/d.md'],
    ['/a/b', '/a/b'],
    ['/a/b', '/a/x.md'],
    ['/a/./b', '/a/b/c.md'],
    ['/a/b', '/a/b/../c.md'],
    ['/a/b', '/a/b//c.md'],
    ['/a/b', '/a/b/.claude/agents/x.md'],
    ['/a/b', '/a/b/..x/y.md'],
    ['a/b', 'a/b/c.md'],
    ['/', '/a/'],
    ['/a', '/a/b/'],
  ];
  it.each(cases)('relPosix(%s, %s) is what path.relative gives', (dir, abs) => {
    expect(relPosix(dir, abs)).toBe(toPosix(path.relative(dir, abs)));
  });

  it('gives path.relative\'s answer when asked again (answers are kept), relative paths included', () => {
    const segment = fc.constantFrom('a', 'b', 'c.md', '.', '..', '', '.claude');
    const p = fc.tuple(fc.boolean(), fc.array(segment, { maxLength: 5 })).map(([abs, segs]) => (abs ? '/' : '') + segs.join('/'));
    fc.assert(
      fc.property(fc.array(fc.tuple(p, p), { minLength: 1, maxLength: 20 }), (pairs) => {
        // Each pair twice: the second answer comes from what the first kept.
        for (const [dir, abs] of [...pairs, ...pairs]) expect(relPosix(dir, abs)).toBe(toPosix(path.relative(dir, abs)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('isResolved', () => {
  it('says yes only when path.resolve would give the path back', () => {
    const segment = fc.constantFrom('a', 'b.md', '.', '..', '', '.claude', '..x', 'x..', 'c\\d');
    const p = fc.tuple(fc.boolean(), fc.array(segment, { maxLength: 6 }), fc.boolean()).map(([abs, segs, slash]) => (abs ? '/' : '') + segs.join('/') + (slash ? '/' : ''));
    fc.assert(
      fc.property(p, (x) => {
        if (isResolved(x)) expect(path.resolve(x)).toBe(x);
      }),
      { numRuns: 2000 },
    );
    expect(['/a/b.md', '/', '/a/..x/y'].map(isResolved)).toEqual(path.sep === '/' ? [true, true, true] : [false, false, false]);
    expect(['a/b', '/a/./b', '/a/../b', '/a//b', '/a/b/', '/a/b/.'].map(isResolved)).toEqual([false, false, false, false, false, false]);
  });
});
