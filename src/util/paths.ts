/**
 * Path helpers for the hot loops of a run (one call per file, thousands of files): the common
 * case, a file below a folder, is a string slice instead of `path.relative`'s two resolves.
 */
import { path } from '../platform/host.js';
import { UNNORMAL } from './segments.js';

/** `p` with `/` separators. */
export const toPosix: (p: string) => string = path.sep === '/' ? (p) => p : (p) => p.split(path.sep).join('/');

/**
 * Answers for absolute paths, kept per folder: a run asks for the same file's path from the
 * same folder (the config's, the project's) several times (its plan, kind, settings and
 * document: about 6 times a file). Bounded: dropped whole past MEMO_MAX answers.
 */
const memo = new Map<string, Map<string, string>>();
let memoSize = 0;
const MEMO_MAX = 20_000;

/** `path.relative(dir, abs)` with `/` separators; a slice when `abs` is inside `dir`. */
export function relPosix(dir: string, abs: string): string {
  // A relative path's answer depends on the working folder: not kept.
  if (!path.isAbsolute(dir) || !path.isAbsolute(abs)) return relPosixNow(dir, abs);
  let known = memo.get(dir);
  const hit = known?.get(abs);
  if (hit !== undefined) return hit;
  const rel = relPosixNow(dir, abs);
  if (memoSize >= MEMO_MAX) {
    memo.clear();
    memoSize = 0;
    known = undefined;
  }
  if (!known) memo.set(dir, (known = new Map()));
  known.set(abs, rel);
  memoSize++;
  return rel;
}

function relPosixNow(dir: string, abs: string): string {
  if (path.isAbsolute(dir) && abs.startsWith(dir)) {
    const sepAt = dir.endsWith(path.sep) ? dir.length - 1 : dir.length;
    if (abs.length > sepAt + 1 && abs[sepAt] === path.sep && !abs.endsWith(path.sep) && !UNNORMAL.test(dir) && !UNNORMAL.test(abs)) {
      return toPosix(abs.slice(sepAt + 1));
    }
  }
  return toPosix(path.relative(dir, abs));
}
