/**
 * Where a spec invokes a skill: a `Skill(name)` call (also `Skill(skill="name")`) and a sentence
 * such as "use the `pdf-tools` skill", "Invoke the \"feature-design\" skill", "Activate
 * market-sizing Skill". A bare word must look like a name (hold a hyphen or a colon) to count:
 * "use the debugging skill" describes, it does not name.
 */
import type { Range } from '../types.js';
import { notAnInvocation } from '../model/intent.js';

export interface SkillRef {
  /** The skill as written, quotes removed. */
  name: string;
  /** Where the name is written (inside its quotes). */
  range: Range;
}

const SKILL_CALL = /(?<![\w.$])Skill\([ \t]*(?:skill[ \t]*[:=][ \t]*)?(["'`]?)([A-Za-z0-9][\w.:/-]{0,100})\1[ \t]*[,)]/dg;

const VERBS = 'use|uses|using|invoke|invokes|invoking|load|loads|loading|run|runs|call|calls|activate|activates|apply|applies|trigger|triggers';
export const SKILL_PHRASE = new RegExp(
  `\\b(?:${VERBS})[ \\t]+(?:the[ \\t]+)?(\`[^\`\\n]{1,100}\`|"[^"\\n]{1,100}"|\\*\\*[^*\\n]{1,100}\\*\\*|[A-Za-z0-9][\\w.:/-]{0,100})[ \\t]+skill\\b(?![-_])`,
  'dgi',
);

/**
 * Where SKILL_PHRASE can end: a blank, then `skill` as a word. No part of the phrase crosses a
 * line break (its names, blanks and verbs hold none), so each match lies within one line that
 * holds this. The phrase starts with verbs whose first letters are common (`use`, `run`,
 * `apply`), which V8 tries at each of them: searched from `skill` instead, the long pattern
 * reads only the lines that can hold a match (over the corpus's texts, 1.8 ms against 6.2 ms).
 */
const SKILL_END = /[ \t]skill\b(?![-_])/gi;

export interface SkillPhrase {
  /** The whole phrase: `use the "x" skill`. */
  start: number;
  end: number;
  /** The name as written, with its quotes or stars. */
  token: string;
  tokenStart: number;
}

/** SKILL_PHRASE's matches from `from` on, as one global search of the whole text finds them, one line at a time. */
export function skillPhrases(text: string, from: number): SkillPhrase[] {
  const out: SkillPhrase[] = [];
  SKILL_END.lastIndex = from;
  for (let w = SKILL_END.exec(text); w; w = SKILL_END.exec(text)) {
    const lineStart = text.lastIndexOf('\n', w.index) + 1;
    const nl = text.indexOf('\n', w.index);
    const lineEnd = nl === -1 ? text.length : nl;
    // The line alone: at its ends, `\b` and the look-ahead see what they see at a line break.
    const line = text.slice(lineStart, lineEnd);
    // Past the first line, a line starts after `from` (each search goes on from the last line's end).
    SKILL_PHRASE.lastIndex = Math.max(from, lineStart) - lineStart;
    for (let m = SKILL_PHRASE.exec(line); m; m = SKILL_PHRASE.exec(line)) {
      const start = lineStart + m.index;
      out.push({ start, end: start + m[0].length, token: m[1]!, tokenStart: lineStart + m.indices![1]![0] });
    }
    SKILL_END.lastIndex = lineEnd;
  }
  return out;
}

/** Words that describe a skill rather than name it. */
const GENERIC = new Set(['this', 'that', 'the', 'a', 'an', 'target', 'same', 'right', 'relevant', 'appropriate', 'matching', 'selected', 'corresponding', 'new', 'each', 'any', 'other', 'next', 'skill']);

const NAME = /^[A-Za-z0-9][\w.:/-]*$/;

export function scanSkillRefs(text: string, from: number): SkillRef[] {
  const out: SkillRef[] = [];
  if (!/skill/i.test(text)) return out;
  SKILL_CALL.lastIndex = from;
  // A call is written `Skill(`: texts without it (most) skip the pattern's pass.
  for (let m = text.includes('Skill(') ? SKILL_CALL.exec(text) : null; m; m = SKILL_CALL.exec(text)) {
    const name = m[2]!.replace(/[.:]+$/, '');
    const start = m.indices![2]![0];
    // "DO NOT use Skill(x)", "Skill(agent-name)": written like a call, meant as none.
    if (notAnInvocation(text, { start, end: m.index + m[0].length }, name)) continue;
    out.push({ name, range: { start, end: start + name.length } });
  }
  for (const p of skillPhrases(text, from)) {
    const token = p.token;
    const quoted = /^[`"*]/.test(token);
    const name = token.replace(/^(?:\*\*|[`"])|(?:\*\*|[`"])$/g, '');
    if (!NAME.test(name) || GENERIC.has(name.toLowerCase())) continue;
    if (!quoted && !/[-:]/.test(name)) continue;
    const start = p.tokenStart + (token.length - name.length) / 2;
    if (notAnInvocation(text, { start: p.start, end: p.end }, name)) continue;
    out.push({ name, range: { start, end: start + name.length } });
  }
  return out.sort((a, b) => a.range.start - b.range.start);
}
