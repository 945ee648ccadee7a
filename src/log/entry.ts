/**
 * One entry of a delegation log, as `check-log` reads it: a line of a JSON Lines log (an event of
 * the bounded-delegation log or of its audit trail, or a registry entry) or one entry of a
 * registry snapshot. Each entry keeps its parsed object with offsets, so that findings point at
 * the exact key or value.
 *
 * Shapes (seed 004, "Delegation Logging" and "Audit Trail"; seed 000, "Delegation Registry"):
 * - `status`: `{"timestamp", "parent_story", "child_story", "depth", "parent_id", "child_id",
 *   "status": "started|completed|failed", "duration_ms", "tokens_in", "tokens_out", "cost_usd",
 *   "files_changed", "success"}`;
 * - `audit`: `{"timestamp", "event": "delegation_created|delegation_validated|worktree_created|
 *   delegation_completed", "parent", "child", "depth", ...}`;
 * - `registry`: `{"command", "subagent", "start_time", "timeout", "deadline", "status",
 *   "delegation_depth", "delegation_path"}` under its session id.
 */
import type { JsonNode, JsonObject, JsonProperty } from '../model/json/ast.js';
import type { Location, Range } from '../types.js';

export type LogShape = 'status' | 'audit' | 'registry';

export interface LogEntry {
  shape: LogShape;
  /** One-based line where the entry starts. */
  line: number;
  /** The entry's object (a registry entry: the value under its session id). */
  node: JsonObject;
  /** The registry entry's session id (registry shape only). */
  sessionId?: string;
  /** Where the session id is written (its key, or the `session_id` value). */
  sessionRange?: Range;
  /** Converts a range of `node` into a position in the file. */
  locate(range: Range): Location;
  /** Where the entry starts (its first character). */
  readonly start: Location;
  /** The text of a line of the entry (for code frames). */
  lineText(line: number): string;
}

/** A property of the entry's object, by key (the last one, as JSON.parse keeps it). */
export function prop(entry: LogEntry, key: string): JsonProperty | undefined {
  let found: JsonProperty | undefined;
  for (const p of entry.node.properties) if (p.key === key) found = p;
  return found;
}

/** The plain string value of a key, if it is a string. */
export function str(entry: LogEntry, key: string): string | undefined {
  const v = prop(entry, key)?.value;
  return v?.type === 'string' ? v.value : undefined;
}

/** The plain number value of a key, if it is a number. */
export function num(entry: LogEntry, key: string): number | undefined {
  const v = prop(entry, key)?.value;
  return v?.type === 'number' ? v.value : undefined;
}

/** The plain boolean value of a key, if it is a boolean. */
export function bool(entry: LogEntry, key: string): boolean | undefined {
  const v = prop(entry, key)?.value;
  return v?.type === 'boolean' ? v.value : undefined;
}

/** The strings of an array value (undefined unless every item is a string). */
export function strings(entry: LogEntry, key: string): Array<{ value: string; range: Range }> | undefined {
  const v = prop(entry, key)?.value;
  if (v?.type !== 'array') return undefined;
  const out: Array<{ value: string; range: Range }> = [];
  for (const item of v.items) {
    if (item.type !== 'string') return undefined;
    out.push({ value: item.value, range: item.range });
  }
  return out;
}

/** The range to report a key's value at (the entry's start when the key is absent). */
export function at(entry: LogEntry, key: string): Range {
  return prop(entry, key)?.value.range ?? { start: entry.node.range.start, end: entry.node.range.start + 1 };
}

/** The range of a key's name (the entry's start when the key is absent). */
export function keyAt(entry: LogEntry, key: string): Range {
  return prop(entry, key)?.keyRange ?? { start: entry.node.range.start, end: entry.node.range.start + 1 };
}

/** Milliseconds since the epoch of an ISO 8601 timestamp value, if it is one. */
export function time(entry: LogEntry, key: string): number | undefined {
  const s = str(entry, key);
  return s === undefined ? undefined : parseTimestamp(s);
}

/** `2026-01-20T10:30:45Z`, with optional fraction and an offset; undefined for anything else. */
const ISO = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

export function parseTimestamp(s: string): number | undefined {
  if (s.length > 40 || !ISO.test(s)) return undefined;
  const t = Date.parse(s.replace(' ', 'T'));
  return Number.isFinite(t) ? t : undefined;
}

/** The value node of a key. */
export function valueOf(entry: LogEntry, key: string): JsonNode | undefined {
  return prop(entry, key)?.value;
}

/** The story ids of a delegation event: parent and child, whichever shape names them. */
export function storyIds(entry: LogEntry): { parent?: string; child?: string } {
  if (entry.shape === 'status') return { parent: str(entry, 'parent_story'), child: str(entry, 'child_story') };
  if (entry.shape === 'audit') return { parent: str(entry, 'parent'), child: str(entry, 'child') };
  return {};
}

/**
 * Where a finding made at the end of the log will point, kept without the entry: an entry holds
 * its parsed line, so a rule that waits for the end (an open delegation, a session's latest
 * state) keeps a mark, a few hundred bytes, and not the entry.
 */
export interface Mark {
  loc: Location;
  /** The line's text for a code frame, or '' for a line too long to show. */
  lineText: string;
}

/** The longest line kept for a code frame once its entry is gone. */
export const MAX_FRAME_LINE = 4096;

/**
 * A line's text kept past its entry: '' when longer than MAX_FRAME_LINE, else a copy of its own
 * (a slice would keep the whole chunk or snapshot it was cut from alive).
 */
export function keptLine(text: string): string {
  return text.length > MAX_FRAME_LINE ? '' : (' ' + text).slice(1);
}

export function mark(entry: LogEntry, range: Range): Mark {
  const loc = entry.locate(range);
  return { loc, lineText: keptLine(entry.lineText(loc.line)) };
}

/** The key naming the parent / child story in the entry's shape. */
export function storyKeys(entry: LogEntry): { parent: string; child: string } {
  return entry.shape === 'audit' ? { parent: 'parent', child: 'child' } : { parent: 'parent_story', child: 'child_story' };
}
