/** The spec-location checks agree with the globs they stand for, on every shape of path. */
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { PLUGIN_PATTERNS, SPEC_PATTERNS } from '../src/discovery/discover.js';
import { matchesPluginSpec, matchesSpecLocation } from '../src/discovery/spec-paths.js';

const SEGMENTS = ['.claude', '.opencode', 'agents', 'agent', 'commands', 'command', 'commands2', 'skills', 'x', '.hidden', 'Agents', 'SKILL.md', 'skill.md', 'a.md', '.md', 'b.MD', 'c.txt', 'plugins'];

/** Every path of up to `max` segments drawn from SEGMENTS (plus some with a last .md name). */
function* paths(max: number): Generator<string> {
  const rec = function* (prefix: string[]): Generator<string[]> {
    yield prefix;
    if (prefix.length < max) for (const s of SEGMENTS) yield* rec([...prefix, s]);
  };
  for (const p of rec([])) if (p.length) yield p.join('/');
}

describe('spec path checks', () => {
  it('match what SPEC_PATTERNS match', () => {
    const glob = picomatch(SPEC_PATTERNS, { dot: true });
    let n = 0, hits = 0;
    for (const p of paths(5)) {
      n++;
      const want = glob(p);
      if (want) hits++;
      // expect() only on a difference: two million calls of it took most of the test's time.
      if (matchesSpecLocation(p) !== want) expect(matchesSpecLocation(p), p).toBe(want);
    }
    expect(n).toBeGreaterThan(100_000);
    expect(hits).toBeGreaterThan(1000);
  });

  it('match what PLUGIN_PATTERNS match', () => {
    const glob = picomatch(PLUGIN_PATTERNS, { dot: true });
    let hits = 0;
    for (const p of paths(4)) {
      const want = glob(p);
      if (want) hits++;
      if (matchesPluginSpec(p) !== want) expect(matchesPluginSpec(p), p).toBe(want);
    }
    expect(hits).toBeGreaterThan(100);
  });
});
