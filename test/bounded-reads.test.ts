/**
 * Every read has a bound: `check-return FILE` reads only a regular file of at most 20 MB (not
 * /dev/zero, not a FIFO), and standard input (`--stdin`, `check-return -`) is refused when it is a
 * directory, empty (for --stdin) or endless (cut off after 20 MB), each with one line and exit 2.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, realpathSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/shared.js';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-bounded-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const run = (args: string[], stdin: 'pipe' | number = 'pipe', input?: string) =>
  spawnSync(process.execPath, [BIN, ...args], { cwd: TMP, encoding: 'utf8', timeout: 20_000, stdio: [stdin, 'pipe', 'pipe'], input });

function refused(r: ReturnType<typeof run>, detail: RegExp): void {
  expect(r.signal).toBe(null); // not killed by the timeout
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(/^agent-lint[^\n]*\n$/);
  expect(r.stderr).toMatch(detail);
}

describe('check-return FILE', () => {
  it('refuses a FIFO without blocking', () => {
    const fifo = path.join(TMP, 'reply.fifo');
    spawnSync('mkfifo', [fifo]);
    refused(run(['check-return', fifo]), /not a regular file/);
  });

  it('refuses /dev/zero without reading it', () => {
    refused(run(['check-return', '/dev/zero']), /not a regular file/);
  });

  it('refuses a file over 20 MB', () => {
    const big = path.join(TMP, 'big.json');
    writeFileSync(big, '');
    truncateSync(big, 21 * 1024 * 1024);
    refused(run(['check-return', big]), /over 20971520 bytes/);
  });
});

describe('standard input', () => {
  it('--stdin and check-return - refuse a directory', () => {
    const fd = openSync(TMP, 'r');
    try {
      refused(run(['--stdin'], fd), /directory/);
      refused(run(['check-return', '-'], fd), /directory/);
    } finally {
      closeSync(fd);
    }
  });

  it('--stdin refuses empty input', () => {
    refused(run(['--stdin'], 'pipe', ''), /empty/);
  });

  it('--stdin stops reading an endless stream after 20 MB', async () => {
    const child = spawn(process.execPath, [BIN, '--stdin'], { cwd: TMP, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdin.on('error', () => {}); // the reader goes away: EPIPE is expected
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let written = 0;
    const pump = () => {
      // Never more than 64 MB: enough to pass the bound, and a bounded test if the bound failed.
      while (written < 64 * 1024 * 1024 && !child.stdin.destroyed) {
        written += chunk.length;
        if (!child.stdin.write(chunk)) return void child.stdin.once('drain', pump);
      }
      child.stdin.end();
    };
    pump();
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    expect(code).toBe(2);
    expect(stderr).toMatch(/^agent-lint: --stdin: [^\n]*more than 20971520 bytes[^\n]*\n$/);
  });
});
