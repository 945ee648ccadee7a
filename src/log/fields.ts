/**
 * The fields each kind of log entry has, with their types, as the seeds write them: the
 * bounded-delegation log and audit trail (seed 004) and the 2.0 delegation registry (seed 000).
 * `entryProblems` says what is missing or of the wrong type, each at its position; an entry with
 * problems is reported by log-event-shape and not judged by the other log rules.
 */
import type { JsonNode } from '../model/json/ast.js';
import type { Range } from '../types.js';
import { quoted } from '../util/clip.js';
import { closest } from '../util/suggest.js';
import { parseTimestamp, type LogEntry } from './entry.js';

type FieldType = 'string' | 'timestamp' | 'integer' | 'count' | 'number' | 'positive' | 'boolean' | 'strings' | 'hours' | 'error' | 'id';

interface Spec {
  required: Readonly<Record<string, FieldType>>;
  optional: Readonly<Record<string, FieldType>>;
}

/** Delegation Logging (seed 004): `status` is started, completed or failed. */
export const STATUS_VALUES = ['started', 'completed', 'failed'] as const;

const STATUS_EVENT: Spec = {
  required: { timestamp: 'timestamp', parent_story: 'id', child_story: 'id', depth: 'count', status: 'string' },
  optional: {
    parent_id: 'string',
    child_id: 'string',
    description: 'string',
    estimated_hours: 'hours',
    duration_ms: 'count',
    tokens_in: 'count',
    tokens_out: 'count',
    cost_usd: 'number',
    files_changed: 'strings',
    success: 'boolean',
    error: 'error',
  },
};

/** Audit Trail (seed 004), by event name. `delegation_failed` is the failed counterpart of completed. */
export const AUDIT_EVENTS: Readonly<Record<string, Spec>> = {
  delegation_created: {
    required: { timestamp: 'timestamp', parent: 'id', child: 'id', depth: 'count' },
    optional: { description: 'string', estimated_hours: 'hours', created_by: 'string', audit_hash: 'string' },
  },
  delegation_validated: {
    required: { timestamp: 'timestamp', child: 'id', validation_passed: 'boolean' },
    optional: { validation_checks: 'strings' },
  },
  worktree_created: {
    required: { timestamp: 'timestamp', child: 'id' },
    optional: { worktree_path: 'string', branch: 'string' },
  },
  delegation_completed: {
    required: { timestamp: 'timestamp', child: 'id', success: 'boolean' },
    optional: { duration_ms: 'count', files_modified: 'strings', cost_usd: 'number', error: 'error' },
  },
  delegation_failed: {
    required: { timestamp: 'timestamp', child: 'id' },
    optional: { duration_ms: 'count', cost_usd: 'number', error: 'error', success: 'boolean' },
  },
};

/** Delegation Registry (seed 000). */
const REGISTRY_ENTRY: Spec = {
  required: {
    command: 'string',
    subagent: 'string',
    start_time: 'timestamp',
    timeout: 'positive',
    deadline: 'timestamp',
    status: 'string',
    delegation_depth: 'count',
    delegation_path: 'strings',
  },
  optional: { task_number: 'hours', session_id: 'string' },
};

const TYPE_TEXT: Readonly<Record<FieldType, string>> = {
  string: 'a string',
  id: 'a non-empty string',
  timestamp: 'an ISO 8601 timestamp such as "2026-01-20T10:30:45Z"',
  integer: 'an integer',
  count: 'a whole number, 0 or more',
  number: 'a number, 0 or more',
  positive: 'a number above 0',
  boolean: 'true or false',
  strings: 'an array of strings',
  hours: 'a number (or a number in a string)',
  error: 'a string or an object',
};

function fits(node: JsonNode, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return node.type === 'string';
    case 'id':
      return node.type === 'string' && node.value.trim() !== '';
    case 'timestamp':
      return node.type === 'string' && parseTimestamp(node.value) !== undefined;
    case 'integer':
      return node.type === 'number' && Number.isInteger(node.value);
    case 'count':
      return node.type === 'number' && Number.isInteger(node.value) && node.value >= 0;
    case 'number':
      return node.type === 'number' && node.value >= 0;
    case 'positive':
      return node.type === 'number' && node.value > 0;
    case 'boolean':
      return node.type === 'boolean';
    case 'strings':
      return node.type === 'array' && node.items.every((i) => i.type === 'string');
    case 'hours':
      return node.type === 'number' || (node.type === 'string' && node.value.trim() !== '' && Number.isFinite(Number(node.value)));
    case 'error':
      return node.type === 'string' || node.type === 'object';
  }
}

export interface EntryProblem {
  /** One short sentence: what was found. */
  message: string;
  /** What was expected. */
  help: string;
  range: Range;
}

