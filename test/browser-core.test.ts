/**
 * The core runs without Node: the browser bundle (dist/browser/agent-lint.js, built by
 * `npm run build` from src/browser/index.ts with the browser host) is run in a bare V8 context
 * (node:vm, no `process`, `require`, `Buffer`, `URL`, `TextDecoder` or timers) and lints specs.
 * A `node:` import that creeps into the core fails the build or this test.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AGENT } from './helpers/verifier-spec.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUNDLE = path.join(ROOT, 'dist/browser/agent-lint.js');

interface Msg {
  ruleId: string;
  line: number;
  column: number;
  message: string;
  fix?: { range: [number, number]; text: string };
  suggestions?: Array<{ desc: string; fix: { range: [number, number]; text: string } }>;
}
interface Api {
  lintProject(files: Array<{ path: string; text: string }>, config?: Record<string, unknown>): Promise<{
    results: Array<{ filePath: string; messages: Msg[] }>;
    graph: { nodes: Array<{ id: string; kind: string; file?: string }>; edges: Array<{ from: string; to: string; status: string; bad: boolean; file: string; line: number }> };
  }>;
  FORMATTERS: Record<string, (results: unknown[], ctx: unknown) => string>;
  ConfigError: new (...a: unknown[]) => Error;
}

let api: Api;
let context: vm.Context;

beforeAll(() => {
  expect(existsSync(BUNDLE), `${BUNDLE} is built by npm run build`).toBe(true);
  context = vm.createContext({});
  vm.runInContext(readFileSync(BUNDLE, 'utf8'), context, { filename: BUNDLE });
  api = (context as { agentLint: Api }).agentLint;
});

const COMMAND = `---
description: Research a topic
---

Delegate to the verifier:

task(subagent_type="verifier", prompt="check" + JSON_FORMAT_INSTRUCTION, timeout=3600)
task(subagent_type="ghost", prompt="x" + JSON_FORMAT_INSTRUCTION, timeout=3600)
`;

describe('the browser bundle in a V8 context without Node globals', () => {
  it('has no Node global to lean on', () => {
    expect(vm.runInContext('[typeof process, typeof require, typeof Buffer, typeof TextDecoder, typeof setTimeout].join()', context)).toBe('undefined,undefined,undefined,undefined,undefined');
  });

  it('lints a spec: the depth/path mismatch at its line and column, with its suggestion', async () => {
    const { results } = await api.lintProject([{ path: '.claude/agents/verifier.md', text: AGENT }], { standard: 'v2' });
    expect(results.map((r) => r.filePath)).toEqual(['.claude/agents/verifier.md']);
    const m = results[0]!.messages.find((x) => x.ruleId === 'depth-path-mismatch');
    expect(m).toMatchObject({ line: 18, column: 25 });
    expect(m!.suggestions!.map((s) => s.desc)).toEqual(["Set delegation_depth to 1 (the path's length)"]);
    const { range, text } = m!.suggestions![0]!.fix;
    expect(AGENT.slice(0, range[0]) + text + AGENT.slice(range[1])).toBe(AGENT.replace('"delegation_depth": 2', '"delegation_depth": 1'));
  });

  it('lints a project across files: the graph has its edges, an unknown target is reported and red', async () => {
    const { results, graph } = await api.lintProject(
      [
        { path: '.claude/agents/verifier.md', text: AGENT },
        { path: '.claude/commands/research.md', text: COMMAND },
      ],
      { standard: 'v2', rules: { 'depth-path-mismatch': 'off' } },
    );
    const cmd = results.find((r) => r.filePath === '.claude/commands/research.md')!;
    expect(cmd.messages.map((x) => [x.ruleId, x.line])).toContainEqual(['unknown-delegation-target', 8]);
    expect(results.find((r) => r.filePath === '.claude/agents/verifier.md')!.messages.map((x) => x.ruleId)).not.toContain('depth-path-mismatch');
    // The two task calls, and the delegation_path of the agent's return example.
    expect(graph.edges.map((e) => [e.from, e.to, e.status, e.bad, e.file, e.line])).toEqual([
      ['command:research', 'agent:verifier', 'found', false, '.claude/agents/verifier.md', 19],
      ['command:research', 'agent:verifier', 'found', false, '.claude/commands/research.md', 7],
      ['command:research', 'missing:agent:ghost', 'missing', true, '.claude/commands/research.md', 8],
    ]);
    expect(graph.nodes.find((n) => n.id === 'agent:verifier')).toMatchObject({ kind: 'agent', file: '.claude/agents/verifier.md' });
  });

  it('finds a plugin manifest among the files (a plugin agent is named plugin:agent)', async () => {
    const { graph } = await api.lintProject([
      { path: '.claude-plugin/plugin.json', text: '{"name": "research-kit"}' },
      { path: 'agents/verifier.md', text: AGENT },
      { path: 'commands/research.md', text: COMMAND.replace('"verifier"', '"research-kit:verifier"') },
    ]);
    expect(graph.edges[0]).toMatchObject({ to: 'agent:verifier', status: 'found' });
  });

  it('formats results with the formatters, and refuses a bad config with a ConfigError', async () => {
    const { results } = await api.lintProject([{ path: '.claude/agents/verifier.md', text: AGENT }]);
    expect(JSON.parse(api.FORMATTERS['json']!(results, { cwd: '/project' })) as unknown[]).toHaveLength(1);
    await expect(api.lintProject([], { rules: { 'no-such-rule': 'error' } })).rejects.toThrow(/unknown rule "no-such-rule"/);
    // Not a plain config (a standard and severities): checked with the schema, compiled by ajv here.
    await expect(api.lintProject([], { standard: 'v9' })).rejects.toThrow(/standard: must be one of "v2", "v1", "bounded"/);
    await expect(api.lintProject([], { rules: { 'max-depth': ['error', { maxDepth: 'two' }] } })).rejects.toThrow(/maxDepth/);
  });
});

describe('manifests in the browser bundle', () => {
  it('lints a plugin manifest given among the files, and its paths against the files given', async () => {
    const { results } = await api.lintProject([
      { path: '.claude-plugin/plugin.json', text: '{\n  "name": "Research Kit",\n  "agents": ["./agents/verifier.md", "./agents/missing.md"]\n}\n' },
      { path: 'agents/verifier.md', text: AGENT },
    ]);
    const manifest = results.find((r) => r.filePath === '.claude-plugin/plugin.json')!;
    expect(manifest.messages.map((m) => [m.ruleId, m.line])).toEqual([
      ['plugin-manifest', 2],
      ['plugin-manifest', 3],
    ]);
  });
});

describe('the other tools\' files in the browser bundle', () => {
  it('lints them by their kinds, a TOML command found by its contents as discovery finds it', async () => {
    const token = 'ghp_R8x2Kq9LmZ4vT7wY1nB5cD3fH6jP0sA2eU4i';
    const { results } = await api.lintProject(
      [
        { path: '.cursor/rules/api.mdc', text: `---\nalwaysApply: true\n---\n\nUse ${token}.\n` },
        { path: 'workflows/triage.toml', text: `prompt = "Triage with ${token}"\n` },
        { path: 'pyproject.toml', text: `[tool]\nkey = "${token}"\n` },
        { path: 'notes/todo.md', text: `Use ${token}.\n` },
      ],
      { rules: { 'secret-in-spec': 'error' } },
    );
    const found = results.flatMap((r) => r.messages.map((m) => `${r.filePath} ${m.ruleId} ${m.line}:${m.column}`)).sort();
    expect(found).toEqual(['.cursor/rules/api.mdc secret-in-spec 5:5', 'workflows/triage.toml secret-in-spec 1:23']);
  });
});

describe('which of the page\'s files are specs, as discovery finds them on disk', () => {
  // A file outside the agent trees is a spec by a field only Claude Code specs have (`model: sonnet`).
  const byField = (filler: string) => `---\ndescription: ${filler}\nmodel: sonnet\n---\n\nHelp.\n`;

  it('leaves out node_modules/ and .git/, and files whose names the walk does not collect', async () => {
    const spec = byField('Helps');
    const { results } = await api.lintProject([
      { path: 'tools/helper.md', text: spec },
      { path: 'node_modules/pkg/tools/helper.md', text: spec },
      { path: '.git/tools/helper.md', text: spec },
      { path: 'rules/style.MDC', text: '---\nalwaysApply: true\n---\n\nStyle.\n' },
    ]);
    expect(results.map((r) => r.filePath)).toEqual(['tools/helper.md']);
  });

  it('reads a file\'s first 4,096 bytes, not characters, for its frontmatter', async () => {
    // 1,400 three-byte characters (4,200 bytes) put `model:` beyond the bytes the CLI reads; 1,300 (3,900 bytes) do not.
    const { results } = await api.lintProject([
      { path: 'tools/far.md', text: byField('\u4e00'.repeat(1400)) },
      { path: 'tools/near.md', text: byField('\u4e00'.repeat(1300)) },
    ]);
    expect(results.map((r) => r.filePath)).toEqual(['tools/near.md']);
  });
});
