/**
 * The delegation graph near one node: the delegations that lead to it (its callers, theirs, and
 * so on) and those that leave it (its callees, theirs ...), up to a number of steps away. Used by
 * `agent-lint mcp`'s `graph` tool, which answers "who calls this, whom does it call".
 */
import { compareEdges } from './analysis.js';
import type { GraphEdge, GraphNode, ProjectGraph } from './types.js';

/** An edge near the node, with how many delegations away it is (1: a delegation to or from the node itself). */
export interface NearEdge {
  edge: GraphEdge;
  distance: number;
}

export interface Near {
  /** Delegations into the node, then into its callers, ...: by distance, then in the graph's edge order. */
  callers: NearEdge[];
  /** Delegations out of the node, then out of its callees, ... */
  callees: NearEdge[];
}

/** The edges reached from `start` in `depth` steps or fewer, following `next` (a node's edges) and `across` (an edge's other end). */
function walk(start: GraphNode, depth: number, next: (n: GraphNode) => readonly GraphEdge[], across: (e: GraphEdge) => GraphNode): NearEdge[] {
  const out: NearEdge[] = [];
  const seen = new Set<GraphNode>([start]);
  let frontier = [start];
  for (let distance = 1; distance <= depth && frontier.length > 0; distance++) {
    const edges = frontier.flatMap(next).sort(compareEdges);
    frontier = [];
    for (const edge of edges) {
      out.push({ edge, distance });
      const other = across(edge);
      if (seen.has(other)) continue;
      seen.add(other);
      frontier.push(other);
    }
  }
  return out;
}

/** The callers and callees of `node` up to `depth` delegations away (each edge once, at its shortest distance). */
export function graphNear(graph: ProjectGraph, node: GraphNode, depth: number): Near {
  const incoming = new Map<GraphNode, GraphEdge[]>();
  for (const e of graph.edges) {
    const list = incoming.get(e.to);
    if (list) list.push(e);
    else incoming.set(e.to, [e]);
  }
  return {
    callers: walk(node, depth, (n) => incoming.get(n) ?? [], (e) => e.from),
    callees: walk(node, depth, (n) => graph.outgoing.get(n) ?? [], (e) => e.to),
  };
}
