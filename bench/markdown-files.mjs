/** The bench's one walk of a corpus: every markdown file below a folder, with its size, in walk order. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function markdownFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name.endsWith('.md')) out.push({ p, size: statSync(p).size });
    }
  };
  walk(dir);
  return out;
}
