/**
 * A rule's findings are written once, in its `meta.messages` (ESLint's shape): a report names a
 * message id and gives the data of its `{{placeholders}}`; the engine fills the message and the
 * help. A report of an id the rule lacks, or without a placeholder's data, is a bug in the rule:
 * an internal error, as ESLint's is.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { runRules, type RuleSetting } from '../src/engine/engine.js';
import { ProjectView } from '../src/model/project.js';
import { defineRule, type Rule } from '../src/engine/rule.js';
import { sameHelp, sameMessage } from '../src/rules-support/messages.js';
import { DocumentModel } from '../src/model/document.js';
import { getProfile } from '../src/standard/profiles.js';
import type { ReportDescriptor } from '../src/types.js';

const ROOT = '/project';

function lintText(text: string, rule: Rule) {
  const doc = new DocumentModel({ filePath: path.posix.join(ROOT, 'notes.md'), relPath: 'notes.md', kind: 'other', text });
  const settings = new Map<string, RuleSetting>([[rule.meta.id, { severity: 2, options: {} }]]);
  const [r] = runRules({ project: new ProjectView({ root: ROOT, documents: [doc] }), profile: getProfile('v2'), rules: [rule], targets: [doc], settingsFor: () => settings });
  return r!.messages;
}

const reporting = (...reports: ReportDescriptor[]) =>
  defineRule({
    meta: {
      id: 'test-messages',
      description: 'x',
      severity: 'error',
      messages: {
        count: { message: '{{name}} appears {{ count }} times', help: 'Expected it once: remove {{extra}} of them.' },
        quiet: { message: 'no help here', help: '{{help}}' },
      },
    },
    check({ report }) {
      for (const r of reports) report(r);
    },
  });

describe("a rule's messages", () => {
  it('fill the message and the help from the report\'s data, and carry the message id', () => {
    const [m] = lintText('abc\n', reporting({ messageId: 'count', data: { name: '"abc"', count: 3, extra: 2 }, range: { start: 0, end: 3 } }));
    expect(m).toEqual({ ruleId: 'test-messages', severity: 2, message: '"abc" appears 3 times', help: 'Expected it once: remove 2 of them.', messageId: 'count', line: 1, column: 1, endLine: 1, endColumn: 4 });
  });

  it('fill a placeholder once: a value that holds {{...}} is shown as written', () => {
    const [m] = lintText('abc\n', reporting({ messageId: 'count', data: { name: '{{count}}', count: 1, extra: '{{name}}' } }));
    expect([m!.message, m!.help]).toEqual(['{{count}} appears 1 times', 'Expected it once: remove {{name}} of them.']);
  });

  it('leave out a help that fills to nothing', () => {
    const [m] = lintText('abc\n', reporting({ messageId: 'quiet', data: { help: '' } }));
    expect(m!.message).toBe('no help here');
    expect('help' in m!).toBe(false);
  });

  it('make a report of an unknown message id, or without a placeholder\'s data, an internal error', () => {
    const unknown = lintText('abc\n', reporting({ messageId: 'nope' }));
    expect(unknown.map((m) => m.ruleId)).toEqual(['internal-error']);
    expect(unknown[0]!.help).toContain('reported the message id "nope", which the rule\'s meta.messages lacks');
    const missing = lintText('abc\n', reporting({ messageId: 'count', data: { name: 'x', count: 1 } }));
    expect(missing.map((m) => m.ruleId)).toEqual(['internal-error']);
    expect(missing[0]!.help).toContain('no data for {{extra}}');
  });

  it('may be declared as variants sharing their message, or their help', () => {
    expect(sameMessage('{{a}} is wrong', { x: 'Write b.', y: 'Write c.' })).toEqual({ x: { message: '{{a}} is wrong', help: 'Write b.' }, y: { message: '{{a}} is wrong', help: 'Write c.' } });
    expect(sameHelp('Write b.', { x: 'a is wrong', y: 'c is wrong' })).toEqual({ x: { message: 'a is wrong', help: 'Write b.' }, y: { message: 'c is wrong', help: 'Write b.' } });
  });

  it('are declared by every rule that reports, each with a one-line message', () => {
    for (const r of ALL_RULES.filter((x) => !x.meta.internal)) {
      const messages = Object.entries(r.meta.messages ?? {});
      expect(messages.length, r.meta.id).toBeGreaterThan(0);
      for (const [id, m] of messages) expect(m.message, `${r.meta.id} ${id}`).toMatch(/^[^\n]+$/);
    }
  });
});
