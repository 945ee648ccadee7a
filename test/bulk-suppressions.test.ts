/**
 * Bulk suppressions (ESLint 9's): the counting logic on data, and the command line on a copy of
 * the sample project (six errors): --suppress-all writes agent-lint-suppressions.json (compared
 * with test/golden/agent-lint-suppressions.json; UPDATE_GOLDEN=1 rewrites it), later runs pass,
 * counts survive moved lines, an error beyond a count fails, a stale count fails until pruned.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  applySuppressions,
  parseSuppressionsFile,
  pruneSuppressions,
  recordSuppressions,
  serializeSuppressions,
  SuppressionsFileError,
} from '../src/engine/bulk-suppressions.js';
import { summarize } from '../src/engine/engine.js';
import type { LintMessage, LintResult } from '../src/types.js';
import { cliJson, ROOT, runCli } from './helpers/lint-run.js';

const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-bulk-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const GOLDEN = path.join(ROOT, 'test/golden/agent-lint-suppressions.json');

const msg = (ruleId: string, line: number, severity: 1 | 2 = 2, extra: Partial<LintMessage> = {}): LintMessage => ({ ruleId, severity, message: 'm', line, column: 1, endLine: line, endColumn: 2, ...extra });
const result = (filePath: string, messages: LintMessage[]): LintResult => summarize({ filePath, messages, suppressedMessages: [] });
const key = (f: string) => f.replace(/^\/p\//, '');

describe('the counting logic (data in, data out)', () => {
  const run = [result('/p/a.md', [msg('r1', 3), msg('r1', 9), msg('r2', 4), msg('r3', 5, 1)]), result('/p/b.md', [msg('file-unreadable', 1, 2, { fatal: true })])];

  it('records errors per file and rule, never warnings or fatal problems', () => {
    expect(recordSuppressions({}, run, key)).toEqual({ 'a.md': { r1: { count: 2 }, r2: { count: 1 } } });
    expect(recordSuppressions({}, run, key, new Set(['r2']))).toEqual({ 'a.md': { r2: { count: 1 } } });
  });

  it('suppresses errors within the counts, wherever their lines moved', () => {
    const data = { 'a.md': { r1: { count: 2 }, r2: { count: 1 } } };
    const moved = [result('/p/a.md', [msg('r1', 30), msg('r1', 90), msg('r2', 40), msg('r3', 5, 1)])];
    const out = applySuppressions(moved, data, key);
    expect(out.suppressed).toBe(3);
    expect(out.stale).toEqual([]);
    expect(out.results[0]!.messages.map((m) => m.ruleId)).toEqual(['r3']);
    expect(out.results[0]!.errorCount).toBe(0);
    expect(out.results[0]!.warningCount).toBe(1);
    expect(out.results[0]!.suppressedMessages.map((m) => [m.ruleId, m.suppressions])).toEqual([
      ['r1', [{ kind: 'file', justification: '' }]],
      ['r1', [{ kind: 'file', justification: '' }]],
      ['r2', [{ kind: 'file', justification: '' }]],
    ]);
  });

  it('reports every error of a rule beyond its count (which one is new cannot be told)', () => {
    const out = applySuppressions([result('/p/a.md', [msg('r1', 1), msg('r1', 2), msg('r1', 3)])], { 'a.md': { r1: { count: 2 } } }, key);
    expect(out.suppressed).toBe(0);
    expect(out.results[0]!.errorCount).toBe(3);
  });

  it('reports a count above the errors found as stale, and prune lowers it', () => {
    const data = { 'a.md': { r1: { count: 3 }, r9: { count: 1 } }, 'c.md': { r1: { count: 1 } } };
    const out = applySuppressions(run, data, key);
    expect(out.stale).toEqual([
      { file: 'a.md', ruleId: 'r1', count: 3, found: 2 },
      { file: 'a.md', ruleId: 'r9', count: 1, found: 0 },
    ]);
    // c.md was not linted: its count is not judged, nor pruned.
    expect(pruneSuppressions(data, run, key)).toEqual({ 'a.md': { r1: { count: 2 } }, 'c.md': { r1: { count: 1 } } });
  });

  it('reads only the documented shape, and writes sorted keys', () => {
    expect(() => parseSuppressionsFile('[]')).toThrow(SuppressionsFileError);
    expect(() => parseSuppressionsFile('{"a.md": {"r": {"count": 0}}}')).toThrow(/whole number n >= 1/);
    expect(() => parseSuppressionsFile('{"a.md": {"r": 2}}')).toThrow(/"a.md" > "r"/);
    expect(() => parseSuppressionsFile('{oops')).toThrow(/not valid JSON/);
    const data = parseSuppressionsFile('{"z.md": {"b": {"count": 1}, "a": {"count": 2}}, "__proto__": {"r": {"count": 1}}}');
    expect(serializeSuppressions(data)).toBe('{\n  "__proto__": {\n    "r": {\n      "count": 1\n    }\n  },\n  "z.md": {\n    "a": {\n      "count": 2\n    },\n    "b": {\n      "count": 1\n    }\n  }\n}\n');
  });
});

describe('the command line', () => {
  let n = 0;
  const sample = () => {
    const dir = path.join(TMP, `s${++n}`);
    cpSync(path.join(ROOT, 'fixtures/sample-project'), dir, { recursive: true });
    mkdirSync(path.join(dir, '.git'));
    return dir;
  };
  const edit = (dir: string, rel: string, f: (s: string) => string) => writeFileSync(path.join(dir, rel), f(readFileSync(path.join(dir, rel), 'utf8')));
  const SUP = 'agent-lint-suppressions.json';

  it('--suppress-all writes the file (golden), exits 0, and a later run reports none of those errors', () => {
    const dir = sample();
    expect(runCli([], dir).status).toBe(1);
    const first = runCli(['--suppress-all'], dir);
    expect(first.status).toBe(0);
    expect(first.stdout).toBe('');
    expect(first.stderr).toBe(`agent-lint: wrote ${SUP}\nagent-lint: 6 errors suppressed by ${SUP}\n`);
    const written = readFileSync(path.join(dir, SUP), 'utf8');
    if (process.env['UPDATE_GOLDEN']) writeFileSync(GOLDEN, written);
    expect(written).toBe(readFileSync(GOLDEN, 'utf8'));
    const again = cliJson([], dir);
    expect(again.run.status).toBe(0);
    expect(again.run.stderr).toBe(`agent-lint: 6 errors suppressed by ${SUP}\n`);
    expect(again.results.reduce((k, r) => k + r.errorCount, 0)).toBe(0);
    // ESLint's JSON shape: the suppressed errors with a suppression of kind "file".
    const sup = (again.results as unknown as LintResult[]).flatMap((r) => r.suppressedMessages);
    expect(sup).toHaveLength(6);
    expect(sup.every((m) => m.suppressions?.[0]?.kind === 'file')).toBe(true);
    // The cache stores what the rules found; the suppressions apply after it.
    expect(runCli(['--cache'], dir).status).toBe(0);
    const cached = runCli(['--cache'], dir);
    expect([cached.status, cached.stdout]).toEqual([0, '']);
  });

  it('counts survive moved lines; one more error of a rule in a file reports that rule there', () => {
    const dir = sample();
    runCli(['--suppress-all'], dir);
    edit(dir, '.claude/agents/researcher.md', (s) => s.replace('## How you work\n', '## How you work\n\nSome more prose.\n\nAnd more.\n'));
    expect(runCli([], dir).status).toBe(0);
    edit(dir, '.claude/agents/researcher.md', (s) => s.replace('3. Keep', '   ```\n   task(subagent_type="source-verifier", prompt="Check {url}")\n   ```\n\n3. Keep'));
    const r = runCli([], dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/researcher\.md\n {2}21:4 {2}error .* missing-json-format-instruction\n[^]*\n {2}\d+:\d+ {2}error .* missing-json-format-instruction/);
    expect(r.stdout).not.toMatch(/missing-timeout/);
    expect(r.stderr).toBe(`agent-lint: 5 errors suppressed by ${SUP}\n`);
  });

  it('a stale count fails the run until --prune-suppressions lowers it', () => {
    const dir = sample();
    runCli(['--suppress-all'], dir);
    edit(dir, '.claude/commands/research.md', (s) => s.replace('argument-hint: [topic] [--depth quick|deep]', 'argument-hint: "[topic] [--depth quick|deep]"'));
    const r = runCli([], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`agent-lint: error: ${SUP} counts more errors than are left; run agent-lint --prune-suppressions to lower the counts:\n  .claude/commands/research.md: frontmatter-valid (1 suppressed, 0 found)\n`);
    expect(runCli(['--pass-on-unpruned-suppressions'], dir).status).toBe(0);
    const pruned = runCli(['--prune-suppressions'], dir);
    expect(pruned.status).toBe(0);
    expect(readFileSync(path.join(dir, SUP), 'utf8')).not.toContain('research.md');
    expect(runCli([], dir).status).toBe(0);
    // Linting one file judges only that file's counts (a pre-commit run on staged files).
    expect(runCli(['.claude/agents/researcher.md'], dir).status).toBe(0);
  });

  it('--suppress-rule records one rule; --suppressions-location puts the file elsewhere', () => {
    const dir = sample();
    const r = runCli(['--suppress-rule', 'missing-timeout', '--suppressions-location', 'lint/sup.json'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('agent-lint: lint/sup.json: cannot write it (ENOENT)\n');
    mkdirSync(path.join(dir, 'lint'));
    const ok = runCli(['--suppress-rule', 'missing-timeout', '--suppressions-location', 'lint/sup.json'], dir);
    expect(ok.status).toBe(1);
    expect(JSON.parse(readFileSync(path.join(dir, 'lint/sup.json'), 'utf8'))).toEqual({ '../.claude/agents/researcher.md': { 'missing-timeout': { count: 1 } } });
    expect(existsSync(path.join(dir, SUP))).toBe(false);
    expect(ok.stdout).not.toMatch(/missing-timeout/);
    expect(ok.stdout).toMatch(/5 problems/);
    expect(runCli(['--suppressions-location', 'nowhere.json'], dir).stderr).toBe(
      'agent-lint: --suppressions-location: nowhere.json does not exist (--suppress-all or --suppress-rule writes it)\nRun agent-lint --help for usage.\n',
    );
    expect(runCli(['--suppress-rule', 'missing-timeot'], dir).stderr).toMatch(/--suppress-rule missing-timeot: unknown rule; did you mean "missing-timeout"\?/);
  });

  it('planted links neither redirect the write nor become the suppressions file', () => {
    const dir = sample();
    const outside = path.join(TMP, `victim-${n}.txt`);
    writeFileSync(outside, 'keep me');
    // A link under every name the old temporary file could take, and one as the file itself.
    for (let pid = 1; pid < 400; pid++) symlinkSync(outside, path.join(dir, `.${SUP}.${pid}.tmp`));
    const r = runCli(['--suppress-all'], dir);
    expect(r.status).toBe(0);
    expect(readFileSync(outside, 'utf8')).toBe('keep me');
    expect(lstatSync(path.join(dir, SUP)).isFile()).toBe(true);
    rmSync(path.join(dir, SUP));
    symlinkSync(outside, path.join(dir, SUP));
    const again = runCli(['--suppress-all'], dir);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('symlink');
    expect(readFileSync(outside, 'utf8')).toBe('keep me');
  });

  it('a broken suppressions file is a clear error (exit 2)', () => {
    const dir = sample();
    writeFileSync(path.join(dir, SUP), '{"a.md": {"r": {"count": "2"}}}');
    const r = runCli([], dir);
    expect([r.status, r.stderr]).toEqual([2, `agent-lint: ${SUP}: "a.md" > "r": expected { "count": n } with a whole number n >= 1\n`]);
  });
});
