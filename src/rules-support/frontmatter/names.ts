/**
 * Name and description rules: a subagent's `name` as Claude Code's loader accepts it (a bad one
 * makes it skip the file), its documented style, and the Agent Skills spec for skills.
 */
import { AGENT_NAME_RULES, AGENT_SKILLS_SPEC } from '../../standard/frontmatter-fields.js';
import type { FrontmatterField } from '../../model/frontmatter.js';
import type { Finding } from './finding.js';
import { show, typeName } from './yaml-nodes.js';

const SKIPS = 'Claude Code skips this agent silently';
const RECOMMENDED = new RegExp(AGENT_NAME_RULES.recommendedPattern);

/** A subagent's `name` (present, not null). */
export function checkAgentName(field: FrontmatterField): Finding[] {
  const v = field.value;
  const at = field.valueRange;
  if (typeof v !== 'string') return [{ messageId: 'type', message: `\`name\` is ${typeName(v)} (${show(v)}), expected a string; ${SKIPS}`, range: at }];
  const name = v;
  if (name.trim().length < AGENT_NAME_RULES.minLength) return [{ messageId: 'agent-name', message: `\`name\` is empty; ${SKIPS}`, range: at }];
  if (name.length > AGENT_NAME_RULES.maxLength)
    return [{ messageId: 'agent-name', message: `\`name\` is ${name.length} characters long, at most ${AGENT_NAME_RULES.maxLength} are allowed; ${SKIPS}`, range: at }];
  if (name.startsWith(AGENT_NAME_RULES.forbiddenLeading))
    return [{ messageId: 'agent-name', message: `\`name\` "${name}" starts with "-"; ${SKIPS}`, range: at }];
  if (name.includes(AGENT_NAME_RULES.forbiddenChars))
    return [{ messageId: 'agent-name', message: `\`name\` "${name}" contains ":" (reserved for plugin:agent names); ${SKIPS}`, range: at }];
  if (!RECOMMENDED.test(name)) {
    const suggestion = name
      .trim()
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    return [
      {
        messageId: 'agent-name-style',
        message: `\`name\` "${name}" is not lowercase letters and hyphens`,
        help: `The Claude Code docs ask for lowercase letters and hyphens${suggestion && suggestion !== name ? `: "${suggestion}"` : ''}.`,
        range: at,
        warn: true,
      },
    ];
  }
  return [];
}

const SKILL_NAME = new RegExp(AGENT_SKILLS_SPEC.namePattern);

/** A skill's `name` under the Agent Skills spec (warnings: Claude Code itself is laxer). */
export function checkSkillName(field: FrontmatterField, folder: string): Finding[] {
  const v = field.value;
  const at = field.valueRange;
  const spec = 'the Agent Skills spec';
  if (typeof v !== 'string') return [{ messageId: 'type', message: `\`name\` is ${typeName(v)} (${show(v)}), expected a string`, range: at, warn: true }];
  const out: Finding[] = [];
  if (v.length < AGENT_SKILLS_SPEC.nameMinLength || v.length > AGENT_SKILLS_SPEC.nameMaxLength)
    out.push({ messageId: 'skill-name', message: `skill \`name\` is ${v.length} characters long; ${spec} allows ${AGENT_SKILLS_SPEC.nameMinLength} to ${AGENT_SKILLS_SPEC.nameMaxLength}`, range: at, warn: true });
  else if (!SKILL_NAME.test(v))
    out.push({
      messageId: 'skill-name',
      message: `skill \`name\` "${v}" breaks ${spec}`,
      help: 'Only lowercase letters, digits and single hyphens, not at the start or end.',
      range: at,
      warn: true,
    });
  if (v !== folder)
    out.push({ messageId: 'skill-name-folder', message: `skill \`name\` "${v}" differs from its folder "${folder}"; ${spec} wants them equal`, range: at, warn: true });
  return out;
}

/** A skill's `description` under the Agent Skills spec. */
export function checkSkillDescription(field: FrontmatterField, text: string): Finding[] {
  const v = field.value;
  if (typeof v !== 'string') return [];
  const at = field.valueRange;
  const out: Finding[] = [];
  if (v.trim().length < AGENT_SKILLS_SPEC.descriptionMinLength)
    out.push({ messageId: 'skill-description', message: 'skill `description` is empty; the Agent Skills spec requires one', range: at, warn: true });
  if (v.length > AGENT_SKILLS_SPEC.descriptionMaxLength)
    out.push({
      messageId: 'skill-description',
      message: `skill \`description\` is ${v.length} characters long; the Agent Skills spec allows at most ${AGENT_SKILLS_SPEC.descriptionMaxLength}`,
      range: at,
      warn: true,
    });
  const bad = AGENT_SKILLS_SPEC.descriptionForbiddenChars.find((ch) => v.includes(ch));
  if (bad) {
    const idx = text.slice(at.start, at.end).indexOf(bad);
    const range = idx === -1 ? at : { start: at.start + idx, end: at.start + idx + 1 };
    out.push({ messageId: 'skill-description', message: `skill \`description\` contains "${bad}"; the Agent Skills spec forbids "<" and ">" in it`, range, warn: true });
  }
  return out;
}
