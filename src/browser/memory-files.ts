/**
 * `ProjectFiles` over the files the page holds (absolute POSIX paths to texts): what the rules
 * that check paths ask of the disk in Node (src/util/project-files.ts), answered from memory.
 */
import type { ProjectFiles } from '../model/project.js';
import * as path from '../platform/posix-path.js';
import { frontmatterKeysOfHead } from '../model/frontmatter.js';

const HEAD_CHARS = 4096;

export function memoryFiles(files: ReadonlyMap<string, string>): ProjectFiles {
  const dirs = new Set<string>();
  for (const f of files.keys()) for (let d = path.dirname(f); !dirs.has(d); d = path.dirname(d)) {
    dirs.add(d);
    if (d === '/') break;
  }
  return {
    dirname: (p) => path.dirname(p),
    resolve: (dir, rel) => path.resolve(dir, rel),
    relative: (from, to) => path.relative(from, to) || '.',
    realPath: (p) => p,
    stat: (p) => (files.has(p) ? 'file' : dirs.has(p) ? 'dir' : null),
    markdownIn(dir) {
      const prefix = dir.endsWith('/') ? dir : dir + '/';
      return [...files.keys()].filter((f) => f.startsWith(prefix) && !f.includes('/', prefix.length) && f.toLowerCase().endsWith('.md')).sort();
    },
    frontmatterKeys(file) {
      const text = files.get(file);
      if (text === undefined) return null;
      const keys = frontmatterKeysOfHead(text.slice(0, HEAD_CHARS));
      return keys && [...keys.keys()];
    },
    head(file, bytes) {
      const text = files.get(file);
      return text === undefined ? null : text.slice(0, bytes);
    },
  };
}
