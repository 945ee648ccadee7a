/**
 * A file's kind from its path alone: Claude Code's and OpenCode's places first
 * (`.claude/agents/**`, ...), then the other places of the kinds table (`CLAUDE.md`, `*.mdc`,
 * `.github/prompts/`, ...), then a folder named `agents/` or `commands/`, or a
 * `skills/<name>/SKILL.md`, anywhere (also outside `.claude/`; OpenCode's singular `agent/` and
 * `command/` count under `.opencode/`).
 */
import { kindByPlace, type FileKind } from '../model/kinds.js';
import { matchesSpecSegments } from './spec-paths.js';

export function kindFromPath(path: string): FileKind {
  return kindFromSegments(path.replace(/\\/g, '/').split('/'), 0);
}

/** `kindFromPath` of the path that `parts` from `from` on make, without joining them into one. */
export function kindFromSegments(parts: readonly string[], from: number): FileKind {
  if (!matchesSpecSegments(parts)) {
    const placed = kindByPlace(from === 0 ? parts : parts.slice(from));
    if (placed) return placed;
  }
  return specKindFromSegments(parts, from);
}

/** The spec kind a markdown file's folders alone make it (`other` when none): kindFromPath without the places. */
export function specKindFromSegments(parts: readonly string[], from: number): FileKind {
  const n = parts.length;
  const base = parts[n - 1] ?? '';
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
