/**
 * A file's project: the nearest folder above it that holds `.git`, `package.json`, `.claude`,
 * `.opencode`, `.claude-plugin` or an agent-lint config. Cross-file rules (which agents exist,
 * whether the project uses the standard) look at one project at a time.
 */
import { existsSync } from 'node:fs';
import { FolderListings } from '../util/folders.js';
import { isResolved } from '../util/resolved.js';
import { UpwardCache } from '../util/upward.js';
import path from 'node:path';
import { CONFIG_FILES } from '../config/load.js';

const MARKERS = ['.git', 'package.json', '.claude', '.opencode', '.claude-plugin', ...CONFIG_FILES];

const MARKER_SET = new Set(MARKERS);

/** One directory read instead of a stat per marker (most folders are not project roots). */
function hasMarker(dir: string, folders: FolderListings): boolean {
  let names: string[];
  try {
    names = folders.list(dir).map((e) => e.name);
  } catch {
    return MARKERS.some((m) => existsSync(path.join(dir, m)));
  }
  return names.some((n) => MARKER_SET.has(n));
}

/** The folders a collection of specs keeps them in (discovery's rule 4). */
const SPEC_FOLDERS = new Set(['agents', 'commands', 'skills']);

function holdsSpecFolder(dir: string, folders: FolderListings): boolean {
  try {
    return folders.list(dir).some((e) => SPEC_FOLDERS.has(e.name) && e.isDirectory());
  } catch {
    return false;
  }
}

export class ProjectRoots {
  /** Folders a walk has listed, and whether each holds a marker. */
  readonly #known = new Map<string, boolean>();
  readonly #markers = new UpwardCache((dir) => ((this.#known.get(dir) ?? hasMarker(dir, this.folders)) ? dir : null));
  readonly #collections = new UpwardCache((dir) => (holdsSpecFolder(dir, this.folders) ? dir : null));

  /** `folders`: the run's listings (its own when not given). */
  constructor(
    readonly fallback: string,
    readonly folders = new FolderListings(),
  ) {}

  /** What a walk saw in a folder (its entries' names): saves reading the folder again. */
  noteFolder(dir: string, names: readonly string[]): void {
    this.#known.set(dir, names.some((n) => MARKER_SET.has(n)));
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
    return this.#markers.nearest(dir) ?? this.#collections.nearest(dir) ?? this.fallback;
  }
}
