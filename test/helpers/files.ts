/** Writing test projects to disk. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes each file (path relative to `dir`), making the folders it needs. */
export function writeFiles(dir: string, files: Record<string, string | Buffer>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
}

/**
 * A maker of fresh project folders under `tmp` (`p1`, `p2`, ...), each holding the given files
 * and a `.git` folder, so that it is its own project root.
 */
export function projectMaker(tmp: string): (files: Record<string, string | Buffer>) => string {
  let n = 0;
  return (files) => {
    const dir = path.join(tmp, `p${++n}`);
    mkdirSync(path.join(dir, '.git'), { recursive: true });
    writeFiles(dir, files);
    return dir;
  };
}
