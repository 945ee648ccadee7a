import type { ProjectView } from '../src/model/project.js';
import type { Range } from '../src/types.js';
import { defineRule } from '../src/engine/rule.js';
import type { Frontmatter, FrontmatterField } from '../src/model/frontmatter.js';
import { FIELD_TABLES, type FrontmatterKind } from '../src/standard/frontmatter-fields.js';
import { KIND_LABEL, withHelp, type FieldContext, type Finding } from '../src/rules-support/frontmatter/finding.js';
import { checkModel } from '../src/rules-support/frontmatter/model.js';
import { checkAgentName, checkSkillDescription, checkSkillName } from '../src/rules-support/frontmatter/names.js';
import { headerAsRead } from '../src/rules-support/frontmatter/lenient.js';
import { activationFindings, checkOtherToolField, OTHER_TOOL_KINDS } from '../src/rules-support/frontmatter/other-tools.js';
import { frontmatterKindOf, HEADER_KINDS, isPluginAgent } from '../src/rules-support/frontmatter/target.js';
import { checkToolField, TOOL_FIELDS } from '../src/rules-support/frontmatter/tool-checks.js';
import { checkUnknownKey, guessField, reportsUnknownKeys } from '../src/rules-support/frontmatter/unknown-keys.js';
import { checkValue } from '../src/rules-support/frontmatter/values.js';

interface Options {
  /** Keys never reported as unknown (your own metadata: version, author, tags ...). */
  allowFields: string[];
}

const SKIPPED = 'Claude Code skips an agent without `name` and `description`: give each a value';

/** Files in an agents folder that are documentation, not agents. */
const NOT_A_SPEC = /^(readme|changelog|contributing|license)(\.[a-z]+)?\.md$/i;

export default defineRule<Options>({
  meta: {
    id: 'frontmatter-schema',
    description: 'Frontmatter fields exist for the file\'s kind and have valid values.',
    severity: 'error',
    standard: false,
    kinds: [...HEADER_KINDS],
    fixable: true,
    hasSuggestions: true,
    schema: {
      type: 'object',
      properties: {
        allowFields: { type: 'array', items: { type: 'string' }, description: 'Keys never reported as unknown (your own metadata).' },
      },
      additionalProperties: false,
    },
    defaultOptions: { allowFields: [] },
  },
  check({ doc, project, options, report }) {
    const kind = frontmatterKindOf(doc);
    if (!kind) return;
    const emit = (found: Finding) => {
      const f = withHelp(found);
      report({ message: f.message, help: f.help, messageId: f.messageId, range: trimEnd(doc.text, f.range), severity: f.warn ? 'warn' : undefined, fix: f.fix, suggest: f.suggest });
    };
    const fm = doc.frontmatter;
    const fileName = doc.relPath.slice(doc.relPath.lastIndexOf('/') + 1);

    if (!fm) {
      if (NOT_A_SPEC.test(fileName)) return;
      const firstLine = { start: 0, end: doc.lines.lineEnd(0) };
      if (kind === 'agent')
        report({
          messageId: 'no-frontmatter',
          message: 'this agent file has no frontmatter',
          help: 'Claude Code needs a `---` block with `name` and `description` and skips the file silently. Move it out of the agents folder if it is not an agent.',
          range: firstLine,
        });
      else if (kind === 'skill')
        report({
          messageId: 'no-frontmatter',
          message: 'SKILL.md has no frontmatter',
          help: 'The Agent Skills spec requires `name` and `description` in a `---` block, and Claude Code uses the description to decide when to load the skill.',
          range: firstLine,
          severity: 'warn',
        });
      for (const f of activationFindings(kind, doc, null, firstLine)) emit(f);
      return;
    }
    if (!fm.closed) return; // frontmatter-valid reports it; the YAML is the whole file.

    const table = FIELD_TABLES[kind];
    const allow = new Set(options.allowFields ?? []);
    // The delegation standard has a spec state its timeout, and missing-timeout advises a
    // frontmatter `timeout`: in a project that uses the standard it is no unknown field.
    const { fields, errors } = headerAsRead(doc, fm);
    if (fields.some((f) => f.key === 'timeout') && project.usesStandardFor(doc)) allow.add('timeout');
    const present = new Set(fields.map((f) => f.key));
    const hasErrors = errors.length > 0;
    // With YAML errors, only fields wholly before the first error are trusted.
    // (A field on the error's own line is not: `argument-hint: [x] [y]` parses as a list, then fails.)
    const firstErrorAt = hasErrors ? Math.min(...errors.map((e) => e.range.start)) : Infinity;
    const firstError = hasErrors ? doc.lines.starts[doc.lines.lineOf(firstErrorAt)]! : Infinity;
    const plugin = kind === 'agent' && isPluginAgent(doc, project);
    const base = fm.contentRange.start;

    for (const field of fields) {
      if (field.valueRange.end > firstError || field.keyRange.end > firstError) continue;
      const spec = table.fields.find((f) => f.name === field.key);
      if (!spec) {
        if (!reportsUnknownKeys(table) || allow.has(field.key)) continue;
        const f = checkUnknownKey({ kind, field, present });
        if (f) emit(f);
        continue;
      }
      if (plugin && spec.ignoredInPlugins) {
        emit({
          messageId: 'ignored-in-plugin',
          message: `\`${field.key}\` is ignored for agents that come from a plugin`,
          help: `This file is in the plugin at ${project.root.split(/[\\/]/).pop() || project.root}: the field takes effect only in an agent under .claude/agents/.`,
          range: field.keyRange,
          warn: true,
        });
        continue;
      }
      const c: FieldContext = { kind, table, text: doc.text, base, field, present };
      for (const f of checkField(kind, c, doc.fileStem, project)) emit(f);
    }

    if (!hasErrors) for (const f of [...missingRequired(kind, fm, present), ...activationFindings(kind, doc, fields, fm.openRange)]) emit(f);
  },
});

