import { defineRule } from '../src/engine/rule.js';
import { stageDescendants, textOutside, type Stage } from '../src/model/stages.js';
import type { XmlDocument, XmlElement } from '../src/model/xml/types.js';
import type { Range } from '../src/types.js';
import { firstWaitPhrase } from '../src/rules-support/wait-phrases.js';

/** Stage names (letters only, lower-cased) that receive a subagent's results. */
const RECEIVE_NAMES = /^(?:receive|await|waitfor)(?:subagent)?(?:results?|returns?|response)?$/;
/** Stage names that validate a subagent's return. */
const VALIDATE_NAMES = /^validate(?:subagent)?(?:returns?|results?)$/;

/** Elements that say what happens to a return that fails validation. */
const VALIDATION_FAILURE = new Set(['validation_failure', 'invalid_return']);

/** Any statement of a timeout: "timeout: 300s", "Handle timeout", "max timeout seconds", "timed out". */
const TIMEOUT = /\btime[- ]?out|\btimed[- ]?out/i;

function letters(s: string): string {
  return s.toLowerCase().replace(/[^a-z]/g, '');
}

/** Where the stage says it waits on a subagent: its name, or the first waiting phrase. */
function waitEvidence(s: Stage, text: string, pieces: readonly Range[]): { range: Range; phrase: string; byName: boolean } | null {
  const name = s.name?.value;
  if (name && RECEIVE_NAMES.test(letters(name))) return { range: s.name!.valueRange ?? s.name!.range, phrase: name, byName: true };
  for (const piece of pieces) {
    const m = firstWaitPhrase(text.slice(piece.start, piece.end));
    if (!m) continue;
    const start = piece.start + m.index;
    const nl = text.indexOf('\n', start);
    let phrase = text.slice(start, nl === -1 ? text.length : nl).trim();
    if (phrase.length > 80) phrase = phrase.slice(0, 77) + '...';
    return { range: { start, end: start + m[0].length }, phrase, byName: false };
  }
  return null;
}

/** The stage's own elements (nested stages are judged on their own) and its own text. */
function stageParts(s: Stage): { elements: XmlElement[]; nested: Range[] } {
  const elements: XmlElement[] = [];
  const nested: Range[] = [];
  for (const e of stageDescendants(s.element)) {
    if (e.name === 'stage') nested.push(e.range);
    else elements.push(e);
  }
  return { elements, nested };
}

function statesTimeout(s: Stage, elements: readonly XmlElement[], text: string, nested: readonly Range[]): boolean {
  const el = s.element;
  if (el.attributes.some((a) => /timeout/i.test(a.name))) return true;
  if (elements.some((e) => /timeout/i.test(e.name) || e.attributes.some((a) => /timeout/i.test(a.name)))) return true;
  // Code counts here: `timeout 300 cmd` in a bash block states a timeout.
  return textOutside(el.contentRange, [], nested).some((r) => TIMEOUT.test(text.slice(r.start, r.end)));
}

/**
 * Handling written once for the whole file, outside any stage (an `<error_handling>` section
 * with `<timeout>` or `<validation_failure>`): it covers every stage of the file.
 */
function fileLevelHandling(xml: XmlDocument): { timeout: boolean; validation: boolean } {
  const inStage = new Map<XmlElement, boolean>();
  let timeout = false;
  let validation = false;
  for (const e of xml.elements) {
    const inside = e.parent ? e.parent.name === 'stage' || inStage.get(e.parent) === true : false;
    inStage.set(e, inside);
    if (inside || e.name === 'stage') continue;
    if (/timeout/i.test(e.name)) timeout = true;
    if (VALIDATION_FAILURE.has(e.name)) validation = true;
  }
  return { timeout, validation };
}

function label(s: Stage): string {
  return s.name?.value ? `stage "${s.name.value}"` : s.id?.value ? `stage ${s.id.value}` : '<stage>';
}

export default defineRule({
  meta: {
    id: 'stage-timeout-handling',
    description: 'A stage that waits on a subagent states a timeout or has <timeout_handling>; a ValidateReturn stage has <validation_failure>.',
    severity: 'warn',
    messages: {
      noTimeout: {
        message: '{{stage}} {{waits}} but states no timeout',
        help: 'Add <timeout_handling> saying how long to wait and what to do when the subagent does not answer.',
      },
      noValidationFailure: {
        message: '{{stage}} validates a return but has no <validation_failure>',
        help: 'Add <validation_failure> saying what happens when the return fails validation: log it, return failed status, keep the original return for debugging.',
      },
    },
  },
  check({ doc, report }) {
    const stages = doc.stages;
    if (stages.length === 0) return;
    const { text } = doc;
    const opaque = doc.xml.opaque;
    const fileLevel = fileLevelHandling(doc.xml);
    for (const s of stages) {
      const el = s.element;
      const { elements, nested } = stageParts(s);
      const wait = waitEvidence(s, text, textOutside(el.contentRange, opaque, nested));
      if (wait && !fileLevel.timeout && !statesTimeout(s, elements, text, nested)) {
        report({ messageId: 'noTimeout', data: { stage: label(s), waits: wait.byName ? "receives a subagent's results" : 'waits on a subagent' }, range: wait.range });
      }
      const name = s.name?.value;
      if (name && VALIDATE_NAMES.test(letters(name)) && !fileLevel.validation && !elements.some((e) => VALIDATION_FAILURE.has(e.name))) {
        report({ messageId: 'noValidationFailure', data: { stage: label(s) }, range: s.name!.valueRange ?? s.name!.range });
      }
    }
  },
});
