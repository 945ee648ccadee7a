import type { ProjectView } from '../src/model/project.js';
import type { Range } from '../src/types.js';
import { defineRule, optionsSchema } from '../src/engine/rule.js';
import type { Frontmatter, FrontmatterField } from '../src/model/frontmatter.js';
import { FIELD_TABLES, type FrontmatterKind } from '../src/standard/frontmatter-fields.js';
import { KIND_LABEL, type FieldContext, type Finding } from '../src/rules-support/frontmatter/finding.js';
import { checkModel } from '../src/rules-support/frontmatter/model.js';
import { checkAgentName, checkSkillDescription, checkSkillName } from '../src/rules-support/frontmatter/names.js';
import { frontmatterKindOf, isPluginAgent } from '../src/rules-support/frontmatter/target.js';
import { checkToolField, TOOL_FIELDS } from '../src/rules-support/frontmatter/tool-checks.js';
import { checkUnknownKey, guessField } from '../src/rules-support/frontmatter/unknown-keys.js';
import { checkValue } from '../src/rules-support/frontmatter/values.js';

interface Options {
  /** Keys never reported as unknown (your own metadata: version, author, tags ...). */
  allowFields: string[];
}

/** Claude Code refuses the agent's `name`. */
const SKIPS = 'Claude Code skips this agent silently.';
/** A value of the wrong type or out of range. */
const WRONG_VALUE = { message: '{{subject}} is {{value}}', help: 'Expected {{expected}}' };

/** Files in an agents folder that are documentation, not agents. */
const NOT_A_SPEC = /^(readme|changelog|contributing|license)(\.[a-z]+)?\.md$/i;