/** Block values end after their last line break: point at the text only. */
function trimEnd(text: string, r: Range): Range {
  let end = r.end;
  while (end > r.start && /\s/.test(text[end - 1]!)) end--;
  return { start: r.start, end };
}

function checkField(kind: FrontmatterKind, c: FieldContext, stem: string, project: ProjectView): Finding[] {
  const { field } = c;
  const spec = c.table.fields.find((f) => f.name === field.key)!;
  if (OTHER_TOOL_KINDS.has(kind)) return checkOtherToolField(spec, c);
  if (field.key === 'name' && kind === 'agent') return field.value === null ? [] : checkAgentName(field);
  if (field.key === 'model') return checkModel(kind, field);
  if (TOOL_FIELDS.has(field.key) && (kind === 'agent' || kind === 'command' || kind === 'skill')) return checkToolField(c, project);
  const out = checkValue(spec, c);
  if (out.length === 0 && (kind === 'skill' || kind === 'opencode-skill')) {
    if (field.key === 'name' && field.value !== null) out.push(...checkSkillName(field, stem));
    if (field.key === 'description') out.push(...checkSkillDescription(field, c.text));
  }
  if (out.length === 0 && kind === 'agent' && field.key === 'description' && typeof field.value === 'string' && !field.value.trim())
    out.push({ messageId: 'missing-required', message: `\`description\` is empty; ${SKIPPED}`, range: field.valueRange });
  return out;
}

/** The required fields of a kind of file, listed once per kind. */
const REQUIRED = new Map<FrontmatterKind, string[]>();
function requiredFields(kind: FrontmatterKind): string[] {
  let list = REQUIRED.get(kind);
  if (!list) REQUIRED.set(kind, (list = kind === 'skill' || kind === 'opencode-skill' ? ['name', 'description'] : FIELD_TABLES[kind].fields.filter((f) => f.required).map((f) => f.name)));
  return list;
}

/** The field of a name in force: the last one written (there is one: the name is present). */
function lastField(fm: Frontmatter, key: string): FrontmatterField {
  for (let i = fm.fields.length - 1; ; i--) if (fm.fields[i]!.key === key) return fm.fields[i]!;
}

/** Required fields that are absent or empty, reported at the opening `---`. */
function missingRequired(kind: FrontmatterKind, fm: Frontmatter, present: Set<string>): Finding[] {
  const missing = requiredFields(kind).filter((k) => !present.has(k) || lastField(fm, k).value === null);
  if (missing.length === 0) return [];
  const table = FIELD_TABLES[kind];
  const names = table.fields.map((f) => f.name);
  const unknown = [...present].filter((k) => !names.includes(k));
  const label = (m: string) => {
    const looks = unknown.find((u) => guessField(u, names).length === 1 && guessField(u, names)[0] === m);
    return `\`${m}\`${looks ? ` (\`${looks}\` looks like a misspelling of it)` : ''}`;
  };
  const absent = missing.filter((m) => !present.has(m));
  const empty = missing.filter((m) => present.has(m));
  const phrase = (list: string[], state: string) =>
    list.length === 0 ? [] : [`required field${list.length > 1 ? 's' : ''} ${list.map(label).join(' and ')} ${list.length > 1 ? 'are' : 'is'} ${state}`];
  const what = [...phrase(absent, 'missing'), ...phrase(empty, 'empty')].join('; ');
  if (kind === 'agent') return [{ messageId: 'missing-required', message: `${what}: ${SKIPPED}`, range: fm.openRange }];
  if (kind === 'skill' || kind === 'opencode-skill')
    return [{ messageId: 'missing-required', message: `${what}: the Agent Skills spec requires both \`name\` and \`description\``, range: fm.openRange, warn: true }];
  // OpenCode agents: whether `description` is required is not documented (uncertain).
  return [{ messageId: 'missing-required', message: `${what}: ${table.requiredBecause ?? `${KIND_LABEL[kind]}s use it to decide when to call the agent`}`, range: fm.openRange, warn: true }];
}
