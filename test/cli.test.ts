/**
 * The command line as a user runs it: `node dist/src/cli/bin.js` in temporary projects
 * (`npm test` builds first). The fixtures are clean under every rule but two findings:
 * frontmatter-valid (an unquoted argument-hint) and depth-path-mismatch (a depth that does not
 * fit its path, in an otherwise complete and valid v2 return).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { projectMaker } from './helpers/files.js';
import { REPO_ROOT } from './helpers/shared.js';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-cli-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
beforeAll(() => {
  if (!existsSync(BIN)) throw new Error('dist/ is missing: run `npm run build` (npm test does it)');
});

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[\d+m/;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], opts: { cwd: string; env?: Record<string, string>; input?: string }): Promise<Run> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(NO_COLOR|FORCE_COLOR|CI|GITHUB_ACTIONS)$/.test(k)) env[k] = v;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd, env: { ...env, ...opts.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.input ?? '');
  });
}

/** A fresh project folder holding these files (and a `.git` folder, so it is its own root). */
const project = projectMaker(TMP);

const GOOD_AGENT = '---\nname: helper\ndescription: Helps with small tasks\n---\nDo the small task.\n';
/** frontmatter-valid: an unquoted argument-hint (line 3, column 25). */
const BAD_COMMAND = '---\ndescription: Research\nargument-hint: [topic] [--deep]\n---\nResearch $ARGUMENTS.\n';
/**
 * A complete v2 return of agent `name`, valid under every rule except that its path (three
 * entries) asks for depth 1: any other depth is a depth-path-mismatch at the depth value,
 * column 215 for the researcher.
 */
const returnLine = (depth: number, name = 'researcher') =>
  `{"status": "completed", "summary": "Found three sources on the topic.", "artifacts": [], "metadata": {"session_id": "sess_1735460684_a1b2c3", "duration_seconds": 42, "agent_type": "${name}", "delegation_depth": ${depth}, "delegation_path": ["orchestrator", "research", "${name}"]}, "errors": []}`;
/** depth-path-mismatch at line 5, column 215 (the depth value). */
const DEPTH_AGENT = (depth: number) => `---\nname: researcher\ndescription: Researches\n---\n${returnLine(depth)}\n`;
/** An agent with a correct return: clean in a project that uses the standard. */
const RETURNING_AGENT = `---\nname: helper\ndescription: Helps with small tasks\n---\nDo the small task, then return:\n${returnLine(1, 'helper')}\n`;

const json = (r: Run) => JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<Record<string, unknown>>; suppressedMessages: Array<Record<string, unknown>>; errorCount: number; warningCount: number }>;
const found = (r: Run) => json(r).flatMap((f) => f.messages.map((m) => `${path.basename(f.filePath)}:${m['line']}:${m['column']} ${m['ruleId']}`));

