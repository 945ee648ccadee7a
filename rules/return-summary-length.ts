import { defineRule, optionsSchema } from '../src/engine/rule.js';
import { findProperty } from '../src/model/json/parse.js';
import { isEllipsisText, returnsOf } from '../src/standard/objects.js';

interface Options {
  maxChars?: number;
  warnChars?: number;
  minChars?: number;
  checkMarkup?: boolean;
}

/** Emoji and pictographs; the ©, ® and ™ signs are not counted. */
const EMOJI = /(?![\u00a9\u00ae\u2122])\p{Extended_Pictographic}/u;

/** Markdown markup in a summary: what it is, or undefined. Linear scans only. */
function markupIn(s: string): string | undefined {
  if (s.includes('**')) return 'bold text (**)';
  if (s.includes('`')) return 'a code span (`)';
  if (/(?:^|\n)[ \t]*#{1,6}[ \t]/.test(s)) return 'a heading (#)';
  if (/\]\([^)\s]*\)/.test(s)) return 'a link ([text](url))';
  const e = EMOJI.exec(s);
  if (e) return `an emoji (${e[0]})`;
  return undefined;
}

export default defineRule<Options>({
  meta: {
    id: 'return-summary-length',
    description: 'A return summary is not empty, stays within the length limit, and holds no emoji or markdown.',
    severity: 'error',
    requiresStandard: true,
    messages: {
      empty: {
        message: 'summary is {{empty}}',
        help: "Expected 2-5 sentences saying what was done: the standard's validate_return rejects an empty summary.",
      },
      long: {
        message: 'summary is {{length}} characters, over the {{profile}} limit of {{max}}',
        help: 'Expected 2-5 sentences of at most ~{{warn}} characters (about 100 tokens): shorten it, and put details in an artifact.',
      },
      'over-guideline': {
        message: 'summary is {{length}} characters, over the guideline of ~{{warn}}',
        help: 'The standard asks for 2-5 short sentences of about 100 tokens (~{{warn}} characters): shorten it, and put details in an artifact.',
      },
      short: {
        message: 'summary is {{length}} characters, under the {{profile}} minimum of {{min}}',
        help: 'Expected 2-5 sentences saying what was done.',
      },
      markup: {
        message: 'summary holds {{markup}}',
        help: 'The standard asks for plain text ("no emojis or formatting markup"): callers show the summary and pass it on verbatim.',
      },
    },
    schema: optionsSchema({
      maxChars: { type: 'integer', minimum: 1, description: 'Longest summary, error above (default: the profile\'s, 500).' },
      warnChars: { type: 'integer', minimum: 1, description: 'Warning above this length (default: the profile\'s, 400 = ~100 tokens).' },
      minChars: { type: 'integer', minimum: 1, description: 'Warning below this length (default: the profile\'s: 1 in v2, 10 in v1).' },
      checkMarkup: { type: 'boolean', description: 'Warn on emoji and markdown markup (default true).' },
    }),
    defaultOptions: { checkMarkup: true },
  },
  check({ doc, profile, options, report }) {
    if (doc.returnFormats.length === 0 && doc.fileReturns.length === 0) return;
    const max = options.maxChars ?? profile.summaryMaxChars;
    const warn = options.warnChars ?? profile.summaryWarnChars;
    const min = options.minChars ?? profile.summaryMinChars;
    for (const { node } of returnsOf(doc, profile)) {
      const s = findProperty(node, 'summary')?.value;
      if (s?.type !== 'string' || s.alternatives) continue;
      const text = s.value;
      const len = [...text].length;
      const trimmed = text.trim();
      if (trimmed === '') {
        report({ messageId: 'empty', data: { empty: text === '' ? 'empty' : 'blank' }, range: s.range });
        continue;
      }
      if (isEllipsisText(trimmed)) continue;
      if (len > max) {
        report({ messageId: 'long', data: { length: len, profile: profile.name, max, warn }, range: s.range });
      } else if (len > warn) {
        report({ messageId: 'over-guideline', data: { length: len, warn }, range: s.range, severity: 'warn' });
      } else if (!s.templated && len < min) {
        report({ messageId: 'short', data: { length: len, profile: profile.name, min }, range: s.range, severity: 'warn' });
      }
      if (options.checkMarkup !== false) {
        const m = markupIn(text);
        if (m) report({ messageId: 'markup', data: { markup: m }, range: s.range, severity: 'warn' });
      }
    }
  },
});
