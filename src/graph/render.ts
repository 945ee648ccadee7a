/**
 * The delegation graph as text: Mermaid, Graphviz dot or JSON. Commands, agents and skills are
 * styled apart; targets that are not specs (built-in, external, missing) have their own styles;
 * delegations that break a graph rule are drawn red and dashed, with the rule named on them.
 * Pure functions of their input: the same graph always prints the same text.
 */
import { compareEdges } from './analysis.js';
import { nodeLabel } from './describe.js';
import type { GraphEdge, GraphNode, NodeKind, ProjectGraph } from './types.js';

/** The graph rules an edge can break, as the `graph` command marks them. */
export type EdgeProblem = 'unknown-delegation-target' | 'delegation-graph-cycle' | 'delegation-graph-depth';

export interface RenderedProject {
  /** The project's folder, as shown (relative to the working directory). */
  root: string;
  graph: ProjectGraph;
  /** The rules each edge breaks (edges not in the map break none). */
  problems: ReadonlyMap<GraphEdge, ReadonlySet<EdgeProblem>>;
}

export type GraphFormat = 'mermaid' | 'dot' | 'json';
export const GRAPH_FORMATS: readonly GraphFormat[] = ['mermaid', 'dot', 'json'];

const KIND_ORDER: Record<NodeKind, number> = { command: 0, agent: 1, skill: 2, builtin: 3, external: 4, missing: 5 };

function sortedNodes(graph: ProjectGraph): GraphNode[] {
  return [...graph.nodes].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : 1));
}

/** Specs named alike in `.claude/` and `.opencode/` (`kind:name`): their labels say which is which. */
function twinNames(graph: ProjectGraph): ReadonlySet<string> {
  const twins = new Set<string>();
  if (!graph.mixedSystems) return twins;
  const seen = new Set<string>();
  for (const n of graph.nodes) {
    if (n.docs.length === 0) continue;
    const key = `${n.kind}:${n.name}`;
    if (seen.has(key)) twins.add(key);
    seen.add(key);
  }
  return twins;
}

/** What a node is called in the picture (`twins`: the graph's `twinNames`). */
function label(node: GraphNode, twins: ReadonlySet<string>): string {
  const base = nodeLabel(node);
  switch (node.kind) {
    case 'builtin':
      return `${base} (built-in)`;
    case 'external':
      return `${base} (external)`;
    case 'missing':
      return `${base} (missing ${node.expected ?? 'agent'})`;
    default:
      return twins.has(`${node.kind}:${node.name}`) ? `${base} (.${node.system})` : base;
  }
}

const SHORT: Record<EdgeProblem, string> = {
  'unknown-delegation-target': 'unknown target',
  'delegation-graph-cycle': 'cycle',
  'delegation-graph-depth': 'too deep',
};

/** One arrow per (from, to) pair: its edges, the rules they break, and whether only examples show it. */
interface Arrow {
  from: GraphNode;
  to: GraphNode;
  problems: EdgeProblem[];
  /** Every edge of the pair comes from a delegation_path example. */
  exampleOnly: boolean;
}

function arrowsOf(p: RenderedProject, order: ReadonlyMap<GraphNode, number>): Arrow[] {
  const byPair = new Map<string, { from: GraphNode; to: GraphNode; edges: GraphEdge[] }>();
  for (const e of [...p.graph.edges].sort(compareEdges)) {
    const key = `${e.from.id}\0${e.to.id}`;
    const hit = byPair.get(key);
    if (hit) hit.edges.push(e);
    else byPair.set(key, { from: e.from, to: e.to, edges: [e] });
  }
  const pairs = [...byPair.values()].sort((a, b) => order.get(a.from)! - order.get(b.from)! || order.get(a.to)! - order.get(b.to)!);
  return pairs.map(({ from, to, edges }) => {
    const problems = new Set<EdgeProblem>();
    for (const e of edges) for (const x of p.problems.get(e) ?? []) problems.add(x);
    return {
      from,
      to,
      problems: (Object.keys(SHORT) as EdgeProblem[]).filter((x) => problems.has(x)),
      exampleOnly: edges.every((e) => e.via === 'delegation-path'),
    };
  });
}

