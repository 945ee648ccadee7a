/**
 * A log summary drawn as text (an indented tree with totals), Mermaid, Graphviz dot or JSON,
 * like `agent-lint graph` draws specs. Iterative: a chain of any depth is drawn without
 * recursion.
 */
import type { LogSummary, SessionNode, StoryNode } from './summary.js';
import { span } from './time-text.js';
import { escapeControl } from '../formatters/escape.js';

export type SummaryFormat = 'text' | 'mermaid' | 'dot' | 'json';
export const SUMMARY_FORMATS: readonly SummaryFormat[] = ['text', 'mermaid', 'dot', 'json'];

/** Names from a log with their control characters escaped (a terminal must not run them). */
const clean = escapeControl;

function facts(s: StoryNode): string {
  const parts: string[] = [];
  if (s.depth !== undefined) parts.push(`depth ${s.depth}`);
  if (s.durationMs !== undefined) parts.push(span(s.durationMs));
  if (s.costUsd !== undefined) parts.push(`$${s.costUsd.toFixed(2)}`);
  if (s.outcome) parts.push(s.outcome === 'running' ? 'running (never ended)' : s.outcome);
  return parts.join(', ');
}

function sessionFacts(s: SessionNode): string {
  const parts: string[] = [];
  if (s.command || s.subagent) parts.push(`${s.command ? '/' + s.command.replace(/^\//, '') : '?'} -> ${s.subagent ?? '?'}`);
  if (s.depth !== undefined) parts.push(`depth ${s.depth}`);
  if (s.status) parts.push(s.status);
  if (s.path) parts.push(`path ${s.path.join(' > ')}`);
  return parts.join(', ');
}

function totalsLine(t: LogSummary['totals']): string {
  const parts = [`${t.delegations} delegation${t.delegations === 1 ? '' : 's'}`, `${t.completed} completed`, `${t.failed} failed`, `${t.running} never ended`, `cost $${t.costUsd.toFixed(2)}`];
  if (t.sessions) parts.push(`${t.sessions} registry session${t.sessions === 1 ? '' : 's'}`);
  return `totals: ${parts.join(', ')}`;
}

function toText(s: LogSummary): string {
  const out: string[] = [];
  // Stories come parents first; a child's prefix is its parent's plus one level.
  const prefix = new Map<string, string>();
  const lastChild = new Map<string, string>();
  for (const n of s.stories) if (n.parent !== undefined) lastChild.set(n.parent, n.id);
  for (const n of s.stories) {
    if (n.parent === undefined) {
      out.push(`${clean(n.id)}${n.depth !== undefined ? ` (depth ${n.depth})` : ''}`);
      prefix.set(n.id, '');
      continue;
    }
    const base = prefix.get(n.parent) ?? '';
    const last = lastChild.get(n.parent) === n.id;
    out.push(`${base}${last ? '└─ ' : '├─ '}${clean(n.id)}  ${facts(n)}`);
    prefix.set(n.id, base + (last ? '   ' : '│  '));
  }
  if (s.sessions.length) {
    if (out.length) out.push('');
    out.push('registry:');
    for (const r of s.sessions) out.push(`  ${clean(r.sessionId)}  ${clean(sessionFacts(r))}`);
  }
  if (out.length) out.push('');
  out.push(totalsLine(s.totals));
  return out.join('\n') + '\n';
}

const mermaidText = (s: string) => clean(s).replace(/"/g, '#quot;').replace(/[<>]/g, (c) => (c === '<' ? '#lt;' : '#gt;'));
const dotText = (s: string) => clean(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"');

function toMermaid(s: LogSummary): string {
  const id = new Map<string, string>();
  const out = ['graph TD'];
  s.stories.forEach((n, i) => {
    id.set(n.id, `s${i}`);
    const label = mermaidText(n.id) + (n.parent === undefined ? '' : `<br/>${mermaidText(facts(n))}`);
    out.push(`  s${i}["${label}"]${n.outcome ? `:::${n.outcome}` : ''}`);
  });
  for (const n of s.stories) if (n.parent !== undefined) out.push(`  ${id.get(n.parent)} --> ${id.get(n.id)}`);
  s.sessions.forEach((r, i) => out.push(`  r${i}["${mermaidText(`${r.sessionId}: ${sessionFacts(r)}`)}"]`));
  out.push('  classDef completed fill:#e6f4ea,stroke:#1e8e3e', '  classDef failed fill:#fce8e6,stroke:#d93025', '  classDef running fill:#fef7e0,stroke:#f9ab00');
  out.push(`  %% ${totalsLine(s.totals)}`);
  return out.join('\n') + '\n';
}

function toDot(s: LogSummary): string {
  const colour: Record<string, string> = { completed: '#1e8e3e', failed: '#d93025', running: '#f9ab00' };
  const out = ['digraph delegations {', '  rankdir=TB;', '  node [shape=box, fontname="Helvetica"];', `  label="${dotText(totalsLine(s.totals))}";`];
  s.stories.forEach((n) => {
    const label = dotText(n.id) + (n.parent === undefined ? '' : `\\n${dotText(facts(n))}`);
    out.push(`  "${dotText(n.id)}" [label="${label}"${n.outcome ? `, color="${colour[n.outcome]}"` : ''}];`);
  });
  for (const n of s.stories) if (n.parent !== undefined) out.push(`  "${dotText(n.parent)}" -> "${dotText(n.id)}";`);
  for (const r of s.sessions) out.push(`  "${dotText(r.sessionId)}" [shape=note, label="${dotText(r.sessionId)}\\n${dotText(sessionFacts(r))}"];`);
  out.push('}');
  return out.join('\n') + '\n';
}

function toJson(s: LogSummary): string {
  const time = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
  return (
    JSON.stringify(
      {
        stories: s.stories.map((n) => ({ ...n, startedAt: time(n.startedAt), endedAt: time(n.endedAt) })),
        sessions: s.sessions.map((r) => ({ ...r, startTime: time(r.startTime), deadline: time(r.deadline) })),
        totals: s.totals,
      },
      null,
      2,
    ) + '\n'
  );
}

export function renderSummary(s: LogSummary, format: SummaryFormat): string {
  return format === 'mermaid' ? toMermaid(s) : format === 'dot' ? toDot(s) : format === 'json' ? toJson(s) : toText(s);
}
