/**
 * The lint cache (`--cache`): results of files whose content, project and config have not
 * changed are reused. A file's key hashes the tool version, the rules in force for it (severities
 * and options), its kind and profile, every project-wide input (the standard settings, the agent
 * names known from outside), its text, and a fingerprint of every spec in its project
 * (cross-file rules depend on the other files too).
 *
 * A cache file is input like any other: it may be corrupt or crafted, or committed by a stranger
 * to hide errors. It is read only when it is a regular file of bounded size; it is bound to the
 * tool version and to an HMAC-SHA256 of its entries under a key of this user's that lives outside
 * the checkout (`cache-key` in the private folder, src/util/private-dir.ts), so a repository
 * cannot forge one; every entry's shape is checked, and on any doubt the whole cache is dropped
 * (a cache can only make a run faster, never change its result). The file is written through a
 * fresh temporary file in its folder and renamed into place; only a regular file (or nothing)
 * may be at its path.
 */
import { crypto } from './util/builtin.js';
import { closeSync, constants as C, fstatSync, lstatSync, openSync, statSync, writeSync } from 'node:fs';
import { readOpened, readRegularFile } from './util/read-bounded.js';
import { ownedByMe, privateDir } from './util/private-dir.js';
import path from 'node:path';
import { VERSION } from './meta.js';
import type { LintMessage, LintResult } from './types.js';
import { replaceFile } from './util/temp-files.js';

export const DEFAULT_CACHE_FILE = '.agent-lint-cache';
/** A cache file larger than this is not read (the run starts with an empty cache). */
export const MAX_CACHE_BYTES = 256 * 1024 * 1024;

/** A cache location that cannot be used: reported as one line, exit 2. */
export class CacheLocationError extends Error {}

interface Entry {
  key: string;
  messages: LintMessage[];
  suppressedMessages: LintMessage[];
}

interface CacheFile {
  tool: 'agent-lint';
  version: string;
  /** HMAC-SHA256 of JSON.stringify(entries) under this user's cache key. */
  hash: string;
  entries: Record<string, Entry>;
}

export function hashText(...parts: string[]): string {
  const h = crypto().createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPos = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 1;
const isLoc = (m: Record<string, unknown>): boolean => isPos(m['line']) && isPos(m['column']) && isPos(m['endLine']) && isPos(m['endColumn']);
const optStr = (v: unknown): boolean => v === undefined || typeof v === 'string';

function isMessage(m: unknown): m is LintMessage {
  if (!isObj(m) || typeof m['ruleId'] !== 'string' || (m['severity'] !== 1 && m['severity'] !== 2) || typeof m['message'] !== 'string' || !isLoc(m)) return false;
  if (!optStr(m['messageId']) || (m['fatal'] !== undefined && typeof m['fatal'] !== 'boolean')) return false;
  const fix = m['fix'];
  if (fix !== undefined) {
    if (!isObj(fix) || typeof fix['text'] !== 'string' || !Array.isArray(fix['range']) || fix['range'].length !== 2) return false;
    const [a, b] = fix['range'] as unknown[];
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || (a as number) < 0 || (b as number) < (a as number)) return false;
  }
  const related = m['related'];
  if (related !== undefined && !(Array.isArray(related) && related.every((r) => isObj(r) && typeof r['filePath'] === 'string' && typeof r['message'] === 'string' && isLoc(r)))) return false;
  const sup = m['suppressions'];
  if (sup !== undefined && !(Array.isArray(sup) && sup.every((s) => isObj(s) && s['kind'] === 'directive' && typeof s['justification'] === 'string'))) return false;
  return true;
}

function isEntry(e: unknown): e is Entry {
  return (
    isObj(e) &&
    typeof e['key'] === 'string' &&
    /^[0-9a-f]{64}$/.test(e['key']) &&
    Array.isArray(e['messages']) &&
    e['messages'].every(isMessage) &&
    Array.isArray(e['suppressedMessages']) &&
    e['suppressedMessages'].every(isMessage)
  );
}

const KEY_FILE = 'cache-key';
const KEY_BYTES = 32;

/**
 * This user's cache key: read from the private folder, or made there (random, created
 * exclusively, mode 0600). Null when there is no private folder or the key is not this user's
 * alone: then no cache can be trusted, and none is read.
 */
