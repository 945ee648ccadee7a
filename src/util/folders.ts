/**
 * Folder listings kept for the length of one run. A lint run asks about the same folders many
 * times: the walk lists them, project roots look for markers in them, the config lookup for its
 * files, the manifest index for `.claude-plugin/`, the plugin rules for markdown files, the graph
 * for a marketplace's plugins. Inside `withFolderListings`, each folder is read once; outside it
 * (a long-lived language server), every call reads the disk, as readdirSync and existsSync do.
 */
import { existsSync, readdirSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { isResolved } from './resolved.js';

interface Listing {
  entries: Dirent[];
  byName: Map<string, Dirent>;
}

let memo: Map<string, Listing | Error> | undefined;
/** Answers of pathExists in the run, by path as asked. */
let exists: Map<string, boolean> | undefined;
/**
 * Questions about a name in a folder not listed yet, by folder as asked. The first few are
 * answered by a stat of the path: the folders above a project are asked about once or twice each
 * (is the next folder there, is there a `.claude-plugin`), and listing one of them costs more than
 * a hundred stats when it is a shared folder such as `/tmp` (0.9 ms for 616 entries). A folder
 * asked about more often is listed, as is every folder the walk reads.
 */
let unlisted: Map<string, number> | undefined;
const STATS_BEFORE_LISTING = 4;

/** Where a name may match a file of another case (the listing then cannot say "absent"). */
const CASE_BLIND = process.platform === 'darwin' || process.platform === 'win32';

/** Runs `fn` with listings kept (nested calls share the outer run's). */
export function withFolderListings<T>(fn: () => T): T {
  const done = keepFolderListings();
  try {
    return fn();
  } finally {
    done();
  }
}

/**
 * Keeps listings until the function it returns is called: for a run that awaits between its
 * steps (the command line plans, then lints). Nested calls share the outer run's.
 */
export function keepFolderListings(): () => void {
  if (memo) return () => {};
  memo = new Map();
  exists = new Map();
  unlisted = new Map();
  return () => {
    memo = undefined;
    exists = undefined;
    unlisted = undefined;
  };
}

function listing(dir: string): Listing {
  // Looked up as given first: callers pass absolute paths, and resolving each costs a new string.
  let hit = memo!.get(dir);
  if (hit === undefined) {
    const key = isResolved(dir) ? dir : path.resolve(dir);
    hit = memo!.get(key);
    if (hit === undefined) {
      try {
        const entries = readdirSync(key, { withFileTypes: true });
        hit = { entries, byName: new Map(entries.map((e) => [e.name, e])) };
      } catch (e) {
        hit = e as Error;
      }
      memo!.set(key, hit);
    }
    memo!.set(dir, hit);
  }
  if (hit instanceof Error) throw hit;
  return hit;
}

/** A folder's entries, as `readdirSync(dir, { withFileTypes: true })` gives them (and throws). */
export function listFolder(dir: string): Dirent[] {
  return memo ? listing(dir).entries : readdirSync(dir, { withFileTypes: true });
}

/**
 * The entry named `name` in `dir`'s listing: null when the listing shows it is absent, undefined
 * when the listing cannot say (outside a run, an unreadable folder, a case-blind file system).
 */
function listedEntry(dir: string, name: string): Dirent | null | undefined {
  if (!memo || !unlisted) return undefined;
  if (!memo.has(dir) && (isResolved(dir) || !memo.has(path.resolve(dir)))) {
    const asked = (unlisted.get(dir) ?? 0) + 1;
    if (asked <= STATS_BEFORE_LISTING) {
      unlisted.set(dir, asked);
      return undefined;
    }
  }
  let l: Listing;
  try {
    l = listing(dir);
  } catch {
    return undefined;
  }
  return l.byName.get(name) ?? (CASE_BLIND ? undefined : null);
}

/** Whether `dir/name` exists, as `existsSync` says (a symlink counts when what it leads to exists). */
export function existsIn(dir: string, name: string): boolean {
  const e = listedEntry(dir, name);
  if (e === null) return false;
  return e === undefined || e.isSymbolicLink() ? existsSync(path.join(dir, name)) : true;
}

/** Whether a path exists, as `existsSync` says (read from its folder's listing inside a run). */
export function pathExists(p: string): boolean {
  if (!memo || !exists) return existsSync(p);
  let known = exists.get(p);
  if (known === undefined) {
    const abs = isResolved(p) ? p : path.resolve(p);
    const dir = path.dirname(abs);
    // A missing folder has no listing: ask its own folder first (most of what is asked about is absent).
    known = dir === abs ? existsSync(abs) : pathExists(dir) && existsIn(dir, path.basename(abs));
    exists.set(p, known);
  }
  return known;
}

/**
 * What is at a path, as statSync says (a symlink is what it leads to): a file, a folder, or
 * nothing (also when it cannot be read). Inside a run, read from its folder's listing.
 */
export function pathKind(p: string): 'file' | 'dir' | null {
  if (memo) {
    const abs = isResolved(p) ? p : path.resolve(p);
    const dir = path.dirname(abs);
    const e = dir === abs ? undefined : listedEntry(dir, path.basename(abs));
    if (e === null) return null;
    if (e && !e.isSymbolicLink()) return e.isDirectory() ? 'dir' : e.isFile() ? 'file' : null;
  }
  try {
    const st = statSync(p);
    return st.isDirectory() ? 'dir' : st.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}
