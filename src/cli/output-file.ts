/**
 * `--output-file`: the report written to a file, making the folders it needs one at a time
 * (Node.js's recursive mkdir never returns below /proc), with a one-line reason for what cannot
 * be done: a folder given as the file, a file where a folder should be, a place where nothing
 * can be created, a full disk.
 */
import { lstatSync, mkdirSync, statSync } from 'node:fs';
import { replaceFile } from '../util/temp-files.js';
import path from 'node:path';

export class OutputFileError extends Error {}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOENT: 'nothing can be created there',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder',
  EEXIST: 'a part of the path is a file, not a folder',
  ENAMETOOLONG: 'the name is too long',
};

function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  return (err.code && REASONS[err.code]) ?? err.message;
}

/**
 * The first folder between `cwd` and the file that is a symlink: one the repository may commit to
 * lead a report written inside the checkout out of it. Folders above `cwd`, and a file outside
 * it, are the user's own choice.
 */
function linkOnTheWay(file: string, cwd: string): string | undefined {
  const rel = path.relative(cwd, path.dirname(file));
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return undefined;
  let dir = cwd;
  for (const part of rel.split(path.sep)) {
    dir = path.join(dir, part);
    try {
      if (lstatSync(dir).isSymbolicLink()) return dir;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Writes `text` to `file` (absolute, under the working folder `cwd` or anywhere); `shown` names it in messages. */
export function writeOutputFile(file: string, text: string, shown: string, cwd: string): void {
  const fail = (why: string): never => {
    throw new OutputFileError(`cannot write the report to ${shown}: ${why}`);
  };
  const link = linkOnTheWay(file, cwd);
  if (link) fail(`${path.relative(cwd, link)} is a symlink; the report is written only through real folders`);
  // The nearest existing folder above the file, and the folders to make below it.
  const missing: string[] = [];
  let dir = path.dirname(file);
  for (;;) {
    let st;
    try {
      st = statSync(dir);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') fail(reason(e));
      const up = path.dirname(dir);
      if (up === dir) fail('nothing can be created there');
      missing.push(dir);
      dir = up;
      continue;
    }
    if (!st.isDirectory()) fail(`${dir} is a file, not a folder`);
    break;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      fail(`cannot create the folder ${d} (${reason(e)})`);
    }
  }
  // Only a regular file is replaced, never followed: a symlink a repository commits under the
  // report's name must not make agent-lint write outside the checkout, nor a FIFO hold the run.
  let st;
  try {
    st = lstatSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') fail(reason(e));
  }
  if (st?.isDirectory()) fail('it is a folder');
  if (st?.isSymbolicLink()) fail('it is a symlink; the report is written only to a regular file');
  if (st && !st.isFile()) fail('it is not a regular file (a FIFO, socket or device)');
  // Written whole to a fresh temporary file made exclusively beside it, then renamed into place.
  try {
    replaceFile(file, text, 0o644);
  } catch (e) {
    fail(reason(e));
  }
}
