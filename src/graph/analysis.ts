/**
 * What the graph rules and the `graph` command ask of a delegation graph: its cycles (one per
 * strongly connected group of specs) and the delegation chains from a command that are deeper
 * than a limit. Both are linear in the graph's size: one pass of Tarjan's algorithm, then one
 * pass over the condensed graph in topological order.
 */
import type { GraphEdge, GraphNode, ProjectGraph } from './types.js';

/** Nodes and edges in a fixed order, whatever order the documents were read in. */
function byId(a: GraphNode, b: GraphNode): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The graph's edges in the fixed order. */
function sortedEdges(graph: ProjectGraph): readonly GraphEdge[] {
  return [...graph.edges].sort(compareEdges);
}

export function compareEdges(a: GraphEdge, b: GraphEdge): number {
  return byId(a.from, b.from) || byId(a.to, b.to) || (a.doc.relPath < b.doc.relPath ? -1 : a.doc.relPath > b.doc.relPath ? 1 : 0) || a.range.start - b.range.start;
}

/** The edge that stands for all edges from `from` to `to`: preferably one written in `from`'s own file. */
function representative(edges: readonly GraphEdge[]): GraphEdge {
  return edges.find((e) => e.from.docs.includes(e.doc)) ?? edges[0]!;
}

/** Edges between specs (targets that resolve to a file), self-loops left out, grouped by (from, to). */
function specEdges(graph: ProjectGraph, keep: (e: GraphEdge) => boolean): Map<GraphNode, Map<GraphNode, GraphEdge[]>> {
  const out = new Map<GraphNode, Map<GraphNode, GraphEdge[]>>();
  for (const e of sortedEdges(graph)) {
    if (e.from === e.to || e.to.docs.length === 0 || !keep(e)) continue;
    let m = out.get(e.from);
    if (!m) out.set(e.from, (m = new Map()));
    const list = m.get(e.to);
    if (list) list.push(e);
    else m.set(e.to, [e]);
  }
  return out;
}

/**
 * Strongly connected components (iterative Tarjan), in reverse topological order: a component
 * comes before every component that reaches it.
 */
function components(nodes: readonly GraphNode[], next: (n: GraphNode) => readonly GraphNode[]): GraphNode[][] {
  const index = new Map<GraphNode, number>();
  const low = new Map<GraphNode, number>();
  const onStack = new Set<GraphNode>();
  const stack: GraphNode[] = [];
  const out: GraphNode[][] = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: Array<{ node: GraphNode; i: number }> = [{ node: root, i: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const top = work[work.length - 1]!;
      const succ = next(top.node);
      if (top.i < succ.length) {
        const w = succ[top.i++]!;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const comp: GraphNode[] = [];
        let w: GraphNode;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          comp.push(w);
        } while (w !== top.node);
        out.push(comp);
      }
    }
  }
  return out;
}

export interface Cycle {
  /** The specs of the cycle in order, starting with the one whose id sorts first. */
  nodes: GraphNode[];
  /** edges[i] goes from nodes[i] to nodes[i + 1] (the last back to nodes[0]). */
  edges: GraphEdge[];
  /** Every spec of the strongly connected group the cycle was picked from. */
  group: GraphNode[];
}

/**
 * One cycle per group of specs that delegate to each other in a loop: the shortest cycle
 * through the group's first spec (by id). Self-delegation is left out.
 */
export function findCycles(graph: ProjectGraph): Cycle[] {
  const adj = specEdges(graph, () => true);
  const nodes = graph.nodes.filter((n) => n.docs.length > 0).sort(byId);
  const succ = new Map<GraphNode, GraphNode[]>();
  for (const n of nodes) succ.set(n, [...(adj.get(n)?.keys() ?? [])].sort(byId));
  const cycles: Cycle[] = [];
  for (const comp of components(nodes, (n) => succ.get(n) ?? [])) {
    if (comp.length < 2) continue;
    const members = new Set(comp);
    const start = [...comp].sort(byId)[0]!;
    // Breadth-first from the start, inside the group, until an edge leads back to it.
    const prev = new Map<GraphNode, GraphNode>();
    const queue = [start];
    let last: GraphNode | undefined;
    for (let qi = 0; qi < queue.length && !last; qi++) {
      const u = queue[qi]!;
      for (const v of succ.get(u) ?? []) {
        if (!members.has(v)) continue;
        if (v === start) {
          last = u;
          break;
        }
        if (!prev.has(v)) {
          prev.set(v, u);
          queue.push(v);
        }
      }
    }
    if (!last) continue;
    const order: GraphNode[] = [];
    for (let n: GraphNode | undefined = last; n && n !== start; n = prev.get(n)) order.push(n);
    order.push(start);
    order.reverse();
    const edges = order.map((u, i) => representative(adj.get(u)!.get(order[(i + 1) % order.length]!)!));
    cycles.push({ nodes: order, edges, group: [...comp].sort(byId) });
  }
  return cycles.sort((a, b) => byId(a.nodes[0]!, b.nodes[0]!));
}

