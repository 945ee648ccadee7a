import { defineRule } from '../src/engine/rule.js';
import type { DocumentModel } from '../src/model/document.js';
import type { FencedBlock } from '../src/model/fences.js';
import { PROFILES } from '../src/standard/profiles.js';
import { clip, quoted } from '../src/util/clip.js';
import type { Range } from '../src/types.js';

interface Options {
  maxDelegations?: number;
  maxDescriptionChars?: number;
  countPer?: 'example' | 'file';
}

const OPEN = '[delegate:';
const IDENT = /^[A-Za-z_]+$/;
const PLACEHOLDER = /^(?:\.\.\.|…|<[^>]*>|\{[^}]*\}|\$\{[^}]*\})$/;
const HOURS = /^\d+(?:\.\d+)?$/;

interface Marker {
  range: Range;
  desc: string;
  descRange: Range;
  hours: string;
  hoursRange: Range;
  /** The fence it is in (markers of one fence are one example), or null. */
  fence: FencedBlock | null;
}

/** The marker documents the syntax itself: `[delegate:description:hours]`, `[delegate:...]`. */
function isSyntaxExample(desc: string, hours: string): boolean {
  const d = desc.trim();
  const h = hours.trim();
  if (PLACEHOLDER.test(d) || PLACEHOLDER.test(h)) return true;
  return !HOURS.test(h) && IDENT.test(h) && IDENT.test(d);
}

/** Longest marker read: longer ones are reported as unclosed (keeps the scan linear). */
const MAX_MARKER_CHARS = 4000;

function findMarkers(doc: DocumentModel, pattern: string, report: (what: { message: string; help: string }, r: Range) => void): Marker[] {
  const text = doc.text;
  const re = new RegExp(pattern, 'y');
  const fences = doc.fences;
  const out: Marker[] = [];
  let f = 0;
  // Backticks counted so far on the current line (markers come in order, so this is linear).
  let line = -1;
  let counted = 0;
  let ticks = 0;
  for (let i = text.indexOf(OPEN, doc.bodyStart); i !== -1; i = text.indexOf(OPEN, i + OPEN.length)) {
    while (f < fences.length && fences[f]!.range.end <= i) f++;
    const fence = f < fences.length && fences[f]!.range.start <= i ? fences[f]! : null;
    const l = doc.lines.lineOf(i);
    if (l !== line) {
      line = l;
      counted = doc.lines.starts[l]!;
      ticks = 0;
    }
    for (; counted < i; counted++) if (text.charCodeAt(counted) === 96) ticks++;
    // Inside an inline code span: an odd number of backticks before it on its line.
    if (!fence && ticks % 2 === 1) continue;
    const lineEnd = Math.min(doc.lines.lineEnd(l), i + MAX_MARKER_CHARS);
    re.lastIndex = 0;
    const window = text.slice(i, lineEnd);
    const m = re.exec(window);
    if (!m) {
      const close = window.indexOf(']');
      const body = window.slice(OPEN.length, close !== -1 ? close : window.length).replace(/\r$/, '');
      if (PLACEHOLDER.test(body.trim()) || (close !== -1 && IDENT.test(body.trim()))) continue;
      const end = close !== -1 ? i + close + 1 : i + OPEN.length + body.length;
      report(
        close !== -1
          ? { message: `delegation marker ${clip(text.slice(i, end))} has no hours`, help: 'Expected [delegate:description:hours] such as [delegate:Add login form:3].' }
          : { message: 'delegation marker is not closed on its line', help: 'Expected [delegate:description:hours] with the closing "]" on the same line.' },
        { start: i, end },
      );
      continue;
    }
    const desc = m[1]!;
    const hours = m[2]!;
    if (isSyntaxExample(desc, hours)) continue;
    const descStart = i + OPEN.length;
    const hoursStart = descStart + desc.length + 1;
    out.push({
      range: { start: i, end: i + m[0].length },
      desc,
      descRange: { start: descStart, end: descStart + desc.length },
      hours,
      hoursRange: { start: hoursStart, end: hoursStart + hours.length },
      fence,
    });
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
    if (!doc.text.includes(OPEN)) return;
    const spec = profile.delegateMarker ?? PROFILES.bounded.delegateMarker!;
    const maxCount = options.maxDelegations ?? profile.maxDelegationsPerStory ?? PROFILES.bounded.maxDelegationsPerStory!;
    const maxChars = options.maxDescriptionChars ?? spec.descriptionMaxChars;
    const markers = findMarkers(doc, spec.pattern, (what, range) => report({ ...what, range }));

    const groups = new Map<FencedBlock | null, Marker[]>();
    for (const mk of markers) {
      const desc = mk.desc.trim();
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
        const len = [...mk.desc].length;
        if (len > maxChars) {
          report({ message: `delegation description is ${len} characters, over the limit of ${maxChars}`, help: 'The parser rejects it: expected a short subtask title.', range: mk.descRange });
        }
        const bad = spec.forbiddenSubstrings.filter((s) => mk.desc.includes(s));
        if (bad.length > 0) {
          report({
            message: `delegation description holds ${bad.map((s) => JSON.stringify(s)).join(', ')}, which the parser rejects`,
            help: `The parser rejects ${spec.forbiddenSubstrings.map((s) => JSON.stringify(s)).join(' ')} as command injection or path traversal: expected plain words.`,
            range: mk.descRange,
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
