/**
 * The language server as an editor runs it: `agent-lint lsp --stdio` started as a process and
 * driven over JSON-RPC (initialize, didOpen, didChange, watched files, codeAction, definition,
 * hover, documentLink), with exact ranges.
 */
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, Hover, Location, DocumentLink } from 'vscode-languageserver-protocol';
import { projectMaker } from './helpers/files.js';
import { WORKER_SPEC } from './helpers/worker-spec.js';
import { brief, REPO_ROOT, startLsp, uriOf, type LspClient } from './helpers/lsp-client.js';

const PLANNER = `---
name: planner
description: Plans the work in steps.
tools: Read, Grep
---
You plan. Read @notes/context.md first, then .claude/agents/worker.md.
`;

const PLAN = `---
description: Make a plan
---
Use the Task tool with subagent_type: "planner" to plan.
Then use the Task tool with subagent_type: "reviewer" to review.
`;

/** An agent of the project's own, so that its unknown agent targets are judged (a project with none calls agents installed elsewhere). */
const CLERK = '---\nname: clerk\ndescription: Files the notes.\n---\nFile the notes.\n';
const WORKER = WORKER_SPEC;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-lsp-'));
const makeProject = projectMaker(tmp);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function open(c: LspClient, file: string, version = 1) {
  return c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uriOf(file), languageId: 'markdown', version, text: readFileSync(file, 'utf8') } });
}

