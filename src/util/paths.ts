/**
 * Path helpers for the hot loops of a run (one call per file, thousands of files): the common
 * case, a file below a folder, is a string slice instead of `path.relative`'s two resolves.
 */
import { path } from '../platform/host.js';
import { UNNORMAL } from './segments.js';

/** `p` with `/` separators. */
export const toPosix: (p: string) => string = path.sep === '/' ? (p) => p : (p) => p.split(path.sep).join('/');

/** Whether `abs` is the folder `dir` or below it. */
export function isWithin(dir: string, abs: string): boolean {
  return abs === dir || abs.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
}

/** `path.relative(dir, abs)` with `/` separators; a slice when `abs` is inside `dir`. */
export function relPosix(dir: string, abs: string): string {
  if (path.isAbsolute(dir) && abs.startsWith(dir)) {
    const sepAt = dir.endsWith(path.sep) ? dir.length - 1 : dir.length;
    if (abs.length > sepAt + 1 && abs[sepAt] === path.sep && !abs.endsWith(path.sep) && !UNNORMAL.test(dir) && !UNNORMAL.test(abs)) {
      return toPosix(abs.slice(sepAt + 1));
    }
  }
  return toPosix(path.relative(dir, abs));
}
