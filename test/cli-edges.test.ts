/**
 * The rough edges a new user hit, each driven as a process: --output-file where no file can be,
 * --agents-dir that does not exist or starts with an unexpanded `~`, --max-warnings -1,
 * TERM=dumb, --color into a file, standard input's name, --print-schema's error that is no usage
 * error, and the package-lock.json that a fresh `npm install` rewrote.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';
import { BIN, ROOT } from './helpers/lint-run.js';

const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-edges-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[\d+m/;
/** frontmatter-valid at 3:15 and a warning-free rest. */
const BAD_COMMAND = '---\ndescription: Research\nargument-hint: [topic] [--deep]\n---\nResearch $ARGUMENTS.\n';
const AGENT_WARN = '---\nname: helper\ndescription: Helps\ntools: Read, Frobnicate\n---\nHelp.\n';

function run(args: string[], cwd: string, env: Record<string, string | undefined> = {}, input = '') {
  const base: Record<string, string | undefined> = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, TERM: undefined, CI: undefined, GITHUB_ACTIONS: undefined };
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, env: { ...base, ...env }, input, encoding: 'utf8', timeout: 30_000 });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('--output-file where no file can be', () => {
  it('a folder, a path below a file: exit 2 with a one-line reason, no stack trace', () => {
    const d = project({ '.claude/commands/research.md': BAD_COMMAND, 'note.txt': 'x' });
    mkdirSync(path.join(d, 'out'));
    for (const [target, why] of [
      ['out', 'it is a folder'],
      ['note.txt/report.txt', `${path.join(d, 'note.txt')} is a file, not a folder`],
      ['note.txt/deeper/report.txt', `${path.join(d, 'note.txt')} is a file, not a folder`],
    ] as const) {
      const r = run(['-o', target], d);
      expect([r.code, r.stderr], target).toEqual([2, `agent-lint: cannot write the report to ${target}: ${why}\n`]);
    }
    // Folders that do not exist yet are made.
    const ok = run(['-o', 'reports/lint/out.txt'], d);
    expect(ok.code).toBe(1);
    expect(readFileSync(path.join(d, 'reports/lint/out.txt'), 'utf8')).toContain('frontmatter-valid');
  });

  it.skipIf(!existsSync('/proc/self'))('below /proc: refused at once (it used to spin forever)', () => {
    const d = project({ '.claude/commands/research.md': BAD_COMMAND });
    const r = run(['-o', '/proc/agent-lint/x/report.txt'], d);
    expect([r.code, r.stderr]).toEqual([2, 'agent-lint: cannot write the report to /proc/agent-lint/x/report.txt: cannot create the folder /proc/agent-lint (nothing can be created there)\n']);
    const top = run(['-o', '/proc/report.txt'], d);
    expect([top.code, top.stderr]).toEqual([2, 'agent-lint: cannot write the report to /proc/report.txt: nothing can be created there\n']);
  });

  it.skipIf(!existsSync('/dev/full'))('/dev/full: a device, not a regular file', () => {
    const d = project({ '.claude/commands/research.md': BAD_COMMAND });
    const r = run(['-o', '/dev/full'], d);
    expect([r.code, r.stderr]).toEqual([2, 'agent-lint: cannot write the report to /dev/full: it is not a regular file (a FIFO, socket or device)\n']);
  });

  it('--color does not put ANSI codes into the file', () => {
    const d = project({ '.claude/commands/research.md': BAD_COMMAND });
    expect(run(['--color', '-o', 'r.txt'], d).code).toBe(1);
    const text = readFileSync(path.join(d, 'r.txt'), 'utf8');
    expect(text).toContain('frontmatter-valid');
    expect(text).not.toMatch(ANSI);
  });
});

describe('--agents-dir', () => {
  it('a folder that does not exist is a usage error', () => {
    const d = project({ '.claude/commands/research.md': BAD_COMMAND });
    const r = run(['--agents-dir', 'shared/agents'], d);
    expect([r.code, r.stderr]).toEqual([2, 'agent-lint: --agents-dir shared/agents: no such folder\nRun agent-lint --help for usage.\n']);
    writeFileSync(path.join(d, 'file.md'), 'x');
    expect(run(['--agents-dir', 'file.md'], d).stderr).toContain('--agents-dir file.md: not a folder');
  });

  it('~ left unexpanded by the shell (--agents-dir=~/...) is the home folder', () => {
    const home = path.join(TMP, 'home');
    mkdirSync(path.join(home, '.claude/agents'), { recursive: true });
    writeFileSync(path.join(home, '.claude/agents/librarian.md'), '---\nname: librarian\ndescription: Finds books\n---\nFind books.\n');
    // The project has an agent of its own, so a delegation to an unknown one is reported.
    const d = project({
      '.claude/commands/find.md': '---\ndescription: Find a book\n---\nTask(subagent_type="librarian", prompt="Find the book")\n',
      '.claude/agents/clerk.md': '---\nname: clerk\ndescription: Files books\n---\nFile the book.\n',
    });
    const without = run(['-f', 'json'], d, { HOME: home });
    const with_ = run(['-f', 'json', '--agents-dir=~/.claude/agents'], d, { HOME: home });
    expect(with_.stderr).toBe('');
    const targets = (out: string) => (JSON.parse(out) as Array<{ messages: Array<{ ruleId: string; message: string }> }>).flatMap((r) => r.messages.filter((m) => m.ruleId === 'unknown-delegation-target').map((m) => m.message));
    expect(targets(without.stdout).filter((m) => m.includes('librarian'))).toHaveLength(1);
    expect(targets(with_.stdout)).toEqual([]);
    const missing = run(['--agents-dir=~/nowhere'], d, { HOME: home });
    expect([missing.code, missing.stderr]).toEqual([2, `agent-lint: --agents-dir ~/nowhere: no such folder (${path.join(home, 'nowhere')})\nRun agent-lint --help for usage.\n`]);
  });
});

