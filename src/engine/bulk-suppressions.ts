/**
 * Bulk suppressions, as ESLint 9's: a file (`agent-lint-suppressions.json`) that counts, per file
 * and per rule, the errors a team has accepted for now. A later run reports a file's errors of a
 * rule only when there are more of them than the count (then all of them: which one is new
 * cannot be told), so counts survive edits that move lines. Warnings and fatal problems are never
 * suppressed. A count higher than the errors found is stale: it would let a new error replace a
 * fixed one unseen, so it is reported until the file is pruned.
 *
 * Data in, data out: no file is read or written here (the command line, the Action and the
 * language server read the file and hand its text over). Files are keyed by their path relative
 * to the suppressions file's folder, with `/` separators.
 */
import type { LintMessage, LintResult } from '../types.js';
import { summarize } from './engine.js';

export const DEFAULT_SUPPRESSIONS_FILE = 'agent-lint-suppressions.json';

/** `{ "path/to/file.md": { "rule-id": { "count": 2 } } }` */
export type SuppressionsData = Record<string, Record<string, { count: number }>>;

/** A count higher than the errors found for its file and rule. */
export interface StaleSuppression {
  file: string;
  ruleId: string;
  count: number;
  found: number;
}

export class SuppressionsFileError extends Error {}

/** Reads the file's text, refusing anything but the shape above (nothing in it is executed). */
export function parseSuppressionsFile(text: string): SuppressionsData {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new SuppressionsFileError(`not valid JSON (${(e as Error).message})`);
  }
  if (!isObject(raw)) throw new SuppressionsFileError('expected an object of files');
  const data: SuppressionsData = record();
  for (const [file, rules] of Object.entries(raw)) {
    if (!isObject(rules)) throw new SuppressionsFileError(`"${file}": expected an object of rule ids`);
    const out: Record<string, { count: number }> = record();
    for (const [ruleId, entry] of Object.entries(rules)) {
      const count = isObject(entry) ? entry['count'] : undefined;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
        throw new SuppressionsFileError(`"${file}" > "${ruleId}": expected { "count": n } with a whole number n >= 1`);
      }
      out[ruleId] = { count };
    }
    if (Object.keys(out).length) data[file] = out;
  }
  return data;
}

/** The file's text: keys sorted, so that it diffs well and a rerun writes the same bytes. */
export function serializeSuppressions(data: SuppressionsData): string {
  const sorted: SuppressionsData = record();
  for (const file of Object.keys(data).sort()) {
    const rules = data[file]!;
    const ids = Object.keys(rules).sort();
    if (!ids.length) continue;
    sorted[file] = record();
    for (const id of ids) sorted[file][id] = { count: rules[id]!.count };
  }
  return JSON.stringify(sorted, null, 2) + '\n';
}

/** Whether a message can be suppressed in bulk: an error a rule reported, not a fatal problem. */
const countable = (m: LintMessage) => m.severity === 2 && !m.fatal;

function countByRule(messages: readonly LintMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of messages) if (countable(m)) counts.set(m.ruleId, (counts.get(m.ruleId) ?? 0) + 1);
  return counts;
}

export interface AppliedSuppressions {
  results: LintResult[];
  /** Errors moved to `suppressedMessages`. */
  suppressed: number;
  /** Counts of the linted files higher than the errors found (files not linted are not judged). */
  stale: StaleSuppression[];
}

/**
 * Moves the errors within the counts to `suppressedMessages` (with a suppression of kind
 * `file`) and recounts each result. `keyOf` gives a result's key in `data`.
 */
export function applySuppressions(results: readonly LintResult[], data: SuppressionsData, keyOf: (filePath: string) => string): AppliedSuppressions {
  let suppressed = 0;
  const stale: StaleSuppression[] = [];
  // No counts (no suppressions file, the usual case): no result's key is needed.
  if (Object.keys(data).length === 0) return { results: results.slice(), suppressed, stale };
  const out = results.map((r) => {
    const file = keyOf(r.filePath);
    const counts = data[file];
    if (!counts) return r;
    const found = countByRule(r.messages);
    const within = new Set<string>();
    for (const [ruleId, { count }] of Object.entries(counts)) {
      const n = found.get(ruleId) ?? 0;
      if (n <= count && n > 0) within.add(ruleId);
      if (n < count) stale.push({ file, ruleId, count, found: n });
    }
    if (!within.size) return r;
    const messages: LintMessage[] = [];
    const moved: LintMessage[] = [];
    for (const m of r.messages) {
      if (countable(m) && within.has(m.ruleId)) moved.push({ ...m, suppressions: [{ kind: 'file', justification: '' }] });
      else messages.push(m);
    }
    suppressed += moved.length;
    return summarize({ ...r, messages, suppressedMessages: [...r.suppressedMessages, ...moved] });
  });
  return { results: out, suppressed, stale };
}

/**
 * The data with the linted files' counts set to the errors found now: of every rule (`rules`
 * omitted, `--suppress-all`) or of the given rules (`--suppress-rule`); a count of such a rule
 * with no error left goes. Files not linted and other rules keep their counts.
 */
export function recordSuppressions(data: SuppressionsData, results: readonly LintResult[], keyOf: (filePath: string) => string, rules?: ReadonlySet<string>): SuppressionsData {
  const next = copy(data);
  for (const r of results) {
    const file = keyOf(r.filePath);
    const entry = record<{ count: number }>();
    for (const [ruleId, e] of Object.entries(next[file] ?? {})) if (rules && !rules.has(ruleId)) entry[ruleId] = e;
    for (const [ruleId, n] of countByRule(r.messages)) if (!rules || rules.has(ruleId)) entry[ruleId] = { count: n };
    if (Object.keys(entry).length) next[file] = entry;
    else delete next[file];
  }
  return next;
}

/** The data with the linted files' counts lowered to the errors found now (zero drops the entry). */
export function pruneSuppressions(data: SuppressionsData, results: readonly LintResult[], keyOf: (filePath: string) => string): SuppressionsData {
  const next = copy(data);
  for (const r of results) {
    const file = keyOf(r.filePath);
    const counts = next[file];
    if (!counts) continue;
    const found = countByRule(r.messages);
    for (const [ruleId, { count }] of Object.entries(counts)) {
      const n = Math.min(count, found.get(ruleId) ?? 0);
      if (n > 0) counts[ruleId] = { count: n };
      else delete counts[ruleId];
    }
    if (!Object.keys(counts).length) delete next[file];
  }
  return next;
}

function copy(data: SuppressionsData): SuppressionsData {
  const out: SuppressionsData = record();
  for (const [file, rules] of Object.entries(data)) {
    out[file] = record();
    for (const [id, e] of Object.entries(rules)) out[file][id] = { count: e.count };
  }
  return out;
}

/** An object without a prototype: a file or rule named `__proto__` is a key like any other. */
function record<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
