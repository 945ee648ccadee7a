#!/usr/bin/env node
/**
 * Benchmark of `agent-lint check-log`: generated delegation logs of 25,000, 100,000 and 400,000
 * events (stories delegating two levels deep, started and completed events with audit lines, a
 * few hangs and wrong durations), each checked by the built command as a whole process, median
 * of 3 runs. Time per 1,000 events should not grow with the log: the check is linear.
 *
 *   npm run bench:log
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).bin['agent-lint']);

/** A log of about `n` events. */
function makeLog(n) {
  const lines = [];
  const base = Date.parse('2026-01-20T08:00:00Z');
  let t = 0;
  const ts = (ms) => new Date(base + ms).toISOString().replace('.000Z', 'Z');
  for (let s = 1; lines.length < n; s++) {
    const story = `US-${s}`;
    for (let d = 1; d <= 3 && lines.length < n; d++) {
      const child = `${story}-DEL-00${d}`;
      const start = (t += 1000);
      lines.push(JSON.stringify({ timestamp: ts(start), parent_story: story, child_story: child, depth: 1, parent_id: `exec-${s}`, child_id: `exec-${s}-${d}`, status: 'started', description: 'Implement a part', estimated_hours: '4' }));
      lines.push(JSON.stringify({ timestamp: ts(start), event: 'delegation_created', parent: story, child, depth: 1, created_by: `exec-${s}` }));
      const grand = `${child}-DEL-001`;
      lines.push(JSON.stringify({ timestamp: ts(start + 500), parent_story: child, child_story: grand, depth: 2, status: 'started' }));
      const gEnd = start + 60000;
      lines.push(JSON.stringify({ timestamp: ts(gEnd), parent_story: child, child_story: grand, depth: 2, status: 'completed', duration_ms: s % 97 === 0 ? 1 : 59500, cost_usd: 0.1, success: true }));
      if (s % 101 === 0 && d === 3) continue; // a hang
      const end = start + 120000;
      lines.push(JSON.stringify({ timestamp: ts(end), parent_story: story, child_story: child, depth: 1, status: 'completed', duration_ms: 120000, tokens_in: 12500, tokens_out: 3200, cost_usd: 0.45, files_changed: ['lib/a.py'], success: true }));
      lines.push(JSON.stringify({ timestamp: ts(end), event: 'delegation_completed', child, success: true, duration_ms: 119000, cost_usd: 0.45 }));
    }
  }
  return lines.join('\n') + '\n';
}

function timeOnce(file) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CLI, 'check-log', '--no-config-lookup', '--format', 'json', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 1) throw new Error(`check-log exited ${r.status}: ${r.stderr}`);
  const errors = JSON.parse(r.stdout)[0].errorCount;
  return { secs, errors };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-bench-log-'));
try {
  console.log('check-log on generated delegation logs (whole process, median of 3)');
  const rows = [];
  for (const n of [25000, 100000, 400000]) {
    const file = path.join(dir, `log-${n}.jsonl`);
    writeFileSync(file, makeLog(n));
    const runs = [timeOnce(file), timeOnce(file), timeOnce(file)];
    const secs = median(runs.map((r) => r.secs));
    rows.push({ n, secs });
    console.log(`  ${String(n).padStart(7)} events  ${(statSync(file).size / 1e6).toFixed(1).padStart(6)} MB  ${secs.toFixed(3)} s  ${((secs * 1000) / (n / 1000)).toFixed(2)} ms per 1,000 events  ${runs[0].errors} errors`);
  }
  const [a, , c] = rows;
  console.log(`  per-event time at 16x the events: ${((c.secs / c.n) / (a.secs / a.n)).toFixed(2)}x the smallest log's (linear: about 1x or below)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
