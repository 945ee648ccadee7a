/**
 * The lint cache cannot lie: a crafted or corrupt `.agent-lint-cache` is dropped (the run's
 * report equals a run without a cache), never trusted or crashed on; and every input that can
 * change a result is in the key (--agents-dir, the config's knownAgents and usesStandard), so a
 * cached run and a fresh run always agree. The built CLI runs as a process.
 */
import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';
import { REPO_ROOT } from './helpers/shared.js';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-cachei-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);
const cli = (args: string[], cwd: string) => spawnSync(process.execPath, [BIN, '--no-color', '--format', 'json', ...args], { cwd, encoding: 'utf8' });
const CACHE = '.agent-lint-cache';

const COMMAND = '---\ndescription: Go\n---\n\nHand it over: `Task(subagent_type="helper", prompt="do it")`.\n';
const AGENT = '---\nname: researcher\ndescription: Researches\n---\n\nReturn:\n\n```json\n{"status": "completed", "summary": "x"}\n```\n';
const HELPER = '---\nname: helper\ndescription: Helps\n---\nHelp.\n';
const files = { '.claude/commands/go.md': COMMAND, '.claude/agents/researcher.md': AGENT };

/** rule ids per file (relative path), for comparing reports. */
function report(stdout: string, dir: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of JSON.parse(stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; line: number; column: number }> }>) {
    out[path.relative(dir, r.filePath)] = r.messages.map((m) => `${m.ruleId} ${m.line}:${m.column}`);
  }
  return out;
}
/** The seal this user's runs put on a cache: an HMAC under the key in the private folder (outside any checkout). */
const KEY_FILE = path.join(os.tmpdir(), `agent-lint-${process.getuid?.() ?? 'user'}`, 'cache-key');
const entriesHash = (entries: unknown) => createHmac('sha256', Buffer.from(readFileSync(KEY_FILE, 'utf8'), 'hex')).update(JSON.stringify(entries)).digest('hex');
/** What anyone can compute: a plain SHA-256 of the entries (the seal before it took a key). */
const plainHash = (entries: unknown) => createHash('sha256').update(JSON.stringify(entries)).update('\0').digest('hex');

describe('a crafted or corrupt cache is dropped', () => {
  it('emptied messages do not turn errors into exit 0', () => {
    const dir = project(files);
    writeFileSync(path.join(dir, 'std.json'), '{"usesStandard": true}');
    const first = cli(['--cache', '--config', 'std.json'], dir);
    expect(first.status).toBe(1);
    const data = JSON.parse(readFileSync(path.join(dir, CACHE), 'utf8')) as { entries: Record<string, { messages: unknown[] }> };
    for (const e of Object.values(data.entries)) e.messages = [];
    writeFileSync(path.join(dir, CACHE), JSON.stringify(data));
    const again = cli(['--cache', '--config', 'std.json'], dir);
    expect(again.status).toBe(1);
    expect(report(again.stdout, dir)).toEqual(report(first.stdout, dir));
  });

  it('a cache committed with its entries emptied and a hash anyone can compute does not hide errors', () => {
    const dir = project(files);
    writeFileSync(path.join(dir, 'std.json'), '{"usesStandard": true}');
    const first = cli(['--cache', '--config', 'std.json'], dir);
    expect(first.status).toBe(1);
    const data = JSON.parse(readFileSync(path.join(dir, CACHE), 'utf8')) as { hash: string; entries: Record<string, { messages: unknown[] }> };
    for (const e of Object.values(data.entries)) e.messages = [];
    for (const hash of [plainHash(data.entries), createHash('sha256').update(JSON.stringify(data.entries)).digest('hex')]) {
      writeFileSync(path.join(dir, CACHE), JSON.stringify({ ...data, hash }));
      const again = cli(['--cache', '--config', 'std.json'], dir);
      expect(again.status).toBe(1);
      expect(report(again.stdout, dir)).toEqual(report(first.stdout, dir));
    }
  });

  it('malformed entries (under the real keys) give the fresh report, no crash', () => {
    const dir = project(files);
    const expected = cli(['--cache'], dir);
    const real = JSON.parse(readFileSync(path.join(dir, CACHE), 'utf8')) as { entries: Record<string, Record<string, unknown>> };
    const abs = path.join(dir, '.claude/commands/go.md');
    const key = real.entries[abs]!['key'];
    const msg = { ruleId: 'x', severity: 2, message: 'm', line: 1, column: 1, endLine: 1, endColumn: 1 };
    const bad: unknown[] = [
      { key, messages: [{}], suppressedMessages: [] },
      { key, messages: 'none', suppressedMessages: null },
      { key, messages: [{ ...msg, line: 0, column: -1 }], suppressedMessages: [] },
      { key, messages: [{ ...msg, severity: 0 }], suppressedMessages: [] },
      { key, messages: [{ ...msg, fix: { range: 'all' } }], suppressedMessages: [] },
      { key, messages: [{ ...msg, related: [{}] }], suppressedMessages: [] },
      { key, messages: [], suppressedMessages: [7] },
      null,
    ];
    for (const entry of bad) {
      const entries = { ...real.entries, [abs]: entry };
      // Carries a correct hash of its entries, so that the entries' shape is what is judged.
      writeFileSync(path.join(dir, CACHE), JSON.stringify({ tool: 'agent-lint', version: '0.1.0', hash: entriesHash(entries), entries }));
      const r = cli(['--cache'], dir);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(expected.status);
      expect(report(r.stdout, dir)).toEqual(report(expected.stdout, dir));
    }
    for (const text of ['null', '[]', '{"tool": "agent-lint", "version": "0.1.0", "entries": []}', '"x"', '{"a":']) {
      writeFileSync(path.join(dir, CACHE), text);
      const r = cli(['--cache'], dir);
      expect(r.stderr).toBe('');
      expect(report(r.stdout, dir)).toEqual(report(expected.stdout, dir));
    }
  });

  it('a cache of another version is not used', () => {
    const dir = project(files);
    const first = cli(['--cache'], dir);
    const data = JSON.parse(readFileSync(path.join(dir, CACHE), 'utf8')) as { version: string; entries: Record<string, { messages: unknown[] }> };
    for (const e of Object.values(data.entries)) e.messages = [];
    data.version = '0.0.1';
    writeFileSync(path.join(dir, CACHE), JSON.stringify({ ...data, hash: entriesHash(data.entries) }));
    expect(report(cli(['--cache'], dir).stdout, dir)).toEqual(report(first.stdout, dir));
  });
});

