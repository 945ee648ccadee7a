/**
 * A FIFO named like a file agent-lint reads never holds a run: opening one blocks until a writer
 * comes, so every read of a project's files opens without blocking and takes regular files only.
 * Each place a FIFO can sit: beside the specs where discovery reads a file's first bytes (a plain
 * folder, an agents/ folder outside .claude), a plugin's manifest, the config and package.json,
 * the return format document a spec references, the bulk suppressions file, and --agents-dir.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';
import { BIN } from './helpers/lint-run.js';

const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-fifo-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);
const hasMkfifo = process.platform !== 'win32' && spawnSync('mkfifo', ['--version']).status === 0;

const AGENT = '---\nname: researcher\ndescription: Researches\n---\nResearch.\n';
const COMMAND = '---\ndescription: Research\n---\nUse the researcher: Task(subagent_type="researcher", prompt="Go"). See @docs/return-format.md.\n';

function fifo(dir: string, rel: string): void {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  expect(spawnSync('mkfifo', [path.join(dir, rel)]).status).toBe(0);
}

function run(dir: string, args: string[]) {
  const r = spawnSync(process.execPath, [BIN, '--format', 'json', ...args], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
  expect(r.signal, `agent-lint ${args.join(' ')} was still waiting after 20 s`).toBe(null);
  return r;
}

describe.skipIf(!hasMkfifo)('a FIFO where agent-lint reads a project', () => {
  it('beside the specs, in the manifests, as the format document: the run ends and lints the specs', () => {
    const dir = project({ '.claude/agents/researcher.md': AGENT, '.claude/commands/research.md': COMMAND });
    for (const rel of ['notes/readme.md', 'tools/agents/helper.md', 'docs/return-format.md', 'plugin/.claude-plugin/plugin.json', '.claude-plugin/marketplace.json']) fifo(dir, rel);
    // The whole project: the specs are linted, and the two manifests (linted as JSON documents at
    // their places) are reported, not read.
    const all = run(dir, []);
    expect(all.status, all.stderr).toBe(1);
    const found = (JSON.parse(all.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string }> }>).map((x) => [path.relative(dir, x.filePath), x.messages.map((m) => m.ruleId).join(',')]);
    expect(found).toEqual([
      ['.claude-plugin/marketplace.json', 'file-unreadable'],
      ['.claude/agents/researcher.md', ''],
      // The format document it references is a FIFO, not a file: the reference loads nothing.
      ['.claude/commands/research.md', 'reference-exists'],
      ['plugin/.claude-plugin/plugin.json', 'file-unreadable'],
    ]);
    // One command: its project's context (discovery's first bytes, the manifests, the format
    // document it references) is read around the FIFOs.
    const one = run(dir, ['.claude/commands/research.md']);
    expect(one.status, one.stderr).toBe(1);
    expect(JSON.parse(one.stdout)[0].messages.map((m: { ruleId: string }) => m.ruleId)).toEqual(['reference-exists']);
  });

  /** A project whose `name` is a FIFO: the run refuses it with the reason (exit 2), without waiting. */
  const refusedAsFifo = (name: string) => {
    const dir = project({ '.claude/agents/researcher.md': AGENT });
    fifo(dir, name);
    const r = run(dir, []);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('not a regular file');
  };

  it('as the config or package.json: a config error, not a wait', () => {
    refusedAsFifo('.agent-lint.json');
    const other = project({ '.claude/agents/researcher.md': AGENT });
    fifo(other, 'package.json');
    expect(run(other, []).status).toBe(0);
  });

  it('as the suppressions file: refused with a reason', () => {
    refusedAsFifo('agent-lint-suppressions.json');
  });

  it('in --agents-dir: its file name still counts as an agent', () => {
    const dir = project({ '.claude/commands/research.md': COMMAND.replace('researcher"', 'outside-agent"'), '.claude/agents/researcher.md': AGENT });
    fifo(dir, 'elsewhere/outside-agent.md');
    const r = run(dir, ['--agents-dir', 'elsewhere', '.claude/commands/research.md']);
    expect(r.status, r.stdout).toBe(0);
  });
});