export function cacheKey(): Buffer | null {
  const dir = privateDir(true);
  if (!dir) return null;
  const file = path.join(dir, KEY_FILE);
  try {
    const fd = openSync(file, C.O_WRONLY | C.O_CREAT | C.O_EXCL | (C.O_NOFOLLOW ?? 0), 0o600);
    try {
      writeSync(fd, crypto().randomBytes(KEY_BYTES).toString('hex'));
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return null;
  }
  let fd: number | undefined;
  try {
    fd = openSync(file, C.O_RDONLY | (C.O_NOFOLLOW ?? 0) | (C.O_NONBLOCK ?? 0));
    const st = fstatSync(fd);
    if (!st.isFile() || !ownedByMe(st) || st.size !== KEY_BYTES * 2) return null;
    return Buffer.from(readOpened(fd, st.size).toString('utf8'), 'hex');
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The entries' seal: an HMAC under the key, which a repository does not have. */
export function sealEntries(entriesJson: string, key: Buffer): string {
  return crypto().createHmac('sha256', key).update(entriesJson).digest('hex');
}

/** The entries of a cache file's text, or undefined when anything about it is doubtful. */
export function parseCacheFile(text: string, key: Buffer | null): Record<string, Entry> | undefined {
  if (!key) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObj(data) || data['tool'] !== 'agent-lint' || data['version'] !== VERSION || !isObj(data['entries'])) return undefined;
  const hash = data['hash'];
  const seal = sealEntries(JSON.stringify(data['entries']), key);
  if (typeof hash !== 'string' || hash.length !== seal.length || !crypto().timingSafeEqual(Buffer.from(hash), Buffer.from(seal))) return undefined;
  const entries: Record<string, Entry> = Object.create(null) as Record<string, Entry>;
  for (const [file, e] of Object.entries(data['entries'])) {
    if (!path.isAbsolute(file) || !isEntry(e)) return undefined;
    entries[file] = e;
  }
  return entries;
}

/** What is at a cache location: nothing (it will be made) or a regular file; else the reason it cannot be used. */
function checkLocation(file: string, given: string): void {
  if (given === '') throw new CacheLocationError('--cache-location is empty');
  let st;
  try {
    st = lstatSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new CacheLocationError(`--cache-location "${given}": ${(e as Error).message}`);
    let dir;
    try {
      dir = statSync(path.dirname(file));
    } catch {
      throw new CacheLocationError(`--cache-location "${given}": its folder does not exist`);
    }
    if (!dir.isDirectory()) throw new CacheLocationError(`--cache-location "${given}": its parent is not a folder`);
    return;
  }
  if (st.isDirectory()) throw new CacheLocationError(`--cache-location "${given}" is a folder; give a file name`);
  if (!st.isFile()) throw new CacheLocationError(`--cache-location "${given}" is not a regular file (${st.isSymbolicLink() ? 'a symlink' : 'a FIFO, socket or device'}); the cache is written only to a regular file`);
}

/** The cache file's text, or undefined when it is not a regular file of at most `max` bytes. */
function readBounded(file: string, max: number): string | undefined {
  try {
    return readRegularFile(file, max, { noFollow: true }).toString('utf8');
  } catch {
    return undefined;
  }
}

export class LintCache {
  #entries: Record<string, Entry> = Object.create(null) as Record<string, Entry>;
  #dirty = false;
  hits = 0;
  misses = 0;
  readonly file: string;
  readonly #key: Buffer | null;

  /** `given` is the location as the user wrote it (for messages); throws CacheLocationError for an unusable one. */
  constructor(file: string, given: string = file) {
    this.file = path.resolve(file);
    checkLocation(this.file, given);
    this.#key = cacheKey();
    const text = readBounded(this.file, MAX_CACHE_BYTES);
    const entries = text === undefined ? undefined : parseCacheFile(text, this.#key);
    if (entries) this.#entries = entries;
    else if (text !== undefined) this.#dirty = true; // a doubtful cache is replaced by this run's
  }

  get(filePath: string, key: string): Pick<LintResult, 'messages' | 'suppressedMessages'> | undefined {
    const e = this.#entries[filePath];
    if (e && e.key === key) {
      this.hits++;
      return { messages: e.messages, suppressedMessages: e.suppressedMessages };
    }
    this.misses++;
    return undefined;
  }

  set(filePath: string, key: string, result: Pick<LintResult, 'messages' | 'suppressedMessages'>): void {
    this.#entries[filePath] = { key, messages: result.messages, suppressedMessages: result.suppressedMessages };
    this.#dirty = true;
  }

  /**
   * Writes the cache atomically (only when something changed), without the entries of files
   * that no longer exist (deleted or renamed). Throws CacheLocationError when it cannot.
   */
  save(): void {
    if (!this.#dirty) return;
    for (const f of Object.keys(this.#entries)) {
      try {
        statSync(f);
      } catch {
        delete this.#entries[f];
      }
    }
    const entries = this.#entries;
    // Without a key nothing can be sealed, and nothing written would be read.
    if (!this.#key) return;
    const data: CacheFile = { tool: 'agent-lint', version: VERSION, hash: sealEntries(JSON.stringify(entries), this.#key), entries };
    checkLocation(this.file, this.file);
    try {
      replaceFile(this.file, JSON.stringify(data), 0o644);
    } catch (e) {
      throw new CacheLocationError(`cannot write the cache to ${this.file}: ${(e as Error).message}`);
    }
    this.#dirty = false;
  }
}
