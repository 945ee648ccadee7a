/**
 * What a delegation log adds up to: per root story its delegation tree (depth, duration, cost,
 * outcome), the registry's sessions, and totals. Collected by a visitor of the log engine, one
 * entry at a time, in memory proportional to the number of stories and sessions.
 */
import { num, str, time, type LogEntry } from './entry.js';
import type { DelegationFacts, LogVisitor } from './rule-types.js';

export type Outcome = 'completed' | 'failed' | 'running';

export interface StoryNode {
  id: string;
  /** The story that delegated it (none for a root story). */
  parent?: string;
  depth?: number;
  /** Line of the first event that names it as a child. */
  line?: number;
  startedAt?: number;
  endedAt?: number;
  durationMs?: number;
  costUsd?: number;
  /** Roots have none: the log does not say how they end. */
  outcome?: Outcome;
}

export interface SessionNode {
  sessionId: string;
  line: number;
  command?: string;
  subagent?: string;
  status?: string;
  depth?: number;
  path?: string[];
  startTime?: number;
  deadline?: number;
}

export interface LogTotals {
  delegations: number;
  completed: number;
  failed: number;
  /** Started and not ended by the end of the log. */
  running: number;
  costUsd: number;
  sessions: number;
}

export interface LogSummary {
  /** Every story, parents before their children, in the order they were first logged. */
  stories: StoryNode[];
  sessions: SessionNode[];
  totals: LogTotals;
}

export class SummaryCollector implements LogVisitor {
  readonly #stories = new Map<string, StoryNode>();
  readonly #sessions = new Map<string, SessionNode>();

  #story(id: string): StoryNode {
    let s = this.#stories.get(id);
    if (!s) {
      s = { id };
      this.#stories.set(id, s);
    }
    return s;
  }

  entry(e: LogEntry, facts: DelegationFacts | undefined): void {
    if (e.shape === 'registry') {
      const id = e.sessionId ?? `(line ${e.line})`;
      const path = e.node.properties.find((p) => p.key === 'delegation_path')?.value;
      this.#sessions.set(id, {
        sessionId: id,
        line: e.line,
        command: str(e, 'command'),
        subagent: str(e, 'subagent'),
        status: str(e, 'status'),
        depth: num(e, 'delegation_depth'),
        path: path?.type === 'array' ? path.items.map((i) => (i.type === 'string' ? i.value : '?')) : undefined,
        startTime: time(e, 'start_time'),
        deadline: time(e, 'deadline'),
      });
      return;
    }
    const childId = facts?.child ?? str(e, 'child');
    if (childId === undefined) return;
    if (facts) this.#story(facts.parent);
    const child = this.#story(childId);
    if (facts && facts.link === 'new') {
      child.parent = facts.parent;
      child.line = e.line;
      child.depth = num(e, 'depth');
    }
    const ts = time(e, 'timestamp');
    const status = str(e, 'status');
    const ev = str(e, 'event');
    if (status === 'started' || ev === 'delegation_created') {
      child.startedAt ??= ts;
      child.outcome ??= 'running';
    } else if (status === 'completed' || status === 'failed' || ev === 'delegation_completed' || ev === 'delegation_failed') {
      child.endedAt = ts;
      const success = e.node.properties.find((p) => p.key === 'success')?.value;
      child.outcome = status === 'failed' || ev === 'delegation_failed' || (success?.type === 'boolean' && !success.value) ? 'failed' : 'completed';
      const d = num(e, 'duration_ms');
      if (d !== undefined) child.durationMs = d;
      else if (child.startedAt !== undefined && ts !== undefined) child.durationMs = ts - child.startedAt;
      const cost = num(e, 'cost_usd');
      if (cost !== undefined) child.costUsd = cost;
    }
  }

  summary(): LogSummary {
    const stories = ordered([...this.#stories.values()]);
    const totals: LogTotals = { delegations: 0, completed: 0, failed: 0, running: 0, costUsd: 0, sessions: this.#sessions.size };
    for (const s of stories) {
      if (s.parent === undefined) continue;
      totals.delegations++;
      if (s.outcome === 'completed') totals.completed++;
      else if (s.outcome === 'failed') totals.failed++;
      else if (s.outcome === 'running') totals.running++;
      totals.costUsd += s.costUsd ?? 0;
    }
    totals.costUsd = Math.round(totals.costUsd * 1e6) / 1e6;
    return { stories, sessions: [...this.#sessions.values()], totals };
  }
}

/** Parents before children, roots in first-seen order, each child list in first-seen order. */
function ordered(all: StoryNode[]): StoryNode[] {
  const children = new Map<string, StoryNode[]>();
  const roots: StoryNode[] = [];
  for (const s of all) {
    if (s.parent === undefined) roots.push(s);
    else {
      const list = children.get(s.parent);
      if (list) list.push(s);
      else children.set(s.parent, [s]);
    }
  }
  const out: StoryNode[] = [];
  const stack = [...roots].reverse();
  while (stack.length) {
    const s = stack.pop()!;
    out.push(s);
    const kids = children.get(s.id);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  return out;
}
