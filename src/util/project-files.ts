/**
 * The Node side of `ProjectFiles`: what exists on disk, asked by the rules that check paths
 * (manifests, marketplaces, hooks). Every answer is cached for the run, and every walk is bounded.
 */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ProjectFiles } from '../engine/project.js';
import { frontmatterKeysOf as keysOf } from './frontmatter-keys.js';
import { relPosix } from './paths.js';

/** How many folders one `markdownBelow` walk enters, and how deep it goes. */
const MAX_DIRS = 2000;
const MAX_DEPTH = 8;
const SKIPPED = new Set(['node_modules', '.git']);
const HEAD_BYTES = 4096;

export function diskFiles(): ProjectFiles {
  const stats = new Map<string, 'file' | 'dir' | null>();
  const below = new Map<string, readonly string[]>();
  const heads = new Map<string, readonly string[] | null>();
  const stat = (p: string) => {
    let s = stats.get(p);
    if (s === undefined) {
      try {
        const st = statSync(p);
        s = st.isDirectory() ? 'dir' : st.isFile() ? 'file' : null;
      } catch {
        s = null;
      }
      stats.set(p, s);
    }
    return s;
  };
  return {
    dirname: (p) => path.dirname(p),
    resolve: (dir, rel) => path.resolve(dir, rel),
    relative: (from, to) => relPosix(from, to) || '.',
    stat,
    markdownBelow(dir) {
      let hit = below.get(dir);
      if (hit) return hit;
      const out: string[] = [];
      const stack: Array<[string, number]> = [[dir, 0]];
      let dirs = 0;
      while (stack.length && dirs < MAX_DIRS) {
        const [d, depth] = stack.pop()!;
        dirs++;
        let entries;
        try {
          entries = readdirSync(d, { withFileTypes: true });
        } catch {
          continue;
        }
        // A nested plugin is its own: its files are not this plugin's.
        if (d !== dir && entries.some((e) => e.name === '.claude-plugin' && e.isDirectory()) && stat(path.join(d, '.claude-plugin', 'plugin.json')) === 'file') continue;
        for (const e of entries) {
          const abs = path.join(d, e.name);
          if (e.isDirectory()) {
            if (!SKIPPED.has(e.name) && depth < MAX_DEPTH) stack.push([abs, depth + 1]);
          } else if (e.isFile() && e.name.toLowerCase().endsWith('.md')) out.push(abs);
        }
      }
      hit = out.sort();
      below.set(dir, hit);
      return hit;
    },
    frontmatterKeys(file) {
      let keys = heads.get(file);
      if (keys === undefined) {
        keys = null;
        let fd: number | undefined;
        try {
          fd = openSync(file, 'r');
          const buf = Buffer.alloc(HEAD_BYTES);
          keys = keysOf(buf.toString('utf8', 0, readSync(fd, buf, 0, buf.length, 0)));
        } catch {
          keys = null;
        } finally {
          if (fd !== undefined) closeSync(fd);
        }
        heads.set(file, keys);
      }
      return keys;
    },
  };
}