/** A project as a picture draws it: its nodes in order with their ids, and its arrows. */
interface Drawing {
  nodes: { node: GraphNode; id: string }[];
  ids: ReadonlyMap<GraphNode, string>;
  arrows: Arrow[];
  /** The graph's `twinNames`, for `label`. */
  twins: ReadonlySet<string>;
}

/**
 * Project `k` of `count` laid out for a picture, Mermaid and dot alike, so that both number the
 * nodes and order the arrows the same way: nodes in sortedNodes order, called `n<i>`, or
 * `p<k>_n<i>` when the picture holds several projects (whose ids must not collide).
 */
function drawing(p: RenderedProject, k: number, count: number): Drawing {
  const prefix = count > 1 ? `p${k}_` : '';
  const ids = new Map<GraphNode, string>();
  const order = new Map<GraphNode, number>();
  const nodes = sortedNodes(p.graph).map((node, i) => {
    const id = `${prefix}n${i}`;
    ids.set(node, id);
    order.set(node, i);
    return { node, id };
  });
  return { nodes, ids, arrows: arrowsOf(p, order), twins: twinNames(p.graph) };
}

// ---------------------------------------------------------------------------------------------
// Mermaid

const MERMAID_CLASSES: Record<NodeKind, string> = {
  command: 'fill:#e8f0fe,stroke:#1a56db,color:#1e3a8a',
  agent: 'fill:#e6f4ea,stroke:#188038,color:#0d652d',
  skill: 'fill:#fef7e0,stroke:#b06000,color:#7a4100',
  builtin: 'fill:#f1f3f4,stroke:#80868b,color:#3c4043',
  external: 'fill:#f1f3f4,stroke:#80868b,color:#3c4043,stroke-dasharray:4 3',
  missing: 'fill:#fce8e6,stroke:#d93025,color:#a50e0e,stroke-dasharray:4 3',
};

