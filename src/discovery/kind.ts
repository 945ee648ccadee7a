/**
 * A file's kind from its path: a folder `agents/` holds agents, `commands/` commands,
 * `skills/<name>/SKILL.md` skills (also outside `.claude/`); OpenCode's singular `agent/` and
 * `command/` count under `.opencode/`.
 */
import type { FileKind } from '../types.js';

export function kindFromPath(path: string): FileKind {
  const parts = path.replace(/\\/g, '/').split('/');
  const base = parts[parts.length - 1] ?? '';
  if (base.endsWith('.json')) return jsonKindFromPath(parts) ?? 'other';
  if (!/\.md$/i.test(base)) return 'other';
  if (/^skill\.md$/i.test(base) && parts.length >= 3 && parts[parts.length - 3] === 'skills') return 'skill';
  const inOpencode = parts.includes('.opencode');
  for (let i = parts.length - 2; i >= 0; i--) {
    const seg = parts[i];
    if (seg === 'agents' || (inOpencode && seg === 'agent')) return 'agent';
    if (seg === 'commands' || (inOpencode && seg === 'command')) return 'command';
    if (seg === 'skills') return 'other';
  }
  return 'other';
}

/**
 * The JSON files that come with specs, by where Claude Code reads them: `.claude-plugin/plugin.json`
 * and `marketplace.json`, a plugin's `hooks/hooks.json`, `.claude/settings.json` and
 * `settings.local.json`, and `.mcp.json` (at a project's or a plugin's root).
 */
export function jsonKindFromPath(parts: readonly string[]): FileKind | null {
  const n = parts.length;
  const base = parts[n - 1];
  const dir = parts[n - 2];
  if (dir === '.claude-plugin' && base === 'plugin.json') return 'plugin-manifest';
  if (dir === '.claude-plugin' && base === 'marketplace.json') return 'marketplace-manifest';
  if (dir === '.claude' && (base === 'settings.json' || base === 'settings.local.json')) return 'settings';
  if (dir === 'hooks' && base === 'hooks.json') return 'hooks-config';
  if (base === '.mcp.json') return 'mcp-config';
  return null;
}
