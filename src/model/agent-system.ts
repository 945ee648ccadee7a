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

/**
 * Of the specs a name stands for, the one the caller means: in a `.claude/` or `.opencode/` tree,
 * the one in the same tree (another tree's agent of that name is not what this tree's tool
 * loads); elsewhere the first.
 */
export function specInCallerTree<T extends { relPath: string }>(caller: { relPath: string }, candidates: readonly T[] | undefined): T | undefined {
  if (!candidates || candidates.length === 0) return undefined;
  const system = agentSystemOf(caller.relPath);
  if (system === '') return candidates[0];
  return candidates.find((c) => agentSystemOf(c.relPath) === system);
}

/** How a spec says it returns, in one word: a metadata file, console JSON, console text, or ''. */
export type ChannelWord = 'file' | 'json' | 'text' | '';

/** What the channel tally needs of a spec: its path, kind, and its channel (a kept fact). */
interface ChannelDoc {
  readonly relPath: string;
  readonly kind: string;
  channelWord(): ChannelWord;
}

/**
 * The agent systems most of whose agents that say how they return write a metadata file: their
 * protocol is file-based, and a callee a caller does not name (a skill chosen at run time) is
 * taken to follow it. Reads each agent's channel as a fact (the project index keeps it, so a
 * one-file run does not read the project's other agents for it).
 */
export function fileBasedSystems(documents: readonly ChannelDoc[]): Set<string> {
  const tally = new Map<string, { file: number; json: number }>();
  for (const d of documents) {
    if (d.kind !== 'agent') continue;
    const ch = d.channelWord();
    if (ch !== 'file' && ch !== 'json') continue;
    const s = agentSystemOf(d.relPath);
    const t = tally.get(s) ?? { file: 0, json: 0 };
    if (ch === 'file') t.file++;
    else t.json++;
    tally.set(s, t);
  }
  return new Set([...tally].filter(([, t]) => t.file > t.json).map(([s]) => s));
}
