/**
 * Folder listings kept for one run. A lint run asks about the same folders many times: the walk
 * lists them, project roots look for markers in them, the config lookup for its files, the
 * manifest index for `.claude-plugin/`, the rules that check paths for what is there. Each
 * folder is read once for the life of a `FolderListings`: a run makes one and hands it to each
 * of those (the command line makes it before its config lookup, `lint` when it is given none),
 * and a language server makes one per lint, so that it sees the disk as it is.
 */
import { existsSync, readdirSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { isResolved } from './resolved.js';

interface Listing {
  entries: Dirent[];
  byName: Map<string, Dirent>;
}

/** Where a name may match a file of another case (the listing then cannot say "absent"). */
const CASE_BLIND = process.platform === 'darwin' || process.platform === 'win32';

export class FolderListings {
  readonly #listings = new Map<string, Listing | Error>();
  /** Answers of `exists`, by path as asked. */
  readonly #exists = new Map<string, boolean>();

  #listing(dir: string): Listing {
    // Looked up as given first: callers pass absolute paths, and resolving each costs a new string.
    let hit = this.#listings.get(dir);
    if (hit === undefined) {
      const key = isResolved(dir) ? dir : path.resolve(dir);
      hit = this.#listings.get(key);
      if (hit === undefined) {
        try {
          const entries = readdirSync(key, { withFileTypes: true });
          hit = { entries, byName: new Map(entries.map((e) => [e.name, e])) };
        } catch (e) {
          hit = e as Error;
        }
        this.#listings.set(key, hit);
      }
      this.#listings.set(dir, hit);
    }
    if (hit instanceof Error) throw hit;
    return hit;
  }

  /** A folder's entries, as `readdirSync(dir, { withFileTypes: true })` gives them (and throws). */
  list(dir: string): Dirent[] {
    return this.#listing(dir).entries;
  }

  /**
   * The entry named `name` in `dir`'s listing: null when the listing shows it is absent,
   * undefined when the listing cannot say (an unreadable folder, a case-blind file system).
   */
  #entry(dir: string, name: string): Dirent | null | undefined {
    let l: Listing;
    try {
      l = this.#listing(dir);
    } catch {
      return undefined;
    }
    return l.byName.get(name) ?? (CASE_BLIND ? undefined : null);
  }

  /** Whether `dir/name` exists, as `existsSync` says (a symlink counts when what it leads to exists). */
  existsIn(dir: string, name: string): boolean {
    const e = this.#entry(dir, name);
    if (e === null) return false;
    return e === undefined || e.isSymbolicLink() ? existsSync(path.join(dir, name)) : true;
  }

  /** Whether a path exists, as `existsSync` says (read from its folder's listing). */
  exists(p: string): boolean {
    let known = this.#exists.get(p);
    if (known === undefined) {
      const abs = isResolved(p) ? p : path.resolve(p);
      const dir = path.dirname(abs);
      // A missing folder has no listing: ask its own folder first (most of what is asked about is absent).
      known = dir === abs ? existsSync(abs) : this.exists(dir) && this.existsIn(dir, path.basename(abs));
      this.#exists.set(p, known);
    }
    return known;
  }

  /**
   * What is at a path, as statSync says (a symlink is what it leads to): a file, a folder, or
   * nothing (also when it cannot be read). Read from its folder's listing.
   */
  kind(p: string): 'file' | 'dir' | null {
    const abs = isResolved(p) ? p : path.resolve(p);
    const dir = path.dirname(abs);
    // A folder that its parent's listing (when read already) shows absent is not listed: most of
    // what is asked about is absent (`<folder>/.claude-plugin/plugin.json`).
    const parent = path.dirname(dir);
    if (dir !== abs && parent !== dir && this.#listings.has(parent) && this.#entry(parent, path.basename(dir)) === null) return null;
    const e = dir === abs ? undefined : this.#entry(dir, path.basename(abs));
    if (e === null) return null;
    if (e && !e.isSymbolicLink()) return e.isDirectory() ? 'dir' : e.isFile() ? 'file' : null;
    try {
      const st = statSync(p);
      return st.isDirectory() ? 'dir' : st.isFile() ? 'file' : null;
    } catch {
      return null;
    }
  }
}
