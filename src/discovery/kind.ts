/**
 * A file's kind from its path: a folder `agents/` holds agents, `commands/` commands,
 * `skills/<name>/SKILL.md` skills (also outside `.claude/`); OpenCode's singular `agent/` and
 * `command/` count under `.opencode/`.
 */
import type { FileKind } from '../types.js';

export function kindFromPath(path: string): FileKind {
  const parts = path.replace(/\\/g, '/').split('/');
  const base = parts[parts.length - 1] ?? '';
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
