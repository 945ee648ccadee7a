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
  const buf = Buffer.allocUnsafe(size);
  let got = 0;
  while (got < size) {
    const n = readSync(fd, buf, got, size - got, got);
    if (n === 0) break;
    got += n;
  }
  return got < buf.length ? buf.subarray(0, got) : buf;
}

/** A file's bytes (a regular file of at most `maxBytes` bytes; ReadRefused otherwise). */
export function readRegularFile(file: string, maxBytes: number, opts: { noFollow?: boolean } = {}): Buffer {
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
  let fd: number | undefined;
  try {
    const opened = openRegularFile(file);
    fd = opened.fd;
    // A file that says it holds nothing may still hold something (`/proc`): read up to 64 KB of it.
    return readOpened(fd, Math.min(bytes, opened.size > 0 ? opened.size : 64 * 1024)).toString('utf8');
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
