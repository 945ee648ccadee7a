import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { relPosix, toPosix } from '../src/util/paths.js';

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
  ];
  it.each(cases)('relPosix(%s, %s) is what path.relative gives', (dir, abs) => {
    expect(relPosix(dir, abs)).toBe(toPosix(path.relative(dir, abs)));
  });
});
