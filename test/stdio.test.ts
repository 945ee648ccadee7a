/**
 * The command's own output path (src/cli/stdio.ts): whole writes to pipes, files and /dev/null,
 * colour only on a terminal, and a reader that stops early ends the run quietly.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/shared.js';

const LAUNCH = path.join(REPO_ROOT, 'dist/src/cli/launch.cjs');
const SAMPLE = path.join(REPO_ROOT, 'fixtures/sample-project');
const sh = (cmd: string) => spawnSync('sh', ['-c', cmd], { cwd: SAMPLE, encoding: 'utf8', env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '' } });
const node = JSON.stringify(process.execPath);
const cli = `${node} ${JSON.stringify(LAUNCH)}`;
const hasScript = existsSync('/usr/bin/script');
const hasPerl = spawnSync('perl', ['-e', '1']).status === 0;

describe('command output', () => {
  it('writes the whole report to a pipe and to a file, without colour', () => {
    const piped = sh(`${cli} --format json . | cat`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-stdio-'));
    try {
      const file = path.join(dir, 'out.json');
      const toFile = sh(`${cli} --format json . > ${JSON.stringify(file)}; echo $?`);
      expect(toFile.stdout.trim()).toBe('1');
      expect(readFileSync(file, 'utf8')).toBe(piped.stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(JSON.parse(piped.stdout).length).toBeGreaterThan(0);
    expect(sh(`${cli} . | cat`).stdout).not.toContain('\u001b[');
  });

  it('treats /dev/null as no terminal and keeps the exit code, also with standard output closed', () => {
    const r = sh(`${cli} . > /dev/null; echo $?`);
    expect(r.stdout.trim()).toBe('1');
    expect(r.stderr).toBe('');
    const closed = sh(`${cli} . >&-; echo $?`);
    expect(closed.stdout.trim()).toBe('1');
    expect(closed.stderr).toBe('');
  });

  it('ends quietly when the reader stops early', () => {
    // A report far larger than a pipe holds, so the writer meets a closed pipe.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-epipe-'));
    try {
      mkdirSync(path.join(dir, '.claude/agents'), { recursive: true });
      for (let i = 0; i < 600; i++) writeFileSync(path.join(dir, `.claude/agents/a${i}.md`), `---\nname: a${i}\ndescription: Runs: checks\n---\nBody\n`);
      const r = spawnSync('sh', ['-c', `${cli} --format json . | head -c 10`], { cwd: dir, encoding: 'utf8' });
      expect(r.stdout).toBe('[{"filePat');
      expect(r.stderr).toBe('');
      const whole = spawnSync('sh', ['-c', `${cli} --format json . | wc -c`], { cwd: dir, encoding: 'utf8' });
      expect(Number(whole.stdout.trim())).toBeGreaterThan(200_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!hasPerl)('writes all of a large report to a pipe left non-blocking, whose reader is slow', () => {
    // A pipe another program left non-blocking fills up (EAGAIN): the rest of the report goes
    // through Node.js's stream, and the run must not end (process.exit) before it is written.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-eagain-'));
    try {
      mkdirSync(path.join(dir, '.claude/agents'), { recursive: true });
      for (let i = 0; i < 600; i++) writeFileSync(path.join(dir, `.claude/agents/a${i}.md`), `---\nname: a${i}\ndescription: Runs: checks\n---\nBody\n`);
      const nonBlocking = `perl -MFcntl -e 'fcntl(STDOUT, F_SETFL, fcntl(STDOUT, F_GETFL, 0) | O_NONBLOCK) or die; exec @ARGV'`;
      const r = spawnSync('sh', ['-c', `${nonBlocking} ${cli} --format json . | (sleep 1; cat)`], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 24 });
      const whole = spawnSync('sh', ['-c', `${cli} --format json .`], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 24 });
      expect(whole.stdout.length).toBeGreaterThan(200_000);
      expect(r.stdout).toBe(whole.stdout);
      expect(JSON.parse(r.stdout)).toHaveLength(600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!hasScript)('colours the report on a terminal', () => {
    const r = sh(`script -qc ${JSON.stringify(`${cli} .`)} /dev/null`);
    expect(r.stdout).toContain('\u001b[31merror\u001b[39m');
  });
});
