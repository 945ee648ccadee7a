/**
 * --fix, --fix-dry-run, --cache and --init, run as a user runs them (the built CLI in a
 * temporary project), plus the cache's keying through the library.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { LintCache } from '../src/cache.js';
import { ConfigLookup } from '../src/config/lookup.js';
import { lint } from '../src/lint.js';
import { projectMaker } from './helpers/files.js';
import { REPO_ROOT } from './helpers/shared.js';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-fix-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const project = projectMaker(TMP);
const cli = (args: string[], cwd: string) => spawnSync(process.execPath, [BIN, '--no-color', ...args], { cwd, encoding: 'utf8' });

/** A clean v2 return whose depth (2) does not fit its three-entry path: depth-path-mismatch, fixable. */
const AGENT = (eol: string) =>
  [
    '---',
    'name: researcher',
    'description: Researches a topic',
    '---',
    '',
    '```json',
    '{',
    '  "status": "completed",',
    '  "summary": "Research done.",',
    '  "artifacts": [],',
    '  "metadata": {',
    '    "session_id": "sess_1735460684_a1b2c3",',
    '    "duration_seconds": 12,',
    '    "agent_type": "researcher",',
    '    "delegation_depth": 2,',
    '    "delegation_path": ["orchestrator", "research", "researcher"]',
    '  },',
    '  "errors": []',
    '}',
    '```',
    '',
  ].join(eol);
const FILE = '.claude/agents/researcher.md';

describe('--fix', () => {
  it('fixes the file, keeps BOM and CRLF and every other byte, and a second --fix changes nothing', () => {
    const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(AGENT('\r\n'))]);
    const dir = project({ [FILE]: original });
    const r = cli(['--fix', '--rule', 'return-format-present:off'], dir);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const fixed = readFileSync(path.join(dir, FILE));
    const expected = Buffer.from(original.toString('utf8').replace('"delegation_depth": 2', '"delegation_depth": 1'), 'utf8');
    expect(fixed.equals(expected)).toBe(true);
    const again = cli(['--fix'], dir);
    expect(again.status).toBe(0);
    expect(readFileSync(path.join(dir, FILE)).equals(expected)).toBe(true);
  });

  it('--fix-dry-run prints a unified diff and changes no file', () => {
    const dir = project({ [FILE]: AGENT('\n') });
    const r = cli(['--fix-dry-run'], dir);
    expect(r.stdout).toContain(`--- a/${FILE}\n+++ b/${FILE}\n`);
    expect(r.stdout).toContain('-    "delegation_depth": 2,\n+    "delegation_depth": 1,\n');
    expect(readFileSync(path.join(dir, FILE), 'utf8')).toBe(AGENT('\n'));
    // The report describes the text as it would be after the fixes: nothing left.
    expect(r.status).toBe(0);
  });

  it('--fix-dry-run with --format json puts the fixed text in "output"', () => {
    const dir = project({ [FILE]: AGENT('\n') });
    const r = cli(['--fix-dry-run', '--format', 'json'], dir);
    const results = JSON.parse(r.stdout) as Array<{ output?: string; messages: unknown[] }>;
    expect(results[0]!.output).toBe(AGENT('\n').replace('"delegation_depth": 2', '"delegation_depth": 1'));
  });

  it('does not write into a linked folder that leads out of the project', () => {
    const outside = project({ 'agents/x.md': AGENT('\n') });
    const dir = project({});
    mkdirSync(path.join(dir, '.claude'), { recursive: true });
    symlinkSync(path.join(outside, 'agents'), path.join(dir, '.claude/agents'));
    const r = cli(['--fix'], dir);
    expect(r.stderr).toContain('in a linked folder');
    expect(r.stderr).toContain('outside the project');
    expect(r.status).toBe(2);
    expect(readFileSync(path.join(outside, 'agents/x.md'), 'utf8')).toBe(AGENT('\n'));
  });

  it('does not write through a symlink that leads out of the project', () => {
    const outside = project({ 'agents/x.md': AGENT('\n') });
    const dir = project({});
    mkdirSync(path.join(dir, '.claude/agents'), { recursive: true });
    symlinkSync(path.join(outside, 'agents/x.md'), path.join(dir, FILE));
    const r = cli(['--fix', FILE], dir);
    expect(r.stderr).toContain('outside the project');
    expect(r.status).toBe(2);
    expect(readFileSync(path.join(outside, 'agents/x.md'), 'utf8')).toBe(AGENT('\n'));
  });

  it('--fix and --fix-dry-run together are a usage error', () => {
    const r = cli(['--fix', '--fix-dry-run'], project({}));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('cannot be used together');
  });
});

