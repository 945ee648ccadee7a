/**
 * `ProjectFiles` over the files the page holds (absolute POSIX paths to texts): what the rules
 * that check paths ask of the disk in Node (src/util/project-files.ts), answered from memory.
 */
import type { ProjectFiles } from '../model/project.js';
import * as path from '../platform/posix-path.js';
import { frontmatterKeysOfHead } from '../model/frontmatter.js';

const HEAD_BYTES = 4096;

/**
 * A text's first `bytes` bytes of UTF-8, as Node reads a file's head (a character cut in two ends
 * in U+FFFD). Counted by hand, as `utf8Bytes` counts: the core runs where TextEncoder may not exist.
 */
function utf8Head(text: string, bytes: number): string {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff && i + 1 < text.length ? 4 : 3;
    if (n + size > bytes) return text.slice(0, i) + (n < bytes ? '\uFFFD' : '');
    n += size;
    if (size === 4) i++;
  }
  return text;
}

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
      const keys = frontmatterKeysOfHead(utf8Head(text, HEAD_BYTES));
      return keys && [...keys.keys()];
    },
    head(file, bytes) {
      const text = files.get(file);
      return text === undefined ? null : utf8Head(text, bytes);
    },
  };
}
