/**
 * Following an instruction file's `@path` imports through the project, as Claude Code or Gemini
 * CLI would: where each import leads, the chains it starts (how deep they go, whether one comes
 * back to a file it passed), and the imports of the files on the way that lead nowhere. Every
 * other file is read through `ProjectFiles.head`, bounded, and at most MAX_FILES of them per
 * import written in the linted file.
 */
import type { ProjectFiles } from '../../model/project.js';
import {
  instructionImports,
  looksLikeFile,
  MAX_IMPORT_HOPS,
  pointerOf,
  withoutTrailingPunctuation,
  type ImportDialect,
  type InstructionImport,
} from '../../model/instruction-imports.js';
import { kindByPlace, type FileKind } from '../../model/kinds.js';
import { closest } from '../../util/suggest.js';

/** The most of an imported file that is read (its imports are looked for in it). */
export const IMPORT_READ_BYTES = 256 * 1024;
/** The most files one import's chains visit. */
const MAX_FILES = 64;
/** The most pointer files followed one after another (a link to a link). */
const MAX_POINTER_HOPS = 4;

/** The kind whose files a dialect's tool loads, and imports from. */
export const DIALECT_KIND: Readonly<Record<ImportDialect, FileKind>> = { claude: 'claude-memory', gemini: 'gemini-md' };

/** Where an import leads, as the project's files answer. */
export type Resolution =
  | { is: 'file'; file: string }
  /** Outside the project, in the home folder, or an absolute path: not looked at. */
  | { is: 'elsewhere' }
  /**
   * Nothing there. `near`: the path without its trailing punctuation (or, for Gemini CLI, its
   * fragment) is a file. `fromRoot`: the path names a file from the project root, not from the
   * importing file's folder (`base`); what to write instead. `meant`: the path looks like a file's, not a
   * mention (`@claude`).
   */
  | { is: 'missing'; rel: string; near?: { file: string; cut: string }; fromRoot?: { write: string; base: string; trailing: boolean }; suggestion?: string; meant: boolean }
  | { is: 'folder'; rel: string };

export interface Scope {
  files: ProjectFiles;
  root: string;
  dialect: ImportDialect;
}

function inside(scope: Scope, abs: string): boolean {
  const rel = scope.files.relative(scope.root, abs);
  return rel !== '..' && !rel.startsWith('../') && !rel.startsWith('/');
}

/**
 * Where a tool reads a file from: through a symlink, its target's place (given under the project
 * root, as the other paths are), since the tools resolve a linked file's imports from there; null
 * when the target lies outside the project.
 */
export function readPlace(scope: Scope, file: string): string | null {
  const { files } = scope;
  const real = files.realPath(file);
  if (real === file) return file;
  const rel = files.relative(files.realPath(scope.root), real);
  if (rel === '..' || rel.startsWith('../') || rel.startsWith('/')) return null;
  return rel === '.' ? scope.root : files.resolve(scope.root, rel);
}

/** Where an import written in a file of folder `dir` leads. */
export function resolveImport(scope: Scope, dir: string, imp: InstructionImport): Resolution {
  const { files } = scope;
  const p = imp.path;
  if (p.startsWith('~') || p.startsWith('/')) return { is: 'elsewhere' };
  const abs = files.resolve(dir, p);
  if (!inside(scope, abs)) return { is: 'elsewhere' };
  const kind = files.stat(abs);
  if (kind === 'file') return { is: 'file', file: abs };
  const rel = files.relative(scope.root, abs);
  if (kind === 'dir') return { is: 'folder', rel };
  // A sentence's punctuation after the path, or (for Gemini CLI, which keeps it) a #fragment.
  const cuts: string[] = [];
  const trimmed = withoutTrailingPunctuation(p);
  if (trimmed !== p && trimmed) cuts.push(trimmed);
  const hash = p.indexOf('#');
  if (scope.dialect === 'gemini' && hash > 0) cuts.push(withoutTrailingPunctuation(p.slice(0, hash)));
  for (const c of cuts) {
    const f = files.resolve(dir, c);
    if (inside(scope, f) && files.stat(f) === 'file') return { is: 'missing', rel, near: { file: f, cut: p.slice(c.length) }, meant: true };
  }
  const shown = trimmed || p;
  // Written from the project root, in a file below it (`.claude/CLAUDE.md` importing `@specs/x.md`).
  if (dir !== scope.root) {
    const f = files.resolve(scope.root, shown);
    if (files.stat(f) === 'file') return { is: 'missing', rel: files.relative(scope.root, files.resolve(dir, shown)), fromRoot: { write: files.relative(dir, f), base: files.relative(scope.root, dir), trailing: shown !== p }, meant: true };
  }
  let suggestion: string | undefined;
  const target = files.resolve(dir, shown);
  const folder = files.dirname(target);
  if (files.stat(folder) === 'dir') {
    const names = files.markdownIn(folder).map((f) => f.slice(folder.length + 1));
    const near = closest(target.slice(folder.length + 1), names);
    if (near) suggestion = files.relative(scope.root, files.resolve(folder, near));
  }
  return { is: 'missing', rel: files.relative(scope.root, target), suggestion, meant: looksLikeFile(shown) };
}

