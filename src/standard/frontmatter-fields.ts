/**
 * Frontmatter field tables, as plain data for the frontmatter-schema rule. Sources: for Claude
 * Code and OpenCode spec files ../shared/claude-code-format.md (Claude Code docs v2.1.240,
 * behaviour of v2.1.330; OpenCode docs); for the other tools their documentation pages, cited at
 * each table (VS Code's own header validator, promptValidator.ts, where the docs are silent).
 * Nothing official publishes a schema for these files.
 *
 * Entries flagged `uncertain` should produce warnings, not errors. No rule logic lives here.
 */
import { deepFreeze } from '../util/deep-freeze.js';

/**
 * Which table applies to a file. Commands and skills share one parser, hence one table. A Copilot
 * chat mode is read as a custom agent, so it has the agent's table; `claude-rule` is a Claude Code
 * memory file under `.claude/rules/` (the memory files that have frontmatter).
 */
export type FrontmatterKind =
  | 'agent'
  | 'command'
  | 'skill'
  | 'opencode-agent'
  | 'opencode-command'
  | 'opencode-skill'
  | 'copilot-scoped-instructions'
  | 'copilot-prompt'
  | 'copilot-agent'
  | 'cursor-rule'
  | 'windsurf-rule'
  | 'kiro-steering'
  | 'claude-rule';

/**
 * The value type of a field:
 * - `string`, `boolean`, `integer`, `number`, `object`: as in YAML/JSON.
 * - `list`: a YAML sequence (see `itemType`).
 * - `string-or-list`: a comma- or space-separated string, or a sequence.
 * - `enum`: a string, one of `enumValues`.
 * - `enum-or-integer`: one of `enumValues`, or an integer.
 * - `enum-or-object`: one of `enumValues`, or a map (e.g. by tool name).
 * - `map-of-boolean`: a map from names to booleans.
 * - `any`: the type is not documented.
 */
export type FieldType =
  | 'string'
  | 'boolean'
  | 'integer'
  | 'number'
  | 'list'
  | 'string-or-list'
  | 'object'
  | 'enum'
  | 'enum-or-integer'
  | 'enum-or-object'
  | 'map-of-boolean'
  | 'any';

export interface FieldSpec {
  readonly name: string;
  readonly type: FieldType;
  readonly required: boolean;
  /** The only accepted values, for the enum types. */
  readonly enumValues?: readonly string[];
  /** Enum values are compared case-insensitively. */
  readonly caseInsensitive?: boolean;
  /** Values worth recognising that do not exclude others (e.g. model aliases besides full ids). */
  readonly knownValues?: readonly string[];
  /** Values whose support is uncertain (warn, do not reject). */
  readonly uncertainValues?: readonly string[];
  /** For `list`: the type of each item. */
  readonly itemType?: 'string' | 'string-or-object';
  readonly minLength?: number;
  readonly maxLength?: number;
  /** Smallest number for `integer`/`number`. */
  readonly minimum?: number;
  /** The field's whole entry is uncertain: findings about it should be warnings. */
  readonly uncertain?: boolean;
  /** Deprecated but still read. */
  readonly deprecated?: boolean;
  /** For a deprecated field: the fields that replace it. */
  readonly replacedBy?: readonly string[];
  /**
   * What the tool does with a value outside `enumValues`, when it neither rejects the file nor
   * is documented to drop the value: findings about such a value are warnings that say this.
   */
  readonly invalidEffect?: string;
  /** Ignored when the agent comes from a plugin. */
  readonly ignoredInPlugins?: boolean;
  /** A bad value is dropped silently rather than breaking the file: findings about it are warnings. */
  readonly invalidDropped?: boolean;
  readonly notes?: string;
}

export interface FieldTable {
  readonly kinds: readonly FrontmatterKind[];
  readonly fields: readonly FieldSpec[];
  /**
   * What the tool does with keys not in `fields`: `unknown` = not documented (report as a
   * warning at most); `passed-to-model` = OpenCode hands them to the model as options (do not
   * flag as errors); `ignored` = read by nobody, never reported; `typos` = ignored, and the
   * projects' own metadata is common there, so only a key that misspells one of the table's
   * fields or belongs to another tool's file is reported.
   */
  readonly unknownKeys: 'unknown' | 'passed-to-model' | 'ignored' | 'typos';
  /** Why a missing required field matters, for the message (the default speaks of choosing an agent). */
  readonly requiredBecause?: string;
  /** Extra spellings accepted for booleans besides true/false, if any. */
  readonly booleanWords?: readonly string[];
}

