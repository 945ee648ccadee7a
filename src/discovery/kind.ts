/**
 * A file's kind from its path: a folder `agents/` holds agents, `commands/` commands,
 * `skills/<name>/SKILL.md` skills (also outside `.claude/`); OpenCode's singular `agent/` and
 * `command/` count under `.opencode/`.
 */
import type { FileKind } from '../types.js';

export function kindFromPath(path: string): FileKind {
  return kindFromSegments(path.replace(/\\/g, '/').split('/'), 0);
}

/** `kindFromPath` of the path that `parts` from `from` on make, without joining them into one. */
export function kindFromSegments(parts: readonly string[], from: number): FileKind {
  const n = parts.length;
  const base = parts[n - 1] ?? '';
  if (base.endsWith('.json')) return jsonKindFromPath(from === 0 ? parts : parts.slice(from)) ?? 'other';
  if (!/\.md$/i.test(base)) return 'other';
  if (/^skill\.md$/i.test(base) && n - from >= 3 && parts[n - 3] === 'skills') return 'skill';
  let inOpencode = false;
  for (let i = from; i < n && !inOpencode; i++) inOpencode = parts[i] === '.opencode';
  for (let i = n - 2; i >= from; i--) {
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
