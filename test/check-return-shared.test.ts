/**
 * One definition for specs and replies: a return example in an agent spec and the same JSON
 * given to checkReturn get the same findings (rule ids, messages, severities), at the same
 * places (shifted by the lines above the example).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintText } from '../src/api/lint.js';
import { checkReturn } from '../src/check-return/check.js';
import { RETURN_RULE_IDS } from '../src/check-return/rules.js';
import type { StandardName } from '../src/types.js';
import { BUILD_FAILED, IMPLEMENT_PARTIAL, RESEARCH_DONE, V1_TESTS_BLOCKED, variant, type Obj } from './helpers/replies.js';

const cwd = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-shared-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const CASES: Array<[string, Obj, (r: any) => void, StandardName?]> = [
  ['status outside the enum and missing fields', RESEARCH_DONE, (r) => { r.status = 'done'; delete r.artifacts; delete r.metadata.agent_type; }],
  ['failed with no errors', BUILD_FAILED, (r) => (r.errors = [])],
  ['completed with an error', RESEARCH_DONE, (r) => (r.errors = [{ type: 'execution', message: 'One source timed out.' }])],
  ['empty summary', RESEARCH_DONE, (r) => (r.summary = '')],
  ['long summary with markup', RESEARCH_DONE, (r) => (r.summary = '**Done.** ' + 'The cache report is written. '.repeat(16))],
  ['artifact paths', RESEARCH_DONE, (r) => r.artifacts.push({ type: 'research', path: '/tmp/report.md' }, { type: 'plan', path: 'specs\\plan.md' })],
  ['error codes', BUILD_FAILED, (r) => r.errors.push({ type: 'execution', code: 'lint-failed', message: 'x' }, { type: 'execution', code: 'LINT_FAILED', message: 'y' })],
  ['session id format', RESEARCH_DONE, (r) => (r.metadata.session_id = 'session-42')],
  ['depth and path disagree', RESEARCH_DONE, (r) => (r.metadata.delegation_depth = 3)],
  ['too deep, with a cycle', IMPLEMENT_PARTIAL, (r) => {
    r.metadata.delegation_depth = 5;
    r.metadata.delegation_path = ['orchestrator', 'implement', 'task-executor', 'implementer', 'task-executor', 'implementer', 'linter'];
  }],
  ['a 1.0 return with 2.0 types, under v1', V1_TESTS_BLOCKED, (r) => { r.errors[0].type = 'tool_unavailable'; r.summary = 'Blocked.'; }, 'v1'],
];

/** An agent spec that shows `json` as its return example; the JSON's first line is `line`. */
function spec(json: string, agent: string): { text: string; line: number } {
  const head = `---\nname: ${agent}\ndescription: Does one step of the task and reports back.\n---\n\n# ${agent}\n\nWhen you finish, return exactly this JSON:\n\n\`\`\`json\n`;
  return { text: `${head}${json}\n\`\`\`\n`, line: head.split('\n').length };
}

const shape = (m: { ruleId: string; severity: number; message: string; line: number; column: number; endLine: number; endColumn: number }, shift = 0) => ({
  ruleId: m.ruleId,
  severity: m.severity,
  message: m.message,
  at: [m.line - shift, m.column, m.endLine - shift, m.endColumn],
});

describe('a spec example and a reply get the same findings', () => {
  const seen = new Set<string>();

  it.each(CASES)('%s', async (_, base, change, standard) => {
    const json = variant(base, change);
    const agent = String((base.metadata as { agent_type: string }).agent_type);
    const { text, line } = spec(json, agent);
    const [result] = await lintText(text, { cwd, filePath: `.claude/agents/${agent}.md`, config: false, standard });
    const fromSpec = result!.messages.filter((m) => (RETURN_RULE_IDS as readonly string[]).includes(m.ruleId)).map((m) => shape(m, line - 1));
    const fromReply = checkReturn(json, { standard }).messages.map((m) => shape(m));
    expect(fromSpec.length).toBeGreaterThan(0);
    expect(fromReply).toEqual(fromSpec);
    for (const m of fromReply) seen.add(m.ruleId);
  });

  it('the cases above exercise every return rule', () => {
    expect([...seen].sort()).toEqual([...RETURN_RULE_IDS].sort());
  });
});
