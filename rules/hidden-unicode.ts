import { defineRule } from '../src/engine/rule.js';
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

function message(run: HiddenRun): string {
  const n = run.codePoints.length;
  const make = (full: boolean): string => {
    switch (run.cls) {
      case 'tag':
        return `${n} invisible tag character${n === 1 ? ' hides' : 's hide'} text: the model reads it, a reviewer cannot see it`;
      case 'bidi':
        return `hidden ${named(run, full)}: the text shows in another order than the model reads it`;
      case 'variation':
        return n === 1 ? 'a variation selector that changes nothing shown: it can carry a byte of hidden text' : `${n} variation selectors that change nothing shown: they can encode hidden text`;
      default:
        return `invisible ${named(run, full)}: it can hide a word from a reviewer and from filters`;
    }
  };
  const m = make(true);
  return m.length <= MAX_MESSAGE ? m : make(false);
}

function help(run: HiddenRun): string {
  const remove = `Remove ${run.codePoints.length === 1 ? 'it' : 'them'} (--fix does).`;
  switch (run.cls) {
    case 'tag': {
      const said = decodeTags(run.codePoints);
      return `${said ? `They spell ${quoted(said, 160)}: a model reads tag characters as that text, and no editor shows them (ASCII smuggling). ` : 'No editor shows tag characters, and a model reads them as ASCII text (ASCII smuggling). '}${remove}`;
    }
    case 'bidi':
      return `Found: ${listed(run)}. Bidirectional controls change the order text is displayed in, not the order it is read (Trojan Source, CVE-2021-42574): a reviewer approves one text and the model follows another. ${remove}`;
    case 'variation':
      return `Found: ${listed(run)}. One selector after a character picks how it is drawn; more after it change nothing a reader sees, and each can stand for a byte of text that no editor shows. ${remove}`;
    default:
      return `Found: ${listed(run)}. A reviewer sees nothing there, and the model reads every character: invisible characters can split a word so that a search or a filter misses it, or carry hidden text. ${remove}`;
  }
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
  },
  check({ doc, report }) {
    for (const run of findHidden(doc.text)) {
      report({ message: message(run), messageId: run.cls, help: help(run), range: { start: run.start, end: run.end }, fix: { range: [run.start, run.end], text: '' } });
    }
  },
});
