/**
 * The JSON files that come with specs (plugin and marketplace manifests, hooks, settings, MCP
 * configs), run as a user runs agent-lint: found by the folder walk, positions in every output
 * format, `--fix` on JSON, standard input, and suppression through the config (JSON has no
 * comments).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';
import { BIN, cliJson, runCli } from './helpers/lint-run.js';

const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-json-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);

const AGENT = '---\nname: api-designer\ndescription: Designs APIs\n---\n\nYou design APIs.\n';

/** A plugin with one mistake in each JSON file, each of them fixable. */
const PLUGIN = {
  '.claude-plugin/plugin.json': '{\n  "name": "api-team",\n  "agents": ["api-designer.md"]\n}\n',
  'api-designer.md': AGENT,
  'hooks/hooks.json': '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "echo done", "timeout": "30" }] }]\n  }\n}\n',
  '.mcp.json': '{\n  "mcpServers": {\n    "db": { "command": "db-mcp", "env": { "PORT": 5432 } }\n  }\n}\n',
};

const found = (results: Array<{ filePath: string; messages: Array<{ ruleId: string; line: number; column: number }> }>, dir: string) =>
  results.flatMap((r) => r.messages.map((m) => `${path.relative(dir, r.filePath)} ${m.line}:${m.column} ${m.ruleId}`)).sort();

describe('JSON files beside the specs', () => {
  it('are found by the folder walk and reported with line and column', () => {
    const dir = project(PLUGIN);
    const { run, results } = cliJson([], dir);
    expect(run.status).toBe(1);
    expect(found(results, dir)).toEqual([
      '.claude-plugin/plugin.json 3:14 plugin-manifest',
      '.mcp.json 3:51 mcp-config',
      'hooks/hooks.json 3:82 hooks-config',
    ]);
  });

  it('carry their positions into the stylish, sarif and github formats', () => {
    const dir = project(PLUGIN);
    const stylish = runCli([], dir).stdout;
    expect(stylish).toContain('.claude-plugin/plugin.json');
    expect(stylish).toMatch(/3:14\s+error\s+"agents" path "api-designer\.md" does not start with \.\/\s+plugin-manifest/);
    expect(stylish).toContain('    3 |   "agents": ["api-designer.md"]');
    const sarif = JSON.parse(runCli(['-f', 'sarif'], dir).stdout) as { runs: Array<{ results: Array<{ ruleId: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }> }> }> };
    const hooks = sarif.runs[0]!.results.find((r) => r.ruleId === 'hooks-config')!;
    expect(hooks.locations[0]!.physicalLocation.artifactLocation.uri).toMatch(/hooks\/hooks\.json$/);
    expect(hooks.locations[0]!.physicalLocation.region).toMatchObject({ startLine: 3, startColumn: 82 });
    const github = runCli(['-f', 'github'], dir).stdout;
    expect(github).toMatch(/::error file=\.mcp\.json,line=3,(?:endLine=\d+,)?col=51/);
  });

  it('--fix rewrites them, keeping every other byte, and the fixed files lint clean', () => {
    const dir = project(PLUGIN);
    const run = runCli(['--fix'], dir);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(readFileSync(path.join(dir, '.claude-plugin/plugin.json'), 'utf8')).toBe('{\n  "name": "api-team",\n  "agents": ["./api-designer.md"]\n}\n');
    expect(readFileSync(path.join(dir, 'hooks/hooks.json'), 'utf8')).toBe(PLUGIN['hooks/hooks.json'].replace('"30"', '30'));
    expect(readFileSync(path.join(dir, '.mcp.json'), 'utf8')).toBe(PLUGIN['.mcp.json'].replace('5432', '"5432"'));
  });

  it('a parse error is reported where the JSON stops, also on standard input', () => {
    const dir = project({});
    const text = '{\n  "name": "x",\n  // a comment\n}\n';
    const out = spawnSync(process.execPath, [BIN, '-f', 'json', '--stdin', '--stdin-filename', '.claude-plugin/plugin.json'], { cwd: dir, input: text, encoding: 'utf8' });
    const results = JSON.parse(out.stdout) as Array<{ messages: Array<{ ruleId: string; line: number; column: number; message: string; help?: string }> }>;
    expect(results[0]!.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`)).toEqual(['3:3 plugin-manifest']);
    expect(results[0]!.messages[0]!.message).toMatch(/^plugin\.json is not valid JSON: /);
    expect(results[0]!.messages[0]!.help).toMatch(/^JSON has no comments\./);
  });

  it('are left out by the config\'s ignores, and a rule is turned off for one by an override', () => {
    const dir = project({
      ...PLUGIN,
      '.agent-lint.json': JSON.stringify({ ignores: ['.mcp.json'], overrides: [{ files: 'hooks/hooks.json', rules: { 'hooks-config': 'off' } }] }),
    });
    const { results } = cliJson([], dir);
    expect(results.map((r) => path.relative(dir, r.filePath))).not.toContain('.mcp.json');
    expect(found(results, dir)).toEqual(['.claude-plugin/plugin.json 3:14 plugin-manifest']);
  });

  it('markdown rules never run on them, and an inline agent-lint-disable text in JSON suppresses nothing', () => {
    const dir = project({
      '.claude/settings.json': '{\n  "note": "agent-lint-disable-file hooks-config",\n  "hooks": { "OnSave": [] }\n}\n',
    });
    const { results } = cliJson([], dir);
    expect(found(results, dir)).toEqual(['.claude/settings.json 3:14 hooks-config']);
  });
});