describe('agent-lint lsp --stdio', () => {
  let dir: string;
  let c: LspClient;
  const f = (rel: string) => path.join(dir, rel);
  beforeAll(async () => {
    dir = makeProject({ '.claude/agents/planner.md': PLANNER, '.claude/commands/plan.md': PLAN, '.claude/agents/worker.md': WORKER, 'notes/context.md': 'context\n' });
    c = await startLsp(dir);
  });
  afterAll(async () => {
    expect(await c.close()).toBe(0);
  });

  it('publishes diagnostics on open, with the rule id as code and its docs page', async () => {
    await open(c, f('.claude/commands/plan.md'));
    const diags = await c.diagnostics(uriOf(f('.claude/commands/plan.md')));
    expect(diags.map(brief)).toEqual(['missing-timeout 3:23-3:36', 'unknown-delegation-target 4:44-4:52']);
    const unknown = diags[1]!;
    expect(unknown).toMatchObject({ severity: 1, source: 'agent-lint', codeDescription: { href: 'https://github.com/agent-lint/agent-lint/blob/main/docs/rules/unknown-delegation-target.md' } });
    expect(unknown.message).toContain('"reviewer"');
  });

  it('offers the suggestion, disabling for the block and the file, and the docs', async () => {
    const uri = uriOf(f('.claude/agents/worker.md'));
    await open(c, f('.claude/agents/worker.md'));
    const diags = await c.diagnostics(uri);
    expect(diags.map(brief)).toEqual(['depth-path-mismatch 15:24-15:25']);
    const actions = (await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: diags[0]!.range, context: { diagnostics: diags } })) as CodeAction[];
    expect(actions.map((a) => a.title)).toEqual([
      "Set delegation_depth to 1 (the path's length)",
      'Disable depth-path-mismatch for this code block',
      'Disable depth-path-mismatch for this file',
      'Open the documentation of depth-path-mismatch',
    ]);
    expect(actions[0]!.edit!.changes![uri]).toEqual([{ range: { start: { line: 15, character: 24 }, end: { line: 15, character: 25 } }, newText: '1' }]);
    expect(actions[0]!.diagnostics).toEqual([diags[0]]);
    expect(actions[1]!.edit!.changes![uri]).toEqual([
      { range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, newText: '<!-- agent-lint-disable depth-path-mismatch -->\n' },
      { range: { start: { line: 19, character: 3 }, end: { line: 19, character: 3 } }, newText: '\n<!-- agent-lint-enable depth-path-mismatch -->' },
    ]);
    expect(actions[2]!.edit!.changes![uri]).toEqual([{ range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } }, newText: '<!-- agent-lint-disable-file depth-path-mismatch -->\n' }]);
    expect(actions[3]!.command).toEqual({ title: 'Open the documentation of depth-path-mismatch', command: 'agent-lint.openRuleDocs', arguments: ['https://github.com/agent-lint/agent-lint/blob/main/docs/rules/depth-path-mismatch.md'] });
  });

  it('applies a disable comment edit: the finding is gone after the change', async () => {
    const uri = uriOf(f('.claude/agents/worker.md'));
    const text = WORKER.replace('Return:\n', 'Return:\n<!-- agent-lint-disable-file depth-path-mismatch -->\n');
    await c.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text }] });
    expect(await c.diagnostics(uri, (d) => d.length === 0)).toEqual([]);
  });

  it('offers "disable for this line" outside blocks, as an end-of-line comment', async () => {
    const uri = uriOf(f('.claude/commands/plan.md'));
    const range = { start: { line: 4, character: 46 }, end: { line: 4, character: 46 } };
    const actions = (await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: [] } })) as CodeAction[];
    const line = actions.find((a) => a.title === 'Disable unknown-delegation-target for this line')!;
    expect(line.edit!.changes![uri]).toEqual([{ range: { start: { line: 4, character: 64 }, end: { line: 4, character: 64 } }, newText: ' <!-- agent-lint-disable-line unknown-delegation-target -->' }]);
  });

  it('goes to the definition of a delegation target and shows it on hover', async () => {
    const uri = uriOf(f('.claude/commands/plan.md'));
    const defs = (await c.conn.sendRequest('textDocument/definition', { textDocument: { uri }, position: { line: 3, character: 40 } })) as Location[];
    expect(defs).toEqual([{ uri: uriOf(f('.claude/agents/planner.md')), range: { start: { line: 1, character: 6 }, end: { line: 1, character: 13 } } }]);
    const h = (await c.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 40 } })) as Hover;
    expect(h.range).toEqual({ start: { line: 3, character: 39 }, end: { line: 3, character: 46 } });
    expect((h.contents as { value: string }).value).toBe('**planner** (agent) — `.claude/agents/planner.md`\n\nPlans the work in steps.\n\nTools: Read, Grep');
    // Not on a target: nothing.
    expect(await c.conn.sendRequest('textDocument/definition', { textDocument: { uri }, position: { line: 3, character: 2 } })).toBeNull();
  });

  it('links @includes and paths to the files they name', async () => {
    await open(c, f('.claude/agents/planner.md'));
    const uri = uriOf(f('.claude/agents/planner.md'));
    const links = (await c.conn.sendRequest('textDocument/documentLink', { textDocument: { uri } })) as DocumentLink[];
    expect(links).toEqual([
      { range: { start: { line: 5, character: 16 }, end: { line: 5, character: 32 } }, target: uriOf(f('notes/context.md')) },
      { range: { start: { line: 5, character: 45 }, end: { line: 5, character: 69 } }, target: uriOf(f('.claude/agents/worker.md')) },
    ]);
  });

  it('follows a new agent on disk (watched files) and a renamed one in a buffer, without a restart', async () => {
    const plan = uriOf(f('.claude/commands/plan.md'));
    writeFileSync(f('.claude/agents/reviewer.md'), '---\nname: reviewer\ndescription: Reviews.\n---\nReview.\n');
    await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(f('.claude/agents/reviewer.md')), type: 1 }] });
    expect((await c.diagnostics(plan, (d) => !d.some((x) => x.code === 'unknown-delegation-target'))).map(brief)).toEqual(['missing-timeout 3:23-3:36']);

    // Rename the agent (its file and its name): the command that calls it names an unknown agent again.
    renameSync(f('.claude/agents/reviewer.md'), f('.claude/agents/critic.md'));
    writeFileSync(f('.claude/agents/critic.md'), '---\nname: critic\ndescription: Reviews.\n---\nReview.\n');
    await c.conn.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [
        { uri: uriOf(f('.claude/agents/reviewer.md')), type: 3 },
        { uri: uriOf(f('.claude/agents/critic.md')), type: 1 },
      ],
    });
    const after = await c.diagnostics(plan, (d) => d.some((x) => x.code === 'unknown-delegation-target'));
    expect(after.map(brief)).toEqual(['missing-timeout 3:23-3:36', 'unknown-delegation-target 4:44-4:52']);

    // The caller follows, in its buffer: the target is found again.
    await c.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: plan, version: 2 },
      contentChanges: [{ range: { start: { line: 4, character: 44 }, end: { line: 4, character: 52 } }, text: 'critic' }],
    });
    expect((await c.diagnostics(plan, (d) => !d.some((x) => x.code === 'unknown-delegation-target'))).map(brief)).toEqual(['missing-timeout 3:23-3:36']);

    // A change of an open agent's buffer reaches its callers too: a renamed planner is unknown.
    const planner = uriOf(f('.claude/agents/planner.md'));
    writeFileSync(f('.claude/agents/planner.md'), PLANNER.replace('name: planner', 'name: architect'));
    renameSync(f('.claude/agents/planner.md'), f('.claude/agents/architect.md'));
    await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri: planner } });
    await c.conn.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [
        { uri: planner, type: 3 },
        { uri: uriOf(f('.claude/agents/architect.md')), type: 1 },
      ],
    });
    expect((await c.diagnostics(plan, (d) => d.some((x) => x.code === 'unknown-delegation-target'))).map(brief)).toEqual(['missing-timeout 3:23-3:36', 'unknown-delegation-target 3:39-3:46']);
  });

  it('re-lints the other open files when a buffer changes what they see (here: whether the project uses the standard)', async () => {
    const plan = uriOf(f('.claude/commands/plan.md'));
    const worker = uriOf(f('.claude/agents/worker.md'));
    // The worker's return example is the project's only sign of the standard; without it, missing-timeout does not apply.
    await c.conn.sendNotification('textDocument/didChange', { textDocument: { uri: worker, version: 3 }, contentChanges: [{ text: '---\nname: worker\ndescription: Does the work.\n---\nWork.\n' }] });
    expect((await c.diagnostics(plan, (d) => !d.some((x) => x.code === 'missing-timeout'))).map(brief)).toEqual(['unknown-delegation-target 3:39-3:46']);
    await c.conn.sendNotification('textDocument/didChange', { textDocument: { uri: worker, version: 4 }, contentChanges: [{ text: WORKER }] });
    expect((await c.diagnostics(plan, (d) => d.some((x) => x.code === 'missing-timeout'))).map(brief)).toEqual(['missing-timeout 3:23-3:36', 'unknown-delegation-target 3:39-3:46']);
  });

  it('clears the diagnostics of a closed document', async () => {
    const plan = uriOf(f('.claude/commands/plan.md'));
    await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri: plan } });
    expect(await c.diagnostics(plan, (d) => d.length === 0)).toEqual([]);
  });
});

