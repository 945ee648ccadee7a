/**
 * The component fields of a plugin manifest (and of a marketplace entry that declares its
 * plugin's components): which take paths, and what a path must lead to. From Claude Code's plugin
 * manifest reference: `agents`, `commands` (markdown files or folders), `skills` (folders),
 * `hooks`, `mcpServers`, `lspServers` (a JSON file, or the configuration inline), `outputStyles`
 * (files or folders). Every path is relative to the plugin root and starts with `./`.
 */
export type PathTarget = 'markdown-or-dir' | 'dir' | 'file-or-dir' | 'json-file';

export interface ComponentField {
  key: string;
  target: PathTarget;
  /** The value may be the configuration itself (an object) instead of a path. */
  inline: boolean;
  /** A path as the manifest reference writes it, for messages. */
  example: string;
}

export const COMPONENT_FIELDS: readonly ComponentField[] = [
  { key: 'agents', target: 'markdown-or-dir', inline: false, example: './custom/agents/' },
  { key: 'commands', target: 'markdown-or-dir', inline: true, example: './custom/commands/' },
  { key: 'skills', target: 'dir', inline: false, example: './custom/skills/' },
  { key: 'hooks', target: 'json-file', inline: true, example: './hooks/hooks.json' },
  { key: 'mcpServers', target: 'json-file', inline: true, example: './.mcp.json' },
  { key: 'lspServers', target: 'json-file', inline: true, example: './.lsp.json' },
  { key: 'outputStyles', target: 'file-or-dir', inline: false, example: './styles/' },
];

/** The default folders a plugin's specs live in (always read, beside any declared path). */
export const DEFAULT_SPEC_DIRS = ['agents', 'commands', 'skills'];

/** Path problems that need no file system: absolute, not `./`, leading out of the plugin. */
export function pathShapeProblem(p: string): 'empty' | 'absolute' | 'outside' | 'no-dot-slash' | null {
  if (p.trim() === '') return 'empty';
  if (/^(?:[A-Za-z]:)?[\\/]/.test(p) || p.startsWith('~') || /^[a-z]+:\/\//i.test(p)) return 'absolute';
  let depth = 0;
  for (const seg of p.split(/[\\/]/)) {
    if (seg === '..') depth--;
    else if (seg !== '.' && seg !== '') depth++;
    if (depth < 0) return 'outside';
  }
  if (!p.startsWith('./')) return 'no-dot-slash';
  return null;
}
