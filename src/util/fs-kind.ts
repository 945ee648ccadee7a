/** What a path is, as a yes or no (following symlinks); false when it cannot be looked at. */
import { statSync } from 'node:fs';

export function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

export function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
