/**
 * `agent-lint check-log` as a process (the built dist/src/cli/bin.js): exit codes, every output
 * format, a registry snapshot written over many lines, standard input, --summary in its four
 * formats, --follow on a log that grows while it runs, usage and read errors.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = path.resolve(import.meta.dirname, '../dist/src/cli/bin.js');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-check-log-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function run(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, 'check-log', '--no-config-lookup', ...args], { cwd: tmp, input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function write(name: string, text: string): string {
  writeFileSync(path.join(tmp, name), text);
  return name;
}

const started = (child: string, ts: string, depth = 1, parent = 'US-007') =>
  JSON.stringify({ timestamp: ts, parent_story: parent, child_story: child, depth, parent_id: 'exec-1', child_id: 'exec-2', status: 'started' });
const completed = (child: string, ts: string, ms: number, extra: Record<string, unknown> = {}, depth = 1, parent = 'US-007') =>
  JSON.stringify({ timestamp: ts, parent_story: parent, child_story: child, depth, status: 'completed', duration_ms: ms, cost_usd: 0.45, success: true, ...extra });

/** The seed's two events, then a delegation that never ends and one whose duration is wrong. */
const LOG = [
  started('US-007-DEL-001', '2026-01-20T10:30:45Z'),
  completed('US-007-DEL-001', '2026-01-20T10:35:22Z', 277000),
  started('US-007-DEL-002', '2026-01-20T10:36:00Z'),
  started('US-007-DEL-003', '2026-01-20T10:37:00Z'),
  completed('US-007-DEL-003', '2026-01-20T10:38:00Z', 5000),
].join('\n') + '\n';

const SNAPSHOT = `{
  "sess_1735460684_a1b2c3": {
    "command": "implement",
    "subagent": "task-executor",
    "task_number": 191,
    "start_time": "2025-12-26T10:00:00Z",
    "timeout": 7200,
    "deadline": "2025-12-26T12:00:00Z",
    "status": "running",
    "delegation_depth": 1,
    "delegation_path": ["orchestrator", "implement", "task-executor"]
  },
  "sess_1735460700_ffffff": {
    "command": "plan",
    "subagent": "planner",
    "start_time": "2025-12-26T10:00:00Z",
    "timeout": 1800,
    "deadline": "2025-12-26T10:30:00Z",
    "status": "completed",
    "delegation_depth": 2,
    "delegation_path": ["orchestrator", "plan", "planner"]
  }
}
`;

beforeAll(() => {
  expect(existsSync(BIN), `${BIN} is built by npm run build`).toBe(true);
});

