/**
 * How instruction files lead to other files: `@path` imports, as Claude Code and Gemini CLI read
 * them, and pointer files (a file whose whole text is another file's path: a symlink checked out
 * as a text file, or a single `@path` line).
 *
 * Both tools take an import to be an `@` at a line's start or after a blank, followed by
 * everything up to the next blank: a `.` or `)` after the path is part of it. Neither reads
 * imports in code: Claude Code lexes the markdown and skips code spans, code blocks and HTML;
 * Gemini CLI skips backtick-delimited regions. Here code spans, fenced blocks, HTML comments and
 * frontmatter are left out for both.
 *   Claude Code (code.claude.com/docs/en/memory): a path resolves against the importing file's
 *   folder; `#fragment` is cut and `\ ` stands for a space; a path starts with `./`, `~/`, `/` or
 *   a letter, digit, `.`, `_` or `-`; imports recurse to a depth of four hops.
 *   Gemini CLI (geminicli.com/docs/reference/memport): a path starts with `.`, `/` or a letter
 *   and is read as written; imports recurse to a depth of five.
 */
import type { FileKind, Range } from '../types.js';
import { scanFences } from './fences.js';
import { locateFrontmatter } from './frontmatter.js';
import { LineIndex } from './lines.js';

export type ImportDialect = 'claude' | 'gemini';

/** How many hops of imports each tool follows from the file it loads. */
export const MAX_IMPORT_HOPS: Readonly<Record<ImportDialect, number>> = { claude: 4, gemini: 5 };

export interface InstructionImport {
  /** The path the tool reads (for Claude Code: `#fragment` cut, `\ ` read as a space). */
  path: string;
  /** What follows the `@`, as written. */
  written: string;
  /** Where `written` is in the text. */
  range: Range;
}

/** Regions of a text where an `@` is no import: frontmatter, fenced code, HTML comments, code spans. */
function skippedRegions(text: string): Range[] {
  const regions: Range[] = [];
  const fm = locateFrontmatter(text);
  if (fm) regions.push(fm.range);
  const from = fm ? fm.range.end : 0;
  if (text.includes('```') || text.includes('~~~')) for (const f of scanFences(text, new LineIndex(text), from)) regions.push(f.range);
  for (let i = text.indexOf('<!--', from); i !== -1; ) {
    const end = text.indexOf('-->', i + 4);
    regions.push({ start: i, end: end === -1 ? text.length : end + 3 });
    if (end === -1) break;
    i = text.indexOf('<!--', end + 3);
  }
  regions.sort((a, b) => a.start - b.start);
  // Code spans, in the text between those regions.
  const spans: Range[] = [];
  let at = from;
  for (const r of [...regions, { start: text.length, end: text.length }]) {
    if (r.start > at) codeSpans(text, at, r.start, spans);
    at = Math.max(at, r.end);
  }
  return [...regions, ...spans].sort((a, b) => a.start - b.start);
}

/**
 * Inline code spans between `from` and `to`: a run of backticks closed by a run of the same
 * length in the same paragraph (a blank line ends it); an unclosed run is literal text.
 */
function codeSpans(text: string, from: number, to: number, out: Range[]): void {
  // The end of the paragraph the scan is in, found again only once the scan passes it.
  const blank = /\n[ \t]*\r?\n/g;
  let paragraphEnd = -1;
  let i = text.indexOf('`', from);
  while (i !== -1 && i < to) {
    let j = i;
    while (text.charCodeAt(j) === 96) j++;
    const n = j - i;
    if (paragraphEnd < j) {
      blank.lastIndex = j;
      const b = blank.exec(text);
      paragraphEnd = b ? b.index : text.length;
    }
    const limit = Math.min(to, paragraphEnd);
    let close = -1;
    for (let k = text.indexOf('`', j); k !== -1 && k < limit; ) {
      let e = k;
      while (text.charCodeAt(e) === 96) e++;
      if (e - k === n) {
        close = k;
        break;
      }
      k = text.indexOf('`', e);
    }
    if (close === -1) {
      i = text.indexOf('`', j);
      continue;
    }
    out.push({ start: i, end: close + n });
    i = text.indexOf('`', close + n);
  }
}

