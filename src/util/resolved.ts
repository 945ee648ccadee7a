/**
 * Whether a path is resolved already, so that the hot loops of a run (project roots, folder
 * listings: one call per file) need not call path.resolve, which makes a new string each time.
 */
import path from 'node:path';
import { UNNORMAL } from './segments.js';

/**
 * Whether `path.resolve(p)` is `p` itself: an absolute POSIX path with no `.`, `..` or empty
 * segment (on Windows, resolving also turns `/` into `\\`: there the answer is always no).
 */
export function isResolved(p: string): boolean {
  return path.sep === '/' && p.startsWith('/') && !UNNORMAL.test(p) && (p.length === 1 || !p.endsWith('/'));
}
