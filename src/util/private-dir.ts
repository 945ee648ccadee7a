/**
 * This user's private folder under the temp directory, `agent-lint-<uid>`: where agent-lint keeps
 * what must not come from a repository (the project index, the lint cache's key). Only the folder
 * itself is ever made (a temp directory that does not exist is not made for it), and it is used
 * only when it is a real folder of this user's that nobody else can write to.
 */
import { lstatSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const myUid = typeof process.getuid === 'function' ? process.getuid() : undefined;

/** Where the private folder is (whether or not it exists). */
export const privateFolder = (): string => path.join(os.tmpdir(), `agent-lint-${myUid ?? 'user'}`);

/** Makes the folder `dir`, not its parents, for this user alone; one that exists is left as it is (and checked after). */
function makeFolder(dir: string): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

/** The private folder (made first with `create`), or null when it is not this user's alone. */
export function privateDir(create: boolean): string | null {
  const dir = privateFolder();
  try {
    if (create) makeFolder(dir);
    const st = lstatSync(dir);
    if (!st.isDirectory() || (myUid !== undefined && (st.uid !== myUid || (st.mode & 0o022) !== 0))) return null;
    return dir;
  } catch {
    return null;
  }
}

/** A file of this user's alone: owned by them, writable by no one else. */
export function ownedByMe(st: { uid: number; mode: number }): boolean {
  return myUid === undefined || (st.uid === myUid && (st.mode & 0o077) === 0);
}
