/**
 * Whether an invocation written in a spec is meant as one. Real specs write prohibitions and
 * examples in the same words as calls:
 *
 * - negated: `**DO NOT** use \`Skill(formal-research-agent)\` - this will FAIL`, "Do NOT use
 *   `Skill(agent-name)` directly", "never call X", a line under "WRONG:" or "❌";
 * - hypothetical: "calling `Skill(x)` would fail", "`Task(x)` will not work here";
 * - placeholder: the target is a stand-in for any agent, `Skill(<agent>)`,
 *   `subagent_type: "{agent}"`, `Skill(agent-name)`: the text describes the pattern.
 *
 * None of these is an invocation, for any rule that reads delegations. A routing variable
 * (`${target_agent}`, `{delegate_to}`) is no stand-in: the call is real, its target known at run time.
 * Text only: the line of the invocation, and for a fenced block the line that introduces it.
 */

/** What makes an invocation not one. */
export type NotInvocation = 'negated' | 'hypothetical' | 'placeholder';

/** A stand-in word for "some agent" (after its brackets are removed). */
const STAND_IN = /^(?:(?:your|my|some|an?|the|example|sample|other|sub)[-_ ]?)?(?:agent|subagent|sub-agent|skill|command|specialist|name|x{1,3}|foo|bar)(?:[-_ ](?:name|id|type|here))?$/i;

/** The target written as a stand-in: `<agent>`, `{agent}`, `${agent_name}`, `[skill-name]`, `agent-name`. */
export function isStandIn(target: string): boolean {
  const inner = target
    .trim()
    .replace(/^\$?\{\{?\s*|\s*\}?\}$/g, '')
    .replace(/^<|>$/g, '')
    .replace(/^\[|\]$/g, '')
    .replace(/^["'`]|["'`]$/g, '');
  return inner !== '' && STAND_IN.test(inner);
}

/** Emphasis and code marks, which do not change what a sentence says. */
const MARKS = /[*_`~]/g;

/** A prohibition before the invocation in its sentence: "do not use", "never call", "avoid", "instead of", "NOT". */
const NEGATION_BEFORE =
  /(?:\b(?:do|does|did|must|should|shall|can|could|will|would)\s*(?:not|n't)\b|\b(?:don't|doesn't|mustn't|shouldn't|can't|cannot|won't|never|avoid|avoiding|instead\s+of|rather\s+than|forbidden|prohibited)\b)(?:[ \t]{1,4}(?:use|uses|using|call|calls|calling|invoke|invokes|invoking|run|running|spawn|launch|delegate|try|attempt|ever|directly|to|the|a|an|via|through|with|this|these|like|it|tool|task|skill|agent)){0,5}\s*[:(]?\s*(?:Skill|Task|task|Agent)?\s*\(?\s*$/i;
/** An emphatic NOT (capitals) right before: "NOT Skill(x)", "use NOT task(...)". */
const LOUD_NOT = /\bNOT\b(?:[ \t]{1,4}(?:use|call|invoke|run|spawn|launch|delegate|try|ever|directly|to|the|a|via|through|with|this|like|it)){0,5}\s*[:(]?\s*(?:Skill|Task|task|Agent)?\s*\(?\s*$/;
/** A line that marks what follows as wrong: `WRONG:`, `❌`, `Bad:`, `Anti-pattern:`, `Incorrect:`, `Don't:`. */
const WRONG_MARK = /^\s*(?:[-*>]\s*)?(?:❌|🚫|⛔|\[?x\]?\s*)?\s*(?:wrong|bad|incorrect|anti-?pattern|don'?t|do\s+not|never|avoid|forbidden|not\s+this)\b[^\n]{0,60}[:.!]?\s*$|^\s*(?:[-*>]\s*)?(?:❌|🚫|⛔)/i;
/** After the invocation: "will FAIL", "would not work", "is forbidden", "- this will fail". */
const FAILS_AFTER = /^[^.;!?\n]{0,40}?\b(?:will|would|does|is going to)\s+(?:not\s+work|fail|break|error|be\s+rejected)|^[^.;!?\n]{0,20}?\b(?:is|are)\s+(?:forbidden|prohibited|not\s+allowed|wrong)\b/i;

/** The start of the sentence that holds `offset`, on its line. */
function sentenceStart(text: string, offset: number): number {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const from = Math.max(lineStart, offset - 300);
  let s = from;
  for (let i = offset - 1; i >= from; i--) {
    const c = text[i];
    // A period ends a sentence when a space follows (`v1.2` and `foo.md` do not).
    if ((c === '.' || c === '!' || c === '?' || c === ';') && /\s/.test(text[i + 1] ?? '')) {
      s = i + 1;
      break;
    }
  }
  return s;
}

/** The last non-blank line before `lineStart` (at most 3 lines up), or ''. */
function lineAbove(text: string, lineStart: number): string {
  let end = lineStart - 1;
  for (let n = 0; n < 3 && end > 0; n++) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    if (line.trim()) return line;
    end = start - 1;
  }
  return '';
}

export interface IntentContext {
  /** Where the invocation starts (its call name, key, verb phrase or mention). */
  start: number;
  /** Where it ends. */
  end: number;
  /** The opening of the fenced block the invocation is in, if any. */
  fenceStart?: number;
}

/** Why the invocation at `at` is not one, or null when it is meant. */
export function notAnInvocation(text: string, at: IntentContext, target: string | null): NotInvocation | null {
  if (target !== null && isStandIn(target)) return 'placeholder';
  const sentence = text.slice(sentenceStart(text, at.start), at.start).replace(MARKS, '');
  if (NEGATION_BEFORE.test(sentence) || LOUD_NOT.test(sentence) || WRONG_MARK.test(sentence)) return 'negated';
  const lineEnd = text.indexOf('\n', at.end);
  const after = text.slice(at.end, Math.min(lineEnd === -1 ? text.length : lineEnd, at.end + 200)).replace(MARKS, '');
  if (FAILS_AFTER.test(after)) return 'hypothetical';
  // A fenced example introduced as wrong ("WRONG:", "❌ Don't do this:").
  if (at.fenceStart !== undefined) {
    const intro = lineAbove(text, text.lastIndexOf('\n', at.fenceStart - 1) + 1).replace(MARKS, '');
    if (WRONG_MARK.test(intro)) return 'negated';
  } else {
    // A line of its own under a "WRONG:" line.
    const lineStart = text.lastIndexOf('\n', at.start - 1) + 1;
    if (/^\s*(?:[-*]\s+)?(?:Skill|Task|task|Agent)?\(?\s*$/.test(text.slice(lineStart, at.start).replace(MARKS, ''))) {
      const intro = lineAbove(text, lineStart).replace(MARKS, '');
      if (/^\s*(?:[-*>]\s*)?(?:❌|🚫|⛔)|^\s*(?:wrong|bad|incorrect|anti-?pattern|don'?t|do\s+not|never|avoid)\b[^\n]{0,60}:\s*$/i.test(intro)) return 'negated';
    }
  }
  return null;
}
