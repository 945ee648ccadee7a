/**
 * Writing a fixed file. Atomically where that loses nothing (a fresh temporary file in the same
 * folder, given the file's mode, owner and group, then renamed over it); in place where a rename
 * would lose something (a file with several hard links, or an owner the new file cannot be given).
 * Never through a symlink that leads out of the project, never a read-only file (by its mode, so
 * also not as root), and never a file that changed since it was read (someone else's edit).
 */
import { accessSync, closeSync, constants as C, fchmodSync, fchownSync, fstatSync, ftruncateSync, lstatSync, openSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { replaceFile, writeAll } from '../util/temp-files.js';

/** A file that is not written (outside the project, read-only): exit 2. */
export class FixWriteError extends Error {}
/** A file that changed while --fix ran: skipped with a warning. */
export class FixSkippedError extends FixWriteError {}

/** The file as it was read: its size and time, and its text (without the BOM). */
export interface ReadState {
  size: number;
  mtimeMs: number;
  original: string;
}

export interface WriteOptions {
  hasBom: boolean;
  projectRoot: string;
  expected?: ReadState;
}

function unchanged(target: string, st: Stats, expected: ReadState, hasBom: boolean): boolean {
  if (st.size !== expected.size || st.mtimeMs !== expected.mtimeMs) return false;
  const now = readFileSync(target);
  return now.equals(Buffer.from((hasBom ? '\uFEFF' : '') + expected.original));
}

export function writeFixed(file: string, text: string, opts: WriteOptions): void {
  let target = file;
  const lst = lstatSync(file);
  // The file itself, or a folder above it, may be a link (a shared agents folder linked in):
  // its real place must be inside the project.
  const real = realpathSync(file);
  const rel = path.relative(realpathSync(opts.projectRoot), real);
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) {
    throw new FixWriteError(`not fixing ${file}: it is ${lst.isSymbolicLink() ? 'a symlink' : 'in a linked folder'} to ${real}, outside the project`);
  }
  if (lst.isSymbolicLink()) target = real;
  const st = statSync(target);
  if (!st.isFile()) throw new FixWriteError(`not fixing ${file}: it is not a regular file`);
  if ((st.mode & 0o222) === 0) throw new FixWriteError(`not fixing ${file}: it is read-only`);
  try {
    accessSync(target, C.W_OK);
  } catch {
    throw new FixWriteError(`not fixing ${file}: you have no permission to write it`);
  }
  const data = (opts.hasBom ? '\uFEFF' : '') + text;
  const check = () => {
    if (opts.expected && !unchanged(target, statSync(target), opts.expected, opts.hasBom)) {
      throw new FixSkippedError(`not fixing ${file}: it changed since it was read; run again`);
    }
  };
  if (st.nlink > 1) return writeInPlace(target, data, check);
  const mode = st.mode & 0o7777;
  let keepsOwner = true;
  try {
    replaceFile(target, data, mode, (t) => {
      fchmodSync(t.fd, mode);
      const now = fstatSync(t.fd);
      if (now.uid !== st.uid || now.gid !== st.gid) {
        try {
          fchownSync(t.fd, st.uid, st.gid);
        } catch (e) {
          keepsOwner = false;
          throw e;
        }
      }
      check();
    });
  } catch (e) {
    if (keepsOwner) throw e;
    // The new file could not be given the owner: write the old one in place instead.
    writeInPlace(target, data, check);
  }
}

/**
 * Overwrites the file's content (same inode: links, owner and mode stay), whole or not at all on
 * a full disk or a file size limit: first the bytes past the old end, which need new space (on a
 * failure the file is cut back to its old length); then the old bytes, whose space is the file's
 * already (on a failure they are written back).
 */
function writeInPlace(target: string, data: string, check: () => void): void {
  check();
  const fd = openSync(target, C.O_RDWR | (C.O_NOFOLLOW ?? 0));
  try {
    const old = readFileSync(fd);
    const buf = Buffer.from(data);
    if (buf.length > old.length) {
      try {
        writeAll(fd, buf.subarray(old.length), old.length);
      } catch (e) {
        ftruncateSync(fd, old.length);
        throw e;
      }
    }
    try {
      writeAll(fd, buf.subarray(0, Math.min(buf.length, old.length)), 0);
    } catch (e) {
      writeAll(fd, old, 0);
      ftruncateSync(fd, old.length);
      throw e;
    }
    ftruncateSync(fd, buf.length);
  } finally {
    closeSync(fd);
  }
}
