/**
 * The project index: what a run learned about the specs it read only for context (their names,
 * the delegations they write, whether they hold the standard's objects, the format documents
 * they reference), kept for the next run, so that a pre-commit run on one file of a large project
 * does not read and scan every other spec again. A spec's entry is used while the file's size,
 * modification and change times, inode and device are those it had when it was read, and was
 * made by the same build of agent-lint; anything else is read and scanned as before.
 *
 * An entry is made only for a file last changed more than `SETTLED_MS` before the run began: a
 * later change then always moves its times (file systems keep them to 2 s at worst), so an entry
 * can never stand for a text it was not made from ("racy" files are read each time, as git does).
 *
 * The index is input like any other: it lives in a private folder (this user's, a real folder
 * that nobody else can write to), is a regular file of bounded size owned by this user, names
 * the project root and build it was made for, and every entry and fact is checked for its shape;
 * on any doubt the whole index is dropped. It holds data only: nothing in it is run.
 */
import { closeSync, constants as C, fstatSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FileKind } from './types.js';
import type { DocumentModel, FactName, Facts } from './model/document.js';
import { readOpened } from './util/read-bounded.js';
import { replaceFile } from './util/temp-files.js';
import { privateDir, privateFolder as folder } from './util/private-dir.js';
import type { ReadStat } from './read-spec.js';
import type { Reference } from './graph/references.js';
import { EDGE_VIAS, SPEC_KIND_NAMES, type EdgeVia, type SpecKind } from './graph/types.js';

/** An index larger than this is not read. */
export const MAX_INDEX_BYTES = 64 * 1024 * 1024;
/** A file changed less than this long before the run began gets no entry. */
export const SETTLED_MS = 3000;
const FORMAT = 'agent-lint-project-index-2';

const isStr = (v: unknown): v is string => typeof v === 'string';
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOffset = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isKind = (v: unknown): boolean => isStr(v) && Object.hasOwn(SPEC_KIND_NAMES, v);
const isVia = (v: unknown): boolean => isStr(v) && Object.hasOwn(EDGE_VIAS, v);

/** A delegation as the index keeps it: `[target, expected, via, start, end]`, plus `from`'s name and kind for a `delegation_path` entry. */
type StoredReference = [string, string, string, number, number] | [string, string, string, number, number, string, string];

// The index is read by code V8 has not optimized yet: indexed reads and plain loops, since
// destructuring, `every` and `Object.entries` allocate (iterator results, pairs) for each of
// thousands of entries, and the garbage they leave is most of what an indexed run collects.
function isStoredReference(r: unknown): r is StoredReference {
  if (!Array.isArray(r) || (r.length !== 5 && r.length !== 7)) return false;
  const start: unknown = r[3];
  const end: unknown = r[4];
  if (!isStr(r[0]) || !isKind(r[1]) || !isVia(r[2]) || !isOffset(start) || !isOffset(end) || start > end) return false;
  return r.length === 5 || (isStr(r[5]) && (isKind(r[6]) || r[6] === 'orchestrator'));
}

function isArrayOf(v: unknown, max: number, each: (x: unknown) => boolean): boolean {
  if (!Array.isArray(v) || v.length > max) return false;
  for (let i = 0; i < v.length; i++) if (!each(v[i])) return false;
  return true;
}

/** How a fact is kept: its shape in the file, and how it is written and read back. */
interface Kept {
  check: (stored: unknown) => boolean;
  store?: (v: unknown) => unknown;
  load?: (stored: unknown) => unknown;
}

/** How each fact is kept (every fact is: a new one must be added here). */
const KEPT: Record<FactName, Kept> = {
  name: { check: isStr },
  references: {
    check: (v) => isArrayOf(v, 100_000, isStoredReference),
    store: (v) =>
      (v as Reference[]).map((r) => (r.from ? [r.target, r.expected, r.via, r.range.start, r.range.end, r.from.name, r.from.expected] : [r.target, r.expected, r.via, r.range.start, r.range.end])),
    load: (v) =>
      (v as StoredReference[]).map((r) => {
        const ref: Reference = { target: r[0], expected: r[1] as SpecKind, via: r[2] as EdgeVia, range: { start: r[3], end: r[4] } };
        if (r.length === 7) ref.from = { name: r[5], expected: r[6] as SpecKind | 'orchestrator' };
        return ref;
      }),
  },
  holdsStandardObjects: { check: (v) => typeof v === 'boolean' },
  namesStandardKeys: { check: (v) => typeof v === 'boolean' },
  formatReferences: { check: (v) => isArrayOf(v, 10_000, isStr) },
  channel: { check: (v) => v === 'file' || v === 'json' || v === 'text' || v === '' },
};

/** A file's entry: its kind, what its stat said, and its facts (as stored). */
type Entry = [kind: FileKind, size: number, mtimeMs: number, ctimeMs: number, ino: number, dev: number, facts: Partial<Record<FactName, unknown>>];

const isFactName = (k: string): k is FactName => Object.hasOwn(KEPT, k);

function isEntry(e: unknown): e is Entry {
  if (!Array.isArray(e) || e.length !== 7 || !isStr(e[0]) || !isObj(e[6])) return false;
  for (let i = 1; i <= 5; i++) if (typeof e[i] !== 'number' || !Number.isFinite(e[i])) return false;
  const facts = e[6];
  for (const k in facts) if (!isFactName(k) || !KEPT[k].check(facts[k])) return false;
  return true;
}

/** Whether an entry was made from a file as `stat` saw it. */
const entrySaw = (e: Entry, stat: ReadStat): boolean => e[1] === stat.size && e[2] === stat.mtimeMs && e[3] === stat.ctimeMs && e[4] === stat.ino && e[5] === stat.dev;

