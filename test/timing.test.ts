/**
 * TIMING (as ESLint's): the rules that took the most time, after the report, on standard error,
 * so that a JSON report on standard output stays whole. Driven as a process.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { timingRows, timingTable } from '../src/cli/timing.js';
import { projectMaker } from './helpers/files.js';
import { BIN } from './helpers/lint-run.js';

const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-timing-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);

const COMMAND = '---\ndescription: Research\nargument-hint: [topic] [--deep]\n---\nResearch $ARGUMENTS with Task(subagent_type="researcher").\n';
/** An agent of the delegation standard: the rules that need it run too. */
const AGENT = '---\nname: researcher\ndescription: Researches\n---\nResearch.\n\n```json\n{"status": "completed", "summary": "Done.", "artifacts": [], "metadata": {"session_id": "sess_1735460684_a1b2c3", "agent_type": "researcher", "delegation_depth": 1, "delegation_path": ["orchestrator", "research", "researcher"]}}\n```\n';

function run(args: string[], cwd: string, timing: string | undefined) {
  const env = { ...process.env, TIMING: timing, NO_COLOR: '1' };
  if (timing === undefined) delete env.TIMING;
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env, encoding: 'utf8', timeout: 30_000 });
  if (r.error) throw r.error;
  return r;
}

describe('TIMING', () => {
  const dir = project({ '.claude/commands/research.md': COMMAND, '.claude/agents/researcher.md': AGENT });

  it('TIMING=1: a table of rules on standard error, the JSON report whole on standard output', () => {
    const r = run(['--format', 'json'], dir, '1');
    expect(r.status).toBe(1);
    expect(() => JSON.parse(r.stdout)).not.toThrow();
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Rule\s+\| Time \(ms\) \| Relative$/);
    const rows = lines.slice(2);
    expect(rows.length).toBe(10);
    for (const row of rows) expect(row).toMatch(/^[a-z-]+\s+\|\s+\d+\.\d{3} \|\s+\d+\.\d%$/);
    const times = rows.map((row) => Number(row.split('|')[1]));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(r.stderr).toContain('frontmatter-valid');
  });

  it('TIMING=all lists every rule that ran; no TIMING prints nothing', () => {
    const all = run([], dir, 'all');
    const rows = all.stderr.trimEnd().split('\n').slice(2);
    expect(rows.length).toBeGreaterThan(20);
    expect(all.stderr).toContain('return-format-schema');
    const none = run([], dir, undefined);
    expect(none.stderr).toBe('');
  });

  it('counts every file on a run large enough for two threads (the timed run stays on one)', () => {
    // Two projects over the size that takes a worker thread: the larger one would stay on this
    // thread and the standard's project would go to the worker, its rules' time with it.
    const pad = (n: number) => '\nResearch notes, kept for later reading.\n'.repeat(n);
    const big = project({ 'plain/.git/HEAD': '', 'plain/.claude/commands/research.md': COMMAND + pad(36_000), 'standard/.git/HEAD': '', 'standard/.claude/agents/researcher.md': AGENT + pad(24_000) });
    const r = spawnSync(process.execPath, [BIN, '--format', 'json', '.'], { cwd: big, env: { ...process.env, TIMING: 'all', NO_COLOR: '1', AGENT_LINT_FORCE_THREADS: '1' }, encoding: 'utf8', timeout: 60_000 });
    expect(JSON.parse(r.stdout)).toHaveLength(2);
    expect(r.stderr).toContain('frontmatter-valid');
    expect(r.stderr).toContain('return-format-schema');
  });

  it('the table: shares of the total, at least ten rows for a number', () => {
    expect(timingRows(undefined)).toBeUndefined();
    expect(timingRows('')).toBeUndefined();
    expect(timingRows('3')).toBe(10);
    expect(timingRows('25')).toBe(25);
    expect(timingRows('yes')).toBe(10);
    expect(timingTable(new Map([['a', 1], ['bb', 3]]), 10)).toBe(
      'Rule | Time (ms) | Relative\n---- | --------: | -------:\nbb   |     3.000 |    75.0%\na    |     1.000 |    25.0%\n',
    );
  });
});