/** A field type in a short message ("not a timestamp"); TYPE_TEXT says it in full in the help. */
const TYPE_SHORT: Readonly<Record<FieldType, string>> = {
  string: 'a string',
  id: 'a non-empty string',
  timestamp: 'a timestamp',
  integer: 'an integer',
  count: 'a whole number',
  number: 'a number of 0 or more',
  positive: 'a number above 0',
  boolean: 'true or false',
  strings: 'an array of strings',
  hours: 'a number',
  error: 'a string or an object',
};

function specOf(entry: LogEntry): Spec | undefined {
  if (entry.shape === 'status') return STATUS_EVENT;
  if (entry.shape === 'registry') return REGISTRY_ENTRY;
  const ev = entry.node.properties.find((p) => p.key === 'event')?.value;
  return ev?.type === 'string' ? AUDIT_EVENTS[ev.value] : undefined;
}

/** What is wrong with an entry's fields: the first problem of each key, in the order written. */
export function entryProblems(entry: LogEntry): EntryProblem[] {
  const problems: EntryProblem[] = [];
  const head = { start: entry.node.range.start, end: entry.node.range.start + 1 };
  if (entry.shape === 'audit') {
    const ev = entry.node.properties.find((p) => p.key === 'event')!.value;
    if (ev.type !== 'string') return [{ message: `"event" is ${describe(ev)}, not an event name`, help: 'Expected the event\'s name as a string, such as "delegation_created".', range: ev.range }];
    if (!AUDIT_EVENTS[ev.value]) {
      const near = closest(ev.value, Object.keys(AUDIT_EVENTS));
      // An event of its own (a team's extra audit line) is allowed; a misspelt known one is not.
      return near
        ? [{ message: `unknown audit event ${quoted(ev.value, 42)}`, help: `Did you mean "${near}"? A team's own events are allowed, but this name is close to a known one.`, range: ev.range }]
        : [];
    }
  }
  const spec = specOf(entry);
  if (!spec) return problems;
  const seen = new Set<string>();
  for (const p of entry.node.properties) {
    if (seen.has(p.key)) {
      problems.push({ message: `key ${quoted(p.key, 42)} appears twice in one entry`, help: 'Expected each key once: JSON readers keep only one of the two values.', range: p.keyRange });
      continue;
    }
    seen.add(p.key);
    const type = spec.required[p.key] ?? spec.optional[p.key];
    if (type && !fits(p.value, type)) problems.push({ message: `"${p.key}" is ${describe(p.value)}, not ${TYPE_SHORT[type]}`, help: `Expected ${TYPE_TEXT[type]}.`, range: p.value.range });
  }
  const missing = Object.keys(spec.required).filter((k) => !seen.has(k));
  if (missing.length) {
    const what = entry.shape === 'registry' ? 'registry entry' : entry.shape === 'status' ? `${quoted(statusOf(entry) ?? 'status', 32)} event` : `${quoted(eventName(entry), 32)} event`;
    const shown = missing.length > 3 ? `${missing.slice(0, 2).map((k) => `"${k}"`).join(', ')} and ${missing.length - 2} more fields` : missing.map((k) => `"${k}"`).join(', ');
    problems.push({
      message: `${what} lacks ${shown}`,
      help: `A ${what} has ${Object.keys(spec.required).map((k) => `"${k}"`).join(', ')}: add ${missing.map((k) => `"${k}"`).join(', ')}.`,
      range: entry.sessionRange ?? head,
    });
  }
  if (entry.shape === 'status') {
    const s = entry.node.properties.find((p) => p.key === 'status')?.value;
    if (s?.type === 'string' && !(STATUS_VALUES as readonly string[]).includes(s.value)) {
      const near = closest(s.value, STATUS_VALUES);
      problems.push({
        message: `status ${quoted(s.value, 32)} is not one of ${STATUS_VALUES.join(', ')}`,
        help: `${near ? `Did you mean "${near}"? ` : ''}Expected one of ${STATUS_VALUES.join(', ')}.`,
        range: s.range,
      });
    }
  }
  return problems;
}

function statusOf(entry: LogEntry): string | undefined {
  const v = entry.node.properties.find((p) => p.key === 'status')?.value;
  return v?.type === 'string' ? v.value : undefined;
}

function eventName(entry: LogEntry): string {
  const v = entry.node.properties.find((p) => p.key === 'event')?.value;
  return v?.type === 'string' ? v.value : 'audit';
}

/** How a value is described in a message: its type, and a short form of it. */
export function describe(node: JsonNode): string {
  switch (node.type) {
    case 'string': {
      const v = node.value.length > 40 ? node.value.slice(0, 37) + '...' : node.value;
      return `the string ${JSON.stringify(v)}`;
    }
    case 'number':
      return `the number ${node.value}`;
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    default:
      return 'a placeholder';
  }
}
