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
import { WORKER_FORMAT, WORKER_SPEC } from './helpers/worker-spec.js';
import { hookReport } from '../src/cli/claude-hook.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const HOOK = path.join(ROOT, 'hooks/claude-hook.cjs');
const LAUNCHER = path.join(ROOT, 'dist/src/cli/launch.cjs');

const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-hook-'));
const makeProject = projectMaker(tmp);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const BAD = WORKER_SPEC;
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
  it('has a manifest, a PostToolUse hook on Write|Edit|MultiEdit and a SubagentStop hook, both running the hook script', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, '.claude-plugin/plugin.json'), 'utf8'));
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ name: 'agent-lint', version: pkg.version, license: 'MIT' });
    const hooks = JSON.parse(readFileSync(path.join(ROOT, 'hooks/hooks.json'), 'utf8'));
    expect(Object.keys(hooks.hooks)).toEqual(['PostToolUse', 'SubagentStop']);
    expect(hooks.hooks.PostToolUse).toEqual([{ matcher: 'Write|Edit|MultiEdit', hooks: [{ type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/claude-hook.cjs"', timeout: 30 }] }]);
    // Every subagent: the hook itself says which ones the project's protocol covers.
    expect(hooks.hooks.SubagentStop).toEqual([{ hooks: [{ type: 'command', command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/claude-hook.cjs"', timeout: 30 }] }]);
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

describe('the SubagentStop hook', () => {
  /** A console agent of the delegation standard: it answers with the JSON object, as its spec shows. */
  const CONSOLE_AGENT = GOOD.replace('Return:', 'Respond with only the JSON object:');
  /** The project's own format: its statuses, "implemented" among them (the standard has no such status). */
  const FORMAT = WORKER_FORMAT;
  const reply = (status: string, depth = 1) =>
    JSON.stringify({ status, summary: 'Done', artifacts: [], metadata: { session_id: 'sess_1234567890_abc123', duration_seconds: 3, agent_type: 'worker', delegation_depth: depth, delegation_path: ['orchestrator', 'plan', 'worker'] } });
  const stop = (cwd: string, extra: Record<string, unknown>) => runHook({ session_id: 's1', cwd, hook_event_name: 'SubagentStop', agent_id: 'a1', agent_type: 'worker', stop_hook_active: false, ...extra }, cwd);
  const decision = (r: { code: number | null; stdout: string; stderr: string }) => {
    expect([r.code, r.stderr]).toEqual([0, '']);
    return r.stdout === '' ? undefined : (JSON.parse(r.stdout) as { decision: string; reason: string });
  };

  it("blocks a reply that breaks the agent's protocol, with the findings as the reason", () => {
    const dir = makeProject({ '.claude/agents/worker.md': CONSOLE_AGENT });
    const d = decision(stop(dir, { last_assistant_message: `Here it is:\n${reply('completed', 2)}` }));
    expect(d?.decision).toBe('block');
    expect(d?.reason).toMatch(/^agent-lint: the reply breaks the project's protocol for this agent \(\.claude\/agents\/worker\.md\):\n {2}\d+:\d+ delegation_depth is 2 but delegation_path has 3 entries \[depth-path-mismatch\]\n {4}help: /);
    expect(d?.reason).toMatch(/\nReturn again, fixed\.$/);
    expect(decision(stop(dir, { last_assistant_message: reply('completed') }))).toBeUndefined();
  });

  it("judges by the project's own format: a status its document lists passes, one the standard has and the document does not fails", () => {
    const dir = makeProject({
      '.claude/context/return-format.md': FORMAT,
      '.claude/agents/worker.md': CONSOLE_AGENT.replace('Respond with', 'Follow @.claude/context/return-format.md. Respond with').replace('"completed"', '"implemented"'),
    });
    expect(decision(stop(dir, { last_assistant_message: reply('implemented') }))).toBeUndefined();
    const d = decision(stop(dir, { last_assistant_message: reply('completed') }));
    expect(d?.reason).toContain('[return-format-schema]');
    expect(d?.reason).toContain('"completed"');
  });

  it('reads the final message from the subagent transcript when the input has none', () => {
    const dir = makeProject({ '.claude/agents/worker.md': CONSOLE_AGENT });
    const transcript = path.join(dir, 'agent-a1.jsonl');
    const line = (role: string, text: string) => JSON.stringify({ type: role, timestamp: '2026-01-20T10:00:00Z', message: { role, content: [{ type: 'text', text }] } });
    writeFiles(dir, { 'agent-a1.jsonl': [line('user', 'Do the work.'), line('assistant', reply('completed', 2)), JSON.stringify({ type: 'system', content: 'x' })].join('\n') + '\n' });
    expect(decision(stop(dir, { agent_transcript_path: transcript }))?.reason).toContain('[depth-path-mismatch]');
  });

  it('is silent while the subagent repairs (stop_hook_active), for an agent the project has no spec of, and for one that answers in prose', () => {
    const dir = makeProject({ '.claude/agents/worker.md': CONSOLE_AGENT, '.claude/agents/writer.md': '---\nname: writer\ndescription: Writes.\n---\nReturn a brief text summary of what you wrote.\n' });
    const bad = reply('completed', 2);
    expect(stop(dir, { last_assistant_message: bad, stop_hook_active: true })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(stop(dir, { last_assistant_message: bad, agent_type: 'general-purpose' })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(stop(dir, { last_assistant_message: bad, agent_type: 'writer' })).toEqual({ code: 0, stdout: '', stderr: '' });
    // A plugin's agent type names its plugin first.
    expect(decision(stop(dir, { last_assistant_message: bad, agent_type: 'team-plugin:worker' }))?.decision).toBe('block');
  });

  it('judges an agent that writes a metadata file by the newest such file written since it started', () => {
    const spec = GOOD.replace('Return:', 'Write the metadata file `specs/{N}_{SLUG}/.return-meta.json` with:');
    const dir = makeProject({ '.claude/agents/worker.md': spec });
    const transcript = path.join(dir, 'agent-a1.jsonl');
    const started = new Date(Date.now() - 60_000).toISOString();
    writeFiles(dir, { 'agent-a1.jsonl': JSON.stringify({ type: 'user', timestamp: started, message: { role: 'user', content: 'Do task 7.' } }) + '\n' });
    // Nothing written yet: the subagent is told to write it.
    expect(decision(stop(dir, { agent_transcript_path: transcript, last_assistant_message: 'Done.' }))?.reason).toBe(
      'agent-lint: this agent writes its return to .return-meta.json (.claude/agents/worker.md), and no such file was written since it started.\nWrite it, then finish.',
    );
    writeFiles(dir, { 'specs/7_fix/.return-meta.json': reply('completed', 2) });
    const d = decision(stop(dir, { agent_transcript_path: transcript, last_assistant_message: 'Done.' }));
    expect(d?.reason).toMatch(/^agent-lint: the metadata file specs\/7_fix\/\.return-meta\.json breaks the project's protocol for this agent \(\.claude\/agents\/worker\.md\):\n {2}\d+:\d+ delegation_depth is 2/);
    writeFiles(dir, { 'specs/7_fix/.return-meta.json': reply('completed') });
    expect(decision(stop(dir, { agent_transcript_path: transcript, last_assistant_message: 'Done.' }))).toBeUndefined();
  });

  it('takes a spec that updates its metadata file as writing it, as return-file-mismatch does', () => {
    const spec = GOOD.replace('Return:', 'Update the metadata file `specs/{N}_{SLUG}/.return-meta.json` with:');
    const dir = makeProject({ '.claude/agents/worker.md': spec });
    const transcript = path.join(dir, 'agent-a1.jsonl');
    writeFiles(dir, { 'agent-a1.jsonl': JSON.stringify({ type: 'user', timestamp: new Date(Date.now() - 60_000).toISOString(), message: { role: 'user', content: 'Do task 7.' } }) + '\n' });
    expect(decision(stop(dir, { agent_transcript_path: transcript, last_assistant_message: 'Done.' }))?.reason).toMatch(/^agent-lint: this agent writes its return to \.return-meta\.json /);
    writeFiles(dir, { 'specs/7_fix/.return-meta.json': reply('completed', 2) });
    expect(decision(stop(dir, { agent_transcript_path: transcript, last_assistant_message: 'Done.' }))?.reason).toContain('[depth-path-mismatch]');
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
