/**
 * Finding spec files: with no arguments or a directory, every spec below it; files and globs
 * named on the command line are specs by the same rules (classify.ts decides for all of them).
 */
import { accessSync, constants, statSync } from 'node:fs';
import picomatch from 'picomatch';
import path from 'node:path';
import { fastGlob } from '../util/fast-glob.js';
import { walkSpecsTree } from './walk.js';
import { classifyFile, classifyNamed, type Classification, type ClassifyContext, type LeftOut } from './classify.js';
import { ManifestIndex } from '../model/manifests.js';
import { diskFiles } from '../util/project-files.js';
import { ProjectRoots } from './project-root.js';
import { FolderListings } from '../util/folders.js';
import type { FileKind } from '../types.js';
import { relPosix, toPosix } from '../util/paths.js';
import { whyUnreadable } from '../util/fs-errors.js';
import { isDir, isFile } from '../util/fs-kind.js';
import { isResolved } from '../util/resolved.js';
import { pointerOf, POINTER_KINDS, POINTER_MAX_CHARS } from '../model/instruction-imports.js';
import { HEAD_BYTES } from './classify.js';
import { readRegularHead } from '../util/read-bounded.js';
import { frontmatterKeysOfHead } from '../model/frontmatter.js';
import { SKIPPED_DIRS } from '../model/kinds.js';

/** The first bytes of a file on disk (empty when it cannot be read). */
export function readHead(file: string, bytes: number): string {
  // Regular files only, opened without blocking: a FIFO named like markdown would hold the run forever.
  return readRegularHead(file, bytes) ?? '';
}

/**
 * Whether a markdown file that no rule makes a spec looks like one (for the empty-run hint and
 * `--print-files`): its frontmatter has `name` and `description`.
 */
export function looksLikeSpec(abs: string): boolean {
  const keys = frontmatterKeysOfHead(readHead(abs, HEAD_BYTES));
  return !!keys && keys.has('name') && keys.has('description');
}

export const SPEC_PATTERNS = [
  '**/.claude/agents/**/*.md',
  '**/.claude/commands/**/*.md',
  '**/.claude/skills/*/SKILL.md',
  '**/.opencode/{agent,agents,command,commands}/**/*.md',
];

export const PLUGIN_PATTERNS = ['agents/**/*.md', 'commands/**/*.md', 'skills/*/SKILL.md'];

export const DEFAULT_IGNORES = ['**/node_modules/**', '**/.git/**'];


/**
 * Files matching the patterns below `cwd` (absolute paths). Symlinked folders are not walked
 * (no loops); a symlink named like a spec is kept unless it leads to a folder, so a linked spec
 * is linted and a dangling or looping link is reported when it is read, not silently dropped
 * (so are FIFOs and devices named like a spec).
 */
export function globFiles(patterns: string | string[], cwd: string, ignore: string[] = []): string[] {
  const entries = fastGlob().sync(patterns, {
    cwd, dot: true, absolute: true, onlyFiles: false, objectMode: true, followSymbolicLinks: false, suppressErrors: true,
    ignore: [...DEFAULT_IGNORES, ...ignore],
  });
  const out: string[] = [];
  for (const e of entries) {
    if (e.dirent.isDirectory()) continue;
    if (!e.dirent.isSymbolicLink()) out.push(e.path); // a file, or a FIFO or device reported when read
    else {
      let dir = false;
      try {
        dir = statSync(e.path).isDirectory();
      } catch {
        /* dangling or looping: reported when read */
      }
      if (!dir) out.push(e.path);
    }
  }
  return out;
}

/** A spec found by discovery: its kind and why it is one. */
export interface DiscoveredSpec {
  path: string;
  kind: FileKind;
  reason: string;
}

export interface DiscoverOptions {
  /** Config `ignores` (globs relative to the walked folder). */
  ignore?: string[];
  /** A kind a config override sets for a file (absolute path). */
  configKind?: (abs: string) => FileKind | undefined;
  /** Where paths in reasons are shown from (default: the process's working directory). */
  cwd?: string;
  /** Reads a file's first bytes for its classification (default: a read of those bytes). */
  readHead?: (file: string, bytes: number) => string;
  /** The run's folder listings (default: the discovery's own). */
  folders?: FolderListings;
  /** Told how many markdown files a walk met, before they are classified. */
  onWalked?: (markdownFiles: number) => void;
}

/**
 * One run's discovery: the manifests and project roots it has met, shared by every argument
 * so each manifest is read once.
 */