/**
 * Claude Code tools today (a partial list: the format notes "and more"). Unknown names warn.
 * TaskOutput, TeamCreate and TeamDelete (agent teams) are not in the format notes but are
 * built-in tools of current releases (real plugins list them).
 */
export const TOOL_NAMES: readonly string[] = Object.freeze([
  'Agent',
  'AskUserQuestion',
  'Bash',
  'CronCreate',
  'CronDelete',
  'CronList',
  'Edit',
  'EnterPlanMode',
  'EnterWorktree',
  'ExitPlanMode',
  'ExitWorktree',
  'Glob',
  'Grep',
  'LSP',
  'ListMcpResourcesTool',
  'Monitor',
  'NotebookEdit',
  'PowerShell',
  'Read',
  'ReadMcpResourceTool',
  'SendMessage',
  'Skill',
  'TaskCreate',
  'TaskGet',
  'TaskList',
  'TaskOutput',
  'TaskStop',
  'TaskUpdate',
  'TeamCreate',
  'TeamDelete',
  'TodoWrite',
  'ToolSearch',
  'WebFetch',
  'WebSearch',
  'Write',
]);

/** Old names that still work, mapped to the current tool. */
export const TOOL_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  Task: 'Agent',
  KillShell: 'TaskStop',
  KillBash: 'TaskStop',
  ListMcpResources: 'ListMcpResourcesTool',
  ReadMcpResource: 'ReadMcpResourceTool',
});

/** Tools that are gone with no alias: flag them. */
export const REMOVED_TOOLS: readonly string[] = Object.freeze(['MultiEdit', 'LS', 'NotebookRead', 'BashOutput', 'SlashCommand']);

/**
 * Suggested replacements for removed tools, for messages only (agent-lint's suggestion, not a
 * documented alias). BashOutput has none.
 */
export const REMOVED_TOOL_SUGGESTIONS: Readonly<Record<string, string>> = Object.freeze({
  MultiEdit: 'Edit',
  LS: 'Glob',
  NotebookRead: 'Read',
  SlashCommand: 'Skill',
});

/**
 * RegExp sources for tool entries: `Tool(specifier)` (e.g. `Bash(npm run *)`, `Read(src/**)`,
 * `WebFetch(domain:x)`, `Agent(Explore)`) and MCP names (`mcp__server`, `mcp__server__*`,
 * `mcp__server__tool`).
 */
export const TOOL_PATTERNS = Object.freeze({
  /** Group 1: tool name; group 2: specifier. */
  withSpecifier: '^([A-Za-z][A-Za-z0-9]*)\\((.*)\\)$',
  /** `mcp__server`, `mcp__server__tool` (the tool part is inside the class) or `mcp__server__*`. */
  mcp: '^mcp__[A-Za-z0-9_-]+(?:__\\*)?$',
  /** `tools: *` means all tools. */
  all: '^\\*$',
});

/** Model aliases (any case); full ids such as `claude-opus-4-5-20251101` are also valid. */
export const MODEL_ALIASES: readonly string[] = Object.freeze(['sonnet', 'opus', 'haiku', 'inherit']);

