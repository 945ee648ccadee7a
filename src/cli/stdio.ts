/**
 * Standard output and error without Node.js's stream objects: `process.stdout` on a pipe sets up
 * a socket (loading node:net and node:stream, about 5 ms of a one-file run). Writes are
 * synchronous and whole, as Node.js's own writes to pipes and files are on Linux; a pipe that
 * was left non-blocking (EAGAIN) hands the rest to the stream, and a reader that stopped early
 * (EPIPE, `agent-lint | head`) ends the run quietly.
 */
import { fstatSync, statSync, writeSync } from 'node:fs';
import { tty } from '../util/builtin.js';

/** A reader gone (EPIPE) or no descriptor at all (EBADF, `agent-lint >&-`): nothing to write to. */
function endOnEpipe(e: NodeJS.ErrnoException): void {
  if (e.code === 'EPIPE' || e.code === 'EBADF') process.exit(process.exitCode ?? 0);
  throw e;
}

/** Writes to standard output or error (`fd` 1 or 2). */
export class FdWriter {
  #stream?: NodeJS.WriteStream;

  constructor(readonly fd: 1 | 2) {}

  /** Whether output was handed to the stream, whose writes may still be pending. */
  get streamed(): boolean {
    return this.#stream !== undefined;
  }

  write = (s: string): void => {
    if (this.#stream) {
      this.#stream.write(s);
      return;
    }
    const buf = Buffer.from(s, 'utf8');
    let off = 0;
    try {
      while (off < buf.length) off += writeSync(this.fd, buf, off, buf.length - off);
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code !== 'EAGAIN') return endOnEpipe(err);
      this.#stream = this.fd === 1 ? process.stdout : process.stderr;
      this.#stream.on('error', endOnEpipe);
      this.#stream.write(buf.subarray(off));
    }
  };
}

/**
 * Whether a descriptor is a terminal; node:tty is loaded only for a character device other than
 * /dev/null (`> /dev/null` is common in scripts and hooks).
 */
export function isTerminal(fd: number): boolean {
  try {
    const st = fstatSync(fd);
    if (!st.isCharacterDevice()) return false;
    if (process.platform !== 'win32' && st.rdev === statSync('/dev/null').rdev) return false;
  } catch {
    return false;
  }
  return tty().isatty(fd);
}
