/**
 * `check-log` keeps memory bounded by what it reports, not by what it reads: a log whose every
 * line is a finding, read from a file, from standard input and followed, passes through a process
 * whose heap is capped at 96 MB at 8 MB and at 32 MB (the build before this kept every finding
 * and its line: 32 MB of such lines needed several hundred MB). A log that names more stories than
 * the tree is kept for is checked up to that line, and says so.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_KEPT_FINDINGS, MAX_STORIES } from '../src/log/engine.js';
import { BIN } from './helpers/lint-run.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-log-memory-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The heap a run gets: far less than what keeping every finding of 32 MB of log takes. */
const HEAP = ['--max-old-space-size=96'];

/** A status event whose status is no status: one log-event-shape finding a line, padded to ~360 bytes. */
const badLine = (i: number) =>
  `{"timestamp":"2026-01-20T10:30:45Z","parent_story":"US-1","child_story":"US-1-DEL-001","depth":1,"status":"begun-${i}","note":"${'x'.repeat(280)}"}\n`;

/** Writes `mb` megabytes of bad lines; returns the file and how many lines it holds. */
function badLog(name: string, mb: number): { file: string; lines: number } {
  const file = path.join(tmp, name);
  const fd = openSync(file, 'w');
  let lines = 0;
  let bytes = 0;
  let buf = '';
  while (bytes < mb * 1e6) {
    const l = badLine(lines++);
    bytes += l.length;
    buf += l;
    if (buf.length > 1 << 20) {
      writeSync(fd, buf);
      buf = '';
    }
  }
  writeSync(fd, buf);
  closeSync(fd);
  return { file, lines };
}

function checkLog(args: string[], input?: Buffer) {
  return spawnSync(process.execPath, [...HEAP, BIN, 'check-log', '--no-config-lookup', ...args], { cwd: tmp, input, encoding: 'utf8', maxBuffer: 256 << 20, env: { ...process.env, NO_COLOR: '1' } });
}

describe('check-log memory is bounded by what is reported', () => {
  for (const mb of [8, 32]) {
    it(`a ${mb} MB log of findings, from a file and from standard input, in a 96 MB heap`, () => {
      const { file, lines } = badLog(`bad-${mb}.jsonl`, mb);
      for (const viaStdin of [false, true]) {
        const r = viaStdin ? checkLog(['-', '-f', 'json'], readFileSync(file)) : checkLog([file, '-f', 'json']);
        expect(r.stderr).toBe(`agent-lint check-log: ${viaStdin ? '<stdin>' : `bad-${mb}.jsonl`}: ${lines.toLocaleString('en-US')} findings; the first 10,000 are listed\n`);
        expect(r.status).toBe(1);
        const [result] = JSON.parse(r.stdout);
        expect(result.errorCount).toBe(lines);
        expect(result.messages).toHaveLength(MAX_KEPT_FINDINGS);
        expect(MAX_KEPT_FINDINGS).toBe(10_000);
        expect(result.messages[0]).toMatchObject({ ruleId: 'log-event-shape', line: 1 });
        expect(result.messages.at(-1).line).toBe(MAX_KEPT_FINDINGS);
      }
    }, 60_000);
  }

  it('a followed log keeps no finding: 32 MB of findings appended while it runs, in a 96 MB heap', async () => {
    const file = path.join(tmp, 'followed.jsonl');
    appendFileSync(file, '');
    const child = spawn(process.execPath, [...HEAP, BIN, 'check-log', '--no-config-lookup', '--follow', file, '-f', 'json'], { cwd: tmp });
    let printed = 0;
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (printed += s.split('\n').length - 1));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let lines = 0;
    for (let round = 0; round < 8; round++) {
      let chunk = '';
      for (let i = 0; i < 11_000; i++) chunk += badLine(lines++);
      appendFileSync(file, chunk);
      await new Promise((r) => setTimeout(r, 150));
    }
    // Every finding is printed (a line each) before the run is stopped.
    for (let t = 0; t < 200 && printed < lines; t++) await new Promise((r) => setTimeout(r, 100));
    expect(printed).toBe(lines);
    child.kill('SIGINT');
    expect(await exit).toBe(1);
    expect(err).toBe('');
  }, 60_000);

  it(`a log that names more than ${MAX_STORIES} stories is checked up to that line, and says so`, () => {
    const file = path.join(tmp, 'stories.jsonl');
    const fd = openSync(file, 'w');
    let buf = '';
    // One delegation a story: two stories each, a started and a completed line each.
    const n = MAX_STORIES / 2 + 10;
    for (let i = 0; i < n; i++) {
      buf += `{"timestamp":"2026-01-20T10:30:45Z","parent_story":"S${i}","child_story":"S${i}-DEL-1","depth":1,"status":"started"}\n{"timestamp":"2026-01-20T10:30:46Z","parent_story":"S${i}","child_story":"S${i}-DEL-1","depth":1,"status":"completed","duration_ms":1000}\n`;
      if (buf.length > 1 << 20) {
        writeSync(fd, buf);
        buf = '';
      }
    }
    writeSync(fd, buf);
    closeSync(fd);
    const r = spawnSync(process.execPath, [BIN, 'check-log', '--no-config-lookup', file, '-f', 'json'], { cwd: tmp, encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    const [result] = JSON.parse(r.stdout);
    // MAX_STORIES stories are known when the next delegation's first line comes.
    const line = MAX_STORIES + 1;
    expect(MAX_STORIES).toBe(250_000);
    expect(result.messages).toEqual([
      expect.objectContaining({ ruleId: 'log-event-shape', line, column: 1, message: `the log names more than 250,000 stories; it was checked up to line ${line}` }),
    ]);
  }, 60_000);
});
