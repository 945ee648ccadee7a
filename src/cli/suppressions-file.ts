/**
 * The bulk suppressions file on disk, for the command line and the Action: read it (bounded,
 * parsed as data only), write it atomically, and apply it to a run's results (the logic is in
 * src/engine/bulk-suppressions.ts, which takes data).
 */
import { closeSync, lstatSync } from 'node:fs';
import { replaceFile } from '../util/temp-files.js';
import { escapeControl } from '../formatters/escape.js';
import { openRegularFile, readOpened, ReadRefused } from '../util/read-bounded.js';
import path from 'node:path';
import {
  applySuppressions,
  parseSuppressionsFile,
  pruneSuppressions,
  recordSuppressions,
  serializeSuppressions,
  SuppressionsFileError,
  type AppliedSuppressions,
  type StaleSuppression,
  type SuppressionsData,
} from '../engine/bulk-suppressions.js';
import type { LintResult } from '../types.js';
import { relPosix } from '../util/paths.js';

/** A suppressions file is small (a line per file and rule); a bigger one is refused. */
const MAX_BYTES = 10 * 1024 * 1024;

/** The file's data; none when the file does not exist. Throws SuppressionsFileError with a reason. */
export function readSuppressionsFile(file: string): SuppressionsData | undefined {
  let fd: number;
  let st: { size: number };
  try {
    // Not through a link: a committed link could read (and echo in an error) a file outside.
    const opened = openRegularFile(file, { noFollow: true });
    fd = opened.fd;
    st = { size: opened.size };
  } catch (e) {
    if (e instanceof ReadRefused) throw new SuppressionsFileError('not a regular file');
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new SuppressionsFileError('it is a symlink; only a regular file is read');
    throw new SuppressionsFileError(`cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    if (st.size > MAX_BYTES) throw new SuppressionsFileError(`${st.size} bytes; at most ${MAX_BYTES} are read`);
    return parseSuppressionsFile(readOpened(fd, st.size).toString('utf8'));
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the file whole through a fresh temporary file made exclusively beside it (a name
 * nobody can plant a link under) and renamed into place; a symlink or anything but a regular
 * file at its own path is refused, never followed.
 */
export function writeSuppressionsFile(file: string, data: SuppressionsData): void {
  let st;
  try {
    st = lstatSync(file);
  } catch {
    /* not there yet: made */
  }
  if (st && !st.isFile()) throw new SuppressionsFileError(st.isSymbolicLink() ? 'it is a symlink; only a regular file is written' : 'not a regular file');
  try {
    replaceFile(file, serializeSuppressions(data), 0o644);
  } catch (e) {
    throw new SuppressionsFileError(`cannot write it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

export interface SuppressionRequest {
  file: string;
  /** `--suppress-all`: record every rule's errors; `--suppress-rule`: these rules' errors. */
  record?: 'all' | ReadonlySet<string>;
  /** `--prune-suppressions`. */
  prune?: boolean;
}

export interface SuppressionOutcome extends AppliedSuppressions {
  /** Whether the file exists (or was written by this run). */
  present: boolean;
  written: boolean;
}

/** Records or prunes as asked (writing the file), then applies it to the results. */
export function runSuppressions(results: readonly LintResult[], req: SuppressionRequest): SuppressionOutcome {
  const keyOf = (f: string) => relPosix(path.dirname(req.file), f);
  const before = readSuppressionsFile(req.file);
  let data = before ?? {};
  if (req.record) data = recordSuppressions(data, results, keyOf, req.record === 'all' ? undefined : req.record);
  if (req.prune) data = pruneSuppressions(data, results, keyOf);
  let written = false;
  if (req.record || (req.prune && before)) {
    writeSuppressionsFile(req.file, data);
    written = true;
  }
  return { ...applySuppressions(results, data, keyOf), present: !!before || written, written };
}

/** `file: rule-id (3 suppressed, 1 found)`, one per stale count. */
export function staleLines(stale: readonly StaleSuppression[]): string[] {
  // The file's keys are a repository's text: a line break in one must not start a line of its own
  // (a GitHub workflow command such as ::error:: or ::stop-commands::).
  return stale.map((s) => `${escapeControl(s.file)}: ${escapeControl(s.ruleId)} (${s.count} suppressed, ${s.found} found)`);
}

export { SuppressionsFileError, DEFAULT_SUPPRESSIONS_FILE } from '../engine/bulk-suppressions.js';
