/**
 * Reading a spec file: bounded, regular files only, strict UTF-8, each problem a diagnostic at
 * line 1 (or at the line of the first invalid byte) instead of an exception.
 */
import { closeSync, constants as fsConstants, fstatSync, openSync } from 'node:fs';
import { readOpened, readRegularHead } from './util/read-bounded.js';
import { opensWithFrontmatter } from './discovery/classify.js';
import type { LintMessage } from './types.js';
import { clip } from './util/clip.js';
import { whyUnreadable } from './util/fs-errors.js';

/** A message for a file that cannot be linted at all (unreadable, binary, not UTF-8), with what to do. */
function fileProblem(ruleId: string, message: string, help: string): LintMessage {
  return { ruleId, severity: 2, fatal: true, message, help, line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** What to do about a file that should not be linted. */
const IGNORE_IT = 'If it is not a spec, leave it out with `ignores` in the config (or a narrower path or glob).';

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** What a file's fstat said before its bytes were read: what a fix compares before writing, and what the project index keys on. */
export interface ReadStat {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  dev: number;
}

export type ReadOutcome = { text: string; stat?: ReadStat } | { problem: LintMessage };

type BytesOutcome = { buf: Buffer; stat: ReadStat } | { problem: LintMessage };

/** Reads a file as UTF-8, refusing directories, binary content and invalid UTF-8 with a reason. */
export function readSpec(file: string): ReadOutcome {
  return decodeRead(readSpecBytes(file));
}

function decodeRead(read: BytesOutcome): ReadOutcome {
  if ('problem' in read) return read;
  const out = decode(read.buf);
  if ('text' in out) out.stat = read.stat;
  return out;
}

/** A file's bytes (bounded, regular files only), or why it cannot be read; null when it is larger than `keepAtMost`. */
function readSpecBytes(file: string): BytesOutcome;
function readSpecBytes(file: string, keepAtMost: number): BytesOutcome | null;
function readSpecBytes(file: string, keepAtMost = MAX_FILE_BYTES): BytesOutcome | null {
  let buf: Buffer;
  let fd: number | undefined;
  let stat: ReadStat;
  try {
    // One open and one fstat: a FIFO opened without blocking is seen for what it is, not read.
    fd = openSync(file, OPEN_FLAGS);
    const st = fstatSync(fd);
    if (st.isDirectory()) return { problem: fileProblem('file-unreadable', 'this path is a folder, not a markdown file', 'A folder named on the command line is linted whole; here a file was expected.') };
    // Reading a FIFO or a device would block or never end.
    if (!st.isFile()) return { problem: fileProblem('file-unreadable', 'this path is a FIFO, socket or device, not a regular file', `It is not read: reading it could block or never end. ${IGNORE_IT}`) };
    if (st.size > MAX_FILE_BYTES) return { problem: fileProblem('file-unreadable', 'file is larger than 20 MB, the most agent-lint reads', `It is ${st.size} bytes: files over ${MAX_FILE_BYTES} bytes are not linted, and no spec is that large. ${IGNORE_IT}`) };
    if (st.size > keepAtMost) return null;
    stat = { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, dev: st.dev };
    // One read of the size fstat gave (readFileSync would fstat again).
    buf = readOpened(fd, st.size);
  } catch (e) {
    const why = whyUnreadable(file, e);
    // The whole reason in the help when the message had to cut it (a dangling link's long target).
    const whole = why.length > 80 ? `In full: ${why}. ` : '';
    return { problem: fileProblem('file-unreadable', `cannot read file: ${clip(why, 80)}`, `${whole}${unreadableHelp(e, why)}${IGNORE_IT}`) };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return { buf, stat };
}

/** What to do about a file that cannot be read, by why (the message says why). */
function unreadableHelp(e: unknown, why: string): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'Make the file readable by the user that runs agent-lint. ';
  if (why.startsWith('dangling symlink')) return 'Point the link at an existing file, or remove it. ';
  if (code === 'ELOOP') return 'Point the link at a file, not back at itself. ';
  return '';
}

/** Files up to this size are read whole when discovery asks for their first bytes. */
const KEEP_FOR_CONTEXT = 256 * 1024;

/**
 * Reads for a project's context: discovery's classification asks for a file's first bytes, and
 * the file, once found to be a spec, is read whole; here both come from one read of the file.
 * A file is kept from its classification until `take` hands it over (or `drop` forgets it).
 */
export class ContextReads {
  /** Files kept from their classification, decoded, and their sizes. */
  readonly #reads = new Map<string, { read: ReadOutcome; size: number }>();
  #kept = 0;
  /** Files handed over by `take`. */
  readonly #taken = new Set<string>();

  /**
   * `keepAtMost`: the most bytes kept at once (a run's plan classifies every file before the
   * first is linted: past this, a file's first bytes are read alone, and the file again later).
   */
  constructor(readonly keepAtMost = Infinity) {}

  /** The first `bytes` bytes as UTF-8, as `readHead` gives them. */
  head = (file: string, bytes: number): string => this.#head(file, bytes) ?? '';

  #head(file: string, bytes: number): string | null {
    const kept = this.#reads.get(file);
    // A kept file no longer than the head is its own head; a longer one is asked again rarely
    // (its head is not kept: it would live as long as the text, for nothing).
    if (kept) return kept.size <= bytes && 'text' in kept.read ? kept.read.text : readRegularHead(file, bytes);
    const whole = this.#wholeRead(file);
    // A file that cannot be linted is classified as before, from a read of its first bytes.
    if (!whole) return readRegularHead(file, bytes);
    const read = this.#keep(file, whole);
    return read && 'text' in read && whole.buf.length <= bytes ? read.text : whole.buf.toString('utf8', 0, Math.min(bytes, whole.buf.length));
  }

  /**
   * The file read whole; null when the plan keeps enough already, or for a large file (a long
   * document beside the specs is not kept whole for its first bytes) or one that cannot be linted.
   */
  #wholeRead(file: string): { buf: Buffer; stat: ReadStat } | null {
    if (this.#kept >= this.keepAtMost) return null;
    const whole = readSpecBytes(file, KEEP_FOR_CONTEXT);
    return !whole || 'problem' in whole ? null : whole;
  }

  /**
   * Keeps a whole read when it opens with frontmatter: only such a file can be classified a
   * spec, and another (a README, a long document) is not kept until the end of discovery.
   */
  #keep(file: string, whole: { buf: Buffer; stat: ReadStat }): ReadOutcome | null {
    if (!opensWithFrontmatter(whole.buf.toString('utf8', 0, Math.min(64, whole.buf.length)))) return null;
    const read = decodeRead(whole);
    this.#reads.set(file, { read, size: whole.buf.length });
    this.#kept += whole.buf.length;
    return read;
  }

  /** A kept file's size in bytes; undefined when it is not kept. */
  keptSize(file: string): number | undefined {
    return this.#reads.get(file)?.size;
  }

  /** Lets go of a kept read that another thread's lint reads for itself. */
  forget(file: string): void {
    const kept = this.#reads.get(file);
    if (!kept) return;
    this.#reads.delete(file);
    this.#kept -= kept.size;
  }

  /** The file read as a spec: from the read its classification made, else read now. */
  take(file: string): ReadOutcome {
    this.#taken.add(file);
    const kept = this.#reads.get(file);
    if (!kept) return readSpec(file);
    this.#reads.delete(file);
    this.#kept -= kept.size;
    return kept.read;
  }

  drop(): void {
    this.#reads.clear();
    this.#taken.clear();
    this.#kept = 0;
  }
}

