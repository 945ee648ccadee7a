/** Plain-words reasons for file system errors, shared by discovery and reading. */
import { lstatSync, readlinkSync } from 'node:fs';

/** Why a path cannot be read, in words (a dangling symlink names its target). */
export function whyUnreadable(file: string, e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'EACCES' || err.code === 'EPERM') return 'permission denied';
  if (err.code === 'ELOOP') return 'symlink loop (the link leads back to itself)';
  if (err.code === 'ENAMETOOLONG') return 'its path is longer than the system allows, so nothing in it can be read';
  if (err.code === 'ENOENT') {
    try {
      if (lstatSync(file).isSymbolicLink()) return `dangling symlink: it points to ${readlinkSync(file)}, which does not exist`;
    } catch {
      /* not there at all */
    }
    return 'no such file or directory';
  }
  return err.message;
}
