/** Agent names from a folder of agents outside the project (`--agents-dir`, `~/.claude/agents`). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFrontmatter } from '../model/frontmatter.js';
import { walkSpecsTree } from './walk.js';

export function discoverAgentNames(dir: string): string[] {
  const names = new Set<string>();
  for (const f of walkSpecsTree(dir).markdown) {
    names.add(path.basename(f).replace(/\.md$/i, ''));
    try {
      const fm = parseFrontmatter(readFileSync(f, 'utf8'));
      const n = fm?.data?.['name'];
      if (typeof n === 'string' && n.trim()) names.add(n.trim());
    } catch {
      /* unreadable: its file name still counts */
    }
  }
  return [...names].sort();
}