/** Read-only, and not blocking on a FIFO (where the platform has the flag). */
const OPEN_FLAGS = fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0);

/** One decoder for every file: a whole-buffer decode keeps no state from one call to the next. */
let utf8: TextDecoder | undefined;

export function decode(buf: Buffer): ReadOutcome {
  const probe = buf.subarray(0, 8192);
  if (probe.includes(0)) return { problem: fileProblem('file-encoding', 'file holds binary content (a NUL byte)', `A spec is UTF-8 markdown text. ${IGNORE_IT}`) };
  try {
    utf8 ??= new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    return { text: utf8.decode(buf) };
  } catch {
    // The line of the first invalid byte (a U+FFFD written in the file before it is legitimate).
    const bad = firstInvalidUtf8(buf);
    let line = 1;
    for (let i = buf.indexOf(10); i !== -1 && i < bad; i = buf.indexOf(10, i + 1)) line++;
    return { problem: { ...fileProblem('file-encoding', 'file is not valid UTF-8 text', 'Save it as UTF-8: the line shown holds the first byte that is not (agents and editors read specs as UTF-8).'), line, endLine: line } };
  }
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence (the length when none). */
export function firstInvalidUtf8(buf: Uint8Array): number {
  for (let i = 0; i < buf.length; ) {
    const b = buf[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let n: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) (n = 1), (min = 0x80);
    else if (b >= 0xe0 && b <= 0xef) (n = 2), (min = 0x800);
    else if (b >= 0xf0 && b <= 0xf4) (n = 3), (min = 0x10000);
    else return i;
    let cp = b & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const c = buf[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are invalid too.
    if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return i;
    i += n + 1;
  }
  return buf.length;
}
