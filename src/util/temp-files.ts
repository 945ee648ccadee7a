/**
 * Temporary files that are replaced into place by a rename (a fixed spec, the lint cache): made
 * fresh in the target's folder (O_EXCL, so a file or symlink planted under the name is never
 * written through; a random name, so it cannot be planted in advance), and removed again when
 * the write fails or the process is stopped by SIGINT or SIGTERM.
 */
import { closeSync, constants as C, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { crypto } from './builtin.js';

const live = new Set<string>();
let handlersInstalled = false;

function removeAll(): void {
  for (const p of live) {
    try {
      unlinkSync(p);
    } catch {
      /* already gone */
    }
  }
  live.clear();
}

/** On SIGINT/SIGTERM: remove the temporary files, then die of the same signal. */
function onSignal(sig: NodeJS.Signals): void {
  removeAll();
  process.removeListener('SIGINT', onSignal);
  process.removeListener('SIGTERM', onSignal);
  process.kill(process.pid, sig);
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', removeAll);
}

export interface TempFile {
  path: string;
  fd: number;
}

/** A new, empty temporary file beside `target` (mode `mode`, before the umask). */
export function createTempFile(target: string, mode = 0o600): TempFile {
  installHandlers();
  const name = `.${path.basename(target)}.${crypto().randomBytes(6).toString('hex')}.tmp`;
  const p = path.join(path.dirname(target), name);
  const fd = openSync(p, C.O_WRONLY | C.O_CREAT | C.O_EXCL | (C.O_NOFOLLOW ?? 0), mode);
  live.add(p);
  return { path: p, fd };
}

/** Removes a temporary file (after a failure); never throws. */
export function discardTempFile(t: TempFile): void {
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
  live.delete(t.path);
}

/** Writes `data` to a fresh temporary file and renames it over `target`; nothing is left behind on failure. */
export function replaceFile(target: string, data: string | Buffer, mode = 0o600, before?: (t: TempFile) => void): void {
  const t = createTempFile(target, mode);
  try {
    writeAll(t.fd, data);
    before?.(t);
    closeSync(t.fd);
    t.fd = -1;
    renameSync(t.path, target);
    live.delete(t.path);
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
