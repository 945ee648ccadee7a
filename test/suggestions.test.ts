/**
 * Suggestions (ESLint's): repairs a person chooses, carried by the engine from a rule's report to
 * the message, checked like fixes, shown as labelled diffs; and depth-path-mismatch's two
 * alternatives (the depth, or the path where the project's delegations show what it misses).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { runRules, type RuleSetting } from '../src/engine/engine.js';
import { ProjectView } from '../src/model/project.js';
import { defineRule, type Rule } from '../src/engine/rule.js';
import { applySuggestion, suggestionDiffs } from '../src/fix/suggestions.js';
import { DocumentModel } from '../src/model/document.js';
import { getProfile } from '../src/standard/profiles.js';
import type { FileKind, LintMessage } from '../src/types.js';

const ROOT = '/project';

function lintDocs(files: Record<string, string>, rules: readonly Rule[], ids: string[]) {
  const documents = Object.entries(files).map(([rel, text]) => {
    const kind: FileKind = rel.includes('/agents/') ? 'agent' : rel.includes('/commands/') ? 'command' : 'other';
    return new DocumentModel({ filePath: path.posix.join(ROOT, rel), relPath: rel, kind, text });
  });
  const project = new ProjectView({ root: ROOT, documents });
  const settings = new Map<string, RuleSetting>(ids.map((id) => [id, { severity: 2, options: {} }]));
  return runRules({ project, profile: getProfile('v2'), rules, targets: documents, settingsFor: () => settings });
}

const suggesting = (hasSuggestions: boolean, range: [number, number]) =>
  defineRule({
    meta: { id: 'test-suggest', description: 'x', severity: 'error', hasSuggestions, messages: { found: { message: 'found' } } },
    check({ report }) {
      report({ messageId: 'found', range: { start: 0, end: 1 }, suggest: [{ desc: 'Say hi', messageId: 'hi', fix: { range, text: 'hi' } }] });
    },
  });

describe('the engine and suggestions', () => {
  it('carries a rule\'s suggestions to the message, and they do not count as fixable', () => {
    const [r] = lintDocs({ 'notes.md': 'abc\n' }, [suggesting(true, [0, 3])], ['test-suggest']);
    expect(r!.messages).toEqual([
      { ruleId: 'test-suggest', severity: 2, message: 'found', line: 1, column: 1, endLine: 1, endColumn: 2, messageId: 'found', suggestions: [{ desc: 'Say hi', messageId: 'hi', fix: { range: [0, 3], text: 'hi' } }] },
    ]);
    expect(r!.fixableErrorCount).toBe(0);
  });

  it('a rule that suggests without meta.hasSuggestions is an internal error (as ESLint)', () => {
    const [r] = lintDocs({ 'notes.md': 'abc\n' }, [suggesting(false, [0, 3])], ['test-suggest']);
    expect(r!.messages.map((m) => [m.ruleId, m.message])).toEqual([
      ['internal-error', 'rule "test-suggest" failed on this file: rule "test-suggest" offers suggestions but its meta does...'],
    ]);
  });

  it('a suggestion whose range is outside the file is an internal error', () => {
    const [r] = lintDocs({ 'notes.md': 'abc\n' }, [suggesting(true, [2, 40])], ['test-suggest']);
    expect(r!.messages.map((m) => m.ruleId)).toEqual(['internal-error']);
    expect(r!.messages[0]!.message).toContain('suggestion range [2, 40) is outside the file');
  });

  it('applySuggestion and suggestionDiffs: one labelled diff per suggestion, each against the reported text', () => {
    const source = 'one\ntwo\n';
    const m: LintMessage = {
      ruleId: 'r',
      severity: 2,
      message: 'm',
      line: 2,
      column: 1,
      endLine: 2,
      endColumn: 4,
      suggestions: [
        { desc: 'Say three', fix: { range: [4, 7], text: 'three' } },
        { desc: 'Say deux', fix: { range: [4, 7], text: 'deux' } },
      ],
    };
    expect(applySuggestion(source, m.suggestions![1]!)).toBe('one\ndeux\n');
    const out = suggestionDiffs([{ filePath: '/p/a.md', source, messages: [m], suppressedMessages: [], errorCount: 1, warningCount: 0, fatalErrorCount: 0, fixableErrorCount: 0, fixableWarningCount: 0 }], (f) => path.posix.basename(f));
    expect(out).toBe(
      '# suggestion for a.md:2:1 (r): Say three\n--- a/a.md\n+++ b/a.md\n@@ -1,2 +1,2 @@\n one\n-two\n+three\n' +
        '# suggestion for a.md:2:1 (r): Say deux\n--- a/a.md\n+++ b/a.md\n@@ -1,2 +1,2 @@\n one\n-two\n+deux\n',
    );
  });
});

const agent = (name: string, body: string) => `---\nname: ${name}\ndescription: ${name} agent\n---\n\n${body}\n`;
const ret = (depth: number, pathNames: string[]) =>
  '```json\n{\n  "status": "completed",\n  "summary": "Done.",\n  "artifacts": [],\n  "metadata": {\n    "session_id": "sess_1735460684_a1b2c3",\n    "duration_seconds": 5,\n    "agent_type": "x",\n' +
  `    "delegation_depth": ${depth},\n    "delegation_path": [${pathNames.map((n) => JSON.stringify(n)).join(', ')}]\n  },\n  "errors": []\n}\n\`\`\``;
const COMMAND = '---\ndescription: Research a topic\n---\n\nDelegate to the researcher: task(subagent_type="researcher", prompt="...", timeout=3600)\n';
const RESEARCHER = agent('researcher', 'Ask the verifier: task(subagent_type="source-verifier", prompt="...", timeout=600)');

describe('depth-path-mismatch suggests, never fixes', () => {
  const depthPath = ALL_RULES.filter((r) => r.meta.id === 'depth-path-mismatch');
  const run = (verifier: string) => {
    const results = lintDocs({ '.claude/commands/research.md': COMMAND, '.claude/agents/researcher.md': RESEARCHER, '.claude/agents/source-verifier.md': verifier }, depthPath, ['depth-path-mismatch']);
    const r = results.find((x) => x.filePath.endsWith('source-verifier.md'))!;
    return r.messages.map((m) => ({ fix: m.fix, applied: (m.suggestions ?? []).map((s) => [s.desc, applySuggestion(verifier, s)]) }));
  };

  it('a path that misses the agent between the command and the verifier: set the depth, or add the researcher', () => {
    const text = agent('source-verifier', ret(2, ['orchestrator', 'research', 'source-verifier']));
    expect(run(text)).toEqual([
      {
        fix: undefined,
        applied: [
          ["Set delegation_depth to 1 (the path's length)", text.replace('"delegation_depth": 2', '"delegation_depth": 1')],
          ['Add "researcher" to delegation_path (the project\'s delegations pass through it)', text.replace('"research", "source-verifier"', '"research", "researcher", "source-verifier"')],
        ],
      },
    ]);
  });

  it('only the depth where the project does not show what the path misses, or the path is too long', () => {
    const unknown = agent('source-verifier', ret(3, ['orchestrator', 'research', 'source-verifier']));
    expect(run(unknown)[0]!.applied.map((a) => a[0])).toEqual(["Set delegation_depth to 1 (the path's length)"]);
    const long = agent('source-verifier', ret(1, ['orchestrator', 'research', 'researcher', 'source-verifier']));
    expect(run(long)[0]!.applied.map((a) => a[0])).toEqual(["Set delegation_depth to 2 (the path's length)"]);
  });

  it('no suggestion at all where neither repair can be built', () => {
    const short = agent('source-verifier', ret(0, ['orchestrator']));
    expect(run(short)).toEqual([{ fix: undefined, applied: [] }]);
  });
});
