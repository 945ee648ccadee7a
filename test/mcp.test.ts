/**
 * `agent-lint mcp` as an MCP client runs it: the launcher started as a process and driven with the
 * SDK's Client over stdio. Each tool on real projects, with exact positions; the lint tool's
 * findings equal the command line's; errors are tool results with isError and one line.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';
import { REPO_ROOT } from './helpers/shared.js';
import { WORKER_FORMAT, WORKER_SPEC } from './helpers/worker-spec.js';

const LAUNCHER = path.join(REPO_ROOT, 'dist/src/cli/launch.cjs');
const VERSION = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-mcp-'));
const makeProject = projectMaker(tmp);
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  rmSync(tmp, { recursive: true, force: true });
});

/** A console agent whose return example has delegation_depth 2 for a path of 3 names (depth-path-mismatch at 16:25). */
const WORKER = WORKER_SPEC.replace('Return:', 'Respond with only the JSON object:');
const WORKER_OK = WORKER.replace('"delegation_depth": 2', '"delegation_depth": 1');
const PLAN = `---
description: Plan and do the work
---
Use the Task tool with subagent_type: "worker" to do the work.
Then use the Task tool with subagent_type: "reviewer" to review it.
`;
const REVIEWER = `---
name: reviewer
description: Reviews the work.
---
Review the work. Use the Task tool with subagent_type: "checker" to check the facts.
`;

/** A reply of the worker; depth 2 breaks depth-path-mismatch. */
const reply = (status: string, depth = 1) =>
  JSON.stringify({ status, summary: 'Done', artifacts: [], metadata: { session_id: 'sess_1234567890_abc123', duration_seconds: 3, agent_type: 'worker', delegation_depth: depth, delegation_path: ['orchestrator', 'plan', 'worker'] } }, null, 2);

