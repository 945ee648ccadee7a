import type { ProjectView } from '../src/model/project.js';
import type { Range } from '../src/types.js';
import { defineRule } from '../src/engine/rule.js';
import { sameHelp, sameMessage } from '../src/rules-support/messages.js';
import type { Frontmatter, FrontmatterField } from '../src/model/frontmatter.js';
import { FIELD_TABLES, type FrontmatterKind } from '../src/standard/frontmatter-fields.js';
import { KIND_LABEL, type FieldContext, type Finding } from '../src/rules-support/frontmatter/finding.js';
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

/** Claude Code skips an agent whose `name` or `description` is missing or empty. */
const SKIPPED = 'Claude Code skips an agent without `name` and `description`: give each a value.';
/** What to write in a tool list instead. */
const CLAUDE_NAMES = 'Use Claude Code names such as Read, Edit, Write, Bash, Grep, Glob, WebFetch.';

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
    messages: {
      'no-frontmatter': {
        message: 'this agent file has no frontmatter',
        help: 'Claude Code needs a `---` block with `name` and `description` and skips the file silently. Move it out of the agents folder if it is not an agent.',
      },
      'skill-no-frontmatter': {
        message: 'SKILL.md has no frontmatter',
        help: 'The Agent Skills spec requires `name` and `description` in a `---` block, and Claude Code uses the description to decide when to load the skill.',
      },
      ...sameMessage('required {{fields}} {{be}} {{state}}', {
        'missing-required': SKIPPED,
        'skill-missing-required': 'The Agent Skills spec requires both `name` and `description`.',
        'tool-missing-required': '{{label}}s use it to decide when to call the agent.',
        // The reason the kind's field table gives, as it words it.
        'documented-missing-required': '{{because}}',
      }),
      // Only the agent and skill tables require two fields: one missing, the other empty.
      ...sameMessage('required {{fields}} {{be}} missing', {
        'missing-and-empty-required': `Required {{empty}} {{emptyBe}} empty: ${SKIPPED}`,
        'skill-missing-and-empty-required': 'Required {{empty}} {{emptyBe}} empty: the Agent Skills spec requires both `name` and `description`.',
      }),
      'empty-description': { message: '`description` is empty', help: SKIPPED },
      'ignored-in-plugin': {
        message: '`{{key}}` is ignored for agents that come from a plugin',
        help: 'This file is in the plugin at {{plugin}}: the field takes effect only in an agent under .claude/agents/.',
      },
      // Keys the table does not have.
      ...sameMessage('`{{key}}` is a field of {{other}}, not of {{kinds}}', {
        'foreign-field': '{{reader}} ignores it here. Remove it, or move it where it belongs.',
        'renamed-field': '{{reader}} ignores it here. {{label}}s use `{{rename}}`.',
        'foreign-field-instead': '{{reader}} ignores it here. {{label}}s use {{instead}}.',
      }),
      'misspelled-field': { message: 'unknown field `{{key}}`: did you mean `{{guess}}`?', help: '{{reader}} ignores `{{key}}`. Rename it to `{{guess}}`.' },
      ...sameHelp('{{reader}} ignores `{{key}}`.', {
        'misspelled-set-field': 'unknown field `{{key}}`: did you mean `{{guess}}`? (`{{guess}}` is also set)',
        'ambiguous-field': 'unknown field `{{key}}`: did you mean {{guesses}}?',
      }),
      ...sameMessage('unknown field `{{key}}`: {{kinds}} have no such field', {
        'unknown-field': '{{reader}} ignores it. List your own keys in the `allowFields` option.',
        'skill-unknown-field': '{{reader}} ignores it. The Agent Skills spec allows no other top-level keys: put custom data under `metadata:`. List your own keys in the `allowFields` option.',
      }),
      // Values of the wrong type, or out of range.
      ...sameHelp('Expected {{expected}}.', {
        type: '`{{name}}` is {{value}}',
        range: '`{{name}}` is {{value}}',
        'item-type': 'item {{index}} of `{{name}}` is {{value}}',
      }),
      ...sameMessage('`{{name}}` is {{value}}', {
        unquoted: 'Expected a string: quote it.',
        'boolean-words': 'Expected true or false (or {{words}})',
        'tool-map-type': 'Expected a mapping of tool names to true or false (e.g. {{name}}: { write: false })',
      }),
      'too-long': { message: '`{{name}}` is {{length}} characters long', help: 'At most {{max}} are allowed.' },
      'argument-hint-list': {
        message: '`argument-hint` is a YAML list, not a string',
        help: "Quote it: argument-hint: {{quoted}}. Claude Code joins a list's items and drops the brackets, and stricter loaders reject the file.",
      },
      // Values a field does not take, and what the tool does with them: what the field table says, a color dropped, or the value ignored.
      ...sameMessage('`{{name}}` is {{value}}, expected {{expected}}', {
        'type-effect': '{{effect}}.',
        'type-dropped': 'Claude Code drops any other color silently.',
        'type-ignored': 'The value is ignored.',
      }),
      ...sameMessage('`{{name}}` is {{value}}, not a value it takes', {
        enum: '{{didYouMean}}Expected {{expected}}.',
        'enum-effect': '{{didYouMean}}Expected {{expected}} ({{effect}}).',
        'enum-dropped': '{{didYouMean}}Expected {{expected}} (Claude Code drops any other color silently).',
        'enum-ignored': '{{didYouMean}}Expected {{expected}} (the value is ignored).',
      }),
      'enum-case': { message: '`{{name}}` is "{{value}}", which differs from "{{same}}" in case', help: 'Write "{{same}}": values are case-sensitive (expected {{expected}}).' },
      'uncertain-value': { message: '`{{name}}` is "{{value}}", which Claude Code may not support', help: 'Documented: {{values}}.' },
      // Names and descriptions: a name Claude Code's loader refuses, then the docs' style, then the Agent Skills spec.
      ...sameHelp('Claude Code skips this agent silently.', {
        'agent-name-type': '`name` is {{value}}, expected a string',
        'agent-name-empty': '`name` is empty',
        'agent-name-length': '`name` is {{length}} characters long, at most {{max}} are allowed',
        'agent-name-dash': '`name` "{{name}}" starts with "-"',
        'agent-name-colon': '`name` "{{name}}" contains ":" (reserved for plugin:agent names)',
      }),
      ...sameMessage('`name` "{{name}}" is not lowercase letters and hyphens', {
        'agent-name-style': 'The Claude Code docs ask for lowercase letters and hyphens: "{{suggestion}}".',
        'agent-name-unstyled': 'The Claude Code docs ask for lowercase letters and hyphens.',
      }),
      'skill-name-length': { message: 'skill `name` is {{length}} characters long', help: 'The Agent Skills spec allows {{min}} to {{max}}.' },
      'skill-name': { message: 'skill `name` "{{name}}" breaks the Agent Skills spec', help: 'Only lowercase letters, digits and single hyphens, not at the start or end.' },
      'skill-name-folder': { message: 'skill `name` "{{name}}" differs from its folder "{{folder}}"', help: 'The Agent Skills spec wants them equal.' },
      'skill-description-empty': { message: 'skill `description` is empty', help: 'The Agent Skills spec requires one.' },
      'skill-description-length': { message: 'skill `description` is {{length}} characters long', help: 'The Agent Skills spec allows at most {{max}}.' },
      'skill-description-char': { message: 'skill `description` contains "{{char}}"', help: 'The Agent Skills spec forbids "<" and ">" in it.' },
      'model-empty': { message: '`model` is empty' },
      'model-opencode': { message: '`model` is "{{model}}"', help: 'OpenCode expects provider/model-id (e.g. anthropic/claude-sonnet-4-5)' },
      'model-display-name': {
        message: '`model` is "{{model}}", which looks like a display name',
        help: 'Claude Code expects an alias ({{aliases}}) or a model id without spaces such as claude-sonnet-4-5.',
      },
      // Tool lists.
      'tools-type': { message: '`{{key}}` is {{value}}', help: 'Expected a comma-separated string of tool names (e.g. "Read, Grep, Bash(git status:*)") or a list.' },
      // A list of no usable tool, by its field: nothing launches, nothing is pre-approved, nothing blocked.
      ...sameMessage('none of the {{count}} entries of `{{key}}` is a Claude Code tool', {
        'no-known-tool': `The entries: {{listed}}.{{copilot}} Claude Code resolves no tool from the list and fails to launch the agent. ${CLAUDE_NAMES}`,
        'no-allowed-tool': `The entries: {{listed}}.{{copilot}} The list pre-approves nothing. ${CLAUDE_NAMES}`,
        'no-disallowed-tool': `The entries: {{listed}}.{{copilot}} The list blocks nothing. ${CLAUDE_NAMES}`,
      }),
      // What Claude Code makes of an entry: a tool it no longer has, a name in the wrong case, no tool at all.
      'replaced-tool': { message: '`{{name}}` in `{{key}}` is a tool Claude Code no longer has: use `{{replacement}}` instead', help: 'The entry is ignored.' },
      'removed-tool': { message: '`{{name}}` in `{{key}}` is a tool Claude Code no longer has', help: 'It was removed without a replacement; the entry is ignored.' },
      'tool-case': { message: '`{{name}}` in `{{key}}` is not a Claude Code tool: tool names are case-sensitive', help: 'Did you mean `{{suggestion}}`?' },
      'malformed-tool': { message: '`{{name}}` in `{{key}}` is not a tool name nor a `Tool(specifier)` pattern', help: 'Check the parentheses.' },
      'agent-as-tool': { message: '`{{name}}` in `{{key}}` is an agent, not a tool', help: 'To let this one delegate to it, list `Agent` (or `Agent({{name}})`)' },
      ...sameMessage('`{{name}}` in `{{key}}` is not a known Claude Code tool', {
        'misspelled-tool': 'Did you mean `{{suggestion}}`?',
        'vscode-mcp-tool': "`server/tool` is VS Code's way to name an MCP tool, Claude Code's is `mcp__{{server}}__{{tool}}`.",
        'unknown-tool': 'Expected a tool such as Read, Edit, Bash or Grep, a `Tool(specifier)` pattern or an MCP name `mcp__server__tool`.',
      }),
      // The other tools' files.
      ...sameMessage('`{{key}}` is deprecated: {{label}}s use {{replacements}}', {
        'deprecated-field': '{{reader}} still reads `{{key}}` as `{{to}}`: rename it (--fix does).',
        'deprecated-field-set': '`{{to}}` is also set and {{reader}} reads it instead: remove `{{key}}`.',
        'deprecated-infer':
          '`{{key}}: false` hid the agent both from the agents picker and from use as a subagent: `user-invocable: false` hides it from the picker, `disable-model-invocation: true` from subagent use.',
      }),
      'apply-to-list': {
        message: '`applyTo` is a YAML list, not a string',
        help: 'VS Code reads `applyTo` only as a string, so it matches these instructions to no file. Write the patterns as one string separated by commas, as the VS Code and GitHub docs do: applyTo: {{joined}}.',
      },
      handoff: {
        message: 'handoff {{index}} has no {{missing}}',
        help: 'VS Code shows a handoff as a button labelled `label` that switches to the custom agent `agent`: it needs both.',
      },
      // Files their tool never applies by itself.
      ...sameHelp(
        'Cursor applies a rule always (`alwaysApply: true`), to files matching `globs`, or when the agent finds its `description` relevant; a rule with none of them is manual. Set the one that fits, or `alwaysApply: false` to say it is meant to be manual.',
        {
          'cursor-never-applied': 'this Cursor rule has no `alwaysApply`, `globs` or `description`: it applies only when @-mentioned',
          'cursor-no-frontmatter': 'this Cursor rule has no frontmatter: it applies only when @-mentioned',
        },
      ),
      ...sameHelp(
        'VS Code adds an instructions file when a file in context matches `applyTo` or the task matches its `description`; GitHub Copilot reads path-specific instructions by `applyTo` only. Without either, the file is used only when attached by hand.',
        {
          'copilot-never-applied': 'this instructions file has no `applyTo` or `description`: Copilot applies it to no file by itself',
          'copilot-no-frontmatter': 'this instructions file has no frontmatter: Copilot applies it to no file by itself',
        },
      ),
      'windsurf-no-globs': {
        message: 'this Windsurf rule has `trigger: glob` but no `globs`: Windsurf applies it to no file',
        help: 'A glob rule applies to the files its `globs` patterns match.',
      },
      'windsurf-no-description': {
        message: 'this Windsurf rule has `trigger: model_decision` but no `description`',
        help: 'Cascade decides whether to apply such a rule from its `description`: without one it has nothing to decide by.',
      },
      'kiro-no-pattern': {
        message: 'this steering file has `inclusion: fileMatch` but no `fileMatchPattern`: it matches no file',
        help: 'Kiro includes a fileMatch steering file when a file matching `fileMatchPattern` is in context.',
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
        emit({ messageId: 'ignored-in-plugin', data: { key: field.key, plugin: project.root.split(/[\\/]/).pop() || project.root }, range: field.keyRange, warn: true });
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
    out.push({ messageId: 'empty-description', range: field.valueRange });
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
  /** `field \`name\``, `fields \`name\` and \`description\``, with the verb that agrees. */
  const listed = (list: string[]) => ({ fields: `field${list.length > 1 ? 's' : ''} ${list.map(label).join(' and ')}`, be: list.length > 1 ? 'are' : 'is' });
  const absent = missing.filter((m) => !present.has(m));
  const empty = missing.filter((m) => present.has(m));
  const range = fm.openRange;
  if (absent.length && empty.length) {
    const both = { ...listed(absent), empty: listed(empty).fields, emptyBe: listed(empty).be };
    // Only the agent and skill tables require two fields.
    return [{ messageId: kind === 'agent' ? 'missing-and-empty-required' : 'skill-missing-and-empty-required', data: both, range, warn: kind !== 'agent' }];
  }
  const data = { ...listed(absent.length ? absent : empty), state: absent.length ? 'missing' : 'empty' };
  if (kind === 'agent') return [{ messageId: 'missing-required', data, range }];
  if (kind === 'skill' || kind === 'opencode-skill') return [{ messageId: 'skill-missing-required', data, range, warn: true }];
  // OpenCode agents: whether `description` is required is not documented (uncertain).
  if (table.requiredBecause) return [{ messageId: 'documented-missing-required', data: { ...data, because: table.requiredBecause }, range, warn: true }];
  return [{ messageId: 'tool-missing-required', data: { ...data, label: KIND_LABEL[kind] }, range, warn: true }];
}
