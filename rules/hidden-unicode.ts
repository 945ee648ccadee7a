import { defineRule, fillTemplate } from '../src/engine/rule.js';
import { codePointName, decodeTags, findHidden, type HiddenRun } from '../src/rules-support/security/hidden-unicode.js';
import { MAX_MESSAGE, quoted } from '../src/util/clip.js';

const hex = (cp: number) => codePointName(cp).split(' ')[0]!;

/** The run's characters for a message: the first by name, then how many more. */
function named(run: HiddenRun, full: boolean): string {
  const first = full ? codePointName(run.codePoints[0]!) : hex(run.codePoints[0]!);
  const more = run.codePoints.length - 1;
  return more ? `${first} and ${more} more` : first;
}

/** The distinct characters of a run, by name (at most six), for the help. */
function listed(run: HiddenRun): string {
  const distinct = [...new Set(run.codePoints)];
  const names = distinct.slice(0, 6).map(codePointName);
  return names.join(', ') + (distinct.length > 6 ? `, and ${distinct.length - 6} others` : '');
}

const MESSAGES = {
  tag: {
    message: '{{tags}} text: the model reads it, a reviewer cannot see it',
    help: '{{spelled}}Remove {{them}} (--fix does).',
  },
  bidi: {
    message: 'hidden {{chars}}: the text shows in another order than the model reads it',
    help: 'Found: {{found}}. Bidirectional controls change the order text is displayed in, not the order it is read (Trojan Source, CVE-2021-42574): a reviewer approves one text and the model follows another. Remove {{them}} (--fix does).',
  },
  variation: {
    message: '{{selectors}} that {{change}} nothing shown: {{carry}} hidden text',
    help: 'Found: {{found}}. One selector after a character picks how it is drawn; more after it change nothing a reader sees, and each can stand for a byte of text that no editor shows. Remove {{them}} (--fix does).',
  },
  invisible: {
    message: 'invisible {{chars}}: it can hide a word from a reviewer and from filters',
    help: 'Found: {{found}}. A reviewer sees nothing there, and the model reads every character: invisible characters can split a word so that a search or a filter misses it, or carry hidden text. Remove {{them}} (--fix does).',
  },
};

/** A run's data: its characters named in full, or by code point where the message would be too long. */
function dataOf(run: HiddenRun): Record<string, string> {
  const n = run.codePoints.length;
  const said = run.cls === 'tag' ? decodeTags(run.codePoints) : '';
  const data: Record<string, string> = {
    them: n === 1 ? 'it' : 'them',
    found: listed(run),
    tags: `${n} invisible tag character${n === 1 ? ' hides' : 's hide'}`,
    spelled: said
      ? `They spell ${quoted(said, 160)}: a model reads tag characters as that text, and no editor shows them (ASCII smuggling). `
      : 'No editor shows tag characters, and a model reads them as ASCII text (ASCII smuggling). ',
    selectors: n === 1 ? 'a variation selector' : `${n} variation selectors`,
    change: n === 1 ? 'changes' : 'change',
    carry: n === 1 ? 'it can carry a byte of' : 'they can encode',
    chars: named(run, true),
  };
  if (fillTemplate(MESSAGES[run.cls].message, data).length > MAX_MESSAGE) data['chars'] = named(run, false);
  return data;
}

export default defineRule({
  meta: {
    id: 'hidden-unicode',
    description: 'No spec, hook or MCP config holds invisible characters: Unicode tag characters, bidirectional controls, zero-width and other default-ignorable characters.',
    // Off in agent-lint:recommended until it costs less than a full scan of every text beyond
    // ASCII (4% of a run over the corpus); on in agent-lint:strict and when configured.
    severity: 'off',
    strictSeverity: 'error',
    fixable: true,
    standard: false,
    kinds: ['agent', 'command', 'skill', 'other', 'plugin-manifest', 'marketplace-manifest', 'hooks-config', 'settings', 'mcp-config'],
    messages: MESSAGES,
  },
  check({ doc, report }) {
    for (const run of findHidden(doc.text)) {
      report({ messageId: run.cls, data: dataOf(run), range: { start: run.start, end: run.end }, fix: { range: [run.start, run.end], text: '' } });
    }
  },
});