async function connect(cwd: string): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [LAUNCHER, 'mcp'], cwd, stderr: 'pipe' });
  const client = new Client({ name: 'agent-lint-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

interface Answer {
  isError: boolean;
  text: string;
  data: Record<string, unknown> | undefined;
}

/** Calls a tool; its JSON text and its structured content must agree. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Answer> {
  const r = await client.callTool({ name, arguments: args });
  const content = r.content as Array<{ type: string; text: string }>;
  expect(content).toHaveLength(1);
  expect(content[0]!.type).toBe('text');
  const text = content[0]!.text;
  if (r.isError) return { isError: true, text, data: undefined };
  expect(r.structuredContent).toEqual(JSON.parse(text));
  return { isError: false, text, data: r.structuredContent as Record<string, unknown> };
}

describe('agent-lint mcp', () => {
  const project = makeProject({ '.claude/agents/worker.md': WORKER, '.claude/commands/plan.md': PLAN, '.claude/agents/reviewer.md': REVIEWER });

  it('names itself agent-lint with the package version, and lists lint, check_return and graph', async () => {
    const client = await connect(project);
    expect(client.getServerVersion()).toEqual({ name: 'agent-lint', version: VERSION });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['lint', 'check_return', 'graph']);
    const lint = tools.find((t) => t.name === 'lint')!;
    expect(Object.keys(lint.inputSchema.properties ?? {})).toEqual(['files', 'text', 'filename']);
    expect(lint.annotations?.readOnlyHint).toBe(true);
    expect(Object.keys(tools.find((t) => t.name === 'check_return')!.inputSchema.properties ?? {})).toEqual(['reply', 'agent', 'sessionId', 'extract']);
    expect(tools.find((t) => t.name === 'check_return')!.inputSchema.required).toEqual(['reply']);
    expect(tools.find((t) => t.name === 'graph')!.inputSchema.required).toEqual(['name']);
    for (const t of tools) expect(t.outputSchema?.type, t.name).toBe('object');
  });

  it('lint: a file, with each finding where it is, its rule and its help', async () => {
    const client = await connect(project);
    const r = await call(client, 'lint', { files: ['.claude/agents/worker.md'] });
    expect(r.isError).toBe(false);
    expect(r.data).toEqual({
      files: 1,
      errorCount: 1,
      warningCount: 0,
      findings: [
        {
          file: '.claude/agents/worker.md',
          line: 16,
          column: 25,
          endLine: 16,
          endColumn: 26,
          severity: 'error',
          ruleId: 'depth-path-mismatch',
          message: 'delegation_depth is 2 but delegation_path has 3 entries',
          help: 'A delegation_path holds delegation_depth + 2 names (orchestrator, command, then one per delegation): orchestrator -> plan -> worker fits depth 1, or it misses names.',
        },
      ],
    });
  });

  it("lint: the whole project (no files, or a glob) gives the command line's findings", async () => {
    const client = await connect(project);
    const cli = spawnSync(process.execPath, [LAUNCHER, '--format', 'json'], { cwd: project, encoding: 'utf8' });
    expect(cli.status).toBe(1);
    const expected = (JSON.parse(cli.stdout) as Array<{ filePath: string; messages: Array<Record<string, unknown>> }>).flatMap((f) =>
      f.messages.map((m) => ({
        file: path.relative(project, f.filePath).split(path.sep).join('/'),
        line: m['line'],
        column: m['column'],
        endLine: m['endLine'],
        endColumn: m['endColumn'],
        severity: m['severity'] === 2 ? 'error' : 'warning',
        ruleId: m['ruleId'],
        message: m['message'],
        help: m['help'],
      })),
    );
    expect(expected.map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`)).toEqual([
      '.claude/agents/reviewer.md:2:1 return-format-present',
      '.claude/agents/reviewer.md:5:41 missing-timeout',
      '.claude/agents/reviewer.md:5:57 unknown-delegation-target',
      '.claude/agents/worker.md:16:25 depth-path-mismatch',
      '.claude/commands/plan.md:4:24 missing-timeout',
    ]);
    for (const args of [{}, { files: '.claude/**/*.md' }]) {
      const r = await call(client, 'lint', args);
      expect(r.data).toEqual({ files: 3, errorCount: 4, warningCount: 1, findings: expected });
    }
  });

  it('lint: text as if at a path of the project', async () => {
    const client = await connect(project);
    const bad = await call(client, 'lint', { text: WORKER, filename: '.claude/agents/worker.md' });
    expect(bad.data?.['findings']).toEqual([expect.objectContaining({ file: '.claude/agents/worker.md', line: 16, column: 25, endLine: 16, endColumn: 26, ruleId: 'depth-path-mismatch' })]);
    const good = await call(client, 'lint', { text: WORKER_OK, filename: '.claude/agents/worker.md' });
    expect(good.data).toEqual({ files: 1, errorCount: 0, warningCount: 0, findings: [] });
    // The path picks the kind: as an agent, text without frontmatter is an error.
    const bare = await call(client, 'lint', { text: 'Do the work.\n', filename: '.claude/agents/new.md' });
    expect((bare.data?.['findings'] as Array<{ ruleId: string; line: number; column: number }>).map((f) => `${f.line}:${f.column} ${f.ruleId}`)).toEqual(['1:1 frontmatter-schema', '1:1 return-format-present']);
  });

  it('lint: lists at most 200 findings, and says how many it left out', async () => {
    // 203 agents without frontmatter: an error each.
    const files: Record<string, string> = {};
    for (let i = 0; i < 203; i++) files[`.claude/agents/a${String(i).padStart(3, '0')}.md`] = 'Do the work.\n';
    const client = await connect(makeProject(files));
    const r = await call(client, 'lint', {});
    expect(r.data).toMatchObject({ files: 203, errorCount: 203, warningCount: 0, omitted: 3 });
    const findings = r.data?.['findings'] as Array<{ file: string; ruleId: string }>;
    expect(findings).toHaveLength(200);
    expect(findings.at(-1)).toEqual(expect.objectContaining({ file: '.claude/agents/a199.md', ruleId: 'frontmatter-schema' }));
  });

  it('lint: a file that is not there, a glob that matches nothing and bad input are tool errors on one line', async () => {
    const client = await connect(project);
    expect(await call(client, 'lint', { files: ['nope.md'] })).toEqual({ isError: true, text: 'cannot read "nope.md": no such file or directory', data: undefined });
    expect(await call(client, 'lint', { files: ['docs/**/*.md'] })).toEqual({ isError: true, text: 'no spec files match "docs/**/*.md"', data: undefined });
    expect(await call(client, 'lint', { text: 'x', files: ['a.md'] })).toEqual({ isError: true, text: 'give files, or text with filename, not both', data: undefined });
    expect((await call(client, 'lint', { text: 'x' })).text).toBe('text needs filename: the path the spec has (or would have) in the project, such as .claude/agents/reviewer.md');
    const wrongType = await call(client, 'lint', { files: 3 });
    expect(wrongType.isError).toBe(true);
    expect(wrongType.text).toMatch(/^MCP error -32602: Input validation error: Invalid arguments for tool lint: .*\bfiles$/);
    // The server is still there.
    expect((await call(client, 'lint', { files: '.claude/agents/worker.md' })).data?.['errorCount']).toBe(1);
  });

  it("a bad config is each tool's error, as the command line words it", async () => {
    const client = await connect(makeProject({ '.claude/agents/worker.md': WORKER, '.agent-lint.json': '{ "rules": { "no-such-rule": "error" } }' }));
    const text = 'config error in .agent-lint.json: rules.no-such-rule: unknown rule "no-such-rule"';
    expect(await call(client, 'lint', {})).toEqual({ isError: true, text, data: undefined });
    expect(await call(client, 'check_return', { reply: reply('completed') })).toEqual({ isError: true, text, data: undefined });
    expect(await call(client, 'graph', { name: 'worker' })).toEqual({ isError: true, text, data: undefined });
  });

  it('check_return: a bad reply has findings with their JSON pointer; a good one is valid', async () => {
    const client = await connect(project);
    const bad = await call(client, 'check_return', { reply: `Here it is:\n${reply('completed', 2)}` });
    expect(bad.data).toEqual({
      valid: false,
      standard: 'v2',
      errorCount: 1,
      warningCount: 0,
      findings: [
        {
          line: 10,
          column: 25,
          endLine: 10,
          endColumn: 26,
          severity: 'error',
          ruleId: 'depth-path-mismatch',
          message: 'delegation_depth is 2 but delegation_path has 3 entries',
          help: 'A delegation_path holds delegation_depth + 2 names (orchestrator, command, then one per delegation): orchestrator -> plan -> worker fits depth 1, or it misses names.',
          pointer: '/metadata/delegation_depth',
        },
      ],
    });
    expect(await call(client, 'check_return', { reply: reply('completed') })).toMatchObject({ isError: false, data: { valid: true, errorCount: 0, warningCount: 0, findings: [] } });
    // extract false: the whole reply must be one JSON value.
    const wrapped = await call(client, 'check_return', { reply: `Here it is:\n${reply('completed')}`, extract: false });
    expect(wrapped.data).toMatchObject({ valid: false, findings: [{ line: 1, column: 1, ruleId: 'return-format-json', pointer: '' }] });
    // The session id sent with the delegation.
    const other = await call(client, 'check_return', { reply: reply('completed'), sessionId: 'sess_1234567890_zzz999' });
    expect(other.data).toMatchObject({ valid: false, findings: [{ line: 6, column: 19, ruleId: 'session-id-mismatch', pointer: '/metadata/session_id' }] });
  });

  it("check_return with agent: judged by that agent's protocol, the format document it follows", async () => {
    const dir = makeProject({
      '.claude/context/return-format.md': WORKER_FORMAT,
      '.claude/agents/worker.md': WORKER_OK.replace('Respond with', 'Follow @.claude/context/return-format.md. Respond with').replace('"completed"', '"implemented"'),
      '.claude/agents/writer.md': '---\nname: writer\ndescription: Writes.\n---\nReturn a brief text summary of what you wrote.\n',
    });
    const client = await connect(dir);
    const agent = { name: 'worker', spec: '.claude/agents/worker.md', returns: 'json' };
    expect(await call(client, 'check_return', { reply: reply('implemented'), agent: 'worker' })).toEqual({
      isError: false,
      text: expect.any(String),
      data: { valid: true, standard: 'v2', errorCount: 0, warningCount: 0, findings: [], agent },
    });
    const completed = await call(client, 'check_return', { reply: reply('completed'), agent: 'worker' });
    expect(completed.data).toMatchObject({ valid: false, agent, findings: [{ line: 2, column: 13, severity: 'error', ruleId: 'return-format-schema', pointer: '/status' }] });
    expect((completed.data?.['findings'] as Array<{ message: string }>)[0]!.message).toContain('"completed"');
    // Without agent: the project's format, as agent-lint check-return judges it there.
    expect((await call(client, 'check_return', { reply: reply('implemented') })).data).toEqual({ valid: true, standard: 'v2', errorCount: 0, warningCount: 0, findings: [] });
    // A plugin's agent type names its plugin first.
    expect((await call(client, 'check_return', { reply: reply('completed', 2), agent: 'team-plugin:worker' })).data).toMatchObject({ valid: false, agent: { name: 'team-plugin:worker' } });
    expect(await call(client, 'check_return', { reply: reply('implemented'), agent: 'nobody' })).toEqual({
      isError: true,
      text: 'the project has no spec of an agent named "nobody": leave agent out to judge by the project\'s format',
      data: undefined,
    });
    expect((await call(client, 'check_return', { reply: 'Wrote it.', agent: 'writer' })).text).toBe('.claude/agents/writer.md says writer answers in prose, not JSON: there is no return format to judge its reply by');
    expect((await call(client, 'check_return', { reply: reply('implemented'), sessionId: ' ' })).isError).toBe(true);
  });

  it('graph: who calls a name and whom it calls, with where each delegation is written', async () => {
    const client = await connect(project);
    const r = await call(client, 'graph', { name: 'reviewer' });
    const edge = (from: string, to: string, target: string, status: string, file: string, line: number, column: number, distance: number, problems: string[] = []) => ({
      from,
      to,
      target,
      expected: 'agent',
      via: 'subagent-type',
      status,
      file,
      line,
      column,
      endLine: line,
      endColumn: column + target.length,
      problems,
      distance,
    });
    const toChecker = edge('agent:reviewer', 'missing:agent:checker', 'checker', 'missing', '.claude/agents/reviewer.md', 5, 57, 1, ['unknown-delegation-target']);
    const fromPlan = edge('command:plan', 'agent:reviewer', 'reviewer', 'found', '.claude/commands/plan.md', 5, 45, 1);
    expect(r.data).toEqual({
      name: 'reviewer',
      depth: 1,
      matches: [{ project: '.', node: { id: 'agent:reviewer', kind: 'agent', name: 'reviewer', files: ['.claude/agents/reviewer.md'] }, callers: [fromPlan], callees: [toChecker] }],
    });
    // Two steps from the missing agent: the reviewer calls it, /plan calls the reviewer.
    const deep = await call(client, 'graph', { name: 'checker', depth: 2 });
    expect(deep.data).toEqual({
      name: 'checker',
      depth: 2,
      matches: [{ project: '.', node: { id: 'missing:agent:checker', kind: 'missing', name: 'checker', expected: 'agent', files: [] }, callers: [toChecker, { ...fromPlan, distance: 2 }], callees: [] }],
    });
    // A command by its slash name: its delegations, in the graph's order.
    const plan = await call(client, 'graph', { name: '/plan' });
    const callees = (plan.data?.['matches'] as Array<{ callees: Array<{ to: string; via: string; file: string; line: number }> }>)[0]!.callees;
    expect(callees.map((e) => `${e.to} ${e.via} ${e.file}:${e.line}`)).toEqual([
      'agent:reviewer subagent-type .claude/commands/plan.md:5',
      'agent:worker delegation-path .claude/agents/worker.md:17',
      'agent:worker subagent-type .claude/commands/plan.md:4',
    ]);
  });

  it('graph: a name that is not there is a tool error, with the likely one', async () => {
    const client = await connect(project);
    expect(await call(client, 'graph', { name: 'workr' })).toEqual({
      isError: true,
      text: 'no agent, command or skill named "workr" in the specs below the working folder; did you mean "worker"?',
      data: undefined,
    });
    expect((await call(client, 'graph', { name: 'worker', depth: 0 })).isError).toBe(true);
  });
});