/** Subagent colors; anything else is dropped silently. */
export const COLORS: readonly string[] = Object.freeze(['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'pink', 'cyan']);

export const PERMISSION_MODES: readonly string[] = Object.freeze([
  'default',
  'acceptEdits',
  'auto',
  'dontAsk',
  'bypassPermissions',
  'plan',
  'manual',
]);

export const MEMORY_SCOPES: readonly string[] = Object.freeze(['user', 'project', 'local']);

/** `effort` levels; an integer is also accepted. */
export const EFFORT_LEVELS: readonly string[] = Object.freeze(['low', 'medium', 'high', 'xhigh', 'max']);

/** Built-in subagent types for the Agent tool's `subagent_type`. */
export const BUILTIN_AGENT_TYPES: readonly string[] = Object.freeze(['general-purpose', 'Explore', 'Plan', 'statusline-setup', 'fork']);

/** Command/skill `shell` values. */
export const SHELLS: readonly string[] = Object.freeze(['bash', 'powershell']);

/** Boolean spellings the command/skill parser accepts besides true/false. */
export const COMMAND_BOOLEAN_WORDS: readonly string[] = Object.freeze(['yes', 'no', 'on', 'off', '1', '0']);

/** OpenCode agent modes. */
export const OPENCODE_MODES: readonly string[] = Object.freeze(['primary', 'subagent', 'all']);

/** OpenCode permission values (also the values of a per-tool permission map). */
export const OPENCODE_PERMISSIONS: readonly string[] = Object.freeze(['ask', 'allow', 'deny']);

/**
 * Subagent `name` as Claude Code's running code accepts it (a file failing this is skipped
 * silently), plus the documented style (warn only).
 */
export const AGENT_NAME_RULES = Object.freeze({
  minLength: 1,
  maxLength: 256,
  forbiddenLeading: '-',
  forbiddenChars: ':',
  /** The docs say lowercase letters and hyphens; digits are tolerated here. */
  recommendedPattern: '^[a-z0-9-]+$',
});

/** The Agent Skills spec (stricter, for uploads) for a skill's name and description. */
export const AGENT_SKILLS_SPEC = Object.freeze({
  nameMinLength: 1,
  nameMaxLength: 64,
  /** `[a-z0-9-]`, no leading, trailing or double hyphen. */
  namePattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  /** The name must equal the skill's folder name. */
  nameMatchesFolder: true,
  descriptionMinLength: 1,
  descriptionMaxLength: 1024,
  descriptionForbiddenChars: Object.freeze(['<', '>']),
});

/** Positional arguments in a command body: `$0` is the first in Claude Code (since v2.1.19), `$1` in OpenCode. */
export const ARGUMENT_INDEX_BASE = Object.freeze({ claude: 0, opencode: 1 });

/** Claude Code subagents: `.claude/agents/**\/*.md`, `~/.claude/agents/`, a plugin's `agents/**`. */
export const AGENT_FIELDS: readonly FieldSpec[] = [
  {
    name: 'name',
    type: 'string',
    required: true,
    minLength: 1,
    maxLength: 256,
    notes: 'The identity (need not match the file name). No leading "-", no ":". Missing or bad: Claude Code skips the file silently. Docs: lowercase letters and hyphens (warn otherwise).',
  },
  {
    name: 'description',
    type: 'string',
    required: true,
    notes: 'Missing: Claude Code skips the file silently.',
  },
  {
    name: 'tools',
    type: 'string-or-list',
    required: false,
    notes: 'Comma- or space-separated (parentheses kept together) or a list. Omitted or "*" = all tools; if none resolves, the agent fails to launch.',
  },
  {
    name: 'disallowedTools',
    type: 'string-or-list',
    required: false,
    notes: 'Same syntax as tools.',
  },
  {
    name: 'model',
    type: 'string',
    required: false,
    knownValues: MODEL_ALIASES,
    caseInsensitive: true,
    notes: 'An alias (any case) or a full model id; do not reject full ids.',
  },
  {
    name: 'permissionMode',
    type: 'enum',
    required: false,
    enumValues: PERMISSION_MODES,
    ignoredInPlugins: true,
  },
  { name: 'maxTurns', type: 'integer', required: false, minimum: 1 },
  { name: 'skills', type: 'list', itemType: 'string', required: false, notes: 'Skill names.' },
  {
    name: 'mcpServers',
    type: 'list',
    itemType: 'string-or-object',
    required: false,
    ignoredInPlugins: true,
    notes: 'Each item a server name or a one-key object.',
  },
  {
    name: 'hooks',
    type: 'object',
    required: false,
    ignoredInPlugins: true,
    notes: 'The settings.json hooks format.',
  },
  { name: 'memory', type: 'enum', required: false, enumValues: MEMORY_SCOPES },
  { name: 'background', type: 'boolean', required: false },
  { name: 'effort', type: 'enum-or-integer', required: false, enumValues: EFFORT_LEVELS },
  {
    name: 'isolation',
    type: 'enum',
    required: false,
    enumValues: ['worktree'],
    uncertainValues: ['remote'],
    notes: '"remote" may also be accepted (uncertain).',
  },
  {
    name: 'color',
    type: 'enum',
    required: false,
    enumValues: COLORS,
    invalidDropped: true,
    notes: 'Any other value is dropped silently.',
  },
  { name: 'initialPrompt', type: 'string', required: false },
];

/**
 * Claude Code commands (`.claude/commands/**\/*.md`) and skills (`.claude/skills/<name>/SKILL.md`):
 * one parser, every field optional.
 */
export const COMMAND_SKILL_FIELDS: readonly FieldSpec[] = [
  { name: 'name', type: 'string', required: false },
  { name: 'description', type: 'string', required: false },
  { name: 'when_to_use', type: 'string', required: false },
  {
    name: 'argument-hint',
    type: 'string',
    required: false,
    notes: 'An unquoted value like "[--x] [--y]" is a YAML flow sequence followed by junk: the frontmatter fails to parse. Quote it.',
  },
  { name: 'arguments', type: 'any', required: false, uncertain: true, notes: 'Type not documented in the format notes.' },
  { name: 'allowed-tools', type: 'string-or-list', required: false, notes: 'Same syntax as an agent\'s tools.' },
  { name: 'disallowed-tools', type: 'string-or-list', required: false },
  { name: 'model', type: 'string', required: false, knownValues: MODEL_ALIASES, caseInsensitive: true },
  { name: 'effort', type: 'enum-or-integer', required: false, enumValues: EFFORT_LEVELS },
  { name: 'disable-model-invocation', type: 'boolean', required: false },
  { name: 'user-invocable', type: 'boolean', required: false },
  { name: 'context', type: 'enum', required: false, enumValues: ['fork'] },
  { name: 'agent', type: 'string', required: false, notes: 'A subagent type (see BUILTIN_AGENT_TYPES) or agent name.' },
  { name: 'background', type: 'boolean', required: false },
  { name: 'hooks', type: 'object', required: false },
  { name: 'paths', type: 'string-or-list', required: false, uncertain: true, notes: 'Type not documented in the format notes; presumably path globs.' },
  { name: 'shell', type: 'enum', required: false, enumValues: SHELLS },
  { name: 'metadata', type: 'object', required: false },
  { name: 'license', type: 'string', required: false },
  { name: 'compatibility', type: 'string', required: false, maxLength: 500 },
];

/** OpenCode agents: `.opencode/agent(s)/**\/*.md`. */
export const OPENCODE_AGENT_FIELDS: readonly FieldSpec[] = [
  {
    name: 'description',
    type: 'string',
    required: true,
    uncertain: true,
    notes: 'The format notes do not say whether it is required; OpenCode relies on it to choose subagents.',
  },
  { name: 'mode', type: 'enum', required: false, enumValues: OPENCODE_MODES },
  { name: 'model', type: 'string', required: false, notes: 'provider/model-id' },
  { name: 'temperature', type: 'number', required: false },
  { name: 'top_p', type: 'number', required: false },
  { name: 'prompt', type: 'string', required: false },
  { name: 'tools', type: 'map-of-boolean', required: false, deprecated: true, notes: 'Deprecated in favour of permission.' },
  { name: 'permission', type: 'enum-or-object', required: false, enumValues: OPENCODE_PERMISSIONS, notes: 'A value or a map by tool name.' },
  { name: 'disable', type: 'boolean', required: false },
  { name: 'hidden', type: 'boolean', required: false },
  { name: 'color', type: 'string', required: false },
  { name: 'steps', type: 'integer', required: false, minimum: 1 },
];

/** OpenCode commands: `.opencode/command(s)/**\/*.md`. */
export const OPENCODE_COMMAND_FIELDS: readonly FieldSpec[] = [
  { name: 'description', type: 'string', required: false },
  { name: 'agent', type: 'string', required: false },
  { name: 'model', type: 'string', required: false, notes: 'provider/model-id' },
  { name: 'subtask', type: 'boolean', required: false },
];

/**
 * OpenCode skills (`.opencode/skills/<name>/SKILL.md`): only the Agent Skills fields are read,
 * and any other key is ignored (OpenCode's skills documentation).
 */
export const OPENCODE_SKILL_FIELDS: readonly FieldSpec[] = [
  { name: 'name', type: 'string', required: true },
  { name: 'description', type: 'string', required: true },
  { name: 'license', type: 'string', required: false },
  { name: 'compatibility', type: 'string', required: false },
  { name: 'metadata', type: 'object', required: false, notes: 'A map of strings to strings.' },
];

const AGENT_TABLE: FieldTable = { kinds: ['agent'], fields: AGENT_FIELDS, unknownKeys: 'unknown' };
const COMMAND_SKILL_TABLE: FieldTable = {
  kinds: ['command', 'skill'],
  fields: COMMAND_SKILL_FIELDS,
  unknownKeys: 'unknown',
  booleanWords: COMMAND_BOOLEAN_WORDS,
};
const OPENCODE_AGENT_TABLE: FieldTable = {
  kinds: ['opencode-agent'],
  fields: OPENCODE_AGENT_FIELDS,
  unknownKeys: 'passed-to-model',
};
const OPENCODE_SKILL_TABLE: FieldTable = {
  kinds: ['opencode-skill'],
  fields: OPENCODE_SKILL_FIELDS,
  unknownKeys: 'ignored',
};
const OPENCODE_COMMAND_TABLE: FieldTable = {
  kinds: ['opencode-command'],
  fields: OPENCODE_COMMAND_FIELDS,
  unknownKeys: 'unknown',
};

/**
 * GitHub Copilot instructions files (`*.instructions.md`). Sources: VS Code "Use custom
 * instructions" (https://code.visualstudio.com/docs/agent-customization/custom-instructions)
 * and GitHub "Adding repository custom instructions" (path-specific instructions: `applyTo`,
 * `excludeAgent`).
 */
export const COPILOT_INSTRUCTIONS_FIELDS: readonly FieldSpec[] = [
  { name: 'name', type: 'string', required: false },
  { name: 'description', type: 'string', required: false },
  {
    name: 'applyTo',
    type: 'string',
    required: false,
    notes: 'Glob patterns separated by commas, relative to the workspace root. VS Code reads only a string: a list is ignored there.',
  },
  { name: 'excludeAgent', type: 'string-or-list', required: false, enumValues: ['code-review', 'coding-agent'], notes: 'GitHub: the agent that does not read the file.' },
];

/**
 * Copilot prompt files (`*.prompt.md`). Source: VS Code "Use prompt files"
 * (https://code.visualstudio.com/docs/agent-customization/prompt-files).
 */
export const COPILOT_PROMPT_FIELDS: readonly FieldSpec[] = [
  { name: 'name', type: 'string', required: false },
  { name: 'description', type: 'string', required: false },
  { name: 'argument-hint', type: 'string', required: false },
  { name: 'agent', type: 'string', required: false, knownValues: ['ask', 'agent', 'plan'], notes: 'A built-in agent or the name of a custom agent.' },
  { name: 'model', type: 'string-or-list', required: false, notes: 'A model name, or a list tried in order.' },
  { name: 'tools', type: 'string-or-list', required: false },
  {
    name: 'mode',
    type: 'string',
    required: false,
    deprecated: true,
    replacedBy: ['agent'],
    notes: "VS Code: \"The 'mode' attribute has been deprecated. Please rename it to 'agent'.\" It still reads `mode` when `agent` is absent.",
  },
];

/**
 * Copilot custom agents (`*.agent.md`, `.github/agents/*.md`) and chat modes. Sources: VS Code
 * "Custom agents" (https://code.visualstudio.com/docs/agent-customization/custom-agents) and
 * GitHub "Custom agents configuration"
 * (https://docs.github.com/en/copilot/reference/custom-agents-configuration), which requires
 * `description` and adds `mcp-servers` and `metadata`.
 */
export const COPILOT_AGENT_FIELDS: readonly FieldSpec[] = [
  { name: 'name', type: 'string', required: false },
  { name: 'description', type: 'string', required: true, uncertain: true, notes: 'Required by GitHub Copilot; optional in VS Code.' },
  { name: 'argument-hint', type: 'string', required: false },
  { name: 'tools', type: 'string-or-list', required: false },
  { name: 'agents', type: 'list', itemType: 'string', required: false, notes: 'Subagent names; `*` for all.' },
  { name: 'model', type: 'string-or-list', required: false },
  { name: 'user-invocable', type: 'boolean', required: false },
  { name: 'disable-model-invocation', type: 'boolean', required: false },
  {
    name: 'infer',
    type: 'boolean',
    required: false,
    deprecated: true,
    replacedBy: ['user-invocable', 'disable-model-invocation'],
    notes: 'infer: false hid the agent from the picker and from subagent use; the two new fields each do one.',
  },
  { name: 'user-invokable', type: 'boolean', required: false, deprecated: true, replacedBy: ['user-invocable'] },
  { name: 'target', type: 'enum', required: false, enumValues: ['vscode', 'github-copilot'] },
  { name: 'mcp-servers', type: 'any', required: false, notes: 'GitHub: a map of MCP server configurations.' },
  { name: 'metadata', type: 'object', required: false },
  { name: 'handoffs', type: 'list', itemType: 'string-or-object', required: false, notes: 'Items: label, agent, prompt, send, model.' },
  { name: 'hooks', type: 'object', required: false },
  { name: 'github', type: 'object', required: false },
  { name: 'advancedOptions', type: 'object', required: false },
];

/**
 * Cursor rules (`.cursor/rules/*.mdc`). Source: Cursor "Rules" (https://cursor.com/docs/context/rules).
 * Cursor reads `globs` as raw text, patterns separated by commas: `globs: **\/*.ts` is its own
 * format, not a YAML error (rules-support/frontmatter/lenient.ts).
 */
export const CURSOR_RULE_FIELDS: readonly FieldSpec[] = [
  { name: 'description', type: 'string', required: false },
  { name: 'globs', type: 'string-or-list', required: false },
  { name: 'alwaysApply', type: 'boolean', required: false },
];

/** Windsurf rules (`.windsurf/rules/*.md`). Source: Windsurf "Memories & Rules" (https://docs.windsurf.com/windsurf/cascade/memories). */
export const WINDSURF_RULE_FIELDS: readonly FieldSpec[] = [
  {
    name: 'trigger',
    type: 'enum',
    required: false,
    enumValues: ['always_on', 'manual', 'model_decision', 'glob'],
    invalidEffect: 'Windsurf documents no other activation mode, so the rule may not load as meant',
  },
  { name: 'description', type: 'string', required: false },
  { name: 'globs', type: 'string-or-list', required: false },
];

/** Kiro steering files (`.kiro/steering/*.md`). Source: Kiro "Steering" (https://kiro.dev/docs/steering/). */
export const KIRO_STEERING_FIELDS: readonly FieldSpec[] = [
  { name: 'inclusion', type: 'enum', required: false, enumValues: ['always', 'fileMatch', 'manual', 'auto'] },
  { name: 'fileMatchPattern', type: 'string-or-list', required: false },
  { name: 'name', type: 'string', required: false },
  { name: 'description', type: 'string', required: false },
];

/**
 * Claude Code rules (`.claude/rules/**\/*.md`). Source: Claude Code "Manage Claude's memory"
 * (https://code.claude.com/docs/en/memory): `paths` scopes a rule to matching files. `globs` is
 * undocumented but read (anthropics/claude-code#17204).
 */
export const CLAUDE_RULE_FIELDS: readonly FieldSpec[] = [
  { name: 'paths', type: 'string-or-list', required: false },
  { name: 'globs', type: 'string-or-list', required: false, uncertain: true, notes: 'Undocumented; read by current releases.' },
];

const otherTool = (kinds: FrontmatterKind[], fields: readonly FieldSpec[], more: Partial<FieldTable> = {}): FieldTable => ({ kinds, fields, unknownKeys: 'typos', ...more });

/** The field table for each kind (command and skill share one). Frozen. */
export const FIELD_TABLES: Readonly<Record<FrontmatterKind, FieldTable>> = deepFreeze({
  agent: AGENT_TABLE,
  command: COMMAND_SKILL_TABLE,
  skill: COMMAND_SKILL_TABLE,
  'opencode-agent': OPENCODE_AGENT_TABLE,
  'opencode-command': OPENCODE_COMMAND_TABLE,
  'opencode-skill': OPENCODE_SKILL_TABLE,
  'copilot-scoped-instructions': otherTool(['copilot-scoped-instructions'], COPILOT_INSTRUCTIONS_FIELDS),
  'copilot-prompt': otherTool(['copilot-prompt'], COPILOT_PROMPT_FIELDS),
  'copilot-agent': otherTool(['copilot-agent'], COPILOT_AGENT_FIELDS, { requiredBecause: 'GitHub Copilot requires it of a custom agent (VS Code does not)' }),
  'cursor-rule': otherTool(['cursor-rule'], CURSOR_RULE_FIELDS),
  'windsurf-rule': otherTool(['windsurf-rule'], WINDSURF_RULE_FIELDS),
  'kiro-steering': otherTool(['kiro-steering'], KIRO_STEERING_FIELDS),
  'claude-rule': otherTool(['claude-rule'], CLAUDE_RULE_FIELDS),
});

/** The spec of `field` for `kind`, if the table has it. */
export function getFieldSpec(kind: FrontmatterKind, field: string): FieldSpec | undefined {
  return FIELD_TABLES[kind].fields.find((f) => f.name === field);
}
