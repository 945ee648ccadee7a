/**
 * Reading a file that may be anything: only a regular file is read (a FIFO or device would block
 * or never end: `/dev/zero`), opened without blocking, and only up to a bound.
 */
import { closeSync, constants as C, fstatSync, openSync, readSync } from 'node:fs';

/** Why a file was not read, in words (`it is a directory`, `files over 20971520 bytes ...`). */
export class ReadRefused extends Error {}

/**
 * Opens a regular file without blocking and returns its descriptor and size; throws ReadRefused
 * for anything else (closing what it opened). The caller closes the descriptor.
 */
export function openRegularFile(file: string, opts: { noFollow?: boolean } = {}): { fd: number; size: number } {
  const fd = openSync(file, C.O_RDONLY | (C.O_NONBLOCK ?? 0) | (opts.noFollow ? (C.O_NOFOLLOW ?? 0) : 0));
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new ReadRefused('it is a directory');
    if (!st.isFile()) throw new ReadRefused('it is not a regular file (a FIFO, socket or device), so it is not read');
    return { fd, size: st.size };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/**
 * The `size` bytes an opened file had when it was looked at (fewer if it shrank since): one
 * buffer, read until it is full or the file ends.
 */
export function readOpened(fd: number, size: number): Buffer {
  return readOpenedInto(Buffer.allocUnsafe(size), fd, size);
}

/**
 * Reads of up to 1 MB share one buffer kept for the process: a buffer per file was an
 * ArrayBuffer per file for the garbage collector to track and free (about 1,700 in a
 * whole-corpus run, 12 MB outside the heap). What is read into it is a view, valid until the
 * next shared read: callers decode it before they read again.
 */
const SHARED_BYTES = 1024 * 1024;
let shared: Buffer | undefined;
const bufferFor = (size: number): Buffer => (size <= SHARED_BYTES ? (shared ??= Buffer.allocUnsafe(SHARED_BYTES)) : Buffer.allocUnsafe(size));

/** `readOpened` into the shared buffer (see above): a view, valid until the next shared read. */
export function readOpenedShared(fd: number, size: number): Buffer {
  return readOpenedInto(bufferFor(size), fd, size);
}

/** `readOpened`'s read into `buf` (at least `size` bytes long): a view of its first bytes. */
function readOpenedInto(buf: Buffer, fd: number, size: number): Buffer {
  let got = 0;
  while (got < size) {
    const n = readSync(fd, buf, got, size - got, got);
    if (n === 0) break;
    got += n;
  }
  return got < buf.length ? buf.subarray(0, got) : buf;
}

/**
 * Reads kept for the length of one run (its scope is util/folders.ts's): a small file that
 * several parts of a run read whole (a plugin's manifest: discovery, the plugin locator, the
 * marketplace's plugins) is read once, and a file's first bytes may come from a reader that
 * keeps what it reads for the run's lint (`useRunHeads`). A run sees each file as it was when
 * first read, as it sees each folder as first listed. Bounded: files up to 256 KB, 8 MB in all.
 */
let runReads: Map<string, Buffer> | undefined;
let runBytes = 0;
let runHeads: ((file: string, bytes: number) => string | null | undefined) | undefined;
const RUN_KEEPS_FILE = 256 * 1024;
const RUN_KEEPS_BYTES = 8 * 1024 * 1024;

/** Keeps reads until the function it returns is called (nested calls share the outer run's). */
export function keepRunReads(): () => void {
  if (runReads) return () => {};
  runReads = new Map();
  runBytes = 0;
  return () => {
    runReads = undefined;
    runHeads = undefined;
  };
}

/**
 * Inside a run, `heads` answers `readRegularHead` first (undefined: not its file): the lint's
 * reads serve the first bytes of a file it will lint (util/read-spec.ts), so that the file is
 * read once. `heads` reads the disk with `readRegularHeadNow`. Returns the function that ends it.
 */
export function useRunHeads(heads: (file: string, bytes: number) => string | null | undefined): () => void {
  if (!runReads) return () => {};
  // A nested lint's reader stands for its length; the outer one's comes back after it.
  const outer = runHeads;
  runHeads = heads;
  return () => {
    if (runHeads === heads) runHeads = outer;
  };
}

/** Forgets a run's read of a file (it was written: a fix). */
export function forgetRunRead(file: string): void {
  if (runReads?.has(file)) {
    runBytes -= runReads.get(file)!.length;
    runReads.delete(file);
  }
}

/** A file's bytes as the run first read them (a Buffer nobody writes to), or as read now. */
export function readRegularFile(file: string, maxBytes: number, opts: { noFollow?: boolean } = {}): Buffer {
  if (!runReads || opts.noFollow) return readRegularFileNow(file, maxBytes, opts);
  const kept = runReads.get(file);
  // A smaller bound than the first read's: read again, for the refusal that bound gives.
  if (kept !== undefined) return kept.length <= maxBytes ? kept : readRegularFileNow(file, maxBytes);
  // What cannot be read is not kept: it is asked about again rarely, and its error says its bound.
  const buf = readRegularFileNow(file, maxBytes);
  if (buf.length <= RUN_KEEPS_FILE && runBytes + buf.length <= RUN_KEEPS_BYTES) {
    runReads.set(file, buf);
    runBytes += buf.length;
  }
  return buf;
}

function readRegularFileNow(file: string, maxBytes: number, opts: { noFollow?: boolean } = {}): Buffer {
  let fd: number | undefined;
  try {
    const opened = openRegularFile(file, opts);
    fd = opened.fd;
    if (opened.size > maxBytes) throw new ReadRefused(`it is ${opened.size} bytes; files over ${maxBytes} bytes are not read`);
    return readOpened(fd, opened.size);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The first `bytes` bytes of a regular file as UTF-8 (what a look at its frontmatter needs), or
 * null when it is not a regular file or cannot be read.
 */
export function readRegularHead(file: string, bytes: number): string | null {
  const served = runHeads?.(file, bytes);
  return served !== undefined ? served : readRegularHeadNow(file, bytes);
}

/** `readRegularHead` from the disk. */
export function readRegularHeadNow(file: string, bytes: number): string | null {
  let fd: number | undefined;
  try {
    fd = openRegularFile(file).fd;
    const buf = bufferFor(bytes);
    return buf.toString('utf8', 0, readSync(fd, buf, 0, bytes, 0));
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
