/**
 * Smaller guarantees of issue 18: the library's entry points throw a TypeError naming the wrong
 * argument; file-encoding points at the line of the first invalid byte (a U+FFFD written in the
 * file is not one); check-return --check-artifacts judges an artifact by its real place and says
 * nothing about a file outside the root.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkReturn, lintFiles, lintText } from '../src/index.js';
import { decode, firstInvalidUtf8 } from '../src/lint.js';

const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-edges-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('the library checks its arguments', () => {
  const cases: Array<[string, () => unknown, RegExp]> = [
    ['lintText(42)', () => lintText(42 as unknown as string), /^lintText: text must be a string, got a number$/],
    ['lintText(text, null)', () => lintText('x', null as never), /^lintText: options must be an object, got null$/],
    ['lintText cwd', () => lintText('x', { cwd: 7 as never }), /^lintText: options\.cwd must be a string, got a number$/],
    ['lintText externalAgents', () => lintText('x', { externalAgents: 'a' as never }), /^lintText: options\.externalAgents must be an array of strings, got a string$/],
    ['lintFiles({})', () => lintFiles({} as never), /^lintFiles: patterns must be a string or an array of strings, got an object$/],
    ['lintFiles([1])', () => lintFiles([1] as never), /^lintFiles: patterns must be a string or an array of strings, got an array$/],
    ['lintFiles config', () => lintFiles([], { config: true as never }), /^lintFiles: options\.config must be a string or false, got a boolean$/],
    ['lintFiles rules', () => lintFiles([], { rules: [] as never }), /^lintFiles: options\.rules must be an object, got an array$/],
  ];
  for (const [name, call, message] of cases) {
    it(name, async () => {
      await expect(Promise.resolve().then(call)).rejects.toThrow(TypeError);
      await expect(Promise.resolve().then(call)).rejects.toThrow(message);
    });
  }
  it('checkReturn(reply, options) with a wrong option type', () => {
    expect(() => checkReturn('{}', { extract: 'yes' as never })).toThrow(TypeError);
    expect(() => checkReturn('{}', { extract: 'yes' as never })).toThrow(/^checkReturn: options\.extract must be a boolean, got a string$/);
    expect(() => checkReturn('{}', 5 as never)).toThrow(/^checkReturn: options must be an object, got a number$/);
  });
});

describe('file-encoding position', () => {
  it('is the line of the first invalid byte, not of a U+FFFD written in the file', () => {
    const buf = Buffer.concat([Buffer.from('---\nname: a \uFFFD b\n---\nok\n'), Buffer.from([0x61, 0xff, 0x0a])]);
    const out = decode(buf);
    expect('problem' in out && [out.problem.ruleId, out.problem.line]).toEqual(['file-encoding', 5]);
  });

  it('finds overlong forms, surrogates, truncated sequences and stray continuation bytes', () => {
    expect(firstInvalidUtf8(Buffer.from('héllo ✓ 𝄞'))).toBe(Buffer.from('héllo ✓ 𝄞').length);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xc0, 0xaf]))).toBe(1); // overlong '/'
    expect(firstInvalidUtf8(Buffer.from([0x61, 0x62, 0xed, 0xa0, 0x80]))).toBe(2); // a surrogate
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xe2, 0x9c]))).toBe(1); // cut short
    expect(firstInvalidUtf8(Buffer.from([0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0); // past U+10FFFF
  });
});

describe('check-return --check-artifacts', () => {
  const reply = (p: string) =>
    JSON.stringify({
      status: 'completed',
      summary: 'Wrote the report.',
      artifacts: [{ type: 'report', path: p, summary: 'The report' }],
      metadata: { session_id: 'sess_1735460684_a1b2c3', duration_seconds: 1, agent_type: 'writer', delegation_depth: 1, delegation_path: ['orchestrator', 'write', 'writer'] },
    });
  const messages = (root: string, p: string) =>
    checkReturn(reply(p), { root, checkArtifacts: true })
      .messages.filter((m) => m.ruleId === 'return-artifact-paths')
      .map((m) => m.message);

  it('a symlink out of the root is reported as such, whether its target exists, is empty or not', () => {
    const root = path.join(TMP, 'root');
    const outside = path.join(TMP, 'outside');
    mkdirSync(path.join(root, 'out'), { recursive: true });
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(outside, 'full.md'), 'secret');
    writeFileSync(path.join(outside, 'empty.md'), '');
    symlinkSync(path.join(outside, 'full.md'), path.join(root, 'out/full.md'));
    symlinkSync(path.join(outside, 'empty.md'), path.join(root, 'out/empty.md'));
    symlinkSync(path.join(outside, 'missing.md'), path.join(root, 'out/missing.md'));
    symlinkSync(outside, path.join(root, 'linked'));
    writeFileSync(path.join(root, 'out/real.md'), 'content');
    const said = ['out/full.md', 'out/empty.md', 'out/missing.md', 'linked/full.md', 'linked/nothing.md'].map((p) => messages(root, p));
    for (const m of said) expect(m).toEqual([expect.stringContaining('leads outside the project root through a symlink')]);
    // The same words whatever the outside file is: nothing about it leaks.
    expect(new Set(said.map((m) => m[0]!.replace(/"[^"]*"/, '""'))).size).toBe(1);
    expect(messages(root, 'out/real.md')).toEqual([]);
  });
});