describe.concurrent('exit codes', () => {
  it('0 and no output when nothing is wrong', async () => {
    const dir = project({ '.claude/agents/helper.md': GOOD_AGENT });
    const r = await cli([], { cwd: dir });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('1 when there are errors, with the finding, its code frame and a summary', async () => {
    const dir = project({ '.claude/commands/research.md': BAD_COMMAND });
    const r = await cli([], { cwd: dir });
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(path.join('.claude', 'commands', 'research.md'));
    expect(lines[1]).toBe('  3:24  error  `argument-hint` value `[topic] [--deep]` is not valid YAML  frontmatter-valid');
    expect(lines[2]).toBe('    3 | argument-hint: [topic] [--deep]');
    // The text after the list is what breaks the YAML: underlined whole.
    expect(lines[3]).toBe(`      | ${' '.repeat(23)}^${'~'.repeat('[--deep]'.length - 1)}`);
    // Under the code frame, the help: why it breaks, and the quoted value --fix writes.
    expect(lines[4]).toMatch(/^ {4}help: `argument-hint: \[topic\]` is a YAML list, .* Quote the whole value \(--fix does it\): argument-hint: "\[topic\] \[--deep\]"\.$/);
    expect(r.stdout).toContain('✖ 1 problem (1 error, 0 warnings)');
  });

  it('1 when warnings exceed --max-warnings, 0 when they do not', async () => {
    const dir = project({ '.claude/commands/research.md': BAD_COMMAND, '.agent-lint.json': '{"rules": {"frontmatter-valid": "warn"}}' });
    expect((await cli([], { cwd: dir })).code).toBe(0);
    expect((await cli(['--max-warnings', '1'], { cwd: dir })).code).toBe(0);
    const r = await cli(['--max-warnings', '0'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('too many warnings: 1 (maximum: 0)');
    expect((await cli(['--max-warnings', 'x'], { cwd: dir })).code).toBe(2);
  });

  it('2 for an unknown flag, with a message', async () => {
    const r = await cli(['--frobnicate'], { cwd: TMP });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown option '--frobnicate'");
    expect((await cli(['--max-warning', '3'], { cwd: TMP })).stderr).toContain('did you mean --max-warnings?');
    expect((await cli(['--format', 'xml'], { cwd: TMP })).stderr).toContain('unknown format "xml"; expected one of: stylish, json, sarif, github');
  });

  it('2 for a bad config, naming the bad key and the file', async () => {
    const dir = project({ '.claude/agents/helper.md': GOOD_AGENT, '.agent-lint.json': '{"rulez": {"frontmatter-valid": "off"}}' });
    const r = await cli([], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('config error in .agent-lint.json: rulez: unknown key; expected "rules"');

    writeFileSync(path.join(dir, '.agent-lint.json'), '{"rules": {"frontmatter-vald": "error"}}');
    expect((await cli([], { cwd: dir })).stderr).toContain('.agent-lint.json: rules.frontmatter-vald: unknown rule "frontmatter-vald"; did you mean "frontmatter-valid"?');
    writeFileSync(path.join(dir, '.agent-lint.json'), '{"rules": {"frontmatter-valid": "eror"}}');
    expect((await cli([], { cwd: dir })).stderr).toContain('rules.frontmatter-valid: must be one of "off", "warn", "error", 0, 1, 2');
    writeFileSync(path.join(dir, '.agent-lint.json'), '{"rules": {"depth-path-mismatch": ["error", {"pathOfset": 2}]}}');
    expect((await cli([], { cwd: dir })).stderr).toContain('rules.depth-path-mismatch.1.pathOfset: unknown key; expected "pathOffset"');
    writeFileSync(path.join(dir, '.agent-lint.json'), '{\n  "rules": {\n    "frontmatter-valid": "off"\n    "x": 1\n  }\n}');
    const bad = await cli([], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/\.agent-lint\.json: config is not valid JSON: .* at line 4, column 5/);
    expect((await cli(['--config', 'missing.json'], { cwd: dir })).stderr).toContain('missing.json: config file not found');
  });

  it('2 for a path that cannot be read', async () => {
    const dir = project({ '.claude/agents/helper.md': GOOD_AGENT });
    const r = await cli(['nope/agent.md'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot read "nope/agent.md": no such file or directory');
    symlinkSync(path.join(dir, 'gone.md'), path.join(dir, '.claude/agents/link.md'));
    const link = await cli(['.claude/agents/link.md'], { cwd: dir });
    expect(link.code).toBe(2);
    expect(link.stderr).toContain('cannot read ".claude/agents/link.md": dangling symlink');
  });

  it('a symlinked folder that leads out of the project is not walked, and --print-files says so', async () => {
    const outside = project({ 'agents/stranger.md': '---\nname: stranger\ndescription: Lives elsewhere\ntools: [oops\n---\nX.\n' });
    const dir = project({ '.claude/agents/helper.md': GOOD_AGENT, 'docs/notes.md': '# Notes\n' });
    symlinkSync(outside, path.join(dir, 'docs/linked'));
    mkdirSync(path.join(dir, 'shared/agents'), { recursive: true });
    writeFileSync(path.join(dir, 'shared/agents/inner.md'), '---\nname: inner\ndescription: Lives inside\n---\nY.\n');
    symlinkSync(path.join(dir, 'shared'), path.join(dir, 'docs/inner-link'));
    const r = await cli(['--format', 'json'], { cwd: dir });
    expect(r.code).toBe(0);
    const files = (JSON.parse(r.stdout) as Array<{ filePath: string }>).map((x) => path.relative(dir, x.filePath)).sort();
    expect(files.some((f) => f.includes('stranger'))).toBe(false);
    expect(files).toContain('docs/inner-link/agents/inner.md');
    const listed = await cli(['--print-files'], { cwd: dir });
    expect(listed.stdout).toMatch(/docs\/linked.*leads out of the folder linted: not followed/);
  });

  it('2 for a glob that matches nothing; a warning and 0 with --no-error-on-unmatched-pattern', async () => {
    const dir = project({ '.claude/agents/helper.md': GOOD_AGENT });
    const r = await cli(['specs/**/*.md'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: no spec files match "specs/**/*.md"');
    const w = await cli(['specs/**/*.md', '.claude/agents/helper.md', '--no-error-on-unmatched-pattern'], { cwd: dir });
    expect(w.code).toBe(0);
    expect(w.stderr).toContain('warning: no spec files match "specs/**/*.md"');
  });

  it('2 for a folder with no specs in it, saying where it looked and what to do', async () => {
    const dir = project({ 'docs/guide.md': '# Guide\n' });
    const r = await cli(['docs'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no agent, command or skill specs found in "docs" (looked in .claude/, .opencode/, plugins and the paths their manifests name, folders named agents/ or commands/, skills/<name>/SKILL.md)');
  });
});

describe.concurrent('options', () => {
  const dir = () =>
    project({
      '.claude/commands/research.md': BAD_COMMAND,
      '.claude/agents/researcher.md': DEPTH_AGENT(2),
      '.claude/agents/helper.md': RETURNING_AGENT,
      '.agent-lint.json': '{"rules": {"depth-path-mismatch": "warn"}}',
    });

  it("--format json is ESLint's shape", async () => {
    const r = await cli(['--format', 'json'], { cwd: dir() });
    expect(r.code).toBe(1);
    const out = json(r);
    expect(out.map((f) => path.basename(f.filePath))).toEqual(['helper.md', 'researcher.md', 'research.md']);
    for (const f of out) {
      expect(path.isAbsolute(f.filePath)).toBe(true);
      for (const k of ['messages', 'suppressedMessages', 'errorCount', 'fatalErrorCount', 'warningCount', 'fixableErrorCount', 'fixableWarningCount', 'usedDeprecatedRules']) expect(f).toHaveProperty(k);
    }
    expect(out[1]!.messages[0]).toMatchObject({ ruleId: 'depth-path-mismatch', severity: 1, line: 5, column: 215, endLine: 5, endColumn: 216, suggestions: [{ fix: { text: '1' } }] });
    expect(out[2]!.messages[0]).toMatchObject({ ruleId: 'frontmatter-valid', severity: 2, line: 3, column: 24 });
    expect(out[1]).toMatchObject({ errorCount: 0, warningCount: 1, fixableWarningCount: 0 });
  });

  it('--output-file writes the report there (folders made), nothing to stdout, and no colour', async () => {
    const d = dir();
    const r = await cli(['--output-file', 'reports/lint.txt', '--color'], { cwd: d });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const text = readFileSync(path.join(d, 'reports/lint.txt'), 'utf8');
    expect(text).toContain('frontmatter-valid');
    expect(text).toContain('✖ 2 problems (1 error, 1 warning)');
    const j = await cli(['-f', 'sarif', '-o', 'out.sarif'], { cwd: d });
    expect(JSON.parse(readFileSync(path.join(d, 'out.sarif'), 'utf8')).version).toBe('2.1.0');
    expect(j.stdout).toBe('');
  });

  it('--quiet reports errors only, and its hidden warnings do not count for --max-warnings', async () => {
    const d = dir();
    const r = await cli(['--quiet', '--format', 'json'], { cwd: d });
    expect(found(r)).toEqual(['research.md:3:24 frontmatter-valid']);
    const only = await cli(['--quiet', '--max-warnings', '0', '.claude/agents'], { cwd: d });
    expect(only).toMatchObject({ code: 0, stdout: '' });
  });

  it('--rule id:severity overrides the config, and is checked', async () => {
    const d = dir();
    expect(found(await cli(['--rule', 'frontmatter-valid:off', '-f', 'json'], { cwd: d }))).toEqual(['researcher.md:5:215 depth-path-mismatch']);
    const r = await cli(['--rule', 'frontmatter-valid:warn', '--rule', 'depth-path-mismatch=off'], { cwd: d });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('✖ 1 problem (0 errors, 1 warning)');
    expect((await cli(['--rule', 'frontmatter-valid'], { cwd: d })).stderr).toContain('--rule expects id:severity');
    const unknown = await cli(['--rule', 'frontmater-valid:off'], { cwd: d });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--rule frontmater-valid: unknown rule; did you mean "frontmatter-valid"?');
  });

  it('--list-rules lists every rule with its default severity, in groups, the engine diagnostics apart', async () => {
    const r = await cli(['--list-rules'], { cwd: TMP });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}frontmatter-valid +error +fixable +Frontmatter is valid YAML/m);
    expect(r.stdout).toMatch(/^ {2}depth-path-mismatch +error +suggests +/m);
    const groups = r.stdout.split('\n\n').map((g) => g.split('\n'));
    const heads = groups.map((g) => g[0]);
    expect(heads.slice(0, 3)).toEqual(['Frontmatter and files:', 'Delegation standard:', 'Delegation graph (across files):']);
    const group = (title: string) => groups.find((g) => g[0]!.startsWith(title))!.slice(1).map((l) => l.trim().split(/\s+/)[0]);
    expect(group('Frontmatter')).toContain('frontmatter-schema');
    expect(group('Delegation graph')).toEqual(expect.arrayContaining(['unknown-delegation-target', 'delegation-graph-cycle', 'delegation-graph-depth']));
    expect(group('Engine diagnostics')).toEqual(['internal-error', 'file-unreadable', 'file-encoding']);
    // Rules of the other tools' markdown kinds only (CLAUDE.md, AGENTS.md) are a group of their own.
    expect(group('Instruction files')).toContain('instruction-import');
    // `*`: only in projects that use the standard.
    expect(r.stdout).toMatch(/^ {2}missing-timeout \* +error/m);
    expect(r.stdout).toMatch(/^ {2}depth-path-mismatch {2,}error/m);
    expect(r.stdout).toContain('* runs only in projects that use the delegation standard');
  });

  it('--print-config FILE prints the config in force for that file', async () => {
    const d = project({
      '.agent-lint.json': JSON.stringify({
        rules: { 'depth-path-mismatch': ['warn', { pathOffset: 3 }] },
        overrides: [{ files: ['docs/agents/**'], kind: 'agent', rules: { 'frontmatter-valid': 'off' } }],
      }),
    });
    // Without a config file: every rule that runs, at its default severity with its default options.
    const bare = JSON.parse((await cli(['--print-config', '.claude/commands/x.md'], { cwd: project({}) })).stdout);
    const defaults = Object.fromEntries(ALL_RULES.filter((r) => !r.meta.internal && r.meta.severity !== 'off').map((r) => [r.meta.id, [r.meta.severity, r.meta.defaultOptions ?? {}]]));
    expect(Object.keys(defaults)).toContain('frontmatter-valid');
    const standard = { from: 'standard', standard: 'v2', title: 'Delegation Standard 2.0' };
    expect(bare).toEqual({ configFile: null, ignored: false, kind: 'command', standard: 'v2', returnFormat: standard, rules: defaults });
    expect(bare.rules['depth-path-mismatch']).toEqual(['error', { pathOffset: 2 }]);
    // With one: its setting replaces the default; every other rule stays as it was.
    const plain = JSON.parse((await cli(['--print-config', '.claude/commands/x.md'], { cwd: d })).stdout);
    expect(plain).toEqual({
      configFile: path.join(d, '.agent-lint.json'),
      ignored: false,
      kind: 'command',
      standard: 'v2',
      returnFormat: standard,
      rules: { ...defaults, 'depth-path-mismatch': ['warn', { pathOffset: 3 }], 'frontmatter-valid': ['error', {}] },
    });
    const over = JSON.parse((await cli(['--print-config', 'docs/agents/a.md'], { cwd: d })).stdout);
    expect(over.kind).toBe('agent');
    expect(over.rules['frontmatter-valid']).toBeUndefined();
  });

  it('--print-config-schema prints the schema that docs/config.schema.json holds', async () => {
    const r = await cli(['--print-config-schema'], { cwd: TMP });
    expect(r.stdout).toBe(readFileSync(path.join(REPO_ROOT, 'docs/config.schema.json'), 'utf8'));
  });

  it('--stdin lints standard input as --stdin-filename (its kind and config from that path)', async () => {
    const d = project({ '.agent-lint.json': '{"rules": {"frontmatter-valid": "warn"}}' });
    const r = await cli(['--stdin', '--stdin-filename', '.claude/commands/research.md', '-f', 'json'], { cwd: d, input: BAD_COMMAND });
    expect(r.code).toBe(0);
    const out = json(r);
    expect(out).toHaveLength(1);
    expect(out[0]!.filePath).toBe(path.join(d, '.claude/commands/research.md'));
    expect(out[0]!.messages[0]).toMatchObject({ ruleId: 'frontmatter-valid', severity: 1, line: 3 });
    const plain = await cli(['--stdin'], { cwd: d, input: DEPTH_AGENT(0) });
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain('depth-path-mismatch');
    expect((await cli(['--stdin', 'x.md'], { cwd: d })).code).toBe(2);
    expect((await cli(['--stdin-filename', 'x.md'], { cwd: d })).stderr).toContain('--stdin-filename needs --stdin');
  });

  it('colour: none when not a terminal, --color and FORCE_COLOR turn it on, --no-color and NO_COLOR off', async () => {
    const d = dir();
    expect((await cli([], { cwd: d })).stdout).not.toMatch(ANSI);
    expect((await cli(['--color'], { cwd: d })).stdout).toMatch(ANSI);
    expect((await cli([], { cwd: d, env: { FORCE_COLOR: '1' } })).stdout).toMatch(ANSI);
    expect((await cli([], { cwd: d, env: { FORCE_COLOR: '0' } })).stdout).not.toMatch(ANSI);
    expect((await cli(['--no-color'], { cwd: d, env: { FORCE_COLOR: '1' } })).stdout).not.toMatch(ANSI);
    expect((await cli([], { cwd: d, env: { NO_COLOR: '1', FORCE_COLOR: '1' } })).stdout).not.toMatch(ANSI);
    expect((await cli(['--color'], { cwd: d, env: { NO_COLOR: '1' } })).stdout).toMatch(ANSI);
  });

  it('--version and --help', async () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(await cli(['--version'], { cwd: TMP })).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
    const h = await cli(['--help'], { cwd: TMP });
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/^Usage: agent-lint \[options\]/);
    for (const flag of ['--format', '--output-file', '--config', '--no-config-lookup', '--rule', '--quiet', '--max-warnings', '--list-rules', '--print-config', '--stdin', '--stdin-filename', '--no-error-on-unmatched-pattern', '--no-color', '--version'])
      expect(h.stdout).toContain(flag);
  });
});

describe.concurrent('config files', () => {
  const files = { '.claude/commands/research.md': BAD_COMMAND, '.claude/agents/researcher.md': DEPTH_AGENT(2) };
  const both = ['research.md:3:24 frontmatter-valid', 'researcher.md:5:215 depth-path-mismatch'].sort();
  const lintJson = async (cwd: string, args: string[] = []) => found(await cli(['-f', 'json', ...args], { cwd })).sort();

  it('is looked up upward from the linted files: .agent-lint.json, .jsonc, .yaml and package.json "agent-lint"', async () => {
    const variants: Record<string, string> = {
      '.agent-lint.json': '{"rules": {"frontmatter-valid": "off"}}',
      '.agent-lint.jsonc': '// comments and trailing commas are fine\n{\n  "rules": {\n    /* off */ "frontmatter-valid": "off",\n  },\n}\n',
      '.agent-lint.yaml': '# YAML config\nrules:\n  frontmatter-valid: off\n',
      'package.json': '{"name": "x", "agent-lint": {"rules": {"frontmatter-valid": "off"}}}',
    };
    // The four variants run side by side (12 CLI runs one after another can pass the time limit on a busy machine).
    await Promise.all(
      Object.entries(variants).map(async ([name, text]) => {
        const d = project({ ...files, [name]: text });
        expect(await lintJson(d), name).toEqual(['researcher.md:5:215 depth-path-mismatch']);
        // From a folder below it, and from outside the project, the same config applies.
        expect(await lintJson(path.join(d, '.claude/agents')), name).toEqual(['researcher.md:5:215 depth-path-mismatch']);
        expect(found(await cli(['-f', 'json', path.basename(d)], { cwd: TMP })).sort(), name).toEqual(['researcher.md:5:215 depth-path-mismatch']);
      }),
    );
  });

  it('a package.json without an "agent-lint" key is not a config', async () => {
    const d = project({ ...files, 'package.json': '{"name": "x"}', '.agent-lint.json': '{"rules": {"frontmatter-valid": "off"}}' });
    mkdirSync(path.join(d, 'sub'));
    writeFileSync(path.join(d, 'sub/package.json'), '{"name": "sub"}');
    const p = JSON.parse((await cli(['--print-config', 'sub/.claude/agents/a.md'], { cwd: d })).stdout);
    expect(p.configFile).toBe(path.join(d, '.agent-lint.json'));
  });

  it('--no-config-lookup ignores config files; --config names one', async () => {
    const d = project({ ...files, '.agent-lint.json': '{"rules": {"frontmatter-valid": "off"}}', 'other.yaml': 'rules:\n  depth-path-mismatch: off\n' });
    expect(await lintJson(d, ['--no-config-lookup'])).toEqual(both);
    expect(await lintJson(d, ['--config', 'other.yaml'])).toEqual(['research.md:3:24 frontmatter-valid']);
  });

  it('overrides: rules by files glob, and kind for files outside the usual folders', async () => {
    const d = project({
      ...files,
      // An agent (by the override) whose frontmatter does not parse; its return is correct.
      'prompts/agents/writer.md': `---\ndescription: Writes\nargument-hint: [topic] [--deep]\n---\nWrite the draft, then return:\n${returnLine(1, 'writer')}\n`,
      '.agent-lint.json': JSON.stringify({
        overrides: [
          { files: '.claude/commands/**', rules: { 'frontmatter-valid': 'warn' } },
          { files: ['prompts/**/*.md'], kind: 'agent' },
        ],
      }),
    });
    const out = json(await cli(['-f', 'json', '.', 'prompts/**/*.md'], { cwd: d }));
    const messages = (name: string) => out.find((f) => path.basename(f.filePath) === name)!.messages;
    const brief = (name: string) => messages(name).map((m) => ({ ruleId: m['ruleId'], severity: m['severity'], line: m['line'], column: m['column'] }));
    expect(brief('research.md')).toEqual([{ ruleId: 'frontmatter-valid', severity: 1, line: 3, column: 24 }]);
    expect(brief('writer.md')).toEqual([{ ruleId: 'frontmatter-valid', severity: 2, line: 3, column: 24 }]);
    // Linted as an agent: the help says what breaks (Claude Code 2.1 still loads such an agent).
    expect(messages('writer.md')[0]!['help']).toContain('Claude Code still loads this agent, but strict YAML readers, other agent runtimes and GitHub do not.');
    expect(messages('research.md')[0]!['help']).not.toContain('Claude Code still loads');
    for (const f of out) for (const m of f.messages) expect(String(m['message'])).not.toMatch(/skips an agent/);
    expect(JSON.parse((await cli(['--print-config', 'prompts/agents/writer.md'], { cwd: d })).stdout).kind).toBe('agent');
  });

  it('ignores: files and folders are not linted; a named ignored file is a warning', async () => {
    const d = project({ ...files, '.claude/agents/drafts/old.md': BAD_COMMAND, '.agent-lint.json': '{"ignores": [".claude/agents/drafts/", "**/research.md"]}' });
    expect(await lintJson(d)).toEqual(['researcher.md:5:215 depth-path-mismatch']);
    const named = await cli(['.claude/agents/drafts/old.md'], { cwd: d });
    expect(named).toMatchObject({ code: 0, stdout: '' });
    expect(named.stderr).toContain('"ignores"');
    expect((await cli(['.claude/agents/drafts/*.md'], { cwd: d })).code).toBe(2);
  });

  it('standard: v1 and --standard', async () => {
    const d = project(files);
    expect(JSON.parse((await cli(['--print-config', 'a.md', '--standard', 'bounded'], { cwd: d })).stdout).standard).toBe('bounded');
    expect((await cli(['--standard', 'v3'], { cwd: d })).stderr).toContain('--standard expects v2, v1 or bounded');
  });
});

describe.concurrent('inline suppressions', () => {
  const agent = (body: string, fm = '') => `---\nname: researcher\ndescription: Researches${fm}\n---\n${body}`;
  const lint = async (text: string, file = '.claude/agents/researcher.md') => {
    const d = project({ [file]: text });
    return json(await cli(['-f', 'json'], { cwd: d }))[0]!;
  };
  const lines = (r: { messages: Array<Record<string, unknown>> }) => r.messages.map((m) => m['line']);

  it('disable ... enable for one rule', async () => {
    const r = await lint(agent(`<!-- agent-lint-disable depth-path-mismatch -->\n${returnLine(2)}\n<!-- agent-lint-enable depth-path-mismatch -->\n${returnLine(3)}\n`));
    expect(lines(r)).toEqual([8]);
    expect(r.suppressedMessages.map((m) => m['line'])).toEqual([6]);
  });

  it('disable without rules covers every rule; another rule id does not', async () => {
    expect(lines(await lint(agent(`<!-- agent-lint-disable -->\n${returnLine(2)}\n`)))).toEqual([]);
    expect(lines(await lint(agent(`<!-- agent-lint-disable frontmatter-valid -->\n${returnLine(2)}\n`)))).toEqual([6]);
  });

  it('disable-next-line, with a justification after --', async () => {
    const r = await lint(agent(`<!-- agent-lint-disable-next-line depth-path-mismatch -- the example is wrong on purpose -->\n${returnLine(2)}\n\n${returnLine(2)}\n`));
    expect(lines(r)).toEqual([8]);
    expect(r.suppressedMessages[0]!['suppressions']).toEqual([{ kind: 'directive', justification: 'the example is wrong on purpose' }]);
  });

  it('disable-line and disable-file', async () => {
    expect(lines(await lint(agent(`${returnLine(2)} <!-- agent-lint-disable-line depth-path-mismatch -->\n${returnLine(2)}\n`)))).toEqual([6]);
    expect(lines(await lint(agent(`${returnLine(2)}\n${returnLine(2)}\n<!-- agent-lint-disable-file depth-path-mismatch -->\n`)))).toEqual([]);
  });

  it('YAML comments in frontmatter: # agent-lint-disable-next-line', async () => {
    const cmd = '---\ndescription: Research\n# agent-lint-disable-next-line frontmatter-valid\nargument-hint: [topic] [--deep]\n---\nbody\n';
    const r = await lint(cmd, '.claude/commands/research.md');
    expect(r.messages).toEqual([]);
    expect(r.suppressedMessages.map((m) => m['ruleId'])).toEqual(['frontmatter-valid']);
    expect((await lint(cmd.replace('next-line frontmatter-valid', 'next-line depth-path-mismatch'), '.claude/commands/research.md')).messages).toHaveLength(1);
  });

  it('is not fooled by a markdown heading or by a directive shown inside a code block', async () => {
    expect(lines(await lint(agent(`# agent-lint-disable\n${returnLine(2)}\n`)))).toEqual([6]);
    expect(lines(await lint(agent(`\`\`\`markdown\n<!-- agent-lint-disable-file -->\n\`\`\`\n${returnLine(2)}\n`)))).toEqual([8]);
  });
});

describe.concurrent('finding files', () => {
  const tree = {
    '.claude/agents/a.md': GOOD_AGENT,
    '.claude/agents/team/b.md': GOOD_AGENT,
    '.claude/commands/c.md': GOOD_AGENT,
    '.claude/skills/s/SKILL.md': GOOD_AGENT,
    '.claude/skills/s/reference.md': GOOD_AGENT,
    '.claude/skills/loose.md': GOOD_AGENT,
    '.opencode/agent/d.md': GOOD_AGENT,
    '.opencode/agents/e.md': GOOD_AGENT,
    '.opencode/command/f.md': GOOD_AGENT,
    '.opencode/commands/g.md': GOOD_AGENT,
    'plugins/p/.claude-plugin/plugin.json': '{"name": "p"}',
    'plugins/p/agents/h.md': GOOD_AGENT,
    'plugins/p/commands/i.md': GOOD_AGENT,
    'plugins/p/skills/t/SKILL.md': GOOD_AGENT,
    'plugins/p/README.md': '# p\n',
    'other/agents/not-a-plugin.md': GOOD_AGENT,
    'README.md': '# readme\n',
    'docs/x.md': '# x\n',
    'node_modules/dep/.claude/agents/n.md': GOOD_AGENT,
    '.git/x/.claude/agents/g.md': GOOD_AGENT,
    'sub/project/.claude/agents/z.md': GOOD_AGENT,
  };
  const listed = (r: Run, base: string) => json(r).map((f) => path.relative(base, f.filePath).split(path.sep).join('/'));

  it('walks the places agents, commands and skills live (also plugins, with their manifests), skipping node_modules and .git', async () => {
    const d = project(tree);
    expect(listed(await cli(['-f', 'json'], { cwd: d }), d)).toEqual([
      '.claude/agents/a.md',
      '.claude/agents/team/b.md',
      '.claude/commands/c.md',
      '.claude/skills/s/SKILL.md',
      '.opencode/agent/d.md',
      '.opencode/agents/e.md',
      '.opencode/command/f.md',
      '.opencode/commands/g.md',
      'other/agents/not-a-plugin.md',
      'plugins/p/.claude-plugin/plugin.json',
      'plugins/p/agents/h.md',
      'plugins/p/commands/i.md',
      'plugins/p/skills/t/SKILL.md',
      'sub/project/.claude/agents/z.md',
    ]);
  });

  it('a folder inside a spec location is walked whole', async () => {
    const d = project(tree);
    expect(listed(await cli(['-f', 'json'], { cwd: path.join(d, '.claude/agents') }), d)).toEqual(['.claude/agents/a.md', '.claude/agents/team/b.md']);
    expect(listed(await cli(['-f', 'json', 'plugins/p/agents', '.claude/skills'], { cwd: d }), d)).toEqual(['plugins/p/agents/h.md', '.claude/skills/s/SKILL.md']);
  });

  it("globs take in the specs of dot folders ('**/*.md' includes .claude/) but not node_modules or .git, nor markdown that is no spec", async () => {
    const d = project(tree);
    const files = listed(await cli(['-f', 'json', '**/*.md'], { cwd: d }), d);
    expect(files).toContain('.claude/agents/a.md');
    expect(files).not.toContain('README.md');
    expect(files).not.toContain('.claude/skills/s/reference.md');
    const other = listed(await cli(['-f', 'json', 'other/**/*.md', '.claude/skills/*/*.md'], { cwd: d }), d);
    expect(other).toEqual(['other/agents/not-a-plugin.md', '.claude/skills/s/SKILL.md']);
    expect(files.some((f) => f.includes('node_modules') || f.startsWith('.git/'))).toBe(false);
    expect(files).toEqual([...files].sort());
  });

  it('!glob leaves files out', async () => {
    const d = project(tree);
    const files = listed(await cli(['-f', 'json', '.claude', '!.claude/agents/**'], { cwd: d }), d);
    expect(files).toEqual(['.claude/commands/c.md', '.claude/skills/s/SKILL.md']);
  });

  it('the order is the same whatever order the files were made in', async () => {
    const names = ['zeta', 'alpha', 'Mid', 'beta', '10-x', '2-x'];
    const a = project(Object.fromEntries(names.map((nm) => [`.claude/agents/${nm}.md`, DEPTH_AGENT(2)])));
    const b = project(Object.fromEntries([...names].reverse().map((nm) => [`.claude/agents/${nm}.md`, DEPTH_AGENT(2)])));
    const ra = (await cli([], { cwd: a })).stdout;
    expect(ra).toBe((await cli([], { cwd: b })).stdout);
    const headers = ra.split('\n').filter((l) => l.startsWith('.claude'));
    expect(headers).toEqual([...headers].sort());
    expect(headers).toHaveLength(names.length);
  });
});
