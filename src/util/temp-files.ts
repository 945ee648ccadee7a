/**
 * Temporary files that are replaced into place by a rename (a fixed spec, the lint cache): made
 * fresh in the target's folder (O_EXCL, so a file or symlink planted under the name is never
 * written through; a random name, so it cannot be planted in advance), and removed again when
 * the write fails. A SIGINT or SIGTERM that comes during a write ends the process only once the
 * write is done or undone (see `deferSignals`), so that no temporary file is left behind.
 */
import { closeSync, constants as C, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { crypto } from './builtin.js';

/** On SIGINT/SIGTERM: die of the same signal (with no listener left, its default action ends the process). */
function onSignal(sig: NodeJS.Signals): void {
  process.removeListener('SIGINT', onSignal);
  process.removeListener('SIGTERM', onSignal);
  process.kill(process.pid, sig);
}

/**
 * With a listener, Node.js hands a signal to JavaScript between turns of its event loop instead
 * of letting it end the process at once; a write here is synchronous, so by then it is done or
 * undone, and the listener ends the process by the same signal. Installed once per process
 * (its listener list says whether it is).
 */
function deferSignals(): void {
  if (process.listeners('SIGTERM').includes(onSignal)) return;
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

export interface TempFile {
  path: string;
  fd: number;
}

/** A new, empty temporary file beside `target` (mode `mode`, before the umask). */
function createTempFile(target: string, mode: number): TempFile {
  const name = `.${path.basename(target)}.${crypto().randomBytes(6).toString('hex')}.tmp`;
  const p = path.join(path.dirname(target), name);
  const fd = openSync(p, C.O_WRONLY | C.O_CREAT | C.O_EXCL | (C.O_NOFOLLOW ?? 0), mode);
  return { path: p, fd };
}

/** Removes a temporary file (after a failure); never throws. */
function discardTempFile(t: TempFile): void {
  try {
    closeSync(t.fd);
  } catch {
    /* already closed */
  }
  try {
    unlinkSync(t.path);
  } catch {
    /* already gone */
  }
}

/** Writes `data` to a fresh temporary file and renames it over `target`; nothing is left behind on failure. */
export function replaceFile(target: string, data: string | Buffer, mode = 0o600, before?: (t: TempFile) => void): void {
  deferSignals();
  const t = createTempFile(target, mode);
  try {
    writeAll(t.fd, data);
    before?.(t);
    closeSync(t.fd);
    t.fd = -1;
    renameSync(t.path, target);
  } catch (e) {
    discardTempFile(t);
    throw e;
  }
}

/** Writes all of `data`, at the file's position or at `position`. */
export function writeAll(fd: number, data: string | Buffer, position?: number): void {
  const buf = typeof data === 'string' ? Buffer.from(data) : data;
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off, position === undefined ? null : position + off);
}