describe('--cache', () => {
  const lintWith = (dir: string, cache: LintCache) =>
    lint({ cwd: dir, patterns: [], rules: ALL_RULES, config: (f) => new ConfigLookup({ cwd: dir, rules: ALL_RULES, lookup: true }).forFile(f), cache });

  it('reuses results of unchanged files and recomputes when any spec of the project changes', () => {
    const dir = project({ [FILE]: AGENT('\n'), '.claude/agents/helper.md': '---\nname: helper\ndescription: Helps\n---\nHelp.\n' });
    const file = path.join(dir, '.agent-lint-cache');
    const first = new LintCache(file);
    const r1 = lintWith(dir, first);
    first.save();
    expect(first.misses).toBe(2);
    const second = new LintCache(file);
    const r2 = lintWith(dir, second);
    expect(second.hits).toBe(2);
    expect(r2.results.map((r) => r.messages)).toEqual(r1.results.map((r) => r.messages));
    // Changing another file of the project invalidates both (cross-file rules read it).
    writeFileSync(path.join(dir, '.claude/agents/helper.md'), '---\nname: helper\ndescription: Helps more\n---\nHelp.\n');
    const third = new LintCache(file);
    lintWith(dir, third);
    expect(third.hits).toBe(0);
  });

  it('writes .agent-lint-cache from the CLI and gives the same report from it', () => {
    const dir = project({ [FILE]: AGENT('\n') });
    const a = cli(['--cache', '--format', 'json'], dir);
    expect(existsSync(path.join(dir, '.agent-lint-cache'))).toBe(true);
    const b = cli(['--cache', '--format', 'json'], dir);
    expect(b.stdout).toBe(a.stdout);
    expect(b.status).toBe(a.status);
  });

  it('a broken cache file is ignored, not fatal', () => {
    const dir = project({ [FILE]: AGENT('\n'), '.agent-lint-cache': '{not json' });
    const r = cli(['--cache'], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('');
  });
});

describe('--init', () => {
  it('writes a starter config that agent-lint accepts, and never overwrites one', () => {
    const dir = project({ [FILE]: AGENT('\n') });
    const r = cli(['--init'], dir);
    expect(r.status).toBe(0);
    const text = readFileSync(path.join(dir, '.agent-lint.jsonc'), 'utf8');
    expect(text).toContain('"$schema"');
    const lintRun = cli(['--print-config', FILE], dir);
    expect(lintRun.status).toBe(0);
    expect(JSON.parse(lintRun.stdout).configFile).toBe(path.join(dir, '.agent-lint.jsonc'));
    const again = cli(['--init'], dir);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('already exists');
  });
});

describe('safe fixes of the rules', () => {
  it('frontmatter-valid quotes an argument-hint that breaks YAML, and the result parses', () => {
    const cmd = '---\ndescription: Review code\nargument-hint: [--quick] [--deep "x"]\nmodel: sonnet\n---\n\nReview $ARGUMENTS\n';
    const dir = project({ '.claude/commands/review.md': cmd });
    const r = cli(['--fix'], dir);
    expect(readFileSync(path.join(dir, '.claude/commands/review.md'), 'utf8')).toBe(cmd.replace('[--quick] [--deep "x"]', '"[--quick] [--deep \\"x\\"]"'));
    expect(r.stdout).toBe('');
    expect(r.status).toBe(0);
  });
});