export default defineRule<Options>({
  meta: {
    id: 'frontmatter-schema',
    description: 'Frontmatter fields exist for the file\'s kind and have valid values (Claude Code and OpenCode).',
    severity: 'error',
    standard: false,
    kinds: ['agent', 'command', 'skill'],
    fixable: true,
    hasSuggestions: true,
    schema: optionsSchema({
      allowFields: { type: 'array', items: { type: 'string' }, description: 'Keys never reported as unknown (your own metadata).' },
    }),
    defaultOptions: { allowFields: [] },
    messages: {
      'no-frontmatter': {
        message: 'this agent file has no frontmatter',
        help: 'Claude Code needs a `---` block with `name` and `description` and skips the file silently. Move it out of the agents folder if it is not an agent.',
      },
      'skill-no-frontmatter': {
        message: 'SKILL.md has no frontmatter',
        help: 'The Agent Skills spec requires `name` and `description` in a `---` block, and Claude Code uses the description to decide when to load the skill.',
      },
      'missing-required': { message: '{{fields}}', help: 'Claude Code skips an agent without `name` and `description`: give each a value.' },
      'skill-missing-required': { message: '{{fields}}', help: 'The Agent Skills spec requires both `name` and `description`.' },
      'opencode-missing-required': { message: '{{fields}}', help: '{{label}}s use it to decide when to call the agent.' },
      'ignored-in-plugin': {
        message: '`{{key}}` is ignored for agents that come from a plugin',
        help: 'This file is in the plugin at {{plugin}}: the field takes effect only in an agent under .claude/agents/.',
      },
      'foreign-field': { message: '`{{key}}` is a field of {{other}}, not of {{kinds}}', help: '{{reader}} ignores it here. Remove it, or move it where it belongs.' },
      'renamed-field': { message: '`{{key}}` is a field of {{other}}, not of {{kinds}}', help: '{{reader}} ignores it here. {{label}}s use `{{rename}}`.' },
      'misspelled-field': { message: 'unknown field `{{key}}`: did you mean `{{guess}}`?', help: '{{reader}} ignores `{{key}}`. Rename it to `{{guess}}`.' },
      'ambiguous-field': { message: 'unknown field `{{key}}`: did you mean {{guesses}}?{{taken}}', help: '{{reader}} ignores `{{key}}`.' },
      'unknown-field': {
        message: 'unknown field `{{key}}`: {{kinds}} have no such field',
        help: '{{reader}} ignores it.{{skillSpec}} List your own keys in the `allowFields` option.',
      },
      type: WRONG_VALUE,
      range: WRONG_VALUE,
      'type-dropped': { message: '{{subject}} is {{value}}, expected {{expected}}', help: 'Claude Code drops any other color silently.' },
      'type-ignored': { message: '{{subject}} is {{value}}, expected {{expected}}', help: 'The value is ignored.' },
      'too-long': { message: '{{key}} is {{length}} characters long', help: 'At most {{max}} are allowed.' },
      'uncertain-value': { message: '{{key}} is "{{value}}", which Claude Code may not support', help: 'Documented: {{values}}.' },
      'enum-case': { message: '{{key}} is "{{value}}", which differs from "{{same}}" in case', help: 'Write "{{same}}": values are case-sensitive ({{expected}}).' },
      enum: { message: '{{subject}} is {{value}}, not a value it takes', help: '{{hint}}Expected {{expected}}.' },
      'argument-hint-list': {
        message: '`argument-hint` is a YAML list, not a string',
        help: "Quote it: argument-hint: {{quoted}}. Claude Code joins a list's items and drops the brackets, and stricter loaders reject the file.",
      },
      'agent-name-type': { message: '`name` is {{value}}, expected a string', help: SKIPS },
      'agent-name-empty': { message: '`name` is empty', help: SKIPS },
      'agent-name-length': { message: '`name` is {{length}} characters long, at most {{max}} are allowed', help: SKIPS },
      'agent-name-dash': { message: '`name` "{{name}}" starts with "-"', help: SKIPS },
      'agent-name-colon': { message: '`name` "{{name}}" contains ":" (reserved for plugin:agent names)', help: SKIPS },
      'agent-name-style': { message: '`name` "{{name}}" is not lowercase letters and hyphens', help: 'The Claude Code docs ask for lowercase letters and hyphens{{suggestion}}.' },
      'skill-name-length': { message: 'skill `name` is {{length}} characters long', help: 'The Agent Skills spec allows {{min}} to {{max}}.' },
      'skill-name': { message: 'skill `name` "{{name}}" breaks the Agent Skills spec', help: 'Only lowercase letters, digits and single hyphens, not at the start or end.' },
      'skill-name-folder': { message: 'skill `name` "{{name}}" differs from its folder "{{folder}}"', help: 'The Agent Skills spec wants them equal.' },
      'skill-description-empty': { message: 'skill `description` is empty', help: 'The Agent Skills spec requires one.' },
      'skill-description-length': { message: 'skill `description` is {{length}} characters long', help: 'The Agent Skills spec allows at most {{max}}.' },
      'skill-description-chars': { message: 'skill `description` contains "{{char}}"', help: 'The Agent Skills spec forbids "<" and ">" in it.' },
      'model-empty': { message: '`model` is empty' },
      'model-opencode': { message: '`model` is "{{model}}"', help: 'OpenCode expects provider/model-id (e.g. anthropic/claude-sonnet-4-5)' },
      model: {
        message: '`model` is "{{model}}", which looks like a display name',
        help: 'Claude Code expects an alias ({{aliases}}) or a model id without spaces such as claude-sonnet-4-5.',
      },
      'no-known-tool': {
        message: 'none of the {{count}} entries of `{{key}}` is a Claude Code tool',
        help: 'The entries: {{listed}}.{{copilot}} {{consequence}}. Use Claude Code names such as Read, Edit, Write, Bash, Grep, Glob, WebFetch.',
      },
      'replaced-tool': { message: '`{{name}}` in `{{key}}` is a tool Claude Code no longer has: use `{{replacement}}` instead', help: 'The entry is ignored.' },
      'removed-tool': { message: '`{{name}}` in `{{key}}` is a tool Claude Code no longer has', help: 'It was removed without a replacement; the entry is ignored.' },
      'tool-case': { message: '`{{name}}` in `{{key}}` is not a Claude Code tool: tool names are case-sensitive', help: 'Did you mean `{{suggestion}}`?' },
      'malformed-tool': { message: '`{{name}}` in `{{key}}` is not a tool name nor a `Tool(specifier)` pattern', help: 'Check the parentheses.' },
      'agent-as-tool': { message: '`{{name}}` in `{{key}}` is an agent, not a tool', help: 'To let this one delegate to it, list `Agent` (or `Agent({{name}})`)' },
      'misspelled-tool': { message: '`{{name}}` in `{{key}}` is not a known Claude Code tool', help: 'Did you mean `{{suggestion}}`?' },
      'vscode-mcp-tool': {
        message: '`{{name}}` in `{{key}}` is not a known Claude Code tool',
        help: "`server/tool` is VS Code's way to name an MCP tool, Claude Code's is `mcp__{{server}}__{{tool}}`.",
      },
      'unknown-tool': {
        message: '`{{name}}` in `{{key}}` is not a known Claude Code tool',
        help: 'Expected a tool such as {{examples}}, a `Tool(specifier)` pattern or an MCP name `mcp__server__tool`.',
      },
    },
  },
  check({ doc, project, options, report }) {
    const kind = frontmatterKindOf(doc);
    if (!kind) return;
    const emit = (f: Finding) => {
      report({ messageId: f.messageId, data: f.data, range: trimEnd(doc.text, f.range), severity: f.warn ? 'warn' : undefined, fix: f.fix, suggest: f.suggest });
    };
    const fm = doc.frontmatter;
    const fileName = doc.relPath.slice(doc.relPath.lastIndexOf('/') + 1);

    if (!fm) {
      if (NOT_A_SPEC.test(fileName)) return;
      const firstLine = { start: 0, end: doc.lines.lineEnd(0) };
      if (kind === 'agent') report({ messageId: 'no-frontmatter', range: firstLine });
      else if (kind === 'skill') report({ messageId: 'skill-no-frontmatter', range: firstLine, severity: 'warn' });
      return;
    }
    if (!fm.closed) return; // frontmatter-valid reports it; the YAML is the whole file.

    const table = FIELD_TABLES[kind];
    const allow = new Set(options.allowFields ?? []);
    // The delegation standard has a spec state its timeout, and missing-timeout advises a
    // frontmatter `timeout`: in a project that uses the standard it is no unknown field.
    if (fm.fields.some((f) => f.key === 'timeout') && project.usesStandardFor(doc)) allow.add('timeout');
    const present = new Set(fm.fields.map((f) => f.key));
    const hasErrors = fm.errors.length > 0;
    // With YAML errors, only fields wholly before the first error are trusted.
    // (A field on the error's own line is not: `argument-hint: [x] [y]` parses as a list, then fails.)
    const firstErrorAt = hasErrors ? Math.min(...fm.errors.map((e) => e.range.start)) : Infinity;
    const firstError = hasErrors ? doc.lines.starts[doc.lines.lineOf(firstErrorAt)]! : Infinity;
    const plugin = kind === 'agent' && isPluginAgent(doc, project);
    const base = fm.contentRange.start;

    for (const field of fm.fields) {
      if (field.valueRange.end > firstError || field.keyRange.end > firstError) continue;
      const spec = table.fields.find((f) => f.name === field.key);
      if (!spec) {
        if (table.unknownKeys !== 'unknown' || allow.has(field.key)) continue;
        emit(checkUnknownKey({ kind, field, present }));
        continue;
      }
      if (plugin && spec.ignoredInPlugins) {
        emit({ messageId: 'ignored-in-plugin', data: { key: field.key, plugin: project.root.split(/[\\/]/).pop() || project.root }, range: field.keyRange, warn: true });
        continue;
      }
      const c: FieldContext = { kind, table, text: doc.text, base, field };
      for (const f of checkField(kind, c, doc.fileStem, project)) emit(f);
    }

    if (!hasErrors) for (const f of missingRequired(kind, fm, present)) emit(f);
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
  if (field.key === 'name' && kind === 'agent') return field.value === null ? [] : checkAgentName(field);
  if (field.key === 'model') return checkModel(kind, field);
  if (TOOL_FIELDS.has(field.key) && (kind === 'agent' || kind === 'command' || kind === 'skill')) return checkToolField(c, project);
  const out = checkValue(spec, c);
  if (out.length === 0 && (kind === 'skill' || kind === 'opencode-skill')) {
    if (field.key === 'name' && field.value !== null) out.push(...checkSkillName(field, stem));
    if (field.key === 'description') out.push(...checkSkillDescription(field, c.text));
  }
  if (out.length === 0 && kind === 'agent' && field.key === 'description' && typeof field.value === 'string' && !field.value.trim())
    out.push({ messageId: 'missing-required', data: { fields: '`description` is empty' }, range: field.valueRange });
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
  if (kind === 'agent') return [{ messageId: 'missing-required', data: { fields: what }, range: fm.openRange }];
  if (kind === 'skill' || kind === 'opencode-skill') return [{ messageId: 'skill-missing-required', data: { fields: what }, range: fm.openRange, warn: true }];
  // OpenCode agents: whether `description` is required is not documented (uncertain).
  return [{ messageId: 'opencode-missing-required', data: { fields: what, label: KIND_LABEL[kind] }, range: fm.openRange, warn: true }];
}
