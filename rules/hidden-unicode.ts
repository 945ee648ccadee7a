import { defineRule, fillTemplate } from '../src/engine/rule.js';
import { ALL_KINDS } from '../src/model/kinds.js';
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

const SPELL = 'They spell {{said}}: a model reads tag characters as that text, and no editor shows them (ASCII smuggling).';
const UNSPELLED = 'No editor shows tag characters, and a model reads them as ASCII text (ASCII smuggling).';
const BIDI = 'Found: {{found}}. Bidirectional controls change the order text is displayed in, not the order it is read (Trojan Source, CVE-2021-42574): a reviewer approves one text and the model follows another.';
const VARIATION = 'Found: {{found}}. One selector after a character picks how it is drawn; more after it change nothing a reader sees, and each can stand for a byte of text that no editor shows.';
const INVISIBLE = 'Found: {{found}}. A reviewer sees nothing there, and the model reads every character: invisible characters can split a word so that a search or a filter misses it, or carry hidden text.';
const REMOVE_IT = 'Remove it (--fix does).';
const REMOVE_THEM = 'Remove them (--fix does).';

/**
 * By the class of the character (HiddenClass), with `-run` for several in a row; tag characters
 * that spell no ASCII text are `-unspelled`.
 */
const MESSAGES = {
  tag: { message: '1 invisible tag character hides text: the model reads it, a reviewer cannot see it', help: `${SPELL} ${REMOVE_IT}` },
  'tag-run': { message: '{{count}} invisible tag characters hide text: the model reads it, a reviewer cannot see it', help: `${SPELL} ${REMOVE_THEM}` },
  'tag-unspelled': { message: '1 invisible tag character hides text: the model reads it, a reviewer cannot see it', help: `${UNSPELLED} ${REMOVE_IT}` },
  'tag-run-unspelled': { message: '{{count}} invisible tag characters hide text: the model reads it, a reviewer cannot see it', help: `${UNSPELLED} ${REMOVE_THEM}` },
  bidi: { message: 'hidden {{chars}}: the text shows in another order than the model reads it', help: `${BIDI} ${REMOVE_IT}` },
  'bidi-run': { message: 'hidden {{chars}}: the text shows in another order than the model reads it', help: `${BIDI} ${REMOVE_THEM}` },
  variation: { message: 'a variation selector that changes nothing shown: it can carry a byte of hidden text', help: `${VARIATION} ${REMOVE_IT}` },
  'variation-run': { message: '{{count}} variation selectors that change nothing shown: they can encode hidden text', help: `${VARIATION} ${REMOVE_THEM}` },
  invisible: { message: 'invisible {{chars}}: it can hide a word from a reviewer and from filters', help: `${INVISIBLE} ${REMOVE_IT}` },
  'invisible-run': { message: 'invisible {{chars}}: it can hide a word from a reviewer and from filters', help: `${INVISIBLE} ${REMOVE_THEM}` },
};

/** A run's message id and data; its characters named in full, or by code point where the message would be too long. */
function finding(run: HiddenRun): { messageId: keyof typeof MESSAGES; data: Record<string, string | number> } {
  const n = run.codePoints.length;
  const several = n > 1 ? '-run' : '';
  if (run.cls === 'tag') {
    const said = decodeTags(run.codePoints);
    return said ? { messageId: `tag${several}`, data: { count: n, said: quoted(said, 160) } } : { messageId: `tag${several}-unspelled`, data: { count: n } };
  }
  const messageId = `${run.cls}${several}` as const;
  const data = { count: n, found: listed(run), chars: named(run, true) };
  if (fillTemplate(MESSAGES[messageId].message, data).length > MAX_MESSAGE) data.chars = named(run, false);
  return { messageId, data };
}

export default defineRule({
  meta: {
    id: 'hidden-unicode',
    description: 'No spec, instruction file, prompt, hook or config holds invisible characters: Unicode tag characters, bidirectional controls, zero-width and other default-ignorable characters.',
    // Off in agent-lint:recommended until it costs less than a full scan of every text beyond
    // ASCII (4% of a run over the corpus); on in agent-lint:strict and when configured.
    severity: 'off',
    strictSeverity: 'error',
    fixable: true,
    standard: false,
    kinds: [...ALL_KINDS],
    messages: MESSAGES,
  },
  check({ doc, report }) {
    for (const run of findHidden(doc.text)) {
      report({ ...finding(run), range: { start: run.start, end: run.end }, fix: { range: [run.start, run.end], text: '' } });
    }
  },
});