/** Whether an entry holds every fact the document was asked for. */
function keptAll(doc: DocumentModel, e: Entry): boolean {
  let all = true;
  doc.facts.forEach((_, k) => {
    if (!Object.hasOwn(e[6], k)) all = false;
  });
  return all;
}

/** Whether two looks at a file saw the same file, unchanged. */
export const sameStat = (a: ReadStat, b: ReadStat): boolean => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino && a.dev === b.dev;

const myUid = typeof process.getuid === 'function' ? process.getuid() : undefined;

/** A short, stable name for a project root (FNV-1a): the file says which root it is for. */
function fileFor(dir: string, root: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < root.length; i++) h = Math.imul(h ^ root.charCodeAt(i), 0x01000193) >>> 0;
  const base = path.basename(root).replace(/[^\w.-]/g, '_').slice(0, 40);
  return path.join(dir, `index-${base}-${h.toString(16).padStart(8, '0')}.json`);
}

function readIndex(file: string, root: string, build: string): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  let fd: number | undefined;
  try {
    fd = openSync(file, C.O_RDONLY | (C.O_NOFOLLOW ?? 0) | (C.O_NONBLOCK ?? 0));
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_INDEX_BYTES || (myUid !== undefined && (st.uid !== myUid || (st.mode & 0o022) !== 0))) return entries;
    const data: unknown = JSON.parse(readOpened(fd, st.size).toString('utf8'));
    if (!isObj(data) || data['format'] !== FORMAT || data['build'] !== build || data['root'] !== root || !isObj(data['entries'])) return entries;
    const stored = data['entries'];
    for (const rel in stored) {
      const e = stored[rel];
      if (!isEntry(e)) return new Map();
      entries.set(rel, e);
    }
  } catch {
    return new Map();
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return entries;
}

/** One project's index for one run: entries to take, and what the run read to keep for the next. */
export class ProjectIndex {
  readonly #file: string;
  readonly #root: string;
  readonly #build: string;
  readonly #began: number;
  readonly #old: Map<string, Entry>;
  /** Documents read this run (or taken from an entry), whose facts go in the next index. */
  readonly #docs: Array<{ doc: DocumentModel; stat: ReadStat; valid?: () => boolean; target: boolean }> = [];

  /**
   * `build` names the code that made the facts (an index made by another build is not used);
   * `began` is when the run began (before any file was read).
   */
  constructor(root: string, build: string, began: number) {
    this.#root = root;
    this.#build = build;
    this.#began = began;
    this.#file = fileFor(folder(), root);
    this.#old = privateDir(false) ? readIndex(this.#file, root, build) : new Map();
  }

  /** The facts known for the file at `abs` when it is unchanged since they were found; else undefined. */
  factsFor(abs: string, relPath: string, kind: FileKind): { facts: Facts; stat: ReadStat } | undefined {
    const e = this.#old.get(relPath);
    if (!e || e[0] !== kind) return undefined;
    const st = statSync(abs, { throwIfNoEntry: false });
    if (!st || !st.isFile()) return undefined;
    const stat = { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, dev: st.dev };
    if (!entrySaw(e, stat)) return undefined;
    const facts: Facts = new Map();
    const stored = e[6];
    for (const k in stored) {
      const load = KEPT[k as FactName].load;
      const v = stored[k as FactName];
      facts.set(k as FactName, load ? load(v) : v);
    }
    return { facts, stat };
  }

  /**
   * Keeps what the run learns about `doc`, whose text is the file's as it was at `stat`; `valid`
   * says at the end whether that still holds (a document taken from an entry whose text was read
   * later, from a file that had changed in between, is not kept). A linted file (`target`) is
   * read every run it is linted in: a new entry for it alone does not make the index be written
   * (a pre-commit run on an edited file writes nothing), only along with others.
   */
  remember(doc: DocumentModel, stat: ReadStat | undefined, opts: { valid?: () => boolean; target?: boolean } = {}): void {
    if (stat) this.#docs.push({ doc, stat, valid: opts.valid, target: !!opts.target });
  }

  /** Writes the index when it would differ from the one read. Never throws: the index only saves time. */
  save(): void {
    let changed = false;
    const next = new Map<string, Entry>();
    for (const { doc, stat, valid, target } of this.#docs) {
      if (valid && !valid()) continue;
      if (this.#began - stat.mtimeMs < SETTLED_MS || this.#began - stat.ctimeMs < SETTLED_MS) continue;
      const before = this.#old.get(doc.relPath);
      // Taken from its entry and asked nothing new: the entry stands as it was.
      if (before && before[0] === doc.kind && entrySaw(before, stat) && keptAll(doc, before)) {
        next.set(doc.relPath, before);
        continue;
      }
      const facts: Entry[6] = {};
      for (const [k, v] of doc.facts) {
        const store = KEPT[k].store;
        facts[k] = store ? store(v) : v;
      }
      next.set(doc.relPath, [doc.kind, stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, stat.dev, facts]);
      if (!target) changed = true;
    }
    const targets = new Set(this.#docs.filter((d) => d.target).map((d) => d.doc.relPath));
    for (const rel of this.#old.keys()) if (!next.has(rel) && !targets.has(rel)) changed = true;
    if (!changed || !privateDir(true)) return;
    try {
      const data = { format: FORMAT, build: this.#build, root: this.#root, entries: Object.fromEntries(next) };
      replaceFile(this.#file, JSON.stringify(data));
    } catch {
      /* the next run reads the files again */
    }
  }
}
