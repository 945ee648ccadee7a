/** How the graph rules and the `graph` command name nodes and edges in messages. */
import type { LintMessage } from '../types.js';
import type { EdgeVia, GraphEdge, GraphNode } from './types.js';

/** `/research` for a command, the name otherwise. */
export function nodeLabel(node: GraphNode): string {
  return node.kind === 'command' ? `/${node.name}` : node.name;
}

/** `a -> b -> c`. */
export function showChain(nodes: readonly GraphNode[]): string {
  return nodes.map(nodeLabel).join(' -> ');
}

const VIA: Record<EdgeVia, string> = {
  call: 'the task call',
  'subagent-type': 'subagent_type',
  prose: 'the sentence',
  mention: 'the @agent- mention',
  routing: 'the routing table',
  'can-delegate-to': 'delegation.can_delegate_to',
  skill: 'the Skill invocation',
  'delegation-path': 'delegation_path',
};

/** What wrote the edge, for messages: `subagent_type`, `the routing table`. */
export function viaText(via: EdgeVia): string {
  return VIA[via];
}

/** A related location for LintMessage.related. */
export function relatedOf(edge: GraphEdge, message: string): NonNullable<LintMessage['related']>[number] {
  return { filePath: edge.doc.filePath, message, ...edge.doc.lines.location(edge.range) };
}
