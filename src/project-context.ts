/**
 * A project's context: its specs besides the linted files, which the cross-file rules read only
 * when they ask a cross-file question. Found by discovery in the agent systems of the linted
 * files, read, and kept in the project index (src/project-index.ts) for the next run.
 */
import path from 'node:path';
import { discoverSpecs } from './discovery/discover.js';
import type { ProjectRoots } from './discovery/project-root.js';
import { agentSystemOf } from './model/agent-system.js';
import { DocumentModel } from './model/document.js';
import { ProjectIndex, sameStat } from './project-index.js';
import { ContextReads, readSpec, type ReadStat } from './read-spec.js';
import type { FileKind } from './types.js';
import type { FolderListings } from './util/folders.js';
import { relPosix } from './util/paths.js';

/** What the projects of one run share when they read their context. */
export interface RunContextSource {
  cwd: string;
  /** The folders the run walked whole: a project below one of them needs no context read. */
  walked: readonly string[];
  /** Text on standard input: no context is read, and no index kept. */
  stdin: boolean;
  projectIndex?: { build: string; began?: number };
  roots: ProjectRoots;
  /** The run's folder listings. */
  folders: FolderListings;
  /** Each file's kind and why it is a spec; the specs found here are added. */
  kinds: Map<string, { kind: FileKind; reason: string }>;
  /** The specs found below each set of folders, by a key of the root and the folders. */
  discovered: Map<string, string[]>;
  isIgnored(abs: string): boolean;
  configKind(abs: string): FileKind | undefined;
  /** Told how many specs a project read for context. */
  counted(specs: number): void;
}

/** One project's linted files, as the context loader needs them. */
export interface ContextTargets {
  root: string;
  /** The linted files' paths. */
  files: readonly string[];
  /** Their documents (those that could be read). */
  docs: readonly DocumentModel[];
  /** Each linted file's size and times when it was read. */
  stats: ReadonlyMap<string, ReadStat>;
  /** A file's kind in this project. */
  kindOf(abs: string): FileKind;
}

/** When this process started, by the wall clock (`performance.timeOrigin` would load perf_hooks, about 1.5 ms). */
const processStart = () => Date.now() - process.uptime() * 1000;

/**
 * The folders a project's context is read from. Cross-file rules see the agent systems of the
 * linted files, also when only some of their files are linted. A name written in a `.claude/` or
 * `.opencode/` tree means a spec of that tree (graph/build.ts), so when every linted file is in
 * a tree, the context is the tool folders beside it, not the whole repository: the tree itself,
 * the `.claude/` beside an `.opencode/` one (whose skills OpenCode reads), and the other tools'
 * folders where copies of its agents and commands are kept (mirror-drift compares them).
 */
function contextDirs(root: string, files: readonly string[], folders: FolderListings): string[] {
  const trees = new Set(files.map((f) => agentSystemOf(relPosix(root, f))));
  if (trees.has('')) return [root];
  return [...new Set([...trees].flatMap((t) => toolFoldersBeside(root, t, folders)))];
}

/** Where the other tools keep their agents and commands, beside a `.claude/` or `.opencode/` tree. */
const TOOL_FOLDERS = ['.claude', '.opencode', '.github/agents', '.github/chatmodes', '.github/prompts', '.gemini/commands'];

/**
 * A `.claude/` or `.opencode/` tree (a path prefix ending in `/`) and the other tools' folders
 * that exist beside it (only those: a run that walked the tree need not walk it again).
 */
function toolFoldersBeside(root: string, tree: string, folders: FolderListings): string[] {
  const home = path.join(root, tree.slice(0, tree.lastIndexOf('/', tree.length - 2) + 1));
  const own = path.join(root, tree.slice(0, -1));
  return [own, ...TOOL_FOLDERS.map((d) => path.join(home, d)).filter((d) => d !== own && folders.exists(d))];
}

/**
 * The loader of a project's context (none when the run walked its folders whole: every spec
 * there is linted), and `save`, which keeps what the loader learned in the project index.
 */
export function contextLoader(run: RunContextSource, t: ContextTargets): { load?: () => DocumentModel[]; save(): void } {
  const { root } = t;
  const dirs = contextDirs(root, t.files, run.folders);
  const alreadyWalked = !run.stdin && run.walked.some((d) => dirs.every((c) => c === d || c.startsWith(d + path.sep)));
  let index: ProjectIndex | undefined;
  const save = () => index?.save();
  if (alreadyWalked) return { save };
  const load = () => {
    const have = new Set(t.files);
    const extra: DocumentModel[] = [];
    if (run.projectIndex && !run.stdin) {
      index = new ProjectIndex(root, run.projectIndex.build, run.projectIndex.began ?? processStart());
      for (const d of t.docs) index.remember(d, t.stats.get(d.filePath), { target: true });
    }
    const scope = `${root}\0${dirs.join('\0')}`;
    let all = run.discovered.get(scope);
    const reads = new ContextReads();
    if (!all) {
      const specs = dirs.filter((d) => d === root || run.folders.exists(d)).flatMap((d) => discoverSpecs(d, [], { cwd: run.cwd, configKind: run.configKind, readHead: reads.head, folders: run.folders }));
      for (const s of specs) if (!run.kinds.has(s.path)) run.kinds.set(s.path, s);
      run.discovered.set(scope, (all = [...new Set(specs.map((s) => s.path))]));
    }
    for (const abs of all) {
      // A spec of a nested project (its own root below this one) is not this project's.
      if (have.has(abs) || run.isIgnored(abs) || run.roots.rootOf(abs) !== root) continue;
      const relPath = relPosix(root, abs);
      const kind = t.kindOf(abs);
      const known = index?.factsFor(abs, relPath, kind);
      if (known) {
        // Unchanged since an earlier run learned its facts: read only if asked for more.
        let same = true;
        const load = () => {
          const read = readSpec(abs);
          same = 'text' in read && !!read.stat && sameStat(read.stat, known.stat);
          return 'text' in read ? read.text : '';
        };
        const doc = DocumentModel.lazy({ filePath: abs, relPath, kind, facts: known.facts, load });
        index!.remember(doc, known.stat, { valid: () => same });
        extra.push(doc);
        continue;
      }
      const read = reads.take(abs);
      if ('text' in read) {
        const doc = new DocumentModel({ filePath: abs, relPath, kind, text: read.text });
        index?.remember(doc, read.stat);
        extra.push(doc);
      }
    }
    reads.drop();
    run.counted(extra.length);
    return extra;
  };
  return { load, save };
}
