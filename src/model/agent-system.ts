/**
 * The agent system a file belongs to, as a path prefix relative to the project root: the
 * innermost `.claude/` or `.opencode/` folder holding it, else '' (the project). Each tree keeps
 * its own protocol: its return formats, and the agents its callers mean by a name.
 */
export function agentSystemOf(relPath: string): string {
  const p = '/' + relPath.replace(/\\/g, '/');
  const at = Math.max(p.lastIndexOf('/.claude/'), p.lastIndexOf('/.opencode/'));
  if (at < 0) return '';
  return p.slice(1, p.indexOf('/', at + 2) + 1);
}

/** Of the specs a name stands for, the one in the caller's agent system, else the first. */
export function sameSystemFirst<T extends { relPath: string }>(caller: { relPath: string }, candidates: readonly T[] | undefined): T | undefined {
  if (!candidates || candidates.length === 0) return undefined;
  if (candidates.length === 1) return candidates[0];
  const system = agentSystemOf(caller.relPath);
  return candidates.find((c) => agentSystemOf(c.relPath) === system) ?? candidates[0];
}
