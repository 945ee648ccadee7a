/**
 * The library's lintLog: the same checks as `agent-lint check-log`, with the config in force,
 * argument checks, and the profile picked by the log's shape.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintLog } from '../src/index.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-lintlog-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const chain = [
  '{"timestamp":"2026-01-20T10:30:00Z","parent_story":"US-1","child_story":"US-1-DEL-001","depth":1,"status":"started"}',
  '{"timestamp":"2026-01-20T10:31:00Z","parent_story":"US-1-DEL-001","child_story":"US-1-DEL-001-DEL-001","depth":2,"status":"started"}',
  '{"timestamp":"2026-01-20T10:32:00Z","parent_story":"US-1-DEL-001-DEL-001","child_story":"US-1-DEL-001-DEL-001-DEL-001","depth":3,"status":"started"}',
].join('\n');

describe('lintLog', () => {
  it('checks events under the bounded profile by their shape, and a registry under v2', async () => {
    const r = await lintLog(chain, { config: false });
    expect(r.standard).toBe('bounded');
    expect(r.layout).toBe('lines');
    expect(r.entries).toBe(3);
    expect(r.result.filePath).toBe('<log>');
    expect(r.result.messages.filter((m) => m.ruleId === 'log-depth-limit').map((m) => [m.line, m.column])).toEqual([[3, chain.split('\n')[2]!.indexOf('"depth":3') + 9]]);
    expect(r.result.messages.find((m) => m.ruleId === 'log-depth-limit')).toMatchObject({
      message: 'US-1-DEL-001-DEL-001-DEL-001 ran at depth 3, above the bounded limit of 2',
      help: expect.stringContaining('A caller at depth 2 must not delegate further'),
    });
    expect(r.summary.totals.running).toBe(3);
    const reg = await lintLog('{"sess_1": {"command": "plan", "subagent": "planner", "start_time": "2025-12-26T10:00:00Z", "timeout": 1800, "deadline": "2025-12-26T10:30:00Z", "status": "running", "delegation_depth": 1, "delegation_path": ["orchestrator", "plan", "planner"]}}', { config: false, now: '2025-12-26T10:10:00Z' });
    expect(reg.standard).toBe('v2');
    expect(reg.result.messages).toEqual([]);
  });

  it('follows the project config: rule severities and options, and its standard', async () => {
    writeFileSync(path.join(tmp, '.agent-lint.json'), JSON.stringify({ standard: 'v2', rules: { 'log-hang': 'off', 'log-depth-limit': ['warn', { maxDepth: 2 }] } }));
    const r = await lintLog(chain, { cwd: tmp });
    expect(r.standard).toBe('v2');
    expect(r.result.messages.map((m) => [m.ruleId, m.severity])).toEqual([['log-depth-limit', 1]]);
    const rules = await lintLog(chain, { cwd: tmp, rules: { 'log-depth-limit': 'off' } });
    expect(rules.result.messages).toEqual([]);
  });

  it('says which argument is wrong', async () => {
    await expect(lintLog(42 as unknown as string)).rejects.toThrow(TypeError);
    await expect(lintLog('', { now: 'soon' })).rejects.toThrow(/options\.now is not a time/);
  });
});
