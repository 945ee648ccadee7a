/**
 * The repository as a Claude Code plugin: its manifest, its PostToolUse hook and its /agent-lint
 * command are well formed and pass agent-lint; the hook, fed the JSON Claude Code sends after a
 * Write, Edit or MultiEdit, reports a bad spec with exit 2 and stays silent otherwise.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker, writeFiles } from './helpers/files.js';
import { hookReport } from '../src/cli/claude-hook.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const HOOK = path.join(ROOT, 'hooks/post-edit.cjs');
const LAUNCHER = path.join(ROOT, 'dist/src/cli/launch.cjs');

const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-hook-'));
const makeProject = projectMaker(tmp);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const BAD = `---
name: worker
description: Does the work.
---
Return:

\`\`\`json
{
  "status": "completed",
  "summary": "Done",
  "artifacts": [],
  "metadata": {
    "session_id": "sess_1234567890_abc123",
    "duration_seconds": 12,
    "agent_type": "worker",
    "delegation_depth": 2,
    "delegation_path": ["orchestrator", "plan", "worker"]
  }
}
\`\`\`
`;
const GOOD = BAD.replace('"delegation_depth": 2', '"delegation_depth": 1');

/** Runs the hook as Claude Code does: the event's JSON on standard input. */
function runHook(input: unknown, cwd = tmp) {
  const r = spawnSync(process.execPath, [HOOK], { cwd, input: JSON.stringify(input), encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The input of a PostToolUse event, as Claude Code sends it. */
function event(cwd: string, tool: 'Write' | 'Edit' | 'MultiEdit', file: string) {
  const toolInput =
    tool === 'Write'
      ? { file_path: file, content: readFileSync(file, 'utf8') }
      : tool === 'Edit'
        ? { file_path: file, old_string: '"delegation_depth": 1', new_string: '"delegation_depth": 2' }
        : { file_path: file, edits: [{ old_string: 'a', new_string: 'b' }] };
  return { session_id: 'abc123', transcript_path: '/tmp/transcript.jsonl', cwd, hook_event_name: 'PostToolUse', tool_name: tool, tool_input: toolInput, tool_response: { filePath: file, success: true } };
}

describe('the Claude Code plugin', () => {
  it('has a manifest and a PostToolUse hook on Write|Edit|MultiEdit that runs the hook script', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, '.claude-plugin/plugin.json'), 'utf8'));
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'agent-lint', version: pkg.version, license: 'MIT' });
    const hooks = JSON.parse(readFileSync(path.join(ROOT, 'hooks/hooks.json'), 'utf8'));
    expect(Object.keys(hooks.hooks)).toEqual(['PostToolUse']);
    expect(hooks.hooks.PostToolUse).toEqual([{ matcher: 'Write|Edit|MultiEdit', hooks: [{ type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/post-edit.cjs"', timeout: 30 }] }]);
  });

  it('passes agent-lint: its manifest, its hooks and its /agent-lint command, each linted as what it is', () => {
    const files = ['.claude-plugin/plugin.json', 'hooks/hooks.json', 'commands/agent-lint.md'];
    const r = spawnSync(process.execPath, [LAUNCHER, '--format', 'json', ...files], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).map((x: { filePath: string; messages: unknown[] }) => [path.relative(ROOT, x.filePath), x.messages])).toEqual(files.map((f) => [f, []]));
    const kinds = files.map((f) => JSON.parse(spawnSync(process.execPath, [LAUNCHER, '--print-config', f], { cwd: ROOT, encoding: 'utf8' }).stdout).kind);
    expect(kinds).toEqual(['plugin-manifest', 'hooks-config', 'command']);
  });

  it('has rules that check its manifest: a broken copy of it is reported', () => {
    const manifest = readFileSync(path.join(ROOT, '.claude-plugin/plugin.json'), 'utf8').replace('"name": "agent-lint"', '"name": "Agent Lint"');
    const dir = makeProject({ '.claude-plugin/plugin.json': manifest });
    const r = spawnSync(process.execPath, [LAUNCHER, '--format', 'json', '.claude-plugin/plugin.json'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)[0].messages.map((m: { ruleId: string; line: number; column: number }) => `${m.ruleId} ${m.line}:${m.column}`)).toEqual(['plugin-manifest 2:11']);
  });
});

describe('the PostToolUse hook', () => {
  it('reports the errors of a spec Claude wrote, on standard error, with exit 2', () => {
    const dir = makeProject({ '.claude/agents/worker.md': BAD });
    const file = path.join(dir, '.claude/agents/worker.md');
    for (const tool of ['Write', 'Edit', 'MultiEdit'] as const) {
      const r = runHook(event(dir, tool, file));
      expect(r).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'agent-lint found 1 problem in .claude/agents/worker.md:\n' +
          '  16:25 error delegation_depth is 2 but delegation_path has 3 entries [depth-path-mismatch]\n' +
          '    help: A delegation_path holds delegation_depth + 2 names (orchestrator, command, then one per delegation): orchestrator -> plan -> worker fits depth 1, or it misses names.\n' +
          'Fix the spec so that these are gone (rule pages: https://github.com/agent-lint/agent-lint/tree/main/docs/rules).\n',
      });
    }
  });

  it('reports a plugin manifest Claude broke', () => {
    const dir = makeProject({ '.claude-plugin/plugin.json': '{\n  "name": "My Plugin"\n}\n' });
    const file = path.join(dir, '.claude-plugin/plugin.json');
    const r = runHook({ cwd: dir, hook_event_name: 'PostToolUse', tool_name: 'Edit', tool_input: { file_path: file, old_string: 'my-plugin', new_string: 'My Plugin' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^agent-lint found 1 problem in \.claude-plugin\/plugin\.json:\n  2:11 error plugin name "My Plugin" is not kebab-case.*\[plugin-manifest\]\n/);
  });

  it('runs the plugin\'s own build, never an agent-lint the edited repository commits', () => {
    const dir = makeProject({ '.claude/agents/worker.md': BAD });
    const marker = path.join(dir, 'ran-repository-code');
    writeFiles(dir, {
      'node_modules/agent-lint/dist/src/cli/launch.cjs': `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x'); process.exit(0);\n`,
      'node_modules/agent-lint/package.json': '{"name": "agent-lint", "version": "9.9.9"}',
    });
    const r = runHook(event(dir, 'Write', path.join(dir, '.claude/agents/worker.md')), dir);
    expect(existsSync(marker)).toBe(false);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('depth-path-mismatch');
  });

  it('is silent for a documentation site\'s page in a docs/agents/ folder, which the command line does not lint either', () => {
    const page = '---\ntitle: Our agents\nsidebar_position: 2\n---\n\n# Our agents\n\nHow the team\'s agents work.\n';
    const dir = makeProject({ 'docs/agents/overview.md': page, 'agents/helper.md': '---\nname: helper\ndescription: Helps\n---\n\nHelp.\n' });
    const file = path.join(dir, 'docs/agents/overview.md');
    expect(runHook(event(dir, 'Write', file), dir).code).toBe(0);
    const listed = spawnSync(process.execPath, [LAUNCHER, '--print-files'], { cwd: dir, encoding: 'utf8' });
    expect(listed.stdout).toContain('agents/helper.md');
    expect(listed.stdout).toMatch(/docs\/agents\/overview\.md.*documentation site's page/);
    expect(spawnSync(process.execPath, [LAUNCHER, 'docs/agents/overview.md'], { cwd: dir, encoding: 'utf8' }).status).not.toBe(1);
  });

  it('applies the suppressions the command line run in the same folder applies, also for a nested project', () => {
    const dir = makeProject({ 'sub/.git/HEAD': 'ref: refs/heads/main\n', 'sub/.claude/agents/worker.md': BAD });
    const suppressions = { 'sub/.claude/agents/worker.md': { 'depth-path-mismatch': { count: 1 } } };
    writeFiles(dir, { 'agent-lint-suppressions.json': JSON.stringify(suppressions) });
    const cliRun = spawnSync(process.execPath, [LAUNCHER, 'sub/.claude/agents/worker.md'], { cwd: dir, encoding: 'utf8' });
    expect(cliRun.status).toBe(0);
    expect(runHook(event(dir, 'Write', path.join(dir, 'sub/.claude/agents/worker.md')), dir).code).toBe(0);
  });

  it('is silent with exit 0 for a clean spec', () => {
    const dir = makeProject({ '.claude/agents/worker.md': GOOD });
    expect(runHook(event(dir, 'Write', path.join(dir, '.claude/agents/worker.md')))).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('is silent with exit 0 for files that are not specs, and for input it does not understand', () => {
    const dir = makeProject({ 'README.md': BAD, 'src/agents.ts': 'x', 'notes/agents/plan.txt': 'x' });
    for (const rel of ['README.md', 'src/agents.ts', 'notes/agents/plan.txt']) {
      expect(runHook(event(dir, 'Write', path.join(dir, rel)))).toEqual({ code: 0, stdout: '', stderr: '' });
    }
    expect(runHook({ tool_name: 'Bash', tool_input: { command: 'ls' } })).toEqual({ code: 0, stdout: '', stderr: '' });
    const notJson = spawnSync(process.execPath, [HOOK], { input: 'not json', encoding: 'utf8' });
    expect([notJson.status, notJson.stderr]).toEqual([0, '']);
  });

  it('follows the project config: an ignored spec is not reported, and a bad config is a hook error (exit 1)', () => {
    const ignored = makeProject({ '.claude/agents/worker.md': BAD, '.agent-lint.json': '{ "ignores": [".claude/agents/worker.md"] }' });
    expect(runHook(event(ignored, 'Write', path.join(ignored, '.claude/agents/worker.md')))).toEqual({ code: 0, stdout: '', stderr: '' });
    const bad = makeProject({ '.claude/agents/worker.md': BAD, '.agent-lint.json': '{ "rules": { "no-such-rule": "error" } }' });
    const r = runHook(event(bad, 'Write', path.join(bad, '.claude/agents/worker.md')));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('agent-lint: config error in .agent-lint.json: rules.no-such-rule: unknown rule "no-such-rule"\n');
  });
});

describe('the hook report', () => {
  it('lists each finding with its help on a line of its own, and counts what it leaves out', () => {
    const at = { line: 3, column: 5, endLine: 3, endColumn: 9 };
    const messages = [
      { ...at, ruleId: 'max-depth', severity: 2 as const, message: 'delegation_depth is 7, above the limit of 3', help: 'Use a depth of 3 or less;\n  a caller at depth 3 returns MAX_DEPTH_EXCEEDED.' },
      ...Array.from({ length: 21 }, (_, i) => ({ ...at, line: 10 + i, ruleId: 'session-id-format', severity: 1 as const, message: `session id ${i} is malformed` })),
    ];
    const report = hookReport({ filePath: '/p/.claude/agents/a.md', messages, suppressedMessages: [], errorCount: 1, warningCount: 21, fatalErrorCount: 0, fixableErrorCount: 0, fixableWarningCount: 0 }, '.claude/agents/a.md');
    const lines = report.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'agent-lint found 22 problems in .claude/agents/a.md:',
      '  3:5 error delegation_depth is 7, above the limit of 3 [max-depth]',
      '    help: Use a depth of 3 or less; a caller at depth 3 returns MAX_DEPTH_EXCEEDED.',
      '  10:5 warning session id 0 is malformed [session-id-format]',
    ]);
    expect(lines.slice(-3)).toEqual(['  ... and 2 more', 'Fix the spec so that these are gone (rule pages: https://github.com/agent-lint/agent-lint/tree/main/docs/rules).', '']);
  });
});