describe('small things', () => {
  it('--max-warnings -1 (no limit) is taken with a space too', () => {
    const d = project({ '.claude/agents/helper.md': AGENT_WARN });
    const base = run([], d);
    expect(base.stdout).toMatch(/1 warning/);
    expect(run(['--max-warnings', '0'], d).code).toBe(1);
    for (const args of [['--max-warnings', '-1'], ['--max-warnings=-1']]) {
      const r = run(args, d);
      expect([r.code, r.stderr], args.join(' ')).toEqual([0, '']);
    }
    expect(run(['--max-warnings', '-2'], d).stderr).toContain('--max-warnings expects a whole number');
  });

  it('TERM=dumb gets no colour (FORCE_COLOR and --color still win)', () => {
    const d = project({ '.claude/commands/research.md': BAD_COMMAND });
    expect(run([], d, { TERM: 'dumb', FORCE_COLOR: undefined }).stdout).not.toMatch(ANSI);
    expect(run([], d, { TERM: 'dumb', FORCE_COLOR: '1' }).stdout).toMatch(ANSI);
    expect(run(['--color'], d, { TERM: 'dumb' }).stdout).toMatch(ANSI);
  });

  it('standard input is shown as <stdin>', () => {
    const d = project({});
    const r = run(['--stdin'], d, {}, BAD_COMMAND.replace('Research', 'Research $ARGUMENTS'));
    const json = run(['--stdin', '-f', 'json'], d, {}, '---\nname: [x\n---\n');
    expect(r.stdout).not.toContain('<stdin>.md');
    expect(JSON.parse(json.stdout)[0].filePath).toBe(path.join(d, '<stdin>'));
    const stylish = run(['--stdin'], d, {}, '---\nname: [x\n---\n');
    expect(stylish.stdout.split('\n')[0]).toBe('<stdin>');
  });

  it('--print-schema for a profile without that schema: an error, not a usage error', () => {
    const r = run(['--print-schema', 'delegation-context', '--standard', 'v1'], TMP);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', 'agent-lint: the Subagent Return Format Standard 1.0 profile (v1) defines no delegation context schema\n']);
  });

  it('code frames fit 80 columns when the width is unknown (a pipe)', () => {
    const d = project({ '.claude/commands/long.md': `---\ndescription: Long\nargument-hint: [${'a'.repeat(150)}] [--deep] ${'b'.repeat(100)}\n---\nGo.\n` });
    const r = run([], d);
    const frames = r.stdout.split('\n').filter((l) => / \| /.test(l));
    expect(frames.length).toBeGreaterThan(0);
    for (const l of frames) expect([...l].length, l).toBeLessThanOrEqual(80);
  });

  it('return-format-json says where an object opened by line and column, with the help apart', () => {
    const d = project({ '.claude/agents/helper.md': '---\nname: helper\ndescription: Helps\n---\n\n```json\n{\n  "status": "completed",\n  "summary": "x",\n  "metadata": {\n    "a": 1,\n    ,\n  }\n}\n```\n' });
    const out = JSON.parse(run(['-f', 'json'], d).stdout)[0].messages.filter((m: { ruleId: string }) => m.ruleId === 'return-format-json');
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ line: 12, column: 5, message: "return format is not valid JSON: expected a property key or '}' in object opened at line 10, column 15" });
    expect(out[0].help).toMatch(/^A subagent copies the return format its spec shows/);
  });

  it("package-lock.json's root entry is what npm install writes from package.json (a fresh clone stays clean)", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
    const root = lock.packages[''];
    expect([lock.name, lock.version]).toEqual([pkg.name, pkg.version]);
    for (const k of ['name', 'version', 'license', 'bin', 'dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'engines']) expect(root[k], k).toEqual(pkg[k]);
  });
});