export interface DeepChain {
  /** The edge that goes past the limit. */
  edge: GraphEdge;
  /** The chain from the command through `edge.to`. */
  chain: GraphNode[];
  /** The delegations of the chain before `edge`, in order (a step inside a cycle has none). */
  before: GraphEdge[];
  /** The depth `edge.to` is reached at (command -> subagent is 1). */
  depth: number;
}

/** Whether a delegation into `to` adds a level: a skill runs in its caller's context unless it forks. */
function weight(to: GraphNode): number {
  if (to.kind !== 'skill') return 1;
  return to.docs.some((d) => d.frontmatter?.data?.['context'] === 'fork') ? 1 : 0;
}

/**
 * The delegations that reach a depth above `maxDepth` on the longest chain from a command
 * (command -> subagent is depth 1, as the standard counts). Delegations back into a command
 * start a new chain and are not followed; a group of specs in a cycle counts as one level.
 * Each (from, to) pair is reported once.
 */
export function findDeepChains(graph: ProjectGraph, maxDepth: number): DeepChain[] {
  const adj = new Map<GraphNode, Map<GraphNode, GraphEdge[]>>();
  for (const e of sortedEdges(graph)) {
    if (e.from === e.to || e.to.kind === 'command') continue;
    let m = adj.get(e.from);
    if (!m) adj.set(e.from, (m = new Map()));
    const list = m.get(e.to);
    if (list) list.push(e);
    else m.set(e.to, [e]);
  }
  const nodes = [...graph.nodes].sort(byId);
  // Sorted once per node: Tarjan asks for a node's successors once per step from it.
  const succ = new Map<GraphNode, GraphNode[]>();
  for (const n of nodes) succ.set(n, [...(adj.get(n)?.keys() ?? [])].sort(byId));
  const comps = components(nodes, (n) => succ.get(n) ?? []);
  const compOf = new Map<GraphNode, number>();
  comps.forEach((c, i) => c.forEach((n) => compOf.set(n, i)));
  // Longest depth reached per component, and the edge that reached it.
  const depth = new Array<number>(comps.length).fill(-1);
  const via = new Array<GraphEdge | undefined>(comps.length);
  const out: DeepChain[] = [];
  const chainTo = (c: number, at: GraphNode): { nodes: GraphNode[]; edges: GraphEdge[] } => {
    const rev: GraphNode[] = [at];
    const edges: GraphEdge[] = [];
    let cur = c;
    for (let guard = 0; via[cur] && guard <= comps.length; guard++) {
      const e = via[cur]!;
      if (rev[rev.length - 1] !== e.to) rev.push(e.to);
      rev.push(e.from);
      edges.push(e);
      cur = compOf.get(e.from)!;
    }
    return { nodes: rev.reverse(), edges: edges.reverse() };
  };
  // Tarjan lists components sinks first: walk them from the sources down.
  for (let c = comps.length - 1; c >= 0; c--) {
    if (comps[c]!.some((n) => n.kind === 'command')) depth[c] = Math.max(depth[c]!, 0);
    if (depth[c]! < 0) continue;
    for (const u of [...comps[c]!].sort(byId)) {
      for (const [v, edges] of adj.get(u) ?? []) {
        const cv = compOf.get(v)!;
        if (cv === c) continue;
        const d = depth[c]! + weight(v);
        if (d > maxDepth && depth[c]! <= maxDepth) {
          const to = chainTo(c, u);
          out.push({ edge: representative(edges), chain: [...to.nodes, v], before: to.edges, depth: d });
        }
        if (d > depth[cv]!) {
          depth[cv] = d;
          via[cv] = representative(edges);
        }
      }
    }
  }
  return out;
}
