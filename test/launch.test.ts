/**
 * The `agent-lint` command (dist/src/cli/launch.cjs) runs the bundled CLI with a V8 code cache:
 * its output equals the unbundled CLI's, with and without a cache, and a subcommand works too.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/shared.js';

const LAUNCH = path.join(REPO_ROOT, 'dist/src/cli/launch.cjs');
const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const SAMPLE = path.join(REPO_ROOT, 'fixtures/sample-project');
const run = (entry: string, args: string[], input?: string) =>
  spawnSync(process.execPath, [entry, ...args], { cwd: SAMPLE, encoding: 'utf8', input, env: { ...process.env, NO_COLOR: '1' } });

describe('the agent-lint command', () => {
  it('is what package.json names as the bin', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(path.resolve(REPO_ROOT, pkg.bin['agent-lint']!)).toBe(LAUNCH);
  });

  it('gives the unbundled CLI\'s output and exit code, before and after its code cache exists', () => {
    const cacheDir = path.join(REPO_ROOT, 'dist/.cache');
    rmSync(cacheDir, { recursive: true, force: true });
    const expected = run(BIN, ['--format', 'json']);
    expect(expected.status).toBe(1);
    const first = run(LAUNCH, ['--format', 'json']);
    expect(first.stdout).toBe(expected.stdout);
    expect(first.status).toBe(expected.status);
    expect(existsSync(cacheDir) && readdirSync(cacheDir).some((f) => f.endsWith('.v8cache'))).toBe(true);
    const second = run(LAUNCH, ['--format', 'json']);
    expect(second.stdout).toBe(expected.stdout);
    expect(second.stderr).toBe('');
  });

  it('loads the YAML parser from its own file, only when a frontmatter needs it, and keeps its compiled code', () => {
    const cacheDir = path.join(REPO_ROOT, 'dist/.cache');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-launch-'));
    // The launcher keeps a code cache of each file it runs, and writes one for a file the run loaded.
    const yamlCaches = () => (existsSync(cacheDir) ? readdirSync(cacheDir).filter((f) => f.startsWith('agent-lint-yaml-') && f.endsWith('.v8cache')) : []);
    try {
      mkdirSync(path.join(dir, '.claude/agents'), { recursive: true });
      writeFileSync(path.join(dir, '.claude/agents/flat.md'), '---\nname: flat\ndescription: Flat frontmatter\n---\nBody\n');
      const launch = () => spawnSync(process.execPath, [LAUNCH, '--format', 'json', '.'], { cwd: dir, encoding: 'utf8' });
      rmSync(cacheDir, { recursive: true, force: true });
      const flat = launch();
      expect(flat.status).toBe(0);
      expect(yamlCaches()).toEqual([]);
      // A flow mapping needs the YAML parser (the fast path reads plain fields, lists and blocks).
      writeFileSync(path.join(dir, '.claude/agents/block.md'), '---\nname: block\ndescription: {first: Two, second: lines}\ncolor: nope\n---\nBody\n');
      const expected = spawnSync(process.execPath, [BIN, '--format', 'json', '.'], { cwd: dir, encoding: 'utf8' });
      const r = launch();
      expect(r.stdout).toBe(expected.stdout);
      expect(r.stdout).toContain('"ruleId":"frontmatter-schema"');
      expect(yamlCaches()).toHaveLength(1);
      const made = readFileSync(path.join(cacheDir, yamlCaches()[0]!));
      // The next run compiles the parser from that cache (not written again), with the same output.
      const again = launch();
      expect(again.stdout).toBe(expected.stdout);
      expect(again.stderr).toBe('');
      expect(readFileSync(path.join(cacheDir, yamlCaches()[0]!)).equals(made)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps one cache for runs on a few named files and one for the rest', () => {
    const cacheDir = path.join(REPO_ROOT, 'dist/.cache');
    // The bundle's caches (the code beside it, a validator, has caches named after it).
    const caches = () => readdirSync(cacheDir).filter((f) => /^agent-lint-v\d/.test(f)).map((f) => (f.endsWith('-files.v8cache') ? 'files' : 'other')).sort();
    const file = '.claude/agents/researcher.md';
    expect(existsSync(path.join(SAMPLE, file))).toBe(true);
    const expected = run(BIN, ['--format', 'json', file]);
    rmSync(cacheDir, { recursive: true, force: true });
    // A folder, a glob, a subcommand: the other kind.
    for (const args of [['--format', 'json', '.'], ['--format', 'json', '**/*.md'], ['check-return', '-']]) {
      run(LAUNCH, args, '{}');
      expect(caches(), args.join(' ')).toEqual(['other']);
    }
    // Named files (after an option's value), or standard input: a cache of their own, used next time.
    for (const args of [['--format', 'json', file], ['--stdin', '--stdin-filename', file]]) {
      const r = run(LAUNCH, args, readFileSync(path.join(SAMPLE, file), 'utf8'));
      expect(caches(), args.join(' ')).toEqual(['files', 'other']);
      if (args[0] === '--format') expect(r.stdout).toBe(expected.stdout);
    }
    const again = run(LAUNCH, ['--format', 'json', file]);
    expect(again.stdout).toBe(expected.stdout);
    expect(again.stderr).toBe('');
  });

  it('runs a bundle written in ASCII whose escaped characters mean what the source\'s do', () => {
    for (const f of ['agent-lint.cjs', 'lsp.cjs', 'mcp.cjs', 'vendor/yaml.cjs']) expect(/[^\0-\x7f]/.test(readFileSync(path.join(REPO_ROOT, 'dist', f), 'utf8')), f).toBe(false);
    // A line that begins with `🚫` (beyond U+FFFF: two escaped surrogates in the bundle) or `❌`
    // marks what follows as wrong, so the call under it is not a delegation; without it, it is.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-launch-'));
    try {
      mkdirSync(path.join(dir, '.claude/commands'), { recursive: true });
      mkdirSync(path.join(dir, '.claude/agents'), { recursive: true });
      writeFileSync(path.join(dir, '.claude/agents/researcher.md'), '---\nname: researcher\ndescription: Researches a topic\n---\n\nResearch it.\n');
      const spec = (mark: string) => `---\ndescription: Research a topic\n---\n\n${mark}Then:\n- Task(subagent_type="ghost", prompt="x")\n`;
      writeFileSync(path.join(dir, '.claude/commands/a.md'), spec('🚫 '));
      writeFileSync(path.join(dir, '.claude/commands/b.md'), spec('❌ '));
      writeFileSync(path.join(dir, '.claude/commands/c.md'), spec(''));
      const args = ['--format', 'json', '.claude/commands'];
      const found = (out: string) => (JSON.parse(out) as Array<{ filePath: string; messages: Array<{ ruleId: string; line: number }> }>).flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)}:${m.line} ${m.ruleId}`));
      const bundled = spawnSync(process.execPath, [LAUNCH, ...args], { cwd: dir, encoding: 'utf8' });
      expect(found(bundled.stdout)).toEqual(['c.md:6 unknown-delegation-target']);
      expect(bundled.stdout).toBe(spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8' }).stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes a cache again when a run takes in more than twice the documents of the run that made it', () => {
    const cacheDir = path.join(REPO_ROOT, 'dist/.cache');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-launch-'));
    try {
      const project = (name: string, n: number) => {
        const root = path.join(dir, name);
        mkdirSync(path.join(root, '.claude/agents'), { recursive: true });
        for (let i = 0; i < n; i++) writeFileSync(path.join(root, `.claude/agents/a${i}.md`), `---\nname: a${i}\ndescription: Agent ${i}\n---\n\nWork.\n`);
        return root;
      };
      const small = project('small', 3);
      const big = project('big', 25);
      // The number of documents the run that made a cache took in, from its header.
      const made = (kind: 'files' | 'other') => {
        const f = readdirSync(cacheDir).find((x) => /^agent-lint-v\d/.test(x) && x.endsWith('.v8cache') && x.endsWith('-files.v8cache') === (kind === 'files'))!;
        return Number(readFileSync(path.join(cacheDir, f), 'latin1').split('\n')[2]);
      };
      const lint = (cwd: string, args: string[]) => spawnSync(process.execPath, [LAUNCH, '--format', 'json', ...args], { cwd, encoding: 'utf8', env: { ...process.env, TMPDIR: dir } });
      rmSync(cacheDir, { recursive: true, force: true });
      // Runs over a project: the files linted.
      expect(lint(small, ['.']).status).toBe(0);
      expect(made('other')).toBe(3);
      const r = lint(big, ['.']);
      expect(r.status).toBe(0);
      expect(JSON.parse(r.stdout)).toHaveLength(25);
      expect(made('other')).toBe(25);
      expect(lint(small, ['.']).status).toBe(0);
      expect(made('other')).toBe(25);
      // Runs on a few named files: the file and the specs read for context.
      expect(lint(small, ['.claude/agents/a1.md']).status).toBe(0);
      expect(made('files')).toBe(3);
      expect(lint(big, ['.claude/agents/a1.md']).status).toBe(0);
      expect(made('files')).toBe(25);
      expect(lint(small, ['.claude/agents/a2.md']).status).toBe(0);
      expect(made('files')).toBe(25);
      expect(made('other')).toBe(25);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves the compiled code to Node.js where it keeps it (module.enableCompileCache, Node.js 22.1 and later)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-launch-'));
    try {
      // Node.js 20 has no module.enableCompileCache: a preloaded module gives it one that says it was called.
      const marker = path.join(dir, 'enabled');
      const preload = path.join(dir, 'compile-cache.cjs');
      writeFileSync(preload, `require('node:module').enableCompileCache = () => require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'yes');\n`);
      // A copy of the command, whose folders no other test writes to.
      const pkg = path.join(dir, 'pkg');
      cpSync(path.join(REPO_ROOT, 'dist'), path.join(pkg, 'dist'), { recursive: true, filter: (f) => !f.includes(`${path.sep}.cache`) });
      const expected = run(BIN, ['--format', 'json']);
      const tmpdir = path.join(dir, 'tmp');
      mkdirSync(tmpdir);
      const r = spawnSync(process.execPath, ['--require', preload, path.join(pkg, 'dist/src/cli/launch.cjs'), '--format', 'json'], { cwd: SAMPLE, encoding: 'utf8', env: { ...process.env, TMPDIR: tmpdir } });
      expect(r.stdout).toBe(expected.stdout);
      expect(r.status).toBe(expected.status);
      expect(readFileSync(marker, 'utf8')).toBe('yes');
      // No code cache of its own.
      expect(existsSync(path.join(pkg, 'dist/.cache'))).toBe(false);
      expect(readdirSync(tmpdir, { recursive: true }).filter((f) => String(f).endsWith('.v8cache'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs subcommands and reads the schemas beside the bundle', () => {
    const r = run(LAUNCH, ['check-return', '-'], '{"status": "completed"}');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('return format is missing required fields "summary", "artifacts" and "metadata"');
  });
});