describe('check-log', () => {
  it('a clean log exits 0 and prints nothing', () => {
    const f = write('clean.jsonl', LOG.split('\n').slice(0, 2).join('\n') + '\n');
    expect(run([f])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('reports a hang and a wrong duration with positions (stylish), exit 1', () => {
    const f = write('bad.jsonl', LOG);
    const r = run([f]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('bad.jsonl');
    expect(r.stdout).toMatch(/3:\d+\s+error\s+US-007-DEL-002 started and never completed or failed in this log\s+log-hang/);
    expect(r.stdout).toMatch(/5:\d+\s+error\s+duration_ms 5000 disagrees with the timestamps, 60000 ms apart\s+log-timing/);
    // The help under each finding's code frame: what was expected.
    expect(r.stdout).toContain('    help: It started at 2026-01-20T10:36:00Z. Expected a completed or failed event for it');
    expect(r.stdout).toContain('    help: From 2026-01-20T10:37:00Z (line 4) to 2026-01-20T10:38:00Z is 60000 ms: expected duration_ms to match.');
    expect(r.stdout).toContain('2 problems (2 errors, 0 warnings)');
  });

  it('gives ESLint-shaped JSON with exact line and column', () => {
    const f = write('bad.jsonl', LOG);
    const r = run([f, '--format', 'json']);
    expect(r.code).toBe(1);
    const [result] = JSON.parse(r.stdout) as Array<{ filePath: string; errorCount: number; messages: Array<{ ruleId: string; line: number; column: number; help?: string }> }>;
    expect(result!.filePath).toBe(path.join(tmp, f));
    expect(result!.errorCount).toBe(2);
    const line3 = LOG.split('\n')[2]!;
    const line5 = LOG.split('\n')[4]!;
    expect(result!.messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([
      ['log-hang', 3, line3.indexOf('"started"') + 1],
      ['log-timing', 5, line5.indexOf('5000') + 1],
    ]);
    expect(result!.messages.map((m) => m.help)).toEqual([expect.stringContaining('It started at 2026-01-20T10:36:00Z.'), expect.stringContaining('is 60000 ms')]);
  });

  it('gives SARIF and GitHub annotations', () => {
    const f = write('bad.jsonl', LOG);
    const sarif = JSON.parse(run([f, '-f', 'sarif']).stdout) as { runs: Array<{ results: Array<{ ruleId: string; message: { text: string; markdown?: string } }> }> };
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toEqual(['log-hang', 'log-timing']);
    expect(sarif.runs[0]!.results[1]!.message).toEqual({
      text: 'duration_ms 5000 disagrees with the timestamps, 60000 ms apart',
      markdown: 'duration_ms 5000 disagrees with the timestamps, 60000 ms apart\n\nFrom 2026-01-20T10:37:00Z (line 4) to 2026-01-20T10:38:00Z is 60000 ms: expected duration_ms to match.',
    });
    const gh = run([f, '-f', 'github']).stdout;
    expect(gh).toMatch(/^::error file=bad\.jsonl,line=3,/m);
  });

  it('reads a registry snapshot written over many lines, positions in the file', () => {
    const f = write('registry.json', SNAPSHOT);
    const r = run([f, '--format', 'json', '--now', '2025-12-26T13:00:00Z']);
    expect(r.code).toBe(1);
    const [result] = JSON.parse(r.stdout) as Array<{ messages: Array<{ ruleId: string; line: number; column: number; message: string; help?: string }> }>;
    const lines = SNAPSHOT.split('\n');
    const runningLine = lines.findIndex((l) => l.includes('"running"')) + 1;
    const pathLine = lines.length - [...lines].reverse().findIndex((l) => l.includes('"delegation_path"'));
    expect(result!.messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([
      ['log-hang', runningLine, lines[runningLine - 1]!.indexOf('"running"') + 1],
      ['log-path-depth', pathLine, lines[pathLine - 1]!.indexOf('[') + 1],
    ]);
    expect(result!.messages[0]!.message).toBe('session sess_1735460684_a1b2c3 is still "running" 1 h after its deadline');
    expect(result!.messages[0]!.help).toBe('Its deadline was 2025-12-26T12:00:00Z: expected the orchestrator to have ended it (a timeout) by then.');
  });

  it('--now decides what is past its deadline', () => {
    const f = write('registry.json', SNAPSHOT);
    const r = run([f, '--format', 'json', '--now', '2025-12-26T11:00:00Z']);
    const [result] = JSON.parse(r.stdout) as Array<{ messages: Array<{ ruleId: string }> }>;
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['log-path-depth']);
  });

  it('reads standard input for "-"', () => {
    const r = run(['-', '-f', 'json'], LOG);
    expect(r.code).toBe(1);
    const [result] = JSON.parse(r.stdout) as Array<{ filePath: string; errorCount: number }>;
    expect(result!.filePath).toBe(path.join(tmp, '<stdin>'));
    expect(result!.errorCount).toBe(2);
  });

  it('--summary draws the story tree and totals (text, mermaid, dot, json)', () => {
    const f = write('tree.jsonl', [
      started('US-007-DEL-001', '2026-01-20T10:30:45Z'),
      started('US-007-DEL-001-DEL-001', '2026-01-20T10:31:00Z', 2, 'US-007-DEL-001'),
      completed('US-007-DEL-001-DEL-001', '2026-01-20T10:33:00Z', 120000, { success: false, error: 'tests failed', cost_usd: 0.1 }, 2, 'US-007-DEL-001'),
      completed('US-007-DEL-001', '2026-01-20T10:35:22Z', 277000),
      started('US-007-DEL-002', '2026-01-20T10:36:00Z'),
    ].join('\n') + '\n');
    const text = run([f, '--summary']);
    expect(text.code).toBe(1); // the hang is still an error
    expect(text.stdout).toBe(
      [
        'US-007',
        '├─ US-007-DEL-001  depth 1, 4 min 37 s, $0.45, completed',
        '│  └─ US-007-DEL-001-DEL-001  depth 2, 2 min, $0.10, failed',
        '└─ US-007-DEL-002  depth 1, running (never ended)',
        '',
        'totals: 3 delegations, 1 completed, 1 failed, 1 never ended, cost $0.55',
        '',
      ].join('\n'),
    );
    const mermaid = run([f, '--summary', '--summary-format', 'mermaid']).stdout;
    expect(mermaid).toMatch(/^graph TD\n/);
    expect(mermaid).toContain('s0 --> s1');
    expect(mermaid).toContain('s1 --> s2');
    expect(mermaid).toContain('s0 --> s3');
    const dot = run([f, '--summary', '--summary-format', 'dot']).stdout;
    expect(dot).toContain('"US-007-DEL-001" -> "US-007-DEL-001-DEL-001";');
    const json = JSON.parse(run([f, '--summary', '--summary-format', 'json']).stdout) as { stories: Array<{ id: string; parent?: string; outcome?: string }>; totals: Record<string, number> };
    expect(json.stories.map((s) => [s.id, s.parent, s.outcome])).toEqual([
      ['US-007', undefined, undefined],
      ['US-007-DEL-001', 'US-007', 'completed'],
      ['US-007-DEL-001-DEL-001', 'US-007-DEL-001', 'failed'],
      ['US-007-DEL-002', 'US-007', 'running'],
    ]);
    expect(json.totals).toEqual({ delegations: 3, completed: 1, failed: 1, running: 1, costUsd: 0.55, sessions: 0 });
  });

  it('usage and read errors exit 2 with one line', () => {
    expect(run([]).code).toBe(2);
    expect(run(['x.jsonl', '--format', 'nope']).stderr).toMatch(/--format expects stylish, json, sarif, github/);
    expect(run(['x.jsonl', '--now', 'yesterday']).stderr).toMatch(/--now expects an ISO 8601 time/);
    const missing = run(['no-such.jsonl']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('agent-lint check-log: cannot read "no-such.jsonl": no such file or directory\n');
    const dir = run(['.']);
    expect(dir.code).toBe(2);
    expect(dir.stderr).toContain('it is a directory');
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO instead of waiting on it', () => {
    const fifo = path.join(tmp, 'fifo');
    if (spawnSync('mkfifo', [fifo]).status !== 0) return;
    const r = run(['fifo']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not a regular file');
  });

  it('--follow reports findings as the log grows and stops on SIGINT with the summary', async () => {
    const f = write('growing.jsonl', started('US-007-DEL-001', '2026-01-20T10:30:45Z') + '\n');
    const child = spawn(process.execPath, [BIN, 'check-log', '--no-config-lookup', '--follow', f], { cwd: tmp, env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const waitFor = async (pred: () => boolean) => {
      for (let i = 0; i < 200 && !pred(); i++) await new Promise((r) => setTimeout(r, 50));
    };
    await new Promise((r) => setTimeout(r, 300));
    expect(out).toBe(''); // an open delegation is no hang while the log is followed
    // Written in two pieces: half a line is not read as a line.
    const bad = completed('US-007-DEL-001', '2026-01-20T10:29:00Z', 1000);
    appendFileSync(path.join(tmp, f), bad.slice(0, 40));
    await new Promise((r) => setTimeout(r, 300));
    expect(out).toBe('');
    appendFileSync(path.join(tmp, f), bad.slice(40) + '\n');
    await waitFor(() => out.includes('log-timing'));
    expect(out.split('\n').slice(0, 2)).toEqual([
      `growing.jsonl:2:${bad.indexOf('"2026') + 1}  error  US-007-DEL-001 completed before it started  log-timing`,
      '    help: It completed at 2026-01-20T10:29:00Z, but started at 2026-01-20T10:30:45Z (line 1): expected the end after the start.',
    ]);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(1);
    expect(out).toContain('totals: 1 delegation, 1 completed, 0 failed, 0 never ended, cost $0.45');
  });
});