/** A pointer file's target: where a file whose whole text is a path leads. */
export type PointerEnd = { is: 'file'; file: string; text: string } | { is: 'outside'; abs: string } | { is: 'missing'; rel: string; suggestion?: string } | { is: 'folder'; rel: string };

/**
 * Follows a file that holds only a path (a link to a link too, a few times over) to the file it
 * ends at, whose first `bytes` bytes are read.
 */
export function followPointer(scope: Scope, file: string, target: string, bytes = IMPORT_READ_BYTES): PointerEnd {
  const { files } = scope;
  let from = file;
  let to = target;
  for (let hop = 0; ; hop++) {
    const abs = files.resolve(files.dirname(from), to);
    if (!inside(scope, abs)) return { is: 'outside', abs };
    const kind = files.stat(abs);
    if (kind === 'dir') return { is: 'folder', rel: files.relative(scope.root, abs) };
    if (kind !== 'file') {
      const folder = files.dirname(abs);
      let suggestion: string | undefined;
      if (files.stat(folder) === 'dir') {
        const near = closest(abs.slice(folder.length + 1), files.markdownIn(folder).map((f) => f.slice(folder.length + 1)));
        if (near) suggestion = files.relative(scope.root, files.resolve(folder, near));
      }
      return { is: 'missing', rel: files.relative(scope.root, abs), suggestion };
    }
    const text = files.head(abs, bytes) ?? '';
    const next = pointerOf(text);
    if (!next || next.form !== 'path' || hop >= MAX_POINTER_HOPS) return { is: 'file', file: abs, text };
    from = abs;
    to = next.target;
  }
}

/** What one import's chains show. */
export interface ChainFindings {
  /** A chain longer than the tool follows: the files on it, the import's own target first. */
  tooDeep?: string[];
  /** A chain that comes back to a file it passed: the files on it, from that file to the import that closes it. */
  cycle?: string[];
  /** Imports on the way that lead nowhere: the file, the import, and where it would be. */
  broken: Array<{ file: string; imp: InstructionImport; resolution: Extract<Resolution, { is: 'missing' | 'folder' }> }>;
}

/** Files whose imports a tool reads: markdown, plain text, and files without an extension (`@README`). */
function readsImportsOf(file: string): boolean {
  const base = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 || /^(?:md|mdc|markdown|txt)$/i.test(base.slice(dot + 1));
}

/**
 * Walks the chains an import of `root` starts at `first`: depth first, each file once at the
 * fewest hops it is met at. A file the tool loads by itself (a CLAUDE.md for Claude Code) is
 * linted itself: its broken imports are its own findings, not this chain's.
 */
export function walkChains(scope: Scope, root: string, first: string): ChainFindings {
  const { files, dialect } = scope;
  const max = MAX_IMPORT_HOPS[dialect];
  const out: ChainFindings = { broken: [] };
  const bestHop = new Map<string, number>();
  const stack: string[] = [root];
  let visits = 0;
  const visit = (file: string, hop: number): void => {
    if (visits++ >= MAX_FILES) return;
    bestHop.set(file, hop);
    if (!readsImportsOf(file)) return;
    const place = readPlace(scope, file);
    if (place === null) return;
    stack.push(file);
    let text = files.head(file, IMPORT_READ_BYTES) ?? '';
    let dir = files.dirname(place);
    const pointer = pointerOf(text);
    if (pointer?.form === 'path') {
      const end = followPointer(scope, file, pointer.target);
      if (end.is !== 'file') {
        stack.pop();
        return;
      }
      text = end.text;
      dir = files.dirname(end.file);
    }
    const linkedItself = kindByPlace(files.relative(scope.root, file).split('/')) === DIALECT_KIND[dialect];
    for (const imp of instructionImports(text, dialect)) {
      const r = resolveImport(scope, dir, imp);
      if (r.is === 'elsewhere') continue;
      if (r.is !== 'file') {
        if (!linkedItself && (r.is === 'folder' || r.meant)) out.broken.push({ file, imp, resolution: r });
        continue;
      }
      const at = stack.indexOf(r.file);
      if (at !== -1) {
        out.cycle ??= [...stack.slice(at), r.file];
        continue;
      }
      if (hop + 1 > max) {
        out.tooDeep ??= [...stack.slice(1), r.file];
        continue;
      }
      const seen = bestHop.get(r.file);
      if (seen === undefined || seen > hop + 1) visit(r.file, hop + 1);
    }
    stack.pop();
  };
  visit(first, 1);
  return out;
}
