/**
 * `agent-lint graph`: the picture in docs/graph.md is what the command prints for the sample
 * project; each format styles commands, agents and skills apart and marks the delegations that
 * break a graph rule; bad usage exits 2; bin.js dispatches to it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGraphCli } from '../src/cli/graph.js';
import type { CliIO } from '../src/cli/main.js';
import { RULE_FIXTURES } from './helpers/fixtures.js';
import { REPO_ROOT } from './helpers/shared.js';

async function graph(args: string[], cwd = REPO_ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    cwd,
    env: {},
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    readStdin: async () => '',
    stdoutIsTTY: false,
  };
  const code = await runGraphCli(['graph', ...args], io);
  return { code, stdout, stderr };
}

const fixture = (rule: string, kind: string, name: string) => path.join(RULE_FIXTURES, rule, kind, name);

describe('docs/graph.md', () => {
  it('shows the graph `agent-lint graph fixtures/sample-project` prints (regenerate it when this fails)', async () => {
    const doc = readFileSync(path.join(REPO_ROOT, 'docs/graph.md'), 'utf8');
    const m = /<!-- graph: fixtures\/sample-project[^>]*-->\n```mermaid\n([\s\S]*?)```/.exec(doc);
    expect(m, 'docs/graph.md has a ```mermaid block after <!-- graph: fixtures/sample-project -->').not.toBeNull();
    const run = await graph(['fixtures/sample-project']);
    expect(run.code).toBe(0);
    expect(m![1]).toBe(run.stdout);
  });
});

describe('mermaid', () => {
  it('styles commands, agents and skills apart and draws example-only delegations dotted', async () => {
    const { stdout } = await graph(['fixtures/sample-project']);
    expect(stdout.split('\n').slice(0, 1)).toEqual(['flowchart LR']);
    expect(stdout).toContain('n0(["/research"]):::command');
    expect(stdout).toContain('n2["researcher"]:::agent');
    expect(stdout).toContain('n4{{"citation-style"}}:::skill');
    expect(stdout).toContain('  n0 --> n2\n');
    expect(stdout).toContain('  n0 -.-> n3\n');
    expect(stdout).not.toContain('linkStyle');
  });

  it('marks a cycle red and labelled, on every edge of the loop', async () => {
    const { stdout } = await graph([fixture('delegation-graph-cycle', 'invalid', 'three-files')]);
    const arrows = stdout.split('\n').filter((l) => l.includes('-->'));
    expect(arrows).toEqual(['  n0 -->|"cycle"| n2', '  n1 -->|"cycle"| n0', '  n2 -->|"cycle"| n1']);
    expect(stdout).toContain('  linkStyle 0,1,2 stroke:#d93025,stroke-width:2px,stroke-dasharray:5 3\n');
  });

  it('mermaid labels carry no raw HTML, entity or line break from a name', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-graph-html-'));
    try {
      mkdirSync(path.join(dir, '.git'));
      mkdirSync(path.join(dir, '.claude/commands'), { recursive: true });
      mkdirSync(path.join(dir, '.claude/agents'), { recursive: true });
      writeFileSync(path.join(dir, '.claude/agents/clerk.md'), '---\nname: "a<img&#x3C;src=x>b"\ndescription: Files\n---\nFile.\n');
      writeFileSync(path.join(dir, '.claude/commands/go.md'), '---\ndescription: Go\n---\n\nTask(subagent_type="clerk", prompt="p")\n');
      const { stdout } = await graph([dir]);
      const line = stdout.split('\n').find((l) => l.includes('src=x'))!;
      expect(line).toContain('a#lt;img#amp;#35;x3C;src=x#gt;b');
      expect(line).not.toMatch(/[<>&]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows missing targets as their own node style, built-ins apart', async () => {
    const { stdout } = await graph([fixture('unknown-delegation-target', 'invalid', 'typos')]);
    expect(stdout).toContain(':::missing');
    expect(stdout).toMatch(/\["code-reviwer \(missing agent\)"\]:::missing/);
    expect(stdout).toMatch(/\["Explore \(built-in\)"\]:::builtin/);
    expect(stdout).toMatch(/-->\|"unknown target"\| n\d+/);
  });

  it('draws each project of a folder in its own subgraph', async () => {
    const { stdout } = await graph([fixture('unknown-delegation-target', 'invalid', 'marketplace-sibling')]);
    expect(stdout.match(/^ {2}subgraph /gm)).toHaveLength(2);
    expect(stdout).toContain('subgraph p0["fixtures/rules/unknown-delegation-target/invalid/marketplace-sibling/plugins/data"]');
  });
});

describe('dot and json', () => {
  it('dot: shapes by kind, broken delegations red and dashed', async () => {
    const { stdout } = await graph([fixture('delegation-graph-depth', 'invalid', 'four-deep'), '--format', 'dot']);
    expect(stdout.startsWith('digraph delegation {\n')).toBe(true);
    expect(stdout).toMatch(/\[label="\/ship", shape=box/);
    expect(stdout).toMatch(/\[label="tester", shape=ellipse/);
    expect(stdout).toMatch(/ -> n\d+ \[color="#d93025", fontcolor="#d93025", style=dashed, penwidth=2, label="too deep"\];/);
    expect(stdout.trimEnd().endsWith('}')).toBe(true);
  });

  it('json: every edge with its file, position, resolution and the rules it breaks', async () => {
    const { stdout } = await graph([fixture('unknown-delegation-target', 'invalid', 'other-kind'), '-f', 'json']);
    const data = JSON.parse(stdout) as { projects: Array<{ nodes: Array<{ id: string; kind: string }>; edges: Array<Record<string, unknown>> }> };
    expect(data.projects).toHaveLength(1);
    expect(data.projects[0]!.nodes.map((n) => `${n.kind}:${n.id}`)).toEqual(['command:command:ingest', 'agent:agent:lint-fixer', 'skill:skill:pdf-extract']);
    expect(data.projects[0]!.edges).toEqual([
      {
        from: 'command:ingest',
        to: 'agent:lint-fixer',
        target: 'lint-fixer',
        expected: 'skill',
        via: 'skill',
        status: 'other-kind',
        file: 'fixtures/rules/unknown-delegation-target/invalid/other-kind/.claude/commands/ingest.md',
        line: 14,
        column: 21,
        endLine: 14,
        endColumn: 31,
        problems: ['unknown-delegation-target'],
      },
      {
        from: 'command:ingest',
        to: 'skill:pdf-extract',
        target: 'pdf-extract',
        expected: 'agent',
        via: 'call',
        status: 'other-kind',
        file: 'fixtures/rules/unknown-delegation-target/invalid/other-kind/.claude/commands/ingest.md',
        line: 9,
        column: 20,
        endLine: 9,
        endColumn: 31,
        problems: ['unknown-delegation-target'],
      },
    ]);
  });
});

describe('usage', () => {
  it('rejects an unknown format, an unknown flag, two folders, a file, and a config with no config lookup', async () => {
    for (const args of [['--format', 'svg'], ['--bogus'], ['a', 'b'], ['package.json'], ['--config', 'x.json', '--no-config-lookup']]) {
      const run = await graph(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^agent-lint graph: /);
    }
  });

  it('names itself in a config error, as the other subcommands do', async () => {
    const run = await graph(['--config', 'no-such-config.json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^agent-lint graph: config error/);
  });

  it('--help prints the usage', async () => {
    const run = await graph(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: agent-lint graph \[dir\]/);
  });

  const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
  it.skipIf(!existsSync(BIN))('bin.js dispatches `graph` to it', () => {
    const r = spawnSync(process.execPath, [BIN, 'graph', 'fixtures/sample-project', '-f', 'dot'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith('digraph delegation {')).toBe(true);
  });
});
