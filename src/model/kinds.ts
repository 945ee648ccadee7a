/**
 * The table of file kinds: every kind of file agent-lint reads, one entry each. Discovery,
 * classification, the config schema, the rules a kind gets by default and docs/kinds.md are
 * derived from it; a new kind is one entry here plus the rules that name it.
 *
 * `place` says where the tool loads the kind from, as a test on a path's segments (posix, the
 * last one the file's name); `files` lists the names and endings the folder walk collects for
 * it. Claude Code's and OpenCode's agents, commands and skills are found by discovery's own
 * rules (folders, plugin manifests, frontmatter: src/discovery/classify.ts), so they have no
 * `place` here.
 */

export type KindFormat = 'markdown' | 'json' | 'toml' | 'text';

export interface KindEntry {
  /** What the file is, as a sentence's object ("a Claude Code subagent"). */
  readonly title: string;
  readonly tool: string;
  readonly format: KindFormat;
  /** Where the tool reads it, for the docs. */
  readonly where: string;
  /** The tool's documentation of the kind. */
  readonly docs: string;
  /** A node of the delegation graph (an agent, command or skill). */
  readonly spec?: true;
  /** Rules that name no kinds run on it (the protocol and markdown rules): Claude Code's and OpenCode's markdown. */
  readonly defaultRules?: true;
  /** Whether a file at these path segments is of the kind (the last segment is its name). */
  readonly place?: (segs: readonly string[]) => boolean;
  /** File names and endings the folder walk collects for the kind (markdown files are always collected). */
  readonly files?: { readonly names?: readonly string[]; readonly endings?: readonly string[] };
  /** For a file of the kind's endings outside its places: whether its first bytes make it one. */
  readonly sniff?: (head: string) => boolean;
  /** Frontmatter fields only this kind has: a markdown file named on the command line that sets one is of the kind wherever it lives. */
  readonly signature?: readonly string[];
  /** Found by its place only inside a plugin (a folder with `.claude-plugin/plugin.json`) or a Gemini CLI extension (`gemini-extension.json`). */
  readonly inPlugin?: true;
  /** A JSON kind its tool reads after stripping `//` and `/* *\/` comments (trailing commas stay errors). */
  readonly jsonComments?: true;
}

const base = (segs: readonly string[]) => segs[segs.length - 1] ?? '';
const parent = (segs: readonly string[], up = 1) => segs[segs.length - 1 - up] ?? '';
/** A folder `first/second/` anywhere above the file. */
const under = (segs: readonly string[], first: string, second?: string) => {
  for (let i = 0; i < segs.length - 1; i++) if (segs[i] === first && (second === undefined || (i + 1 < segs.length - 1 && segs[i + 1] === second))) return true;
  return false;
};
const md = (segs: readonly string[]) => /\.md$/i.test(base(segs));

const CLAUDE_DOCS = 'https://code.claude.com/docs/en';
const VSCODE_DOCS = 'https://code.visualstudio.com/docs/copilot/customization';

