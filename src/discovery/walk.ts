/**
 * A plain directory walk for discovery: markdown files and plugin manifests below a folder,
 * skipping node_modules and .git, in a stable order. Cheaper to load and run than a glob library
 * for the one question discovery asks.
 *
 * A symlinked folder is walked (a shared `.claude/agents` linked from elsewhere in the project),
 * under the link's path, once per real folder, and never when it leads back to a folder the walk
 * is inside (a loop) or out of the folder walked: a committed `docs -> /proc` must not make a run
 * read (and print) other folders of the machine.
 */
import { realpathSync, statSync } from 'node:fs';
import type { FolderListings } from '../util/folders.js';
import path from 'node:path';
import { SKIPPED_DIRS, walkCollects } from '../model/kinds.js';

export interface WalkResult {
  /** Markdown files (absolute paths). */
  markdown: string[];
  /** Folders holding `.claude-plugin/plugin.json` (plugin roots). */
  pluginRoots: string[];
  /** Folders holding `.claude-plugin/marketplace.json` (marketplace roots). */
  marketplaceRoots: string[];
  /**
   * Files that are not markdown, collected by the names and endings the kinds table gives
   * (`.claude-plugin/plugin.json`, `settings.json`, `.mcp.json`, `*.toml`, `*.mdc`, ...), absolute
   * paths. Which of them are linted is discovery's call (classify.ts); the walk only collects them.
   */
  json: string[];
  /** Folders whose path is longer than the system allows: what they hold cannot be read. */
  tooLong: string[];
  /** Symlinked folders that lead out of the folder walked: not followed. */
  linksOut: string[];
}

export function walkSpecsTree(root: string, folders: FolderListings, skip: (absDir: string) => boolean = () => false, onFolder?: (dir: string, names: string[]) => void): WalkResult {
  const out: WalkResult = { markdown: [], pluginRoots: [], marketplaceRoots: [], json: [], tooLong: [], linksOut: [] };
  const stack = [path.resolve(root)];
  // Real folders entered through a link, and the real place of each walked folder (asked only
  // when a link is met).
  const followed = new Set<string>();
  let rootReal: string | undefined;
  try {
    rootReal = realpathSync(stack[0]!);
    followed.add(rootReal); // a link back to the root is a loop
  } catch {
    /* unreadable root: nothing is walked */
  }
  const inside = (p: string) => rootReal !== undefined && (p === rootReal || p.startsWith(rootReal.endsWith(path.sep) ? rootReal : rootReal + path.sep));
  const realOf = new Map<string, string>();
  const real = (p: string) => {
    let r = realOf.get(p);
    if (r === undefined) realOf.set(p, (r = realpathSync(p)));
    return r;
  };
  /** A link to a folder that is walked: not a loop, and its real folder not entered before. */
  const follows = (link: string, dir: string): boolean => {
    let target: string;
    let here: string;
    try {
      if (!statSync(link).isDirectory()) return false;
      target = realpathSync(link);
      here = real(dir);
    } catch {
      return false; // dangling or looping
    }
    if (here === target || here.startsWith(target.endsWith(path.sep) ? target : target + path.sep)) return false;
    if (!inside(target)) {
      out.linksOut.push(link);
      return false;
    }
    if (followed.has(target)) return false;
    followed.add(target);
    return true;
  };
  while (stack.length) {
    const dir = stack.pop()!;
    let entries;
    try {
      entries = folders.list(dir);
    } catch (e) {
      // A folder too deep for the system's path limit may hold specs: it is reported, not dropped.
      if ((e as NodeJS.ErrnoException).code === 'ENAMETOOLONG') out.tooLong.push(dir);
      continue; // unreadable folder: nothing to find there
    }
    if (onFolder) onFolder(dir, entries.map((e) => e.name));
    // The folder is normalized and an entry's name is one segment: joined by hand, as path.join
    // would give it (path.join normalizes again: 7 ms of a whole-corpus run).
    const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
    for (const e of entries) {
      const abs = prefix + e.name;
      if (e.isSymbolicLink() && !SKIPPED_DIRS.has(e.name) && !e.name.toLowerCase().endsWith('.md') && !skip(abs) && follows(abs, dir)) {
        stack.push(abs);
        continue;
      }
      if (e.isDirectory()) {
        if (SKIPPED_DIRS.has(e.name) || skip(abs)) continue;
        if (e.name === '.claude-plugin') {
          try {
            const names = folders.list(abs).map((x) => x.name);
            if (names.includes('plugin.json')) {
              out.pluginRoots.push(dir);
              out.json.push(path.join(abs, 'plugin.json'));
            }
            if (names.includes('marketplace.json')) {
              out.marketplaceRoots.push(dir);
              out.json.push(path.join(abs, 'marketplace.json'));
            }
          } catch {
            /* unreadable */
          }
          continue;
        }
        stack.push(abs);
      } else if (e.name.toLowerCase().endsWith('.md')) {
        // Files, and also FIFOs, devices and symlinks named like markdown: reading reports what is
        // wrong with them (a dangling or looping link, not a regular file) instead of dropping them.
        // A link named like markdown that leads to a folder is not a spec, and is not walked.
        if (e.isSymbolicLink()) {
          try {
            if (statSync(abs).isDirectory()) continue;
          } catch {
            /* dangling or looping: reported when read */
          }
        }
        out.markdown.push(abs);
      } else if (walkCollects(e.name)) {
        out.json.push(abs);
      }
    }
  }
  out.markdown.sort();
  out.pluginRoots.sort();
  out.marketplaceRoots.sort();
  out.json.sort();
  return out;
}