describe('the cache key covers every input', () => {
  const agree = (dir: string, args: string[]) => {
    const fresh = cli(args, dir);
    const cached = cli(['--cache', ...args], dir);
    expect(report(cached.stdout, dir)).toEqual(report(fresh.stdout, dir));
    expect(cached.status).toBe(fresh.status);
    return report(fresh.stdout, dir);
  };

  it('--agents-dir', () => {
    const dir = project(files);
    const outside = project({ 'agents/helper.md': HELPER });
    const before = agree(dir, []);
    expect(before['.claude/commands/go.md']).toContain('unknown-delegation-target 5:36');
    const after = agree(dir, ['--agents-dir', path.join(outside, 'agents')]);
    expect(after['.claude/commands/go.md']).not.toContain('unknown-delegation-target 5:36');
  });

  it('the config\'s knownAgents and usesStandard', () => {
    const dir = project(files);
    agree(dir, []);
    writeFileSync(path.join(dir, '.agent-lint.json'), '{"knownAgents": ["helper"]}');
    expect(agree(dir, [])['.claude/commands/go.md']).toEqual([]);
    writeFileSync(path.join(dir, '.agent-lint.json'), '{"knownAgents": ["helper"], "usesStandard": true}');
    expect(agree(dir, [])['.claude/commands/go.md']!.length).toBeGreaterThan(0);
    writeFileSync(path.join(dir, '.agent-lint.json'), '{"knownAgents": ["helper"], "usesStandard": false}');
    expect(agree(dir, [])['.claude/commands/go.md']).toEqual([]);
  });

  it('drops the entries of deleted files', () => {
    const dir = project({ ...files, '.claude/agents/gone.md': HELPER.replace('helper', 'gone') });
    cli(['--cache'], dir);
    const gone = path.join(dir, '.claude/agents/gone.md');
    expect(Object.keys((JSON.parse(readFileSync(path.join(dir, CACHE), 'utf8')) as { entries: object }).entries)).toContain(gone);
    unlinkSync(gone);
    cli(['--cache'], dir);
    expect(Object.keys((JSON.parse(readFileSync(path.join(dir, CACHE), 'utf8')) as { entries: object }).entries)).not.toContain(gone);
  });
});