describe('agent-lint lsp, unbundled and with a bad option', () => {
  it('runs from the unbundled modules too', async () => {
    const dir = makeProject({ '.claude/commands/plan.md': PLAN, '.claude/agents/clerk.md': CLERK });
    const c = await startLsp(dir, path.join(REPO_ROOT, 'dist/src/cli/bin.js'));
    await open(c, path.join(dir, '.claude/commands/plan.md'));
    expect((await c.diagnostics(uriOf(path.join(dir, '.claude/commands/plan.md')))).map(brief)).toEqual(['unknown-delegation-target 3:39-3:46', 'unknown-delegation-target 4:44-4:52']);
    expect(await c.close()).toBe(0);
  });
});

describe('agent-lint lsp and the project\'s format documents', () => {
  it('judges by a format document as it is edited in a buffer and on disk', async () => {
    const doc = (statuses: string) => `# Return Metadata File\n\nWritten to \`specs/{N}/.return-meta.json\`.\n\n\`\`\`json\n{"status": "${statuses}", "artifacts": [], "metadata": {"session_id": "s", "agent_type": "a"}}\n\`\`\`\n`;
    const agent = '---\nname: builder\ndescription: Builds.\n---\nLoad @docs/return-metadata-file.md.\n\nWrite `specs/{N}/.return-meta.json`:\n\n```json\n{"status": "shipped", "artifacts": [], "metadata": {"session_id": "sess_1234567890_abc123", "agent_type": "builder"}}\n```\n';
    const dir = makeProject({ 'docs/return-metadata-file.md': doc('built|failed'), '.claude/agents/builder.md': agent });
    const c = await startLsp(dir);
    const spec = path.join(dir, '.claude/agents/builder.md');
    const format = path.join(dir, 'docs/return-metadata-file.md');
    await open(c, spec);
    const schemaErrors = (d: Array<{ code?: unknown }>) => d.filter((x) => x.code === 'return-format-schema').length;
    expect(schemaErrors(await c.diagnostics(uriOf(spec)))).toBe(1);
    // The document opened and edited, unsaved: the spec is judged by the buffer.
    await open(c, format);
    await c.conn.sendNotification('textDocument/didChange', { textDocument: { uri: uriOf(format), version: 2 }, contentChanges: [{ text: doc('built|shipped|failed') }] });
    expect(schemaErrors(await c.diagnostics(uriOf(spec), (d) => schemaErrors(d) === 0))).toBe(0);
    // Closed unsaved: the file on disk holds again.
    await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri: uriOf(format) } });
    expect(schemaErrors(await c.diagnostics(uriOf(spec), (d) => schemaErrors(d) === 1))).toBe(1);
    // Changed on disk: the file is read again.
    writeFileSync(format, doc('built|shipped|failed'));
    await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(format), type: 2 }] });
    expect(schemaErrors(await c.diagnostics(uriOf(spec), (d) => schemaErrors(d) === 0))).toBe(0);
    expect(await c.close()).toBe(0);
  });
});

