/** Agent names from a folder of agents outside the project (`--agents-dir`, `~/.claude/agents`). */
import { readRegularFile } from '../util/read-bounded.js';
import path from 'node:path';
import { parseFrontmatter } from '../model/frontmatter.js';
import { walkSpecsTree } from './walk.js';
import { FolderListings } from '../util/folders.js';

/** An agent file larger than this is not read for its name (its file name still counts). */
const MAX_AGENT_BYTES = 20 * 1024 * 1024;

export function discoverAgentNames(dir: string): string[] {
  const names = new Set<string>();
  for (const f of walkSpecsTree(dir, new FolderListings()).markdown) {
    names.add(path.basename(f).replace(/\.md$/i, ''));
    try {
      // Regular files only, bounded: a FIFO named like an agent would hold the run forever.
      const fm = parseFrontmatter(readRegularFile(f, MAX_AGENT_BYTES).toString('utf8'));
      const n = fm?.data?.['name'];
      if (typeof n === 'string' && n.trim()) names.add(n.trim());
    } catch {
      /* unreadable: its file name still counts */
    }
  }
  return [...names].sort();
}
