/**
 * The upward search (src/util/upward.ts): nearest folder first, its bounds, and the per-folder
 * answers an owner keeps.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findUp, searchUp, UpwardCache } from '../src/util/upward.js';

const at = (...parts: string[]) => path.join(path.parse(process.cwd()).root, ...parts);

describe('searchUp', () => {
  it('answers from the nearest folder, up to the filesystem root', () => {
    const seen: string[] = [];
    expect(findUp(at('a', 'b', 'c'), (d) => (seen.push(d), d === at('a')))).toBe(at('a'));
    expect(seen).toEqual([at('a', 'b', 'c'), at('a', 'b'), at('a')]);
    expect(findUp(at('a', 'b'), () => false)).toBeNull();
    expect(searchUp(at('a', 'b'), (d) => (d === at() ? 'root' : undefined))).toBe('root');
  });

  it('looks no higher than the stop folder, and only at the first folder when it starts outside it', () => {
    const seen: string[] = [];
    expect(findUp(at('p', 'q', 'r'), (d) => (seen.push(d), false), { stop: at('p', 'q') })).toBeNull();
    expect(seen).toEqual([at('p', 'q', 'r'), at('p', 'q')]);
    seen.length = 0;
    findUp(at('x', 'y'), (d) => (seen.push(d), false), { stop: at('p') });
    expect(seen).toEqual([at('x', 'y')]);
  });

  it('looks at most maxUp folders above the first', () => {
    expect(findUp(at('a', 'b', 'c', 'd'), (d) => d === at('a'), { maxUp: 2 })).toBeNull();
    expect(findUp(at('a', 'b', 'c', 'd'), (d) => d === at('a'), { maxUp: 3 })).toBe(at('a'));
  });
});

describe('UpwardCache', () => {
  it('asks each folder once and answers its subfolders from what it learnt', () => {
    const asked: string[] = [];
    const cache = new UpwardCache((d) => (asked.push(d), d === at('m') ? 'm' : null));
    expect(cache.nearest(at('m', 'n', 'o'))).toBe('m');
    expect(cache.nearest(at('m', 'n', 'p'))).toBe('m');
    expect(cache.nearest(at('m', 'n'))).toBe('m');
    expect(cache.nearest(at('z'))).toBeNull();
    expect(cache.nearest(at('z', 'y'))).toBeNull();
    expect(asked).toEqual([at('m', 'n', 'o'), at('m', 'n'), at('m'), at('m', 'n', 'p'), at('z'), at(), at('z', 'y')]);
    cache.clear();
    expect(cache.nearest(at('m', 'n'))).toBe('m');
    expect(asked.length).toBe(9);
  });
});
