/**
 * A spec deeper than the system's path limit is reported (file-unreadable), not skipped in
 * silence: the walk cannot read the folder that holds it, and says so.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const BIN = path.resolve(import.meta.dirname, '../dist/src/cli/bin.js');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-long-'));
afterAll(() => {
  // rm cannot remove what it cannot name: go down with relative paths and remove from the top.
  spawnSync('rm', ['-rf', tmp]);
  rmSync(tmp, { recursive: true, force: true });
});

it.skipIf(process.platform === 'win32')('a spec below a folder whose path is too long is reported as unreadable', () => {
  // Folders made one at a time with relative paths (an absolute path that long cannot be made).
  const seg = 'd'.repeat(200);
  const script = `set -e; cd "$1"; mkdir -p .git .claude/agents; cd .claude/agents; for i in $(seq 1 24); do mkdir ${seg}; cd ${seg}; done; printf -- '---\\nname: deep\\ndescription: Too deep to read\\n---\\nbody\\n' > deep.md`;
  const made = spawnSync('bash', ['-c', script, 'make', tmp], { encoding: 'utf8' });
  expect(made.status, made.stderr).toBe(0);
  const r = spawnSync(process.execPath, [BIN, '--no-config-lookup', '--format', 'json', '.'], { cwd: tmp, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(r.status, r.stderr).toBe(1);
  const results = JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; message: string }> }>;
  const hit = results.find((x) => x.messages.some((m) => m.ruleId === 'file-unreadable'));
  expect(hit, JSON.stringify(results).slice(0, 500)).toBeDefined();
  expect(hit!.filePath.length).toBeGreaterThan(4000);
  expect(hit!.messages[0]!.message).toContain('longer than the system allows');
});
