/**
 * A plain directory walk for discovery: markdown files and plugin manifests below a folder,
 * skipping node_modules and .git, never following a symlinked folder (no loops), in a stable
 * order. Cheaper to load and run than a glob library for the one question discovery asks.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const SKIPPED_DIRS = new Set(['node_modules', '.git']);

export interface WalkResult {
  /** Markdown files (absolute paths). */
  markdown: string[];
  /** Folders holding `.claude-plugin/plugin.json` (plugin roots). */
  pluginRoots: string[];
}

export function walkSpecsTree(root: string, skip: (absDir: string) => boolean = () => false): WalkResult {
  const out: WalkResult = { markdown: [], pluginRoots: [] };
  const stack = [path.resolve(root)];
  while (stack.length) {
    const dir = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue; // unreadable folder: nothing to find there
    }
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (SKIPPED_DIRS.has(e.name) || skip(abs)) continue;
        if (e.name === '.claude-plugin') {
          try {
            if (readdirSync(abs).includes('plugin.json')) out.pluginRoots.push(dir);
          } catch {
            /* unreadable */
          }
          continue;
        }
        stack.push(abs);
      } else if (e.name.toLowerCase().endsWith('.md')) {
        // Files, and also FIFOs, devices and symlinks named like markdown: reading reports what is
        // wrong with them (a dangling or looping link, not a regular file) instead of dropping them.
        // A symlink that leads to a folder is not walked (no loops).
        if (e.isSymbolicLink()) {
          try {
            if (statSync(abs).isDirectory()) continue;
          } catch {
            /* dangling or looping: reported when read */
          }
        }
        out.markdown.push(abs);
      }
    }
  }
  out.markdown.sort();
  out.pluginRoots.sort();
  return out;
}
