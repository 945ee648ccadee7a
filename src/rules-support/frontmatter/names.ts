/**
 * Name and description rules: a subagent's `name` as Claude Code's loader accepts it (a bad one
 * makes it skip the file), its documented style, and the Agent Skills spec for skills.
 */
import { AGENT_NAME_RULES, AGENT_SKILLS_SPEC } from '../../standard/frontmatter-fields.js';
import type { FrontmatterField } from '../../model/frontmatter.js';
import { typeAndValue, type Finding } from './finding.js';

const RECOMMENDED = new RegExp(AGENT_NAME_RULES.recommendedPattern);

/** A subagent's `name` (present, not null): a name Claude Code's loader refuses makes it skip the agent. */
export function checkAgentName(field: FrontmatterField): Finding[] {
  const v = field.value;
  const range = field.valueRange;
  if (typeof v !== 'string') return [{ messageId: 'agent-name-type', data: { value: typeAndValue(v) }, range }];
  const name = v;
  if (name.trim().length < AGENT_NAME_RULES.minLength) return [{ messageId: 'agent-name-empty', range }];
  if (name.length > AGENT_NAME_RULES.maxLength) return [{ messageId: 'agent-name-length', data: { length: name.length, max: AGENT_NAME_RULES.maxLength }, range }];
  if (name.startsWith(AGENT_NAME_RULES.forbiddenLeading)) return [{ messageId: 'agent-name-dash', data: { name }, range }];
  if (name.includes(AGENT_NAME_RULES.forbiddenChars)) return [{ messageId: 'agent-name-colon', data: { name }, range }];
  if (!RECOMMENDED.test(name)) {
    const suggestion = name
      .trim()
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    const styled = suggestion && suggestion !== name;
    return [{ messageId: styled ? 'agent-name-style' : 'agent-name-unstyled', data: styled ? { name, suggestion } : { name }, range, warn: true }];
  }
  return [];
}

const SKILL_NAME = new RegExp(AGENT_SKILLS_SPEC.namePattern);

/** A skill's `name` under the Agent Skills spec (warnings: Claude Code itself is laxer). */
export function checkSkillName(field: FrontmatterField, folder: string): Finding[] {
  const v = field.value;
  const range = field.valueRange;
  if (typeof v !== 'string') return [{ messageId: 'type', data: { name: 'name', value: typeAndValue(v), expected: 'a string' }, range, warn: true }];
  const out: Finding[] = [];
  if (v.length < AGENT_SKILLS_SPEC.nameMinLength || v.length > AGENT_SKILLS_SPEC.nameMaxLength)
    out.push({ messageId: 'skill-name-length', data: { length: v.length, min: AGENT_SKILLS_SPEC.nameMinLength, max: AGENT_SKILLS_SPEC.nameMaxLength }, range, warn: true });
  else if (!SKILL_NAME.test(v)) out.push({ messageId: 'skill-name', data: { name: v }, range, warn: true });
  if (v !== folder) out.push({ messageId: 'skill-name-folder', data: { name: v, folder }, range, warn: true });
  return out;
}

/** A skill's `description` under the Agent Skills spec. */
export function checkSkillDescription(field: FrontmatterField, text: string): Finding[] {
  const v = field.value;
  if (typeof v !== 'string') return [];
  const at = field.valueRange;
  const out: Finding[] = [];
  if (v.trim().length < AGENT_SKILLS_SPEC.descriptionMinLength) out.push({ messageId: 'skill-description-empty', range: at, warn: true });
  if (v.length > AGENT_SKILLS_SPEC.descriptionMaxLength)
    out.push({ messageId: 'skill-description-length', data: { length: v.length, max: AGENT_SKILLS_SPEC.descriptionMaxLength }, range: at, warn: true });
  const bad = AGENT_SKILLS_SPEC.descriptionForbiddenChars.find((ch) => v.includes(ch));
  if (bad) {
    const idx = text.slice(at.start, at.end).indexOf(bad);
    const range = idx === -1 ? at : { start: at.start + idx, end: at.start + idx + 1 };
    out.push({ messageId: 'skill-description-char', data: { char: bad }, range, warn: true });
  }
  return out;
}
