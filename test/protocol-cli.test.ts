/**
 * `agent-lint protocol`: the protocol learned from a project's documents, per agent system, with
 * provenance, as text and JSON, driven as a process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';

const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-protocol-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);
const BIN = path.resolve(import.meta.dirname, '../dist/src/cli/bin.js');
const cli = (cwd: string, args: string[]) => spawnSync(process.execPath, [BIN, 'protocol', ...args], { cwd, encoding: 'utf8' });

const META_DOC = [
  '# Return Metadata File', //                                   1
  '', //                                                         2
  'Agents write `specs/{N}/.return-meta.json`.', //              3
  '', //                                                         4
  '```json', //                                                  5
  '{', //                                                        6
  '  "status": "researched|planned|failed",', //                 7
  '  "artifacts": [{"type": "report|plan", "path": "p"}],', //   8
  '  "metadata": {"session_id": "s", "agent_type": "a", "duration_seconds": 1}', // 9
  '}', //                                                        10
  '```', //                                                      11
  '', //                                                         12
  '### status (required)', //                                    13
  '', //                                                         14
  'Never use `"completed"`: it stops the caller.', //            15
  '', //                                                         16
  '### metadata (required)', //                                  17
  '', //                                                         18
  '| Field | Required |', //                                     19
  '|---|---|', //                                                20
  '| `duration_seconds` | No |', //                              21
  '',
].join('\n');
const CONSOLE_DOC = '# Subagent Return\n\n```json\n{"status": "researched|failed", "summary": "s", "artifacts": [{"type": "summary", "path": "p"}], "metadata": {"session_id": "s"}}\n```\n';
const AGENT = '---\nname: researcher\ndescription: Researches\n---\n\nLoad @.claude/context/return-metadata-file.md and @.claude/context/subagent-return.md.\n\nWrite `specs/{N}/.return-meta.json`, then return a brief text summary (NOT JSON).\n';

describe('agent-lint protocol', () => {
  const dir = project({
    '.claude/context/return-metadata-file.md': META_DOC,
    '.claude/context/subagent-return.md': CONSOLE_DOC,
    '.claude/agents/researcher.md': AGENT,
    '.opencode/agent/plain.md': '---\ndescription: Plain\nmode: subagent\n---\n\nReturn JSON.\n',
  });

  it('prints each agent system\'s documents, channels, vocabularies and agents as JSON, with provenance', () => {
    const r = cli(dir, ['--format', 'json']);
    expect(r.status, r.stderr).toBe(0);
    const facts = JSON.parse(r.stdout);
    expect(facts.root).toBe('.');
    expect(facts.source).toBe('documents');
    expect(facts.systems.map((s: { system: string }) => s.system)).toEqual(['.claude/', '.opencode/']);
    const claude = facts.systems[0];
    expect(claude.documents).toEqual([
      { file: '.claude/context/return-metadata-file.md', line: 6, describes: 'metadata file', titledAfterFile: true },
      { file: '.claude/context/subagent-return.md', line: 4, describes: 'console reply', titledAfterFile: false },
    ]);
    expect(claude.channels.metadataFile).toMatchObject({
      structureFrom: ['.claude/context/return-metadata-file.md'],
      required: ['status', 'artifacts', 'metadata'],
      metadataRequired: ['session_id', 'agent_type'],
      status: ['researched', 'planned', 'failed'],
      artifactTypes: ['report', 'plan', 'summary'],
      forbidden: [{ field: 'status', value: 'completed', at: '.claude/context/return-metadata-file.md:15' }],
    });
    expect(claude.channels.console.structureFrom).toEqual(['.claude/context/subagent-return.md']);
    expect(claude.agents).toEqual([{ name: 'researcher', at: '.claude/agents/researcher.md:6', returns: ['metadata file', 'console text'] }]);
    expect(facts.systems[1].documents).toEqual([]);
  });

  it('prints the same as text, and a folder inside the project gives the whole project', () => {
    const r = cli(path.join(dir, '.claude', 'agents'), []);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('project ../..\n');
    expect(r.stdout).toContain('    .claude/context/return-metadata-file.md:6  metadata file (its own document)\n');
    expect(r.stdout).toContain('  returns written to a metadata file: fields from .claude/context/return-metadata-file.md; values from 1 more document too\n');
    expect(r.stdout).toContain('    forbidden: status "completed" (.claude/context/return-metadata-file.md:15)\n');
    expect(r.stdout).toContain('  no format document referenced: returns are judged by the standard\n');
  });

  it('bad usage is exit 2 with one line', () => {
    expect(cli(dir, ['--format', 'xml'])).toMatchObject({ status: 2, stderr: expect.stringContaining('unknown format "xml"') });
    expect(cli(dir, ['nope'])).toMatchObject({ status: 2, stderr: expect.stringContaining('"nope" does not exist') });
  });
});
