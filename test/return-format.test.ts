/**
 * A project's own return format: a markdown format document read as a person reads it, a JSON
 * Schema file, and which one is in force (config, override, the document a spec references, the
 * one document the project references, else the standard's).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { checkReturn } from '../src/check-return/check.js';
import { loadConfig } from '../src/config/load.js';
import { resolveConfig } from '../src/config/resolve.js';
import { lint } from '../src/lint.js';
import { getProfile } from '../src/standard/profiles.js';
import { formatFromDocument, formatFromSchemaText } from '../src/standard/return-format/template.js';
import { projectMaker } from './helpers/files.js';

const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-rformat-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);

const DOC = [
  '# Result file', //                                                     1
  '', //                                                                  2
  '```json', //                                                           3
  '{', //                                                                 4
  '  "status": "drafted|reviewed|failed",', //                            5
  '  "artifacts": [{"type": "draft|note", "path": "out/{name}.md"}],', // 6
  '  "metadata": {', //                                                   7
  '    "session_id": "sess_{ts}_{rand}",', //                             8
  '    "agent_type": "{agent}",', //                                      9
  '    "duration_seconds": 12,', //                                       10
  '    "retries": N', //                                                  11
  '  },', //                                                              12
  '  "review_notes": "free text",', //                                    13
  '  "errors": [{"type": "tool|input", "message": "...", "fatal": true}]', // 14
  '}', //                                                                 15
  '```', //                                                               16
  '', //                                                                  17
  '## status (required)', //                                              18
  '', //                                                                  19
  '| Value | Meaning |', //                                               20
  '|---|---|', //                                                         21
  '| `in_progress` | written first |', //                                22
  '| `drafted` | done |', //                                            23
  '', //                                                                  24
  '## review_notes (optional)', //                                        25
  '', //                                                                  26
  '## metadata (required)', //                                            27
  '', //                                                                  28
  '| Field | Required |', //                                              29
  '|---|---|', //                                                         30
  '| `session_id` | Yes |', //                                            31
  '| `duration_seconds` | No |', //                                       32
  '| `agent_type` | Yes (team agents only) |', //                         33
  '', //                                                                  34
  '## errors', //                                                         35
  '', //                                                                  36
  '- `fatal` (required)', //                                              37
  '',
].join('\n');

describe('a markdown format document', () => {
  const r = formatFromDocument(DOC, 'docs/result.md', getProfile('v2'), 'config');
  if (!('format' in r)) throw new Error(r.problem);
  const f = r.format;
  const s = f.schema as any;

  it('reads a|b|c as an enumeration, and a Value table under the field adds to it', () => {
    expect(f.statusValues).toEqual(['drafted', 'reviewed', 'failed', 'in_progress']);
    expect(f.artifactTypes).toEqual(['draft', 'note']);
    expect(f.errorTypes).toEqual(['tool', 'input']);
  });

  it('gives example values their types and says nothing of placeholders and N', () => {
    expect(s.properties.metadata.properties.duration_seconds).toEqual({ type: 'number' });
    expect(s.properties.metadata.properties.session_id).toEqual({ type: 'string' });
    expect(s.properties.metadata.properties.retries).toEqual({});
    expect(s.properties.errors.items.properties.fatal).toEqual({ type: 'boolean' });
    expect(s.properties.artifacts.items.properties.path).toEqual({ type: 'string' });
  });

  it('takes required keys from headings, tables and list items, else the standard\'s that the template names', () => {
    // status: heading; artifacts, metadata: the standard (summary is not in the template).
    expect(f.requiredReturnFields).toEqual(['status', 'artifacts', 'metadata']);
    // duration_seconds: "No"; agent_type: a conditional "Yes (...)" is not checkable, so optional.
    expect(f.requiredMetadataFields).toEqual(['session_id']);
    expect(s.properties.errors.items.required).toEqual(['type', 'message', 'fatal']);
    expect(s.additionalProperties).toBe(true);
  });

  it('cites the template line of each key', () => {
    expect(f.line).toBe(4);
    expect(f.lines['status']).toBe(5);
    expect(f.lines['artifacts/type']).toBe(6);
    expect(f.lines['metadata/duration_seconds']).toBe(10);
  });

  it('a document without a return template is no format, and says why', () => {
    const none = formatFromDocument('# Notes\n\n```json\n{"name": "x"}\n```\n', 'docs/notes.md', getProfile('v2'), 'config');
    expect(none).toEqual({ problem: expect.stringContaining('no ```json template of a return') });
  });
});

describe('a JSON Schema file', () => {
  it('is read as it is; bad JSON or a non-object is a problem', () => {
    const ok = formatFromSchemaText('{"type": "object", "required": ["state"], "properties": {"state": {"enum": ["go", "stop"]}}}', 's.json', 'config');
    expect('format' in ok && ok.format.statusValues).toBe(undefined);
    expect('format' in ok && ok.format.requiredReturnFields).toEqual(['state']);
    expect(formatFromSchemaText('{"type": ', 's.json', 'config')).toEqual({ problem: expect.stringContaining('not valid JSON') });
    expect(formatFromSchemaText('[]', 's.json', 'config')).toEqual({ problem: 'a JSON Schema must be an object' });
    const lined = formatFromSchemaText('{\n  "properties": {\n    "status": {"enum": ["go"]},\n    "artifacts": {"items": {\n      "properties": {"type": {}}}}\n  }\n}', 's.json', 'config');
    expect('format' in lined && lined.format.lines).toEqual({ status: 3, artifacts: 4, 'artifacts/type': 5 });
  });
});

const AGENT = (name: string, ref: string, status: string) =>
  `---\nname: ${name}\ndescription: Drafts text\n---\n\n${ref}\n\nWrite the result file \`out/.result.json\`:\n\n\`\`\`json\n{\n  "status": "${status}",\n  "artifacts": [],\n  "metadata": {"session_id": "sess_1767225600_q7x2m9", "agent_type": "${name}"}\n}\n\`\`\`\n`;

function run(dir: string) {
  const config = resolveConfig(loadConfig({ lookup: true, cwd: dir }), ALL_RULES, {});
  return lint({ cwd: dir, patterns: [], rules: ALL_RULES.filter((r) => r.meta.id === 'return-format-schema'), config })
    .results.flatMap((r) => r.messages.map((m) => `${path.relative(dir, r.filePath)}:${m.line}:${m.column} ${m.message} | ${m.help}`));
}

describe('the format in force', () => {
  it('the document a spec references; with no reference, the one document the project references', () => {
    const dir = project({
      'docs/result.md': DOC,
      '.claude/agents/drafter.md': AGENT('drafter', 'Format: @docs/result.md', 'drafted'),
      '.claude/agents/plain.md': AGENT('plain', 'No reference here.', 'finished'),
    });
    expect(run(dir)).toEqual([
      `.claude/agents/plain.md:12:13 status "finished" is not an allowed value | The project's return format (docs/result.md:5) allows drafted, reviewed, failed, in_progress.`,
    ]);
  });

  it('the documents one agent system references are merged for all its specs, a spec that cites none too', () => {
    const other = DOC.replace('drafted|reviewed|failed', 'shipped|failed');
    const dir = project({
      'docs/result.md': DOC,
      'docs/other.md': other,
      '.claude/agents/a.md': AGENT('a', '- Path: `docs/result.md`', 'shipped'),
      '.claude/agents/b.md': AGENT('b', '- Path: `docs/other.md`', 'drafted'),
      '.claude/agents/c.md': AGENT('c', '', 'finished'),
    });
    expect(run(dir)).toEqual([
      `.claude/agents/c.md:12:13 status "finished" is not an allowed value | The project's return format (docs/other.md:5) allows shipped, failed, in_progress, drafted, reviewed.`,
    ]);
  });

  it('each agent system keeps its own format, whatever the scope of the run', () => {
    const other = DOC.replace('drafted|reviewed|failed', 'shipped|failed');
    const dir = project({
      'docs/result.md': DOC,
      'docs/other.md': other,
      '.claude/agents/a.md': AGENT('a', '@docs/result.md', 'drafted'),
      '.claude/agents/c.md': AGENT('c', '', 'shipped'),
      '.opencode/agent/b.md': AGENT('b', '@docs/other.md', 'shipped'),
      '.opencode/agent/d.md': AGENT('d', '', 'reviewed'),
    });
    const expected = [
      `.claude/agents/c.md:12:13 status "shipped" is not an allowed value | The project's return format (docs/result.md:5) allows drafted, reviewed, failed, in_progress.`,
      `.opencode/agent/d.md:12:13 status "reviewed" is not an allowed value | The project's return format (docs/other.md:5) allows shipped, failed, in_progress, drafted.`,
    ];
    expect(run(dir)).toEqual(expected);
    const scoped = (p: string) => {
      const config = resolveConfig(loadConfig({ lookup: true, cwd: dir }), ALL_RULES, {});
      return lint({ cwd: dir, patterns: [p], rules: ALL_RULES.filter((r) => r.meta.id === 'return-format-schema'), config })
        .results.flatMap((r) => r.messages.map((m) => `${path.relative(dir, r.filePath)}:${m.line}:${m.column} ${m.message} | ${m.help}`));
    };
    expect(scoped('.claude/agents/c.md')).toEqual([expected[0]]);
    expect(scoped('.opencode')).toEqual([expected[1]]);
  });

  it('a spec that references a console format and a metadata-file format is judged by the one for how it returns', () => {
    const consoleDoc = '# Console return\n\n```json\n{"status": "completed|failed", "summary": "...", "artifacts": [], "metadata": {"session_id": "sess_{ts}_{r}"}}\n```\n';
    const fileDoc = DOC + '\nAgents write this to the metadata file and answer with text.\n';
    const dir = project({
      'docs/console.md': consoleDoc,
      'docs/meta-file.md': fileDoc,
      '.claude/agents/a.md': AGENT('a', '@docs/console.md and @docs/meta-file.md', 'shipped'),
    });
    expect(run(dir)).toEqual([
      `.claude/agents/a.md:12:13 status "shipped" is not an allowed value | The project's return format (docs/meta-file.md:5) allows drafted, reviewed, failed, in_progress, completed.`,
    ]);
  });

  it('config returnFormat wins over references, and an override wins for its files', () => {
    const dir = project({
      '.agent-lint.json': JSON.stringify({ returnFormat: 'docs/result.md', overrides: [{ files: '.claude/agents/legacy/**', returnFormat: 'docs/legacy.schema.json' }] }),
      'docs/result.md': DOC,
      'docs/other.md': DOC.replace('drafted|reviewed|failed', 'shipped|failed'),
      'docs/legacy.schema.json': '{"type": "object", "properties": {"status": {"enum": ["done"]}}}',
      '.claude/agents/a.md': AGENT('a', '@docs/other.md', 'drafted'),
      '.claude/agents/legacy/old.md': AGENT('old', '', 'drafted'),
    });
    expect(run(dir)).toEqual([
      `.claude/agents/legacy/old.md:12:13 status "drafted" is not an allowed value | The project's return format (docs/legacy.schema.json:1) allows done.`,
    ]);
  });

  it('a config naming a missing or unreadable format is a config error', () => {
    const dir = project({ '.agent-lint.json': '{"returnFormat": "docs/nope.md"}', '.claude/agents/a.md': AGENT('a', '', 'drafted') });
    expect(() => run(dir)).toThrow(/returnFormat: docs\/nope\.md: no such file/);
    const dir2 = project({ '.agent-lint.json': '{"returnFormat": "docs/bad.json"}', 'docs/bad.json': '{"type": 12}', '.claude/agents/a.md': AGENT('a', '', 'drafted') });
    expect(() => run(dir2)).toThrow(/not a JSON Schema ajv can compile/);
  });

  it('a config in the project names no file outside it', () => {
    const outside = project({ 'secret.md': DOC });
    const dir = project({ '.agent-lint.json': JSON.stringify({ returnFormat: `../${path.basename(outside)}/secret.md` }), '.claude/agents/a.md': AGENT('a', '', 'drafted') });
    expect(() => run(dir)).toThrow(/returnFormat: .*secret\.md: outside the project/);
  });

  it('a referenced document outside the project is not read', () => {
    const outside = project({ 'result.md': DOC });
    const dir = project({ '.claude/agents/a.md': AGENT('a', `@../${path.basename(outside)}/result.md`, 'drafted') });
    expect(run(dir).some((l) => l.includes('Delegation Standard 2.0'))).toBe(true);
  });

  it('checkReturn(reply, { cwd }) judges a reply by the project\'s format', () => {
    const dir = project({ 'docs/result.md': DOC, '.claude/agents/a.md': AGENT('a', '@docs/result.md', 'drafted') });
    const reply = { status: 'drafted', artifacts: [], metadata: { session_id: 'sess_1767225600_q7x2m9' } };
    expect(checkReturn(reply, { cwd: dir }).valid).toBe(true);
    const bad = checkReturn({ ...reply, status: 'done' }, { cwd: dir });
    expect(bad.messages.map((m) => [m.message, m.help])).toEqual([['status "done" is not an allowed value', "The project's return format (docs/result.md:5) allows drafted, reviewed, failed, in_progress."]]);
    // Without cwd, the standard's format.
    expect(checkReturn(reply).valid).toBe(false);
  });
});

describe('the command line', () => {
  const BIN = path.resolve(import.meta.dirname, '../dist/src/cli/bin.js');
  const cli = (cwd: string, args: string[], input?: string) => spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', input });

  it('--print-config says which format is in force and where it came from; --print-schema prints it; check-return uses it', () => {
    const dir = project({ 'docs/result.md': DOC, '.claude/agents/a.md': AGENT('a', '@docs/result.md', 'drafted') });
    const shown = JSON.parse(cli(dir, ['--print-config', '.claude/agents/a.md']).stdout);
    expect(shown.returnFormat).toEqual({
      from: 'referenced by the specs',
      file: 'docs/result.md',
      line: 4,
      kind: 'document',
      required: ['status', 'artifacts', 'metadata'],
      metadataRequired: ['session_id'],
      status: ['drafted', 'reviewed', 'failed', 'in_progress'],
      artifactTypes: ['draft', 'note'],
      errorTypes: ['tool', 'input'],
    });
    const schema = JSON.parse(cli(dir, ['--print-schema', 'return-format']).stdout);
    expect(schema.properties.status.enum).toEqual(['drafted', 'reviewed', 'failed', 'in_progress']);
    const r = cli(dir, ['check-return', '--format', 'json', '-'], JSON.stringify({ status: 'done', artifacts: [], metadata: { session_id: 'sess_1767225600_q7x2m9' } }));
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).messages[0].help).toBe("The project's return format (docs/result.md:5) allows drafted, reviewed, failed, in_progress.");

    const configured = project({ '.agent-lint.json': '{"returnFormat": "docs/result.md"}', 'docs/result.md': DOC });
    expect(JSON.parse(cli(configured, ['--print-config', 'x.md']).stdout).returnFormat).toMatchObject({ from: 'config', file: 'docs/result.md', line: 4, kind: 'document' });
    const none = project({});
    expect(JSON.parse(cli(none, ['--print-config', 'x.md']).stdout).returnFormat).toEqual({ from: 'standard', standard: 'v2', title: 'Delegation Standard 2.0' });
  });

  it('config `protocol` corrects the learned format: values allowed and forbidden, fields optional; --print-config shows it', () => {
    const config = { protocol: { allow: { status: ['shipped'] }, forbid: { status: ['failed'] }, optional: ['metadata/session_id', 'artifacts'] } };
    const dir = project({
      '.agent-lint.json': JSON.stringify(config),
      'docs/result.md': DOC,
      '.claude/agents/a.md': AGENT('a', '@docs/result.md', 'shipped'),
      '.claude/agents/b.md': AGENT('b', '@docs/result.md', 'failed'),
    });
    const shown = JSON.parse(cli(dir, ['--print-config', '.claude/agents/a.md']).stdout).returnFormat;
    expect(shown).toMatchObject({ required: ['status', 'metadata'], metadataRequired: [], status: ['drafted', 'reviewed', 'in_progress', 'shipped'], forbidden: ['status "failed" (.agent-lint.json:1)'] });
    const r = cli(dir, ['--format', 'json']);
    const found = (JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; line: number }> }>).flatMap((x) => x.messages.map((m) => `${path.basename(x.filePath)}:${m.line} ${m.ruleId}`));
    expect(found).toEqual(['b.md:12 forbidden-value']);
  });

  it('a config naming a missing format is exit 2 with the reason', () => {
    const dir = project({ '.agent-lint.json': '{"returnFormat": "docs/nope.md"}', '.claude/agents/a.md': AGENT('a', '', 'drafted') });
    const r = cli(dir, []);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('returnFormat: docs/nope.md: no such file');
  });
});

describe('what a format document leaves open, and what it forbids', () => {
  const doc = (body: string) => {
    const r = formatFromDocument(body, 'docs/f.md', getProfile('v2'), 'referenced');
    if (!('format' in r)) throw new Error(r.problem);
    return r.format;
  };
  const TEMPLATE = (status: string, errorType: string, agentType = 'x') =>
    `# Return\n\n\`\`\`json\n{"status": "${status}", "summary": "s", "artifacts": [], "metadata": {"session_id": "s", "agent_type": "${agentType}"}, "errors": [{"type": "${errorType}", "message": "m"}]}\n\`\`\`\n`;

  it('a list ending in ... that abridges the standard\'s list is the standard\'s list; one of other values is open', () => {
    const f = doc(TEMPLATE('done|failed', 'validation|execution|...', 'planner|researcher|...'));
    expect(f.errorTypes).toEqual(['validation', 'execution', 'timeout', 'tool_unavailable']);
    expect((f.schema as any).properties.metadata.properties.agent_type).toEqual({ type: 'string', 'x-open': true });
    expect(doc(TEMPLATE('done|failed', 'tool|input|...')).errorTypes).toBeUndefined();
  });

  it('"contextual values" in a field\'s section leave it open', () => {
    const f = doc(TEMPLATE('researched|failed', 'timeout') + '\n### status (required)\n\n**Values**: Contextual success values, or `failed`.\n');
    expect(f.statusValues).toBeUndefined();
    expect(doc(TEMPLATE('researched|failed', 'timeout') + '\n### status (required)\n\n**Values**: `researched` or `failed`.\n').statusValues).toEqual(['researched', 'failed']);
  });

  it('reads prohibitions: a keyed value, the values of a clause, the section\'s field; with their lines', () => {
    const f = doc(
      TEMPLATE('researched|failed', 'timeout') +
        '\nDo NOT use `"status": "completed"` - it stops the caller.\n\n### status (required)\n\nNever use "done" or "finished" - use "researched" instead.\n\nYou should not write tests here.\n',
    );
    expect(f.forbidden?.map((x) => [x.path, x.value, x.line])).toEqual([
      ['status', 'completed', 7],
      ['status', 'done', 11],
      ['status', 'finished', 11],
    ]);
  });
});

describe('formats merged', () => {
  const fmt = (file: string, body: string) => {
    const r = formatFromDocument(body, file, getProfile('v2'), 'referenced');
    if (!('format' in r)) throw new Error(r.problem);
    return r.format;
  };
  const a = fmt('docs/a.md', '# A file\n\n```json\n{"status": "a1|a2", "artifacts": [{"type": "report|summary", "path": "p"}], "metadata": {"session_id": "s", "agent_type": "x"}}\n```\n');
  const b = fmt('docs/b.md', '# B\n\n```json\n{"status": "b1|b2", "summary": "s", "artifacts": [{"type": "plan|summary", "path": "p"}], "metadata": {"session_id": "s"}, "errors": [{"type": "timeout|execution", "message": "m"}]}\n```\n\nNever use "completed" as a status.\n');

  it('primaries: the union of values, the required keys every one requires', async () => {
    const { mergeFormats } = await import('../src/standard/return-format/merge.js');
    const m = mergeFormats([a, b]);
    expect(m.statusValues).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(m.requiredReturnFields).toEqual(['status', 'artifacts', 'metadata']);
    expect(m.requiredMetadataFields).toEqual(['session_id']);
    expect(m.sources).toEqual(['docs/a.md', 'docs/b.md']);
  });

  it('an example value joins a list; an open field opens it; a placeholder says nothing', async () => {
    const { mergeFormats } = await import('../src/standard/return-format/merge.js');
    const withType = (file: string, type: string) => fmt(file, `# X\n\n\`\`\`json\n{"status": "s1|s2", "artifacts": [{"type": "${type}", "path": "p"}], "metadata": {"session_id": "s"}}\n\`\`\`\n`);
    expect(mergeFormats([a], [a, withType('docs/c.md', 'research')]).artifactTypes).toEqual(['report', 'summary', 'research']);
    expect(mergeFormats([a], [a, withType('docs/c.md', '{type}')]).artifactTypes).toEqual(['report', 'summary']);
    expect(mergeFormats([a], [a, withType('docs/c.md', 'x|y|...')]).artifactTypes).toBeUndefined();
  });

  it('a vocabulary source adds values and undeclared fields, never required keys', async () => {
    const { mergeFormats } = await import('../src/standard/return-format/merge.js');
    const m = mergeFormats([a], [a, b]);
    expect(m.statusValues).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(m.artifactTypes).toEqual(['report', 'summary', 'plan']);
    expect(m.errorTypes).toEqual(['timeout', 'execution']);
    expect(m.requiredReturnFields).toEqual(['status', 'artifacts', 'metadata']);
    expect((m.schema as any).properties.errors.items.required).toBeUndefined();
    expect(m.forbidden?.map((f) => f.value)).toEqual(['completed']);
    expect(m.sites?.['errors/type']).toBe('docs/b.md:4');
  });
});
