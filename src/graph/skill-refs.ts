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
const SKILL_PHRASE = new RegExp(
  `\\b(?:${VERBS})[ \\t]+(?:the[ \\t]+)?(\`[^\`\\n]{1,100}\`|"[^"\\n]{1,100}"|\\*\\*[^*\\n]{1,100}\\*\\*|[A-Za-z0-9][\\w.:/-]{0,100})[ \\t]+skill\\b(?![-_])`,
  'dgi',
);

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
  SKILL_PHRASE.lastIndex = from;
  for (let m = SKILL_PHRASE.exec(text); m; m = SKILL_PHRASE.exec(text)) {
    const token = m[1]!;
    const quoted = /^[`"*]/.test(token);
    const name = token.replace(/^(?:\*\*|[`"])|(?:\*\*|[`"])$/g, '');
    if (!NAME.test(name) || GENERIC.has(name.toLowerCase())) continue;
    if (!quoted && !/[-:]/.test(name)) continue;
    const start = m.indices![1]![0] + (token.length - name.length) / 2;
    if (notAnInvocation(text, { start: m.index, end: m.index + m[0].length }, name)) continue;
    out.push({ name, range: { start, end: start + name.length } });
  }
  return out.sort((a, b) => a.range.start - b.range.start);
}
