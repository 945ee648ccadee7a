/**
 * The GitHub Action, run the way the runner runs a JavaScript action: the committed bundle that
 * action.yml names, with the inputs as INPUT_* variables and the files of the step's outputs and
 * summary. The committed bundle must be what the sources build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
};
const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-action-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * Runs the action as the runner runs a JavaScript action: `node <main>` from the action's
 * checkout, each input (or its default) as INPUT_<NAME>, the workspace, and the files for the
 * step's outputs and summary. Returns them with the exit code and the output.
 */
function runStep(workspace: string, inputs: Record<string, string>, extraEnv: Record<string, string> = {}) {
  const output = path.join(workspace, '..', `${path.basename(workspace)}.output`);
  const summary = path.join(workspace, '..', `${path.basename(workspace)}.summary.md`);
  writeFileSync(output, '');
  writeFileSync(summary, '');
  const env: Record<string, string> = { PATH: process.env['PATH']!, GITHUB_WORKSPACE: workspace, CI: 'true', GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, ...extraEnv };
  for (const [name, spec] of Object.entries(action.inputs)) env[`INPUT_${name.toUpperCase()}`] = inputs[name] ?? spec.default ?? '';
  const r = spawnSync(process.execPath, [path.join(ROOT, action.runs.main)], { cwd: workspace, env, encoding: 'utf8' });
  const outputs = Object.fromEntries(readFileSync(output, 'utf8').split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, outputs, summary: readFileSync(summary, 'utf8') };
}

function workspace(name: string, files: Record<string, string>): string {
  const dir = path.join(tmp, name);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  mkdirSync(path.join(dir, '.git'), { recursive: true });
  return dir;
}

const BROKEN = '---\ndescription: Review\nargument-hint: [--quick] [--deep]\n---\n\nReview $ARGUMENTS\n';
const CLEAN = '---\ndescription: Review\nargument-hint: "[--quick]"\n---\n\nReview $ARGUMENTS\n';

