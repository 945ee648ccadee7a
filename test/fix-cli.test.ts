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

/** A clean v2 return whose depth (2) does not fit its three-entry path: depth-path-mismatch, with a suggestion. */
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

/** A command whose argument-hint breaks YAML (frontmatter-valid): a repair that is certainly right, so --fix applies it. */
const COMMAND = (eol: string) => ['---', 'description: Review code', 'argument-hint: [--quick] [--deep]', 'model: sonnet', '---', '', 'Review $ARGUMENTS', ''].join(eol);
const CMD_FILE = '.claude/commands/review.md';
const quoted = (text: string) => text.replace('[--quick] [--deep]', '"[--quick] [--deep]"');

describe('--fix', () => {
  it('fixes the file, keeps BOM and CRLF and every other byte, and a second --fix changes nothing', () => {
    const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(COMMAND('\r\n'))]);
    const dir = project({ [CMD_FILE]: original });
    const dry = cli(['--fix-dry-run'], dir);
    expect(dry.stderr).toBe('agent-lint: --fix would fix 1 problem in 1 file\n');
    const r = cli(['--fix'], dir);
    expect(r.stderr).toBe('agent-lint: fixed 1 problem in 1 file\n');
    expect(r.status).toBe(0);
    const fixed = readFileSync(path.join(dir, CMD_FILE));
    const expected = Buffer.from(quoted(original.toString('utf8')), 'utf8');
    expect(fixed.equals(expected)).toBe(true);
    const again = cli(['--fix'], dir);
    expect(again.stderr).toBe('');
    expect(again.status).toBe(0);
    expect(readFileSync(path.join(dir, CMD_FILE)).equals(expected)).toBe(true);
  });

  it('--fix-dry-run prints a unified diff and changes no file', () => {
    const dir = project({ [CMD_FILE]: COMMAND('\n') });
    const r = cli(['--fix-dry-run'], dir);
    expect(r.stdout).toContain(`--- a/${CMD_FILE}\n+++ b/${CMD_FILE}\n`);
    expect(r.stdout).toContain('-argument-hint: [--quick] [--deep]\n+argument-hint: "[--quick] [--deep]"\n');
    expect(readFileSync(path.join(dir, CMD_FILE), 'utf8')).toBe(COMMAND('\n'));
    // The report describes the text as it would be after the fixes: nothing left.
    expect(r.status).toBe(0);
  });

  it('--fix-dry-run with --format json puts the fixed text in "output"', () => {
    const dir = project({ [CMD_FILE]: COMMAND('\n') });
    const r = cli(['--fix-dry-run', '--format', 'json'], dir);
    const results = JSON.parse(r.stdout) as Array<{ output?: string; messages: unknown[] }>;
    expect(results[0]!.output).toBe(quoted(COMMAND('\n')));
  });

  it('does not write into a linked folder that leads out of the project: it is not walked', () => {
    const outside = project({ 'commands/x.md': COMMAND('\n') });
    const dir = project({});
    mkdirSync(path.join(dir, '.claude'), { recursive: true });
    symlinkSync(path.join(outside, 'commands'), path.join(dir, '.claude/commands'));
    const r = cli(['--fix'], dir);
    expect(r.stderr).toContain('Not followed: .claude/commands (symlinked folders that lead out of the folder linted)');
    expect(r.status).toBe(2);
    expect(readFileSync(path.join(outside, 'commands/x.md'), 'utf8')).toBe(COMMAND('\n'));
  });

  it('does not write through a symlink that leads out of the project', () => {
    const outside = project({ 'commands/x.md': COMMAND('\n') });
    const dir = project({});
    mkdirSync(path.join(dir, '.claude/commands'), { recursive: true });
    symlinkSync(path.join(outside, 'commands/x.md'), path.join(dir, CMD_FILE));
    const r = cli(['--fix', CMD_FILE], dir);
    expect(r.stderr).toContain('outside the project');
    expect(r.status).toBe(2);
    expect(readFileSync(path.join(outside, 'commands/x.md'), 'utf8')).toBe(COMMAND('\n'));
  });

  it('--fix and --fix-dry-run together are a usage error', () => {
    const r = cli(['--fix', '--fix-dry-run'], project({}));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('cannot be used together');
  });
});

describe('suggestions (repairs a person chooses)', () => {
  // depth 2 with a three-entry path: the depth or the path is wrong, so the repair is a suggestion.
  it('--fix applies no suggestion: the file stays as it was and the finding stays', () => {
    const dir = project({ [FILE]: AGENT('\n') });
    const r = cli(['--fix', '--format', 'json'], dir);
    expect(readFileSync(path.join(dir, FILE), 'utf8')).toBe(AGENT('\n'));
    expect(r.status).toBe(1);
    const [res] = JSON.parse(r.stdout) as Array<{ output?: string; fixableErrorCount: number; messages: Array<{ ruleId: string; fix?: unknown }> }>;
    expect(res!.output).toBeUndefined();
    expect(res!.fixableErrorCount).toBe(0);
    expect(res!.messages.map((m) => [m.ruleId, m.fix])).toEqual([['depth-path-mismatch', undefined]]);
  });

  it('the JSON output lists them as ESLint does: suggestions: [{desc, messageId, fix: {range, text}}]', () => {
    const dir = project({ [FILE]: AGENT('\n') });
    const r = cli(['--format', 'json'], dir);
    const [res] = JSON.parse(r.stdout) as Array<{ messages: Array<Record<string, unknown>> }>;
    const at = AGENT('\n').indexOf('"delegation_depth": 2') + '"delegation_depth": '.length;
    expect(res!.messages[0]).toMatchObject({ ruleId: 'depth-path-mismatch', line: 15, column: 25 });
    expect(res!.messages[0]!['suggestions']).toEqual([{ desc: "Set delegation_depth to 1 (the path's length)", messageId: 'setDepth', fix: { range: [at, at + 1], text: '1' } }]);
  });

  it('--fix-dry-run shows each suggestion as a labelled diff, and changes no file', () => {
    const dir = project({ [FILE]: AGENT('\n') });
    const r = cli(['--fix-dry-run'], dir);
    expect(r.stdout).toContain(`# suggestion for ${FILE}:15:25 (depth-path-mismatch): Set delegation_depth to 1 (the path's length)\n--- a/${FILE}\n+++ b/${FILE}\n`);
    expect(r.stdout).toContain('-    "delegation_depth": 2,\n+    "delegation_depth": 1,\n');
    expect(readFileSync(path.join(dir, FILE), 'utf8')).toBe(AGENT('\n'));
    expect(r.status).toBe(1);
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