export const KINDS = {
  agent: { title: 'a subagent', tool: 'Claude Code, OpenCode', format: 'markdown', spec: true, defaultRules: true, where: '`.claude/agents/**/*.md`, `.opencode/agent(s)/**/*.md`, a plugin\'s `agents/`', docs: `${CLAUDE_DOCS}/sub-agents` },
  command: { title: 'a slash command', tool: 'Claude Code, OpenCode', format: 'markdown', spec: true, defaultRules: true, where: '`.claude/commands/**/*.md`, `.opencode/command(s)/**/*.md`, a plugin\'s `commands/`', docs: `${CLAUDE_DOCS}/slash-commands` },
  skill: { title: 'a skill', tool: 'Claude Code, OpenCode', format: 'markdown', spec: true, defaultRules: true, where: '`.claude/skills/<name>/SKILL.md`, `.opencode/skills/<name>/SKILL.md`, a plugin\'s `skills/`', docs: `${CLAUDE_DOCS}/skills` },
  other: { title: 'a markdown file', tool: '', format: 'markdown', defaultRules: true, where: 'a markdown file named on the command line', docs: '' },
  'plugin-manifest': {
    title: 'a plugin manifest', tool: 'Claude Code', format: 'json', where: '`.claude-plugin/plugin.json`', docs: `${CLAUDE_DOCS}/plugins-reference`,
    place: (s) => parent(s) === '.claude-plugin' && base(s) === 'plugin.json', files: { names: ['plugin.json'] },
  },
  'marketplace-manifest': {
    title: 'a marketplace manifest', tool: 'Claude Code', format: 'json', where: '`.claude-plugin/marketplace.json`', docs: `${CLAUDE_DOCS}/plugin-marketplaces`,
    place: (s) => parent(s) === '.claude-plugin' && base(s) === 'marketplace.json', files: { names: ['marketplace.json'] },
  },
  'hooks-config': {
    title: "a plugin's or extension's hooks", tool: 'Claude Code, Gemini CLI', format: 'json', where: "a plugin's `hooks/hooks.json`, or the file its plugin.json names in `hooks`; a Gemini CLI extension's `hooks/hooks.json`", docs: `${CLAUDE_DOCS}/hooks`,
    place: (s) => parent(s) === 'hooks' && base(s) === 'hooks.json', files: { names: ['hooks.json'] }, inPlugin: true,
  },
  settings: {
    title: 'Claude Code settings', tool: 'Claude Code', format: 'json', where: '`.claude/settings.json`, `.claude/settings.local.json`', docs: `${CLAUDE_DOCS}/settings`,
    place: (s) => parent(s) === '.claude' && (base(s) === 'settings.json' || base(s) === 'settings.local.json'), files: { names: ['settings.json', 'settings.local.json'] },
  },
  'mcp-config': {
    title: 'MCP servers', tool: 'Claude Code', format: 'json', where: '`.mcp.json`, or the file a plugin.json names in `mcpServers`', docs: `${CLAUDE_DOCS}/mcp`,
    place: (s) => base(s) === '.mcp.json', files: { names: ['.mcp.json'] },
  },
  'claude-memory': {
    title: 'a Claude Code memory file', tool: 'Claude Code', format: 'markdown', where: '`CLAUDE.md`, `CLAUDE.local.md` (at the root or nested), `.claude/rules/**/*.md`', docs: `${CLAUDE_DOCS}/memory`,
    place: (s) => base(s) === 'CLAUDE.md' || base(s) === 'CLAUDE.local.md' || (md(s) && under(s, '.claude', 'rules')),
  },
  'agents-md': {
    title: 'an AGENTS.md file', tool: 'Codex, Copilot, Cursor and others', format: 'markdown', where: '`AGENTS.md`, `AGENTS.override.md` (at the root or nested)', docs: 'https://developers.openai.com/codex/guides/agents-md',
    place: (s) => base(s) === 'AGENTS.md' || base(s) === 'AGENTS.override.md',
  },
  'gemini-md': {
    title: 'a GEMINI.md context file', tool: 'Gemini CLI', format: 'markdown', where: '`GEMINI.md` (at the root or nested)', docs: 'https://geminicli.com/docs/cli/gemini-md/',
    place: (s) => base(s) === 'GEMINI.md',
  },
  'gemini-command': {
    title: 'a Gemini CLI command', tool: 'Gemini CLI', format: 'toml', where: '`.gemini/commands/**/*.toml`, an extension\'s `commands/**/*.toml`, or a TOML file that sets `prompt`', docs: 'https://geminicli.com/docs/cli/custom-commands/',
    place: (s) => /\.toml$/.test(base(s)) && !under(s, '.codex') && s.slice(0, -1).includes('commands'), files: { endings: ['.toml'] },
    sniff: (head) => /^\s*prompt\s*=/m.test(head) && !/^\s*\[/m.test(head.slice(0, head.search(/^\s*prompt\s*=/m))),
  },
  'gemini-settings': {
    title: 'Gemini CLI settings', tool: 'Gemini CLI', format: 'json', where: '`.gemini/settings.json`', docs: 'https://geminicli.com/docs/get-started/configuration/', jsonComments: true,
    place: (s) => parent(s) === '.gemini' && base(s) === 'settings.json',
  },
  'gemini-extension': {
    title: 'a Gemini CLI extension manifest', tool: 'Gemini CLI', format: 'json', where: '`gemini-extension.json`', docs: 'https://geminicli.com/docs/extensions/',
    place: (s) => base(s) === 'gemini-extension.json', files: { names: ['gemini-extension.json'] },
  },
  'copilot-instructions': {
    title: "Copilot's repository instructions", tool: 'GitHub Copilot', format: 'markdown', where: '`.github/copilot-instructions.md`', docs: 'https://docs.github.com/en/copilot/how-tos/configure-custom-instructions/add-repository-instructions',
    place: (s) => base(s) === 'copilot-instructions.md' && parent(s) === '.github',
  },
  'copilot-scoped-instructions': {
    title: 'a Copilot instructions file', tool: 'GitHub Copilot', format: 'markdown', where: '`.github/instructions/**/*.instructions.md` (and collections of `*.instructions.md`)', docs: `${VSCODE_DOCS}/custom-instructions`,
    place: (s) => /\.instructions\.md$/i.test(base(s)), signature: ['applyTo'],
  },
  'copilot-prompt': {
    title: 'a Copilot prompt file', tool: 'GitHub Copilot', format: 'markdown', where: '`.github/prompts/*.prompt.md` (and collections of `*.prompt.md`)', docs: `${VSCODE_DOCS}/prompt-files`,
    place: (s) => /\.prompt\.md$/i.test(base(s)) || (md(s) && parent(s) === 'prompts' && parent(s, 2) === '.github'),
  },
  'copilot-agent': {
    title: 'a Copilot custom agent', tool: 'GitHub Copilot', format: 'markdown', where: '`.github/agents/*.agent.md` (and collections of `*.agent.md`)', docs: `${VSCODE_DOCS}/custom-agents`,
    place: (s) => /\.agent\.md$/i.test(base(s)) || (md(s) && parent(s) === 'agents' && parent(s, 2) === '.github'),
  },
  'copilot-chatmode': {
    title: 'a Copilot chat mode (deprecated: a custom agent now)', tool: 'GitHub Copilot', format: 'markdown', where: '`.github/chatmodes/*.chatmode.md`', docs: `${VSCODE_DOCS}/custom-agents`,
    place: (s) => /\.chatmode\.md$/i.test(base(s)),
  },
  'cursor-rule': {
    title: 'a Cursor rule', tool: 'Cursor', format: 'markdown', where: '`.cursor/rules/**/*.mdc` (and `.md`), and collections of `*.mdc`', docs: 'https://cursor.com/docs/context/rules',
    place: (s) => /\.mdc$/i.test(base(s)) || (md(s) && under(s, '.cursor', 'rules')), files: { endings: ['.mdc'] }, signature: ['alwaysApply'],
  },
  cursorrules: {
    title: 'a legacy `.cursorrules` file', tool: 'Cursor', format: 'markdown', where: '`.cursorrules`', docs: 'https://cursor.com/docs/context/rules',
    place: (s) => base(s) === '.cursorrules', files: { names: ['.cursorrules'] },
  },
  'windsurf-rule': {
    title: 'a Windsurf rule', tool: 'Windsurf', format: 'markdown', where: '`.windsurf/rules/*.md`, `.windsurfrules`', docs: 'https://docs.windsurf.com/windsurf/cascade/memories',
    place: (s) => (md(s) && under(s, '.windsurf', 'rules')) || base(s) === '.windsurfrules', files: { names: ['.windsurfrules'] },
  },
  'kiro-steering': {
    title: 'a Kiro steering file', tool: 'Kiro', format: 'markdown', where: '`.kiro/steering/*.md`', docs: 'https://kiro.dev/docs/steering/',
    place: (s) => md(s) && under(s, '.kiro', 'steering'), signature: ['fileMatchPattern'],
  },
  'cline-rule': {
    title: 'a Cline rule', tool: 'Cline', format: 'markdown', where: '`.clinerules` (a file, or a folder of markdown)', docs: 'https://docs.cline.bot/features/cline-rules',
    place: (s) => base(s) === '.clinerules' || (md(s) && under(s, '.clinerules')), files: { names: ['.clinerules'] },
  },
  'codex-config': {
    title: 'Codex configuration', tool: 'Codex', format: 'toml', where: '`.codex/config.toml`', docs: 'https://developers.openai.com/codex/config-reference',
    place: (s) => parent(s) === '.codex' && base(s) === 'config.toml', files: { endings: ['.toml'] },
  },
  'codex-environment': {
    title: 'a Codex environment', tool: 'Codex', format: 'toml', where: '`.codex/environments/*.toml`', docs: 'https://developers.openai.com/codex/app/local-environments',
    place: (s) => parent(s) === 'environments' && parent(s, 2) === '.codex' && /\.toml$/.test(base(s)), files: { endings: ['.toml'] },
  },
  'codex-hooks': {
    title: 'Codex hooks', tool: 'Codex', format: 'json', where: '`.codex/hooks.json`', docs: 'https://developers.openai.com/codex/hooks',
    place: (s) => parent(s) === '.codex' && base(s) === 'hooks.json', files: { names: ['hooks.json'] },
  },
  'codex-rules': {
    title: 'Codex command rules', tool: 'Codex', format: 'text', where: '`.codex/rules/*.rules`', docs: 'https://developers.openai.com/codex/rules',
    place: (s) => /\.rules$/.test(base(s)) && under(s, '.codex', 'rules'), files: { endings: ['.rules'] },
  },
} as const satisfies Record<string, KindEntry>;

export type FileKind = keyof typeof KINDS;
/** Kinds linted as one JSON value (manifests, hooks, settings, MCP servers). */
export type JsonFileKind = { [K in FileKind]: (typeof KINDS)[K]['format'] extends 'json' ? K : never }[FileKind];

const TABLE: Readonly<Record<FileKind, KindEntry>> = KINDS;

export const ALL_KINDS = Object.keys(KINDS) as readonly FileKind[];
export const JSON_KINDS = ALL_KINDS.filter((k) => TABLE[k].format === 'json') as readonly JsonFileKind[];

export function kindEntry(kind: FileKind): KindEntry {
  return TABLE[kind];
}

export function isJsonKind(kind: FileKind): kind is JsonFileKind {
  return TABLE[kind].format === 'json';
}

/** An agent, command or skill: a node of the delegation graph. */
export function isSpecKind(kind: FileKind): kind is 'agent' | 'command' | 'skill' {
  return TABLE[kind].spec === true;
}

/** Whether rules that name no kinds run on the kind. */
export function getsDefaultRules(kind: FileKind): boolean {
  return TABLE[kind].defaultRules === true;
}

/** Kinds with a place, in the table's order (the first whose place holds wins). */
const PLACED = ALL_KINDS.filter((k) => TABLE[k].place);
const NAMES = new Set(ALL_KINDS.flatMap((k) => TABLE[k].files?.names ?? []));
const ENDINGS = [...new Set(ALL_KINDS.flatMap((k) => TABLE[k].files?.endings ?? []))];

/** The kind a file's place makes it (path segments, posix), or null. */
export function kindByPlace(segs: readonly string[]): FileKind | null {
  for (const k of PLACED) if (TABLE[k].place!(segs)) return k;
  return null;
}

/** The kind a file of a sniffable ending is by its first bytes, or null. */
export function kindBySniff(name: string, head: string): FileKind | null {
  for (const k of ALL_KINDS) {
    const e = TABLE[k];
    if (e.sniff && e.files?.endings?.some((x) => name.endsWith(x)) && e.sniff(head)) return k;
  }
  return null;
}

/** The kind whose signature fields a frontmatter sets, or null. */
export function kindBySignature(keys: ReadonlyMap<string, unknown> | ReadonlySet<string>): FileKind | null {
  for (const k of ALL_KINDS) if (TABLE[k].signature?.some((f) => keys.has(f))) return k;
  return null;
}

/** Folders the folder walk never enters (a repository's dependencies and git's own). */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['node_modules', '.git']);

/** Whether the folder walk collects a file of this name (besides markdown, which it always collects). */
export function walkCollects(name: string): boolean {
  return NAMES.has(name) || ENDINGS.some((e) => name.endsWith(e));
}

/** Whether a file of this name may be of a kind (what an editor hands the language server). */
export function mayBeOfAKind(name: string): boolean {
  return /\.md$/i.test(name) || walkCollects(name);
}

/** Globs of the files that may be of a kind: what an editor watches and hands the language server. */
export function kindFileGlobs(): string[] {
  return ['**/*.md', ...[...NAMES].sort().map((n) => `**/${n}`), ...ENDINGS.map((e) => `**/*${e}`)];
}
