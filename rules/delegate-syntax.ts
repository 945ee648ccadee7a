import { defineRule } from '../src/engine/rule.js';
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
function wellFormed(text: string, markers: readonly DelegateMarker[], report: (what: { message: string; help: string }, r: Range) => void): Marker[] {
  const out: Marker[] = [];
  for (const mk of markers) {
    if (mk.inCodeSpan) continue;
    if (mk.closed && mk.hours !== null) {
      if (!isSyntaxExample(mk.description, mk.hours)) out.push(mk as Marker);
      continue;
    }
    const body = mk.body.trim();
    if (PLACEHOLDER.test(body) || (mk.closed && IDENT.test(body))) continue;
    report(
      mk.closed
        ? { message: `delegation marker ${clip(text.slice(mk.range.start, mk.range.end))} has no hours`, help: 'Expected [delegate:description:hours] such as [delegate:Add login form:3].' }
        : { message: 'delegation marker is not closed on its line', help: 'Expected [delegate:description:hours] with the closing "]" on the same line.' },
      mk.range,
    );
  }
  return out;
}

export default defineRule<Options>({
  meta: {
    id: 'delegate-syntax',
    description: 'Delegation markers are well-formed [delegate:description:hours], safe, and at most 10 per story.',
    details:
      'Bounded delegation (US-007) lets an agent split a story with [delegate:description:hours] markers, which a shell script parses. The parser rejects a description over 500 characters or holding $, backticks, &&, ||, ; (command injection) or ../, /etc/, /root/ (path traversal), and a story may hold at most MAX_DELEGATIONS_PER_STORY=10 delegations. Hours must be a positive number. Markers that document the syntax itself ([delegate:description:hours], [delegate:...]) and markers in inline code spans are not checked. The count is per example (one fenced block, or the file\'s text outside fences) unless countPer is "file".',
    severity: 'error',
    standard: 'bounded',
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxDelegations: { type: 'integer', minimum: 1, description: 'Most markers in one story (default: the bounded profile\'s, 10).' },
        maxDescriptionChars: { type: 'integer', minimum: 1, description: 'Longest description (default 500).' },
        countPer: { enum: ['example', 'file'], description: 'Count markers per example (fenced block, or text outside fences) or per file (default example).' },
      },
    },
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
        report({
          message: `delegation hours ${quoted(mk.hours, 24)} is not a positive number`,
          help: 'Expected estimated hours such as 3 (3-8 is ideal).',
          range: mk.hours.length > 0 ? mk.hoursRange : mk.range,
        });
      }
      if (desc === '') {
        report({ message: 'delegation description is empty', help: 'Expected what the subtask does, e.g. [delegate:Add login form:3].', range: mk.range });
      } else {
        const len = [...mk.description].length;
        if (len > maxChars) {
          report({ message: `delegation description is ${len} characters, over the limit of ${maxChars}`, help: 'The parser rejects it: expected a short subtask title.', range: mk.descriptionRange });
        }
        const bad = spec.forbiddenSubstrings.filter((s) => mk.description.includes(s));
        if (bad.length > 0) {
          report({
            message: `delegation description holds ${bad.map((s) => JSON.stringify(s)).join(', ')}, which the parser rejects`,
            help: `The parser rejects ${spec.forbiddenSubstrings.map((s) => JSON.stringify(s)).join(' ')} as command injection or path traversal: expected plain words.`,
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
      report({
        message: `${list.length} delegation markers in ${where}, over the limit of ${maxCount} per story`,
        help: `This is marker ${maxCount + 1}: a story holds at most ${maxCount} delegations (MAX_DELEGATIONS_PER_STORY). Group related subtasks.`,
        range: over.range,
      });
    }
  },
});