export class Discoverer {
  readonly manifests: ManifestIndex;
  readonly #folders: FolderListings;
  readonly #roots: ProjectRoots;
  readonly #ctx: ClassifyContext;
  /** Files that look like specs but are left out, with why. */
  readonly leftOut: LeftOut[] = [];
  /** Markdown files the walks met that no rule makes a spec (for the empty-run hint). */
  readonly others: string[] = [];
  /** JSON files the walks met (manifests, hooks, settings, MCP configs). */
  readonly json: string[] = [];

  constructor(readonly options: DiscoverOptions = {}) {
    const cwd = options.cwd ?? process.cwd();
    this.#folders = options.folders ?? new FolderListings();
    this.manifests = new ManifestIndex(diskFiles(this.#folders));
    this.#roots = new ProjectRoots(cwd, this.#folders);
    this.#ctx = {
      manifests: this.manifests,
      baseOf: (abs) => this.#roots.rootOf(abs),
      configKind: options.configKind,
      show: (abs) => relPosix(cwd, abs) || '.',
      readHead: options.readHead ?? readHead,
    };
  }

  /** The kind of one file named on the command line (manifests above it are read). */
  file(abs: string): Classification {
    this.manifests.lookAbove(path.dirname(abs));
    return this.#classify(abs, true);
  }

  #classify(abs: string, named = false): Classification {
    let c = classifyFile(abs, this.#ctx);
    if (named && !(c && 'spec' in c) && abs.endsWith('.md')) c = classifyNamed(abs, c, this.#ctx) ?? c;
    if (c && 'leftOut' in c) this.leftOut.push({ path: abs, why: c.leftOut });
    return c;
  }

  /** Every spec below a directory, sorted. One walk of the tree. */
  walk(dir: string, ignore: string[] = this.options.ignore ?? []): DiscoveredSpec[] {
    const root = path.resolve(dir);
    const ignored = ignore.length ? picomatch(ignore, { dot: true }) : null;
    const skip = ignored ? (abs: string) => ignored(relPosix(root, abs)) || ignored(relPosix(root, abs) + '/') : undefined;
    const walk = walkSpecsTree(root, this.#folders, skip, (d, names) => this.#roots.noteFolder(d, names));
    const entries = ignored ? walk.markdown.filter((f) => !ignored(relPosix(root, f))) : walk.markdown;
    this.options.onWalked?.(entries.length);
    // The walk may start inside a plugin or a marketplace.
    this.manifests.lookAbove(root);
    for (const m of walk.marketplaceRoots) this.manifests.addMarketplace(m);
    for (const p of walk.pluginRoots) this.manifests.addPlugin(p);
    // Hooks and MCP servers files a plugin.json names elsewhere (`./config/hooks.json`) join the
    // JSON files the walk found by name.
    const byName = new Set(walk.json);
    const named = this.manifests.declaredJson.filter((f) => f.startsWith(root + path.sep) && !byName.has(f) && isFile(f));
    const all = named.length ? [...walk.json, ...named] : walk.json;
    const json = ignored ? all.filter((f) => !ignored(relPosix(root, f))) : all;
    this.json.push(...json);
    const out: DiscoveredSpec[] = [];
    for (const f of entries) {
      const c = this.#classify(f);
      if (c && 'spec' in c) out.push({ path: f, ...c.spec });
      else if (!c) this.others.push(f);
    }
    for (const f of json) {
      const c = this.#classify(f);
      if (c && 'spec' in c) out.push({ path: f, ...c.spec });
    }
    const pointed = this.#followPointers(root, out, ignored);
    for (const l of walk.linksOut) this.leftOut.push({ path: l, why: 'a symlinked folder that leads out of the folder linted: not followed' });
    // Reading it reports why it cannot be linted (file-unreadable), instead of a silent gap.
    for (const d of walk.tooLong) out.push({ path: d, kind: 'other', reason: 'a folder whose path is longer than the system allows' });
    return json.length || walk.tooLong.length || pointed ? out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) : out;
  }

  /**
   * Instruction files kept as a pointer to another file (`CLAUDE.md -> CONTRIBUTING.md`: a symlink
   * checked out as a text file holding the path, or a single `@path` line) lead their tool to
   * that file: a target inside the walked folder that nothing lists yet is listed as the pointer's
   * kind. Only a pointer's first bytes are read. Returns how many were added.
   */
  #followPointers(root: string, out: DiscoveredSpec[], ignored: picomatch.Matcher | null): number {
    const queue = out.filter((s) => POINTER_KINDS.has(s.kind));
    if (queue.length === 0) return 0;
    const listed = new Set(out.map((s) => s.path));
    const read = this.options.readHead ?? readHead;
    let added = 0;
    for (let i = 0; i < queue.length && i < MAX_POINTERS; i++) {
      const from = queue[i]!;
      const pointer = pointerOf(read(from.path, POINTER_MAX_CHARS + 1));
      if (!pointer) continue;
      const target = path.resolve(path.dirname(from.path), pointer.target);
      const rel = relPosix(root, target);
      if (rel.startsWith('../') || path.isAbsolute(rel) || listed.has(target)) continue;
      if (rel.split('/').some((s) => SKIPPED_DIRS.has(s)) || ignored?.(rel) || !isFile(target)) continue;
      const spec: DiscoveredSpec = { path: target, kind: from.kind, reason: `the file ${this.#ctx.show(from.path)} points to` };
      listed.add(target);
      out.push(spec);
      queue.push(spec);
      added++;
    }
    return added;
  }
}

/** The most pointer files one walk follows (each is a read of a few hundred bytes). */
const MAX_POINTERS = 1000;

/** Every spec file below a directory, sorted (absolute paths), with its kind. One walk of the tree. */
export function discoverSpecs(dir: string, ignore: string[] = [], options: DiscoverOptions = {}): DiscoveredSpec[] {
  return new Discoverer(options).walk(dir, ignore);
}

export function isGlob(arg: string): boolean {
  return picomatch.scan(toPosix(arg)).isGlob;
}

export interface ExpandedArgs {
  files: string[];
  /** Each file's kind and why it is a spec. */
  kinds: Map<string, { kind: FileKind; reason: string }>;
  /** Directories walked whole (cross-file rules need not walk them again). */
  dirs: string[];
  /** Arguments that matched nothing. */
  unmatched: string[];
  /** Arguments that could not be read (not found, no permission). */
  unreadable: Array<{ arg: string; reason: string }>;
}

/**
 * Expands command-line arguments (files, directories, globs) into spec files, in a stable
 * order. Every file, however it was named, is a spec only if `classifyMarkdown` says so.
 */
export function expandArgs(args: string[], cwd: string, ignore: string[] = [], discoverer: Discoverer = new Discoverer({ cwd })): ExpandedArgs {
  const out: ExpandedArgs = { files: [], kinds: new Map(), dirs: [], unmatched: [], unreadable: [] };
  const add = (f: string, v: { kind: FileKind; reason: string }) => {
    // A walked path is already normal (normalize would copy it, piece by piece, in cold code).
    const n = isResolved(f) ? f : path.normalize(f);
    if (!out.kinds.has(n)) {
      out.kinds.set(n, v);
      out.files.push(n);
    }
  };
  const addFile = (abs: string) => {
    const c = discoverer.file(abs);
    if (c && 'spec' in c) add(abs, c.spec);
    else if (!c) discoverer.others.push(abs);
    return !!c && 'spec' in c;
  };
  for (const arg of args) {
    const abs = path.resolve(cwd, arg);
    let st;
    try {
      st = statSync(abs);
    } catch (e) {
      if (isGlob(arg)) {
        // `dir/**/*.md` (the common case) is the walk of dir; other globs go to fast-glob.
        const whole = ignore.length === 0 ? /^(?:(.*?)\/)?\*\*\/\*\.md$/.exec(toPosix(arg)) : null;
        const base = whole ? path.resolve(cwd, whole[1] ?? '.') : null;
        if (base && !isGlob(whole![1] ?? '') && isDir(base)) {
          const specs = discoverer.walk(base, []);
          if (specs.length === 0) out.unmatched.push(arg);
          for (const s of specs) add(s.path, s);
        } else {
          const matches = globFiles(toPosix(arg), cwd, ignore).sort();
          let n = 0;
          for (const f of matches) if (addFile(f)) n++;
          if (n === 0) out.unmatched.push(arg);
        }
      } else {
        out.unreadable.push({ arg, reason: whyUnreadable(abs, e) });
      }
      continue;
    }
    if (st.isDirectory()) {
      out.dirs.push(abs);
      const specs = discoverer.walk(abs, ignore);
      if (specs.length === 0) out.unmatched.push(arg);
      for (const s of specs) add(s.path, s);
    } else {
      // A file named on the command line that cannot be read is a usage problem, like a missing one.
      try {
        accessSync(abs, constants.R_OK);
      } catch (e) {
        out.unreadable.push({ arg, reason: (e as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied' : (e as Error).message });
        continue;
      }
      // A named file that is not a spec is left out (--print-files says why), not an error:
      // the pre-commit hook names every changed markdown file.
      addFile(abs);
    }
  }
  return out;
}

