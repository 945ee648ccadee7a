/**
 * The pre-commit hook for real: `pre-commit try-repo <this repo> agent-lint --all-files` in a
 * temporary git repository installs agent-lint the way pre-commit does (npm install, npm pack,
 * npm install -g) and runs the hook. Skipped when pre-commit is not installed (Debian package
 * `pre-commit`).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from './helpers/shared.js';

const hasPreCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;
const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-pre-commit-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const env = { ...process.env, PRE_COMMIT_HOME: path.join(TMP, 'home'), NO_COLOR: '1' };

const MISMATCH = `---
name: task-creator
description: Creates tasks
---

\`\`\`json
{
  "status": "completed",
  "summary": "Task 12 created.",
  "artifacts": [],
  "metadata": {
    "session_id": "sess_1735460684_a1b2c3",
    "duration_seconds": 2,
    "agent_type": "task-creator",
    "delegation_depth": 2,
    "delegation_path": ["orchestrator", "task", "task-creator"]
  },
  "errors": []
}
\`\`\`
`;

function repo(name: string, files: Record<string, string>): string {
  const dir = path.join(TMP, name);
  mkdirSync(dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  const git = (...a: string[]) => spawnSync('git', a, { cwd: dir, encoding: 'utf8' });
  git('init', '-q');
  git('add', '-A');
  return dir;
}

const tryRepo = (dir: string) =>
  spawnSync('pre-commit', ['try-repo', REPO_ROOT, 'agent-lint', '--all-files'], { cwd: dir, env, encoding: 'utf8', timeout: 300_000 });

describe('.pre-commit-hooks.yaml', () => {
  const hooks = parse(readFileSync(path.join(REPO_ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Array<Record<string, unknown>>;

  it('defines agent-lint and agent-lint-fix as node hooks on every markdown file (agent-lint decides which are specs)', () => {
    expect(hooks.map((h) => h['id'])).toEqual(['agent-lint', 'agent-lint-fix']);
    for (const h of hooks) {
      expect(h['language']).toBe('node');
      expect(h['types']).toEqual(['markdown']);
      expect(h['files']).toBeUndefined();
      expect(String(h['entry'])).toContain('--no-error-on-unmatched-pattern');
    }
  });

  /**
   * A hook's entry run as pre-commit runs it: the entry's words, then every markdown file of the
   * repository (`types: [markdown]`, --all-files), from the repository's root.
   */
  const runEntry = (hook: Record<string, unknown>, dir: string) => {
    const [cmd, ...args] = String(hook['entry']).split(/\s+/);
    expect(cmd).toBe('agent-lint');
    const files = spawnSync('git', ['ls-files', '*.md', '**/*.md'], { cwd: dir, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    return spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist/src/cli/bin.js'), ...args, ...files], { cwd: dir, env, encoding: 'utf8' });
  };

  it('each hook passes with a notice in a repository without specs, a plain docs/agents/ document included', () => {
    const dir = repo('no-specs', { 'README.md': '# project\n', 'docs/agents/overview.md': '# How our agents work\n\nSee agents/.\n' });
    for (const h of hooks) {
      const r = runEntry(h, dir);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toContain('warning: none of the named files is an agent, command or skill spec');
    }
  });

  it('each hook fails on a spec with errors, and lints only the specs among the files', () => {
    const dir = repo('errors', { '.claude/agents/task-creator.md': MISMATCH, 'docs/agents/overview.md': '# overview\n' });
    const r = runEntry(hooks[0]!, dir);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toContain('15:25  error  delegation_depth is 2 but delegation_path has 3 entries');
    expect(r.stdout).not.toContain('overview.md');
  });

  it('the husky recipe (npx agent-lint --no-error-on-unmatched-pattern) passes with a notice without specs and fails on errors', () => {
    const husky = readFileSync(path.join(REPO_ROOT, 'docs/pre-commit.md'), 'utf8').match(/echo '(npx agent-lint[^']*)' > \.husky\/pre-commit/)![1]!;
    const args = husky.split(/\s+/).slice(2);
    const bin = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
    const empty = spawnSync(process.execPath, [bin, ...args], { cwd: repo('husky-empty', { 'README.md': '# x\n' }), env, encoding: 'utf8' });
    expect(empty.status, empty.stderr).toBe(0);
    expect(empty.stderr).toContain('warning: no agent, command or skill specs found in "."');
    const bad = spawnSync(process.execPath, [bin, ...args], { cwd: repo('husky-errors', { 'agents/task-creator.md': MISMATCH }), env, encoding: 'utf8' });
    expect(bad.status, bad.stderr).toBe(1);
    expect(bad.stdout).toContain('delegation_depth is 2 but delegation_path has 3 entries');
  });

  // One try-repo, since each installs agent-lint as pre-commit does (npm install, pack, install
  // -g), the slowest step of the suite: the suppressed spec passes, the other fails the hook.
  it.skipIf(!hasPreCommit)('fails on a depth/path mismatch, and honours agent-lint-suppressions.json at the root (pre-commit try-repo)', () => {
    const r = tryRepo(
      repo('bad', {
        '.claude/agents/task-creator.md': MISMATCH,
        '.claude/agents/task-runner.md': MISMATCH.replaceAll('task-creator', 'task-runner'),
        'agent-lint-suppressions.json': '{".claude/agents/task-creator.md": {"depth-path-mismatch": {"count": 1}}}\n',
      }),
    );
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/agent-lint\.+Failed/);
    expect(r.stdout).toContain('task-runner.md');
    expect(r.stdout).toContain('15:25  error  delegation_depth is 2 but delegation_path has 3 entries');
    expect(r.stdout).not.toContain('task-creator.md');
  }, 600_000);
});