describe('action.yml', () => {
  it('runs a prebuilt bundle on the runner\'s Node.js, with the documented inputs and outputs', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'action/index.cjs' });
    expect(Object.keys(action.inputs).sort()).toEqual(['config', 'fail-on', 'fail-on-empty', 'format', 'paths', 'sarif-file', 'suppressions-location']);
    expect(Object.keys(action.outputs).sort()).toEqual(['errors', 'files', 'sarif-file', 'warnings']);
    expect(action.inputs['format']!.default).toBe('github');
  });

  it('commits the bundle the sources build (npm run build:action makes it)', () => {
    const built = path.join(ROOT, 'dist/action');
    const committed = path.join(ROOT, 'action');
    const list = (dir: string): string[] => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
    expect(list(committed)).toEqual(list(built));
    for (const f of list(built)) expect(readFileSync(path.join(committed, f)).equals(readFileSync(path.join(built, f))), `action/${f} differs from dist/action/${f}: run npm run build:action`).toBe(true);
  });

  it('sets its outputs and writes a step summary with the findings by rule and links to their lines', () => {
    const ws = workspace('summary', { '.claude/commands/review.md': BROKEN });
    const r = runStep(ws, {}, { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/agents', GITHUB_SHA: 'abc123' });
    expect(r.status).toBe(1);
    expect(r.outputs).toEqual({ errors: '1', warnings: '0', files: '1', 'sarif-file': '' });
    expect(r.summary).toBe(
      [
        '### agent-lint',
        '',
        '**1 error, 0 warnings in 1 file**',
        '',
        '| rule | errors | warnings |',
        '| --- | ---: | ---: |',
        '| [frontmatter-valid](https://github.com/agent-lint/agent-lint/blob/main/docs/rules/frontmatter-valid.md) | 1 | 0 |',
        '',
        'Findings:',
        '',
        '| where | severity | finding | rule |',
        '| --- | --- | --- | --- |',
        '| [.claude/commands/review.md:3](https://github.com/acme/agents/blob/abc123/.claude/commands/review.md#L3) | error | &#96;argument-hint&#96; value &#96;&#91;--quick&#93; &#91;--deep&#93;&#96; is not valid YAML | frontmatter-valid |',
        '',
      ].join('\n'),
    );
  });

  it('annotates as many findings as GitHub shows (10 errors a step) and lists all in the summary', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`.claude/commands/review-${String(i).padStart(2, '0')}.md`] = BROKEN;
    const ws = workspace('many', files);
    const r = runStep(ws, {});
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('::error '))).toHaveLength(10);
    expect(r.stderr).toContain('::notice::agent-lint: 2 more findings than GitHub annotates in a step; the step summary lists them\n');
    expect(r.outputs['errors']).toBe('12');
    expect(r.summary.split('\n').filter((l) => l.includes('| error |'))).toHaveLength(12);
  });

  it('keeps a message from making markup in the summary', () => {
    const ws = workspace('markup', { '.claude/agents/x.md': '---\nname: x\ndescription: d\n"<img src=x>|[a](http://evil)": 1\n---\nX.\n' });
    const r = runStep(ws, { 'fail-on': 'never' });
    expect(r.summary.split('\n').at(-2)).toBe('| .claude/agents/x.md:4 | warning | unknown field &#96;&#60;img src=x&#62;&#124;&#91;a&#93;(http://evil)&#96;: Claude Code subagents have no such field | frontmatter-schema |');
  });

  it('prints annotations for findings and fails on errors', () => {
    const ws = workspace('broken', { '.claude/commands/review.md': BROKEN });
    const r = runStep(ws, {});
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^::error file=\.claude\/commands\/review\.md,line=3,col=26,endLine=3,endColumn=\d+,title=agent-lint\(frontmatter-valid\)::`argument-hint` value `\[--quick\] \[--deep\]` is not valid YAML%0A/m);
  });

  it('passes on a clean workspace and writes SARIF when asked', () => {
    const ws = workspace('clean', { '.claude/commands/review.md': CLEAN });
    const r = runStep(ws, { 'sarif-file': 'out/agent-lint.sarif' });
    expect(r.stderr).toContain('0 errors');
    expect(r.status).toBe(0);
    const sarif = JSON.parse(readFileSync(path.join(ws, 'out/agent-lint.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results).toEqual([]);
  });

  it('refuses a sarif-file the repository links out of the workspace, as a file or through a folder', () => {
    const outside = workspace('outside', { 'victim.sarif': 'keep me' });
    const ws = workspace('sarif-links', { '.claude/commands/review.md': CLEAN });
    symlinkSync(path.join(outside, 'victim.sarif'), path.join(ws, 'agent-lint.sarif'));
    symlinkSync(outside, path.join(ws, 'out'));
    const file = runStep(ws, { 'sarif-file': 'agent-lint.sarif' });
    expect(file.stderr.split('\n')).toContain('::error::agent-lint: cannot write the report to agent-lint.sarif: it is a symlink; the report is written only to a regular file');
    expect(file.status).toBe(2);
    const folder = runStep(ws, { 'sarif-file': 'out/victim.sarif' });
    expect(folder.stderr.split('\n')).toContain('::error::agent-lint: cannot write the report to out/victim.sarif: out is a symlink; the report is written only through real folders');
    expect(folder.status).toBe(2);
    expect(readdirSync(outside).sort()).toEqual(['.git', 'victim.sarif']);
    expect(readFileSync(path.join(outside, 'victim.sarif'), 'utf8')).toBe('keep me');
  });

  it("prints its own messages as one workflow command each: a link's target cannot start a command", () => {
    const ws = workspace('dangling', { '.claude/commands/review.md': CLEAN });
    symlinkSync('gone\n::stop-commands::pwned\n::error file=README.md::injected', path.join(ws, '.claude/commands/evil.md'));
    const r = runStep(ws, { paths: '.claude/commands/evil.md' });
    expect(r.status).toBe(2);
    // Only the action's lines: the shell may print its own (a profile it reads) before them.
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('::') || l.includes('pwned'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^::error::agent-lint cannot read "\.claude\/commands\/evil\.md": dangling symlink: it points to gone%0A::stop-commands::pwned%0A::error file=README\.md::injected/);
  });

  it('honours fail-on never and paths', () => {
    const ws = workspace('never', { '.claude/commands/review.md': BROKEN, 'other/commands/x.md': CLEAN });
    const r = runStep(ws, { 'fail-on': 'never', paths: 'other/commands/x.md' });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('0 errors, 0 warnings in 1 file');
    const all = runStep(ws, { 'fail-on': 'never' });
    expect(all.status).toBe(0);
    expect(all.stdout).toContain('::error file=.claude/commands/review.md');
    expect(existsSync(path.join(ws, 'out'))).toBe(false);
  });

  it('honours the bulk suppressions file, and fails on a stale count', () => {
    const ws = workspace('suppressed', {
      '.claude/commands/review.md': BROKEN,
      'agent-lint-suppressions.json': '{"\.claude/commands/review.md": {"frontmatter-valid": {"count": 1}}}',
    });
    const r = runStep(ws, {});
    expect([r.status, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toContain('0 errors, 0 warnings in 1 file (1 suppressed by agent-lint-suppressions.json)');
    writeFileSync(path.join(ws, '.claude/commands/review.md'), CLEAN);
    const stale = runStep(ws, {});
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('::error::agent-lint: agent-lint-suppressions.json counts more errors than are left (.claude/commands/review.md: frontmatter-valid (1 suppressed, 0 found)); run agent-lint --prune-suppressions');
    writeFileSync(path.join(ws, 'sup.json'), '{}');
    expect(runStep(ws, { 'suppressions-location': 'sup.json' }).status).toBe(0);
  });

  it('fails on a repository with no spec, naming the look-alikes and the config that lints them; fail-on-empty: false passes with a notice', () => {
    const ws = workspace('empty', {
      'README.md': '# project\n',
      'docs/agents/overview.md': '# How our agents work\n',
      'prompts/reviewer.md': '---\nname: reviewer\ndescription: Reviews code\n---\n\nReview.\n',
    });
    const r = runStep(ws, {});
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('::error::agent-lint found no agent, command or skill spec to lint. 1 markdown file has agent-like frontmatter (name, description) outside the places specs are found: prompts/ (1).%0ATo lint them, say what they are in .agent-lint.json');
    expect(r.stderr).toContain('{"overrides":[{"files":["prompts/*.md"],"kind":"agent"}]}');
    expect(r.stderr).toContain('fail-on-empty: false');
    const ok = runStep(ws, { 'fail-on-empty': 'false' });
    expect(ok.status).toBe(0);
    expect(ok.stderr).toMatch(/^::notice::agent-lint found no agent, command or skill spec to lint/m);
    writeFileSync(path.join(ws, '.agent-lint.json'), '{"overrides":[{"files":["prompts/*.md"],"kind":"agent"}]}');
    const found = runStep(ws, {});
    expect(found.status).toBe(0);
    expect(found.stderr).toContain('0 errors, 0 warnings in 1 file');
    expect(runStep(ws, { 'fail-on-empty': 'maybe' }).stderr).toContain('input fail-on-empty must be true or false, got "maybe"');
  });

  it('finds a top-level agents/ folder and fails on its errors', () => {
    const ws = workspace('top-level', { 'agents/review.md': BROKEN.replace('description: Review', 'name: review\ndescription: Review'), 'docs/agents/overview.md': '# overview\n' });
    const r = runStep(ws, {});
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^::error file=agents\/review\.md,line=4,/m);
    expect(r.stdout).not.toContain('overview.md');
  });

  it('rejects a bad fail-on value with an error annotation', () => {
    const ws = workspace('bad-input', { '.claude/commands/review.md': CLEAN });
    const r = runStep(ws, { 'fail-on': 'sometimes' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('::error::agent-lint: input fail-on must be error, warning or never');
  });
});
