import { defineRule, optionsSchema } from '../src/engine/rule.js';
import { hasMarkerOpening, type DelegateMarker } from '../src/model/delegations.js';
import type { FencedBlock } from '../src/model/fences.js';
import { PROFILES } from '../src/standard/profiles.js';
import { clip, quoted } from '../src/util/clip.js';
import type { Range } from '../src/types.js';

interface Options {
  maxDelegations?: number;
  maxDescriptionChars?: number;
  countPer?: 'example' | 'file';
}

const IDENT = /^[A-Za-z_]+$/;
const PLACEHOLDER = /^(?:\.\.\.|…|<[^>]*>|\{[^}]*\}|\$\{[^}]*\})$/;
const HOURS = /^\d+(?:\.\d+)?$/;

/** A marker with a description and hours, closed on its line. */
type Marker = DelegateMarker & { hours: string; hoursRange: Range };

/** The marker documents the syntax itself: `[delegate:description:hours]`, `[delegate:...]`. */
function isSyntaxExample(desc: string, hours: string): boolean {
  const d = desc.trim();
  const h = hours.trim();
  if (PLACEHOLDER.test(d) || PLACEHOLDER.test(h)) return true;
  return !HOURS.test(h) && IDENT.test(h) && IDENT.test(d);
}

/** The markers to check (written as markers, not the syntax's own examples); the malformed ones are reported. */
function wellFormed(text: string, markers: readonly DelegateMarker[], report: (what: { messageId: string; data?: Record<string, string> }, r: Range) => void): Marker[] {
  const out: Marker[] = [];
  for (const mk of markers) {
    if (mk.inCodeSpan) continue;
    if (mk.closed && mk.hours !== null) {
      if (!isSyntaxExample(mk.description, mk.hours)) out.push(mk as Marker);
      continue;
    }
    const body = mk.body.trim();
    if (PLACEHOLDER.test(body) || (mk.closed && IDENT.test(body))) continue;
    report(mk.closed ? { messageId: 'no-hours', data: { marker: clip(text.slice(mk.range.start, mk.range.end)) } } : { messageId: 'unclosed' }, mk.range);
  }
  return out;
}

export default defineRule<Options>({
  meta: {
    id: 'delegate-syntax',
    description: 'Delegation markers are well-formed [delegate:description:hours], safe, and at most 10 per story.',
    severity: 'error',
    standard: 'bounded',
    messages: {
      'no-hours': {
        message: 'delegation marker {{marker}} has no hours',
        help: 'Expected [delegate:description:hours] such as [delegate:Add login form:3].',
      },
      unclosed: {
        message: 'delegation marker is not closed on its line',
        help: 'Expected [delegate:description:hours] with the closing "]" on the same line.',
      },
      hours: {
        message: 'delegation hours {{hours}} is not a positive number',
        help: 'Expected estimated hours such as 3 (3-8 is ideal).',
      },
      empty: {
        message: 'delegation description is empty',
        help: 'Expected what the subtask does, e.g. [delegate:Add login form:3].',
      },
      long: {
        message: 'delegation description is {{length}} characters, over the limit of {{max}}',
        help: 'The parser rejects it: expected a short subtask title.',
      },
      forbidden: {
        message: 'delegation description holds {{found}}, which the parser rejects',
        help: 'The parser rejects {{forbidden}} as command injection or path traversal: expected plain words.',
      },
      'too-many': {
        message: '{{count}} delegation markers in {{where}}, over the limit of {{max}} per story',
        help: 'This is marker {{number}}: a story holds at most {{max}} delegations (MAX_DELEGATIONS_PER_STORY). Group related subtasks.',
      },
    },
    schema: optionsSchema({
      maxDelegations: { type: 'integer', minimum: 1, description: 'Most markers in one story (default: the bounded profile\'s, 10).' },
      maxDescriptionChars: { type: 'integer', minimum: 1, description: 'Longest description (default 500).' },
      countPer: { enum: ['example', 'file'], description: 'Count markers per example (fenced block, or text outside fences) or per file (default example).' },
    }),
    defaultOptions: { countPer: 'example' },
  },
  check({ doc, profile, options, report }) {
    if (!hasMarkerOpening(doc.text)) return;
    const spec = profile.delegateMarker ?? PROFILES.bounded.delegateMarker!;
    const maxCount = options.maxDelegations ?? profile.maxDelegationsPerStory ?? PROFILES.bounded.maxDelegationsPerStory!;
    const maxChars = options.maxDescriptionChars ?? spec.descriptionMaxChars;
    const markers = wellFormed(doc.text, doc.delegations.markers, (what, range) => report({ ...what, range }));

    const groups = new Map<FencedBlock | null, Marker[]>();
    for (const mk of markers) {
      const desc = mk.description.trim();
      const hours = mk.hours.trim();
      if (!HOURS.test(hours) || Number(hours) <= 0) {
        report({ messageId: 'hours', data: { hours: quoted(mk.hours, 24) }, range: mk.hours.length > 0 ? mk.hoursRange : mk.range });
      }
      if (desc === '') {
        report({ messageId: 'empty', range: mk.range });
      } else {
        const len = [...mk.description].length;
        if (len > maxChars) {
          report({ messageId: 'long', data: { length: len, max: maxChars }, range: mk.descriptionRange });
        }
        const bad = spec.forbiddenSubstrings.filter((s) => mk.description.includes(s));
        if (bad.length > 0) {
          report({
            messageId: 'forbidden',
            data: { found: bad.map((s) => JSON.stringify(s)).join(', '), forbidden: spec.forbiddenSubstrings.map((s) => JSON.stringify(s)).join(' ') },
            range: mk.descriptionRange,
          });
        }
      }
      const key = options.countPer === 'file' ? null : mk.fence;
      const list = groups.get(key) ?? [];
      list.push(mk);
      groups.set(key, list);
    }
    for (const [fence, list] of groups) {
      if (list.length <= maxCount) continue;
      const over = list[maxCount]!;
      const where = options.countPer === 'file' ? 'this file' : fence ? 'this example' : 'this file\'s text outside code blocks';
      report({ messageId: 'too-many', data: { count: list.length, where, max: maxCount, number: maxCount + 1 }, range: over.range });
    }
  },
});
