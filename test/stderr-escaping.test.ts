/**
 * What the command writes to standard error cannot be turned against its reader: a path named
 * with a line break and a GitHub workflow command, or with an escape sequence, is shown escaped.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const BIN = path.resolve(import.meta.dirname, '../dist/src/cli/bin.js');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-stderr-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('escapes line breaks and escape sequences of paths on standard error', () => {
  mkdirSync(path.join(tmp, '.git'));
  const evil = 'x\n::error file=README.md::pwned\u001b[2J.md';
  const r = spawnSync(process.execPath, [BIN, '--no-config-lookup', evil], { cwd: tmp, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(r.status).toBe(2);
  expect(r.stderr).not.toContain('\u001b');
  expect(r.stderr.split('\n').some((l) => l.startsWith('::'))).toBe(false);
  expect(r.stderr).toContain('x\\n::error file=README.md::pwned\\x1b[2J.md');
});

it('escapes a repository\'s keys: a rule id of the suppressions file, a key of the config, in the CLI and with -f github', () => {
  const dir = path.join(tmp, 'keys');
  mkdirSync(path.join(dir, '.git'), { recursive: true });
  mkdirSync(path.join(dir, '.claude/agents'), { recursive: true });
  writeFileSync(path.join(dir, '.claude/agents/a.md'), '---\nname: a\ndescription: d\n---\nA.\n');
  writeFileSync(path.join(dir, 'agent-lint-suppressions.json'), JSON.stringify({ '.claude/agents/a.md': { 'x\n::error file=README.md::pwned': { count: 1 } } }));
  for (const args of [[], ['-f', 'github']]) {
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.status).toBe(1);
    expect([...r.stdout.split('\n'), ...r.stderr.split('\n')].some((l) => l.startsWith('::error file=README.md'))).toBe(false);
    expect(r.stderr).toContain('x\\n::error file=README.md::pwned');
  }
  writeFileSync(path.join(dir, '.agent-lint.json'), JSON.stringify({ rules: { 'y\n::stop-commands::tok': 'error' } }));
  const c = spawnSync(process.execPath, [BIN], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(c.status).toBe(2);
  expect(c.stderr.split('\n').some((l) => l.startsWith('::'))).toBe(false);
});
