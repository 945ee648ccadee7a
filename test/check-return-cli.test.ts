/**
 * `agent-lint check-return` as a process (the built dist/src/cli/bin.js): exit codes, stylish
 * and JSON output, stdin, --extract, --session-id, --check-artifacts, usage errors.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_FAILED, RESEARCH_DONE, SESSION, V1_TESTS_BLOCKED, posOf, variant } from './helpers/replies.js';

const BIN = path.resolve(import.meta.dirname, '../dist/src/cli/bin.js');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-check-return-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function run(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, 'check-return', ...args], { cwd: tmp, input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function write(name: string, text: string): string {
  const file = path.join(tmp, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

interface JsonReport {
  filePath: string;
  standard: string;
  valid: boolean;
  errorCount: number;
  warningCount: number;
  messages: Array<{ ruleId: string; severity: number; message: string; pointer: string; line: number; column: number; endLine: number; endColumn: number; help?: string }>;
}

const json = (stdout: string) => JSON.parse(stdout) as JsonReport;

beforeAll(() => {
  expect(existsSync(BIN), `${BIN} is built by npm run build`).toBe(true);
});

describe('check-return and the project config', () => {
  const custom = variant(BUILD_FAILED, (r) => (r.errors[0].code = 'LEAN_BUILD_FAILED'));
  const ids = (stdout: string) => json(stdout).messages.map((m) => `${m.ruleId}:${m.severity}`);

  it('reads the config from --root upward: rule options, severities and the standard', () => {
    write('cfg/project/reply.json', custom);
    const root = path.join(tmp, 'cfg/project');
    // No config: the code is not a v2 code.
    expect(ids(run(['--root', root, '-f', 'json', 'cfg/project/reply.json']).stdout)).toEqual(['error-code-known:1']);
    write('cfg/.agent-lint.json', JSON.stringify({ rules: { 'error-code-known': ['warn', { extraCodes: ['LEAN_BUILD_FAILED'] }], 'return-summary-length': 'off' } }));
    const withConfig = run(['--root', root, '-f', 'json', 'cfg/project/reply.json']);
    expect(withConfig.code).toBe(0);
    expect(ids(withConfig.stdout)).toEqual([]);
    // --no-config-lookup: the defaults again; --config: that file.
    expect(ids(run(['--root', root, '--no-config-lookup', '-f', 'json', 'cfg/project/reply.json']).stdout)).toEqual(['error-code-known:1']);
    write('other.json', JSON.stringify({ rules: { 'error-code-known': 'off', 'return-summary-length': ['error', { maxChars: 20 }] } }));
    const other = run(['--root', root, '--config', 'other.json', '-f', 'json', 'cfg/project/reply.json']);
    expect(ids(other.stdout)).toEqual(['return-summary-length:2']);
    expect(other.code).toBe(1);
    // The config's standard, unless --standard says otherwise.
    write('cfg/v1/.agent-lint.json', JSON.stringify({ standard: 'v1' }));
    write('cfg/v1/reply.json', variant(V1_TESTS_BLOCKED));
    const v1Root = path.join(tmp, 'cfg/v1');
    expect(json(run(['--root', v1Root, '-f', 'json', 'cfg/v1/reply.json']).stdout)).toMatchObject({ standard: 'v1', valid: true });
    expect(json(run(['--root', v1Root, '--standard', 'v2', '-f', 'json', 'cfg/v1/reply.json']).stdout)).toMatchObject({ standard: 'v2', valid: false });
  });

  it('exit 2 for a bad config, naming the file and the problem', () => {
    write('bad/.agent-lint.json', JSON.stringify({ rules: { 'error-code-known': ['warn', { extraCodes: 5 }] } }));
    write('bad/reply.json', custom);
    const r = run(['--root', path.join(tmp, 'bad'), 'bad/reply.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`config error in ${path.join('bad', '.agent-lint.json')}`);
    expect(r.stderr).toContain('extraCodes');
    expect(run(['--config', 'x.json', '--no-config-lookup', 'bad/reply.json']).code).toBe(2);
  });
});

describe('check-return process', () => {
  const good = variant(RESEARCH_DONE);
  const deep = variant(RESEARCH_DONE, (r) => (r.metadata.delegation_depth = 2));

  it('a valid return: exit 0 and no output', () => {
    write('good.json', good);
    expect(run(['good.json'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('an invalid return: exit 1 and a stylish report with the position and rule', () => {
    write('deep.json', deep);
    const r = run(['deep.json']);
    expect(r.code).toBe(1);
    const p = posOf(deep, '"delegation_depth": 2');
    expect(r.stdout).toContain(`${p.line}:${p.column + 20}  error  delegation_depth is 2 but delegation_path has 3 entries`);
    expect(r.stdout).toContain('depth-path-mismatch');
    expect(r.stdout).toContain('✖ 1 problem (1 error, 0 warnings)');
  });

  it('--format json: each finding with its pointer and position', () => {
    const text = variant(BUILD_FAILED, (r) => {
      r.errors = [];
      r.metadata.delegation_path = ['orchestrator', 'builder', 'builder'];
    });
    write('failed.json', text);
    const r = run(['failed.json', '--format', 'json']);
    expect(r.code).toBe(1);
    const report = json(r.stdout);
    expect(report).toMatchObject({ filePath: path.join(tmp, 'failed.json'), standard: 'v2', valid: false, errorCount: 2, warningCount: 0 });
    const errorsKey = posOf(text, '"errors": []');
    const errorsAt = { line: errorsKey.line, column: errorsKey.column + '"errors": '.length };
    const dupAt = posOf(text, '"builder"', text.indexOf('"builder"', text.indexOf('"delegation_path"')) + 1);
    expect(report.messages.map((m) => [m.ruleId, m.pointer, m.line, m.column])).toEqual([
      ['delegation-cycle', '/metadata/delegation_path/2', dupAt.line, dupAt.column],
      ['return-status-errors', '/errors', errorsAt.line, errorsAt.column],
    ]);
    expect(report.messages[1]!.message).toContain('status is "failed" but errors is empty');
  });

  it('--format json on a valid return says so', () => {
    expect(json(run(['good.json', '-f', 'json']).stdout)).toMatchObject({ valid: true, errorCount: 0, messages: [] });
  });

  it('reads standard input for "-" and for no file', () => {
    expect(run(['-'], deep).code).toBe(1);
    const r = run(['--format', 'json'], deep);
    expect(r.code).toBe(1);
    expect(json(r.stdout)).toMatchObject({ filePath: '<stdin>', messages: [{ ruleId: 'depth-path-mismatch', pointer: '/metadata/delegation_depth' }] });
    expect(run([], good).code).toBe(0);
  });

  it('plain text is "Return is not valid JSON"', () => {
    const r = run(['-f', 'json'], 'I wrote the report to specs/042/reports/research-001.md.');
    expect(r.code).toBe(1);
    expect(json(r.stdout).messages).toEqual([
      {
        ruleId: 'return-format-json',
        severity: 2,
        message: "Return is not valid JSON: expected a JSON value, found 'I'",
        help: 'The caller parses the reply as one JSON value: double-quoted keys and strings, no comments, trailing commas or placeholders.',
        pointer: '',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 2,
      },
    ]);
  });

  describe('--extract', () => {
    const prose = `Research complete. The return:\n${deep}\nAll files are saved.`;
    const fenced = `Research complete.\n\n\`\`\`json\n${good}\n\`\`\`\n`;

    it('without it, JSON wrapped in prose is not valid JSON (with a hint)', () => {
      const r = run(['-f', 'json'], prose);
      expect(r.code).toBe(1);
      expect(json(r.stdout).messages[0]!.help).toContain('The reply holds a JSON object at 2:1: to read JSON wrapped in prose or a code fence, use extract (--extract).');
      // Stylish prints that hint under the code frame.
      const stylish = run([], fenced);
      expect(stylish.code).toBe(1);
      expect(stylish.stdout).toMatch(/\n {4}help: The reply holds a JSON object at 4:1: .*--extract/);
    });

    it('from prose, with positions in the whole reply', () => {
      const r = run(['--extract', '-f', 'json'], prose);
      expect(r.code).toBe(1);
      const p = posOf(prose, '"delegation_depth": 2');
      expect(json(r.stdout).messages.map((m) => [m.ruleId, m.pointer, m.line, m.column])).toEqual([['depth-path-mismatch', '/metadata/delegation_depth', p.line, p.column + 20]]);
    });

    it('from a ```json fence', () => {
      expect(run(['--extract'], fenced)).toEqual({ code: 0, stdout: '', stderr: '' });
      write('reply.md', fenced.replace('"status": "completed"', '"status": "finished"'));
      const r = run(['reply.md', '--extract']);
      expect(r.code).toBe(1);
      // The short message, then the help under the code frame, as the main command's stylish prints it.
      expect(r.stdout).toContain('5:13  error  status "finished" is not an allowed value  return-format-schema\n');
      expect(r.stdout).toMatch(/\n {6}\| {13}\^~+\n {4}help: Delegation Standard 2\.0 allows completed, failed, partial, blocked\.\n/);
    });
  });

  it('--session-id: a mismatch fails, a match passes', () => {
    expect(run(['good.json', '--session-id', SESSION]).code).toBe(0);
    const r = run(['good.json', '--session-id', 'sess_1767225999_zzzzzz', '-f', 'json']);
    expect(r.code).toBe(1);
    expect(json(r.stdout).messages).toMatchObject([{ ruleId: 'session-id-mismatch', pointer: '/metadata/session_id', message: expect.stringMatching(/^Session ID mismatch: /) }]);
  });

  it('--standard changes the profile', () => {
    const v1 = variant(RESEARCH_DONE, (r) => {
      delete r.metadata.delegation_depth;
      delete r.metadata.delegation_path;
      r.metadata.session_id = 'researcher_42_20260101T090000_k3x9q2';
    });
    expect(run(['--standard', 'v1'], v1).code).toBe(0);
    expect(run(['--standard', 'v2'], v1).code).toBe(1);
  });

  describe('--check-artifacts', () => {
    const reply = variant(RESEARCH_DONE, (r) => {
      r.artifacts = [
        { type: 'research', path: 'specs/042/reports/research-001.md' },
        { type: 'research', path: 'specs/042/reports/empty.md' },
        { type: 'research', path: 'specs/042/reports/missing.md' },
      ];
    });

    it('reports a missing and an empty artifact, relative to --root', () => {
      write('project/specs/042/reports/research-001.md', '# Report\n');
      write('project/specs/042/reports/empty.md', '');
      write('artifacts.json', reply);
      const r = run(['artifacts.json', '--check-artifacts', '--root', 'project', '-f', 'json']);
      expect(r.code).toBe(1);
      expect(json(r.stdout).messages.map((m) => [m.ruleId, m.pointer, m.message, m.help])).toEqual([
        ['return-artifact-paths', '/artifacts/1/path', 'artifact path "specs/042/reports/empty.md" is an empty file', "Expected the artifact's content: an empty artifact is a phantom result."],
        ['return-artifact-paths', '/artifacts/2/path', 'artifact path "specs/042/reports/missing.md" does not exist', expect.stringContaining('paths are relative to the project root')],
      ]);
    });

    it('defaults to the working directory, and is off without the flag', () => {
      const r = run(['artifacts.json', '--check-artifacts', '-f', 'json']);
      expect(json(r.stdout).messages).toHaveLength(3);
      expect(run(['artifacts.json']).code).toBe(0);
    });
  });

  describe('usage errors exit 2', () => {
    it.each([
      [['--bogus'], "Unknown option '--bogus'"],
      [['--standard', 'v3'], '--standard expects v2, v1 or bounded, got "v3"'],
      [['--format', 'sarif'], '--format expects stylish or json, got "sarif"'],
      [['a.json', 'b.json'], 'check-return checks one reply; got 2 inputs'],
      [['--root', 'nowhere'], '--root "nowhere" is not a directory'],
      [['--session-id', ''], '--session-id expects the id sent with the delegation'],
      [['missing.json'], 'cannot read "missing.json": no such file'],
      [['project'], 'cannot read "project": it is a directory'],
    ])('%j', (args, message) => {
      const r = run(args, good);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(message);
    });
  });

  it('--help names the command and exits 0', () => {
    const r = run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: agent-lint check-return \[file\|-\]/);
    expect(r.stdout).toContain('--check-artifacts');
  });

  it('the linter itself still runs without the subcommand', () => {
    const r = spawnSync(process.execPath, [BIN, '--version'], { cwd: tmp, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});