const isBlank = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;

/** The path a tool reads from what follows an `@`, or null when it reads none. */
function importPath(written: string, dialect: ImportDialect): string | null {
  if (dialect === 'gemini') return /^[./A-Za-z]/.test(written) ? written : null;
  let p = written;
  const hash = p.indexOf('#');
  if (hash !== -1) p = p.slice(0, hash);
  p = p.replace(/\\ /g, ' ');
  if (!p) return null;
  if (p.startsWith('./') || p.startsWith('~/') || (p.startsWith('/') && p !== '/')) return p;
  return /^[A-Za-z0-9._-]/.test(p) ? p : null;
}

/** The imports of an instruction file's text, in text order, as `dialect` reads them. */
export function instructionImports(text: string, dialect: ImportDialect): InstructionImport[] {
  if (!text.includes('@')) return [];
  const skipped = skippedRegions(text);
  const found: InstructionImport[] = [];
  let r = 0;
  for (let i = text.indexOf('@'); i !== -1; i = text.indexOf('@', i + 1)) {
    if (i > 0 && !isBlank(text.charCodeAt(i - 1))) continue;
    while (r < skipped.length && skipped[r]!.end <= i) r++;
    if (r < skipped.length && skipped[r]!.start <= i) continue;
    let j = i + 1;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (dialect === 'claude' && c === 92 && text.charCodeAt(j + 1) === 32) j += 2;
      else if (isBlank(c)) break;
      else j++;
    }
    const written = text.slice(i + 1, j);
    const path = importPath(written, dialect);
    if (path !== null) found.push({ path, written, range: { start: i + 1, end: j } });
    i = j - 1;
  }
  return found;
}

/**
 * Whether an import that does not resolve was meant as one: a relative path (`./`, `../`) or a
 * file name with an extension (`docs/style.md`). A bare word is a mention (`@claude`, `@user`), and
 * a scoped package name (`@scope/pkg`) has no extension.
 */
export function looksLikeFile(path: string): boolean {
  if (path.includes('://')) return false;
  if (path.startsWith('./') || path.startsWith('../')) return true;
  return /(?:^|\/)[^/]*[^/.]\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(path);
}

/**
 * Characters a sentence puts after a path, which the tools read as part of it: what to try when
 * `docs/style.md.` does not resolve and `docs/style.md` may.
 */
export function withoutTrailingPunctuation(path: string): string {
  return path.replace(/[.,;:!?)\]}'"`*_>]+$/, '');
}

/**
 * The instruction files a repository keeps as a pointer to another (`CLAUDE.md -> AGENTS.md`):
 * discovery follows them to their target, and instruction-import checks where they lead.
 */
export const POINTER_KINDS: ReadonlySet<FileKind> = new Set<FileKind>(['claude-memory', 'gemini-md', 'agents-md', 'copilot-instructions']);

export interface PointerFile {
  /** The path the file points to, as written (relative to the file's folder). */
  target: string;
  /** Where the path is in the text. */
  range: Range;
  /** `path`: the whole text is the path (a symlink checked out as a file); `import`: a single `@path` line. */
  form: 'path' | 'import';
}

/** At most this long: a pointer is one short line (a symlink's target). */
export const POINTER_MAX_CHARS = 512;

/**
 * A pointer file's target, or null when the text is more than one path: the whole text (blanks
 * around it aside) is a relative path to a file with an extension, or `@` and such a path.
 */
export function pointerOf(text: string): PointerFile | null {
  if (text.length > POINTER_MAX_CHARS) return null;
  const m = /^\s*(@?)([^\s@]+)\s*$/.exec(text);
  if (!m) return null;
  const target = m[2]!;
  if (target.includes('://') || target.startsWith('~') || !/(?:^|\/)[^/]*[^/.]\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(target)) return null;
  const start = m.index + m[0].indexOf(m[1]! + target) + m[1]!.length;
  return { target, range: { start, end: start + target.length }, form: m[1] ? 'import' : 'path' };
}
