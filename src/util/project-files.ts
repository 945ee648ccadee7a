/**
 * The Node side of `ProjectFiles`: what exists on disk, asked by the rules that check paths
 * (manifests, marketplaces, hooks), from the run's folder listings. Every answer is cached for
 * the run; nothing walks a tree.
 */
import { realpathSync } from 'node:fs';
import type { FolderListings } from './folders.js';
import { readRegularHead } from './read-bounded.js';
import path from 'node:path';
import type { ProjectFiles } from '../model/project.js';
import { frontmatterKeysOfHead } from '../model/frontmatter.js';
import { relPosix } from './paths.js';

const HEAD_BYTES = 4096;

export function diskFiles(folders: FolderListings): ProjectFiles {
  const stats = new Map<string, 'file' | 'dir' | null>();
  const inDir = new Map<string, readonly string[]>();
  const heads = new Map<string, readonly string[] | null>();
  const texts = new Map<string, string | null>();
  const reals = new Map<string, string>();
  const stat = (p: string) => {
    let s = stats.get(p);
    if (s === undefined) {
      s = folders.kind(p);
      stats.set(p, s);
    }
    return s;
  };
  return {
    dirname: (p) => path.dirname(p),
    resolve: (dir, rel) => path.resolve(dir, rel),
    relative: (from, to) => relPosix(from, to) || '.',
    stat,
    realPath(p) {
      let r = reals.get(p);
      if (r === undefined) {
        try {
          r = realpathSync(p);
        } catch {
          r = p;
        }
        reals.set(p, r);
      }
      return r;
    },
    markdownIn(dir) {
      let hit = inDir.get(dir);
      if (hit) return hit;
      let names: string[] = [];
      try {
        names = folders.list(dir)
          .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.md'))
          .map((e) => path.join(dir, e.name));
      } catch {
        /* unreadable: nothing in it */
      }
      hit = names.sort();
      inDir.set(dir, hit);
      return hit;
    },
    frontmatterKeys(file) {
      let keys = heads.get(file);
      if (keys === undefined) {
        const head = readRegularHead(file, HEAD_BYTES);
        keys = head === null ? null : keyNames(head);
        heads.set(file, keys);
      }
      return keys;
    },
    head(file, bytes) {
      const key = `${bytes}\0${file}`;
      let text = texts.get(key);
      if (text === undefined) texts.set(key, (text = readRegularHead(file, bytes)));
      return text;
    },
  };
}

function keyNames(head: string): string[] | null {
  const keys = frontmatterKeysOfHead(head);
  return keys && [...keys.keys()];
}
