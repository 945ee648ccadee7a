/**
 * Where specs live, as segment checks: what `SPEC_PATTERNS` and `PLUGIN_PATTERNS` (globs, with
 * dotfiles) match, without compiling the globs on every start (about 2.5 ms, a tenth of a
 * one-file run). test/spec-paths.test.ts checks both agree.
 */

const SPEC_DIRS: Record<string, ReadonlySet<string>> = {
  '.claude': new Set(['agents', 'commands']),
  '.opencode': new Set(['agent', 'agents', 'command', 'commands']),
};

/**
 * `** /.claude/{agents,commands}/** /*.md`, `** /.claude/skills/* /SKILL.md`,
 * `** /.opencode/{agent,agents,command,commands}/** /*.md` (a posix path, no leading slash).
 */
export function matchesSpecLocation(posix: string): boolean {
  return posix.endsWith('.md') && matchesSpecSegments(posix.split('/'));
}

/** `matchesSpecLocation` of a path ending in `.md`, split at its slashes. */
export function matchesSpecSegments(segs: readonly string[]): boolean {
  const n = segs.length;
  if (n >= 4 && segs[n - 1] === 'SKILL.md' && segs[n - 3] === 'skills' && segs[n - 4] === '.claude' && segs[n - 2] !== '') return true;
  // A spec folder anywhere above the file (the file itself is the last segment).
  for (let i = 0; i + 2 < n; i++) {
    const dirs = SPEC_DIRS[segs[i]!];
    if (dirs && dirs.has(segs[i + 1]!)) return true;
  }
  return false;
}

/** `agents/** /*.md`, `commands/** /*.md`, `skills/* /SKILL.md`, relative to a plugin's root. */
export function matchesPluginSpec(posix: string): boolean {
  if (!posix.endsWith('.md')) return false;
  const segs = posix.split('/');
  if ((segs[0] === 'agents' || segs[0] === 'commands') && segs.length >= 2) return segs.every((s) => s !== '');
  return segs.length === 3 && segs[0] === 'skills' && segs[1] !== '' && segs[2] === 'SKILL.md';
}
