/**
 * A file's project: the nearest folder above it that holds `.git`, `package.json`, `.claude`,
 * `.opencode`, `.claude-plugin` or an agent-lint config. Cross-file rules (which agents exist,
 * whether the project uses the standard) look at one project at a time.
 */
import { existsSync } from 'node:fs';
import { listFolder } from '../util/folders.js';
import { isResolved } from '../util/resolved.js';
import path from 'node:path';
import { CONFIG_FILES } from '../config/load.js';

const MARKERS = ['.git', 'package.json', '.claude', '.opencode', '.claude-plugin', ...CONFIG_FILES];

const MARKER_SET = new Set(MARKERS);

/** One directory read instead of a stat per marker (most folders are not project roots). */
function hasMarker(dir: string): boolean {
  let names: string[];
  try {
    names = listFolder(dir).map((e) => e.name);
  } catch {
    return MARKERS.some((m) => existsSync(path.join(dir, m)));
  }
  return names.some((n) => MARKER_SET.has(n));
}

/** The folders a collection of specs keeps them in (discovery's rule 4). */
const SPEC_FOLDERS = new Set(['agents', 'commands', 'skills']);

function holdsSpecFolder(dir: string): boolean {
  try {
    return listFolder(dir).some((e) => SPEC_FOLDERS.has(e.name) && e.isDirectory());
  } catch {
    return false;
  }
}

export class ProjectRoots {
  readonly #cache = new Map<string, string | null>();
  constructor(readonly fallback: string) {}

  readonly #known = new Map<string, boolean>();

  /** What a walk saw in a folder (its entries' names): saves reading the folder again. */
  noteFolder(dir: string, names: readonly string[]): void {
    this.#known.set(dir, names.some((n) => MARKER_SET.has(n)));
  }

  /** The nearest folder from `dir` up that passes `holds`, answers kept in `cache`. */
  #nearest(dir: string, cache: Map<string, string | null>, holds: (d: string) => boolean): string | null {
    const hit = cache.get(dir);
    if (hit !== undefined) return hit;
    let found: string | null;
    if (holds(dir)) found = dir;
    else {
      const up = path.dirname(dir);
      found = up === dir ? null : this.#nearest(up, cache, holds);
    }
    cache.set(dir, found);
    return found;
  }

  /**
   * The project root of a file (absolute path): the nearest folder above it with a marker; else,
   * for a file of a collection kept without one, the nearest folder that holds an `agents/`,
   * `commands/` or `skills/` folder (two such collections side by side are two projects, not
   * one); else the working directory.
   */
  rootOf(file: string): string {
    // Most callers pass a resolved path: resolving it again costs a new string per call.
    const dir = path.dirname(isResolved(file) ? file : path.resolve(file));
    return this.#nearest(dir, this.#cache, this.#hasMarker) ?? this.#nearest(dir, this.#collections, holdsSpecFolder) ?? this.fallback;
  }

  readonly #collections = new Map<string, string | null>();
  readonly #hasMarker = (dir: string) => this.#known.get(dir) ?? hasMarker(dir);
}
