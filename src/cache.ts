/**
 * The lint cache (`--cache`): results of files whose content, project and config have not
 * changed are reused. A file's key hashes the tool version, the rules in force for it (severities
 * and options), its kind and profile, its text, and a fingerprint of every spec in its project
 * (cross-file rules depend on the other files too).
 */
import { crypto } from './util/builtin.js';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { VERSION } from './meta.js';
import type { LintMessage, LintResult } from './types.js';

export const DEFAULT_CACHE_FILE = '.agent-lint-cache';

interface Entry {
  key: string;
  messages: LintMessage[];
  suppressedMessages: LintMessage[];
}

interface CacheFile {
  tool: 'agent-lint';
  version: string;
  entries: Record<string, Entry>;
}

export function hashText(...parts: string[]): string {
  const h = crypto().createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
}

export class LintCache {
  #entries: Record<string, Entry> = {};
  #dirty = false;
  hits = 0;
  misses = 0;

  constructor(readonly file: string) {
    try {
      const data = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
      if (data && data.tool === 'agent-lint' && data.version === VERSION && data.entries && typeof data.entries === 'object') {
        this.#entries = data.entries;
      }
    } catch {
      /* no cache yet, or a broken one: start empty */
    }
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

  /** Writes the cache atomically (only when something changed). */
  save(): void {
    if (!this.#dirty) return;
    const data: CacheFile = { tool: 'agent-lint', version: VERSION, entries: this.#entries };
    const tmp = path.join(path.dirname(this.file), `.${path.basename(this.file)}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify(data));
    renameSync(tmp, this.file);
    this.#dirty = false;
  }
}