describe('agent-lint mcp on the command line', () => {
  it('is a bundle of its own: the CLI\'s bundle, which every lint run loads, holds no MCP SDK', () => {
    // Words of the SDK's own code (a rule's text may name enableAllProjectMcpServers).
    const sdk = /StdioServerTransport|McpServer\b/;
    expect(readFileSync(path.join(REPO_ROOT, 'dist/mcp.cjs'), 'utf8')).toMatch(sdk);
    const cli = readFileSync(path.join(REPO_ROOT, 'dist/agent-lint.cjs'), 'utf8');
    expect(cli).not.toMatch(sdk);
    expect(cli).not.toContain('ZodError');
  });

  it('prints its help, and rejects an unknown option', () => {
    const help = spawnSync(process.execPath, [LAUNCHER, 'mcp', '--help'], { encoding: 'utf8' });
    expect([help.status, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^Usage: agent-lint mcp \[options\]\n/);
    expect(help.stdout).toContain('claude mcp add agent-lint -- node /path/to/agent-lint/dist/src/cli/launch.cjs mcp');
    const bad = spawnSync(process.execPath, [LAUNCHER, 'mcp', '--stdio'], { encoding: 'utf8' });
    expect([bad.status, bad.stdout, bad.stderr]).toEqual([2, '', "agent-lint mcp: Unknown option '--stdio'\nRun agent-lint mcp --help for usage.\n"]);
    const root = spawnSync(process.execPath, [LAUNCHER, 'mcp', '--root', path.join(tmp, 'none')], { encoding: 'utf8' });
    expect(root.status).toBe(2);
    expect(root.stderr).toContain('is not a folder');
  });

  it('serves the folder --root names, and ends when its input ends', () => {
    const dir = makeProject({ '.claude/agents/worker.md': WORKER });
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'lint', arguments: { files: ['.claude/agents/worker.md'] } } },
    ];
    const r = spawnSync(process.execPath, [LAUNCHER, 'mcp', '--root', dir], { cwd: tmp, input: messages.map((m) => JSON.stringify(m)).join('\n') + '\n', encoding: 'utf8', timeout: 20_000 });
    expect([r.status, r.stderr]).toEqual([0, '']);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: number; result: { structuredContent?: { errorCount: number } } });
    expect(out.map((m) => m.id)).toEqual([1, 2]);
    expect(out[1]!.result.structuredContent?.errorCount).toBe(1);
  });
});