function mermaidText(s: string): string {
  // Mermaid reads a label as HTML: markup and entities are escaped as its own `#name;` codes,
  // and a line break or control character, which would end the statement, is a space.
  const escaped = s
    .replace(/#/g, '#35;')
    .replace(/&/g, '#amp;')
    .replace(/</g, '#lt;')
    .replace(/>/g, '#gt;')
    .replace(/"/g, '#quot;')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, ' ');
  return `"${escaped}"`;
}

function mermaidNode(id: string, node: GraphNode, twins: ReadonlySet<string>): string {
  const text = mermaidText(label(node, twins));
  switch (node.kind) {
    case 'command':
      return `${id}([${text}]):::command`;
    case 'skill':
      return `${id}{{${text}}}:::skill`;
    case 'agent':
      return `${id}[${text}]:::agent`;
    default:
      return `${id}[${text}]:::${node.kind}`;
  }
}

export function toMermaid(projects: readonly RenderedProject[]): string {
  const used = new Set(projects.flatMap((p) => p.graph.nodes.map((n) => n.kind)));
  const out = ['flowchart LR', ...(Object.keys(MERMAID_CLASSES) as NodeKind[]).filter((k) => used.has(k)).map((k) => `  classDef ${k} ${MERMAID_CLASSES[k]}`)];
  const red: number[] = [];
  let link = 0;
  projects.forEach((p, k) => {
    const indent = projects.length > 1 ? '    ' : '  ';
    if (projects.length > 1) out.push(`  subgraph p${k}[${mermaidText(p.root)}]`);
    const { nodes, ids, arrows, twins } = drawing(p, k, projects.length);
    for (const { node, id } of nodes) out.push(indent + mermaidNode(id, node, twins));
    for (const a of arrows) {
      const text = a.problems.length ? `|${mermaidText(a.problems.map((x) => SHORT[x]).join(', '))}|` : '';
      const arrow = a.exampleOnly && !a.problems.length ? '-.->' : '-->';
      out.push(`${indent}${ids.get(a.from)} ${arrow}${text} ${ids.get(a.to)}`);
      if (a.problems.length) red.push(link);
      link++;
    }
    if (projects.length > 1) out.push('  end');
  });
  if (red.length) out.push(`  linkStyle ${red.join(',')} stroke:#d93025,stroke-width:2px,stroke-dasharray:5 3`);
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// Graphviz dot

const DOT_NODE: Record<NodeKind, string> = {
  command: 'shape=box, style="rounded,filled", fillcolor="#e8f0fe", color="#1a56db"',
  agent: 'shape=ellipse, style=filled, fillcolor="#e6f4ea", color="#188038"',
  skill: 'shape=hexagon, style=filled, fillcolor="#fef7e0", color="#b06000"',
  builtin: 'shape=ellipse, style=filled, fillcolor="#f1f3f4", color="#80868b"',
  external: 'shape=ellipse, style="dashed,filled", fillcolor="#f1f3f4", color="#80868b"',
  missing: 'shape=octagon, style="dashed,filled", fillcolor="#fce8e6", color="#d93025", fontcolor="#a50e0e"',
};

function dotText(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function toDot(projects: readonly RenderedProject[]): string {
  const out = ['digraph delegation {', '  rankdir=LR;', '  node [fontname="Helvetica", fontsize=11];', '  edge [fontname="Helvetica", fontsize=9];'];
  projects.forEach((p, k) => {
    const indent = projects.length > 1 ? '    ' : '  ';
    if (projects.length > 1) out.push(`  subgraph cluster_${k} {`, `    label=${dotText(p.root)};`);
    const { nodes, ids, arrows, twins } = drawing(p, k, projects.length);
    for (const { node, id } of nodes) out.push(`${indent}${id} [label=${dotText(label(node, twins))}, ${DOT_NODE[node.kind]}];`);
    for (const a of arrows) {
      const attrs: string[] = [];
      if (a.problems.length) attrs.push('color="#d93025"', 'fontcolor="#d93025"', 'style=dashed', 'penwidth=2', `label=${dotText(a.problems.map((x) => SHORT[x]).join(', '))}`);
      else if (a.exampleOnly) attrs.push('style=dotted');
      out.push(`${indent}${ids.get(a.from)} -> ${ids.get(a.to)}${attrs.length ? ` [${attrs.join(', ')}]` : ''};`);
    }
    if (projects.length > 1) out.push('  }');
  });
  out.push('}');
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// JSON

/** A node as the JSON graph writes it. */
export function nodeJson(n: GraphNode, relPath: (file: string) => string) {
  return {
    id: n.id,
    kind: n.kind,
    name: n.name,
    ...(n.expected ? { expected: n.expected } : {}),
    ...(n.plugin ? { plugin: n.plugin } : {}),
    files: n.docs.map((d) => relPath(d.filePath)),
  };
}

/** An edge as the JSON graph writes it: its ends, how it is written, where, and the rules it breaks. */
export function edgeJson(e: GraphEdge, p: RenderedProject, relPath: (file: string) => string) {
  return {
    from: e.from.id,
    to: e.to.id,
    target: e.target,
    expected: e.expected,
    via: e.via,
    status: e.resolution.status,
    ...('suggestion' in e.resolution && e.resolution.suggestion ? { suggestion: e.resolution.suggestion } : {}),
    file: relPath(e.doc.filePath),
    ...e.doc.lines.location(e.range),
    problems: [...(p.problems.get(e) ?? [])].sort(),
  };
}

export function toJson(projects: readonly RenderedProject[], relPath: (file: string) => string): string {
  const data = {
    projects: projects.map((p) => ({
      root: p.root,
      nodes: sortedNodes(p.graph).map((n) => nodeJson(n, relPath)),
      edges: [...p.graph.edges].sort(compareEdges).map((e) => edgeJson(e, p, relPath)),
    })),
  };
  return JSON.stringify(data, null, 2) + '\n';
}
