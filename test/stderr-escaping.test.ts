/**
 * What the command writes to standard error cannot be turned against its reader: a path named
 * with a line break and a GitHub workflow command, or with an escape sequence, is shown escaped.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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
