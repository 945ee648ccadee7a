/**
 * The command line's fast path (src/cli/simple-args.ts) gives what node:util's parseArgs gives,
 * or declines: any argv it reads, it reads as parseArgs does.
 */
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseSimpleArgs } from '../src/cli/simple-args.js';
import { parseCli } from '../src/cli/args.js';

const OPTIONS = {
  format: { type: 'string', short: 'f' },
  config: { type: 'string', short: 'c' },
  'no-config-lookup': { type: 'boolean' },
  rule: { type: 'string', multiple: true },
  quiet: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'max-warnings': { type: 'string' },
} as const;

const TOKENS = ['--format', '--config', '--no-config-lookup', '--rule', '--quiet', '--no-color', '--help', '--max-warnings', '--unknown', '--constructor', '--__proto__', '--toString', '-f', '-h', '-hq', '--', '-', '--format=json', '--rule=a:off', 'json', 'a.md', 'x y', '', '-1', 'off', '.claude/agents/a.md'];

const full = (argv: string[]) => {
  try {
    const r = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    return { values: { ...r.values }, positionals: r.positionals };
  } catch (e) {
    return { error: (e as Error).message };
  }
};

describe('the command line fast path', () => {
  it('reads any command line it takes as parseArgs does', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 8 }), (argv) => {
        const simple = parseSimpleArgs(argv, OPTIONS);
        if (simple) expect({ values: { ...simple.values }, positionals: simple.positionals }).toEqual(full(argv));
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the command lines hooks and editors write', () => {
    const plain = fc.oneof(
      fc.constantFrom('a.md', '.claude/agents/a.md', 'x y', ''),
      fc.constantFrom('--no-config-lookup', '--quiet', '--no-color', '--help'),
      fc.tuple(fc.constantFrom('--format', '--config', '--rule', '--max-warnings'), fc.constantFrom('json', 'off', 'a:off', '3')).map(([o, v]) => `${o}\u0000${v}`),
    );
    fc.assert(
      fc.property(fc.array(plain, { maxLength: 8 }), (parts) => {
        const argv = parts.flatMap((p) => p.split('\u0000'));
        const simple = parseSimpleArgs(argv, OPTIONS);
        expect(simple).toBeDefined();
        expect({ values: { ...simple!.values }, positionals: simple!.positionals }).toEqual(full(argv));
      }),
      { numRuns: 1000 },
    );
  });

  it('leaves the rest to parseArgs, whose messages the CLI keeps', () => {
    expect(parseSimpleArgs(['-f', 'json'], OPTIONS)).toBeUndefined();
    expect(parseSimpleArgs(['--format=json'], OPTIONS)).toBeUndefined();
    expect(parseSimpleArgs(['--', '-x.md'], OPTIONS)).toBeUndefined();
    expect(parseSimpleArgs(['--format'], OPTIONS)).toBeUndefined();
    expect(parseSimpleArgs(['--max-warnings', '-1'], OPTIONS)).toBeUndefined();
    expect(() => parseCli(['--formt', 'json'])).toThrow(/did you mean --format/);
    expect(parseCli(['--max-warnings', '-1', 'a.md']).maxWarnings).toBe(-1);
    expect(parseCli(['-f', 'json', 'a.md'])).toEqual(parseCli(['--format', 'json', 'a.md']));
  });
});