describe('agent-lint lsp and bulk suppressions', () => {
  it('applies agent-lint-suppressions.json of the workspace folder, and reads it again when it changes', async () => {
    const counts = (n: number) => JSON.stringify({ '.claude/commands/plan.md': { 'unknown-delegation-target': { count: n } } });
    const dir = makeProject({ '.claude/commands/plan.md': PLAN, '.claude/agents/clerk.md': CLERK, 'agent-lint-suppressions.json': counts(2) });
    const c = await startLsp(dir);
    const plan = path.join(dir, '.claude/commands/plan.md');
    await open(c, plan);
    expect(await c.diagnostics(uriOf(plan))).toEqual([]);
    // One error fewer accepted than there are: all are reported (which one is new cannot be told).
    writeFileSync(path.join(dir, 'agent-lint-suppressions.json'), counts(1));
    await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uriOf(path.join(dir, 'agent-lint-suppressions.json')), type: 2 }] });
    expect((await c.diagnostics(uriOf(plan), (d) => d.length > 0)).map(brief)).toEqual(['unknown-delegation-target 3:39-3:46', 'unknown-delegation-target 4:44-4:52']);
    expect(await c.close()).toBe(0);
  });
});

describe('agent-lint lsp on the JSON files that come with specs', () => {
  it('reports a plugin manifest on open, and offers its fix', async () => {
    const manifest = '{\n  "name": "My Plugin",\n  "version": "1.0.0",\n  "author": "me"\n}\n';
    const dir = makeProject({ '.claude-plugin/plugin.json': manifest, 'package.json': '{ "name": "not-ours" }\n' });
    const c = await startLsp(dir);
    const file = path.join(dir, '.claude-plugin/plugin.json');
    await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uriOf(file), languageId: 'json', version: 1, text: manifest } });
    const diags = await c.diagnostics(uriOf(file));
    expect(diags.map(brief)).toEqual(['plugin-manifest 1:10-1:21', 'plugin-manifest 3:12-3:16']);
    const actions = (await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uriOf(file) }, range: diags[1]!.range, context: { diagnostics: diags } })) as CodeAction[];
    expect(actions[0]!.edit!.changes![uriOf(file)]).toEqual([{ range: { start: { line: 3, character: 12 }, end: { line: 3, character: 16 } }, newText: '{ "name": "me" }' }]);
    // A JSON file that is not one of those: no diagnostics at all.
    const pkg = path.join(dir, 'package.json');
    await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uriOf(pkg), languageId: 'json', version: 1, text: readFileSync(pkg, 'utf8') } });
    // Linted in the same pass as the manifest (one project): the manifest's diagnostics come again, the package's never.
    await c.conn.sendNotification('textDocument/didChange', { textDocument: { uri: uriOf(file), version: 2 }, contentChanges: [{ text: manifest.replace('My Plugin', 'my-plugin') }] });
    expect((await c.diagnostics(uriOf(file), (d) => d.length === 1)).map(brief)).toEqual(['plugin-manifest 3:12-3:16']);
    await expect(c.diagnostics(uriOf(pkg), () => true, 300)).rejects.toThrow(/no matching diagnostics/);
    expect(await c.close()).toBe(0);
  });
});
