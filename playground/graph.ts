/**
 * The delegation graph as SVG, in a layered layout: a node's layer is the length of the longest
 * path reaching it (edges that close a cycle do not count), layers run top to bottom. An edge
 * that spans several layers passes through a lane of its own in each layer between (a slot
 * beside the nodes), and every piece of an edge runs either between two adjacent layers or down
 * its lane, so no edge crosses a node's box; an edge that closes a cycle is laid out as if
 * reversed and drawn upwards. Layers are ordered by the mean position of their neighbours (two
 * sweeps down and up) and placed near them. Nodes have the colours of `agent-lint graph`'s
 * Mermaid (style.css); an edge whose target is missing, or where an error is reported, is red
 * and dashed, and one that only a delegation_path example shows is dashed, as in the Mermaid.
 */

import type { GraphEdgeView as EdgeView, GraphNodeView as NodeView } from '../src/browser/index.js';

export type { EdgeView, NodeView };

const SVG = 'http://www.w3.org/2000/svg';
const NODE_W = 150;
const NODE_H = 30;
/** Between two nodes of a layer; LANE_GAP is between a lane and its neighbour. */
const GAP_X = 32;
const LANE_W = 8;
const LANE_GAP = 8;
const GAP_Y = 56;
const PAD = 16;
/** How far right of its node a self-loop reaches (less than GAP_X). */
const LOOP = 22;

/** Each node's layer: longest path from a root, ignoring the edges that close a cycle. */
export function layers(nodes: readonly NodeView[], edges: readonly EdgeView[]): Map<string, number> {
  const out = new Map<string, string[]>();
  for (const n of nodes) out.set(n.id, []);
  for (const e of edges) if (e.from !== e.to) out.get(e.from)?.push(e.to);
  // Depth-first order, marking back edges (to a node on the current path) as not counted.
  const state = new Map<string, 1 | 2>();
  const order: string[] = [];
  const back = new Set<string>();
  // From the nodes nothing delegates to (commands, mostly) first, so that a cycle is cut at the
  // edge that comes back up, not where the walk happened to enter it.
  const called = new Set(edges.filter((e) => e.from !== e.to).map((e) => e.to));
  for (const start of [...nodes].sort((a, b) => Number(called.has(a.id)) - Number(called.has(b.id)))) {
    if (state.has(start.id)) continue;
    const stack: Array<{ id: string; i: number }> = [{ id: start.id, i: 0 }];
    state.set(start.id, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const next = out.get(top.id)![top.i++];
      if (next === undefined) {
        state.set(top.id, 2);
        order.push(top.id);
        stack.pop();
      } else if (!state.has(next)) {
        state.set(next, 1);
        stack.push({ id: next, i: 0 });
      } else if (state.get(next) === 1) back.add(`${top.id}\0${next}`);
    }
  }
  const layer = new Map<string, number>(nodes.map((n) => [n.id, 0]));
  for (let k = order.length - 1; k >= 0; k--) {
    const id = order[k]!;
    for (const to of out.get(id)!) {
      if (back.has(`${id}\0${to}`)) continue;
      layer.set(to, Math.max(layer.get(to)!, layer.get(id)! + 1));
    }
  }
  return layer;
}

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, parent?: Element): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

const shorten = (s: string, max: number) => (s.length > max ? s.slice(0, max - 1) + '…' : s);
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const round = (x: number) => Math.round(x * 10) / 10;
const push = <V>(map: Map<string, V[]>, key: string, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** A node or a lane (an edge passing through a layer) in a layer. */
interface Slot {
  id: string;
  w: number;
}

/** The line drawn for all the edges from one node to another. */
export interface LinkLayout {
  from: string;
  to: string;
  edges: EdgeView[];
  /** The SVG path, from `from` to `to`. */
  d: string;
}

export interface GraphLayout {
  width: number;
  height: number;
  /** Each node's box's top-left corner (NODE_W by NODE_H). */
  boxes: Map<string, { x: number; y: number }>;
  links: LinkLayout[];
}

/** Where the nodes go and the paths of the edges between them. */
export function layout(nodes: readonly NodeView[], edges: readonly EdgeView[]): GraphLayout {
  const layer = layers(nodes, edges);
  const rows: Slot[][] = [];
  for (const n of nodes) (rows[layer.get(n.id)!] ??= []).push({ id: n.id, w: NODE_W });
  for (let r = 0; r < rows.length; r++) rows[r] ??= [];
  const rowOf = new Map<string, number>(layer);

  // One link per pair of nodes, as a chain top to bottom: its upper node, a lane in each layer
  // between, its lower node. up/down: each slot's neighbours in the layer above and below.
  const pairs = new Map<string, EdgeView[]>();
  for (const e of edges) push(pairs, `${e.from}\0${e.to}`, e);
  const up = new Map<string, string[]>();
  const down = new Map<string, string[]>();
  const chains: Array<{ group: EdgeView[]; chain: string[]; upward: boolean }> = [];
  for (const [key, group] of pairs) {
    const { from, to } = group[0]!;
    if (!layer.has(from) || !layer.has(to)) continue;
    const upward = layer.get(to)! < layer.get(from)!;
    const [top, bottom] = upward ? [to, from] : [from, to];
    const chain = [top];
    if (from !== to) {
      for (let r = layer.get(top)! + 1; r < layer.get(bottom)!; r++) {
        const id = `${key}\0${r}`;
        rows[r]!.push({ id, w: LANE_W });
        rowOf.set(id, r);
        chain.push(id);
      }
      chain.push(bottom);
      for (let i = 1; i < chain.length; i++) {
        push(down, chain[i - 1]!, chain[i]!);
        push(up, chain[i]!, chain[i - 1]!);
      }
    }
    chains.push({ group, chain, upward });
  }

  // The sweeps: down, each layer by its neighbours above, then up, by those below.
  const sweeps = (visit: (row: Slot[], near: Map<string, string[]>) => void) => {
    for (let k = 0; k < 4; k++) {
      const downward = k % 2 === 0;
      const order = downward ? rows.slice(1) : rows.slice(0, -1).reverse();
      for (const row of order) visit(row, downward ? up : down);
    }
  };
  const index = new Map<string, number>();
  for (const row of rows) row.forEach((s, i) => index.set(s.id, i));
  sweeps((row, near) => {
    const keyed = row.map((s, i) => {
      const ns = near.get(s.id);
      return { s, i, k: ns ? mean(ns.map((n) => index.get(n)!)) : i };
    });
    keyed.sort((a, b) => a.k - b.k || a.i - b.i);
    row.splice(0, row.length, ...keyed.map((x) => x.s));
    row.forEach((s, i) => index.set(s.id, i));
  });

  // Centres: each slot near the mean of its neighbours, the layer's order and spacing kept (the
  // mean of the placements pushed right and pushed left, both of which keep them).
  const space = (a: Slot, b: Slot) => (a.w + b.w) / 2 + (a.w === NODE_W && b.w === NODE_W ? GAP_X : LANE_GAP);
  const cx = new Map<string, number>();
  for (const row of rows) row.forEach((s, i) => cx.set(s.id, i ? cx.get(row[i - 1]!.id)! + space(row[i - 1]!, s) : 0));
  sweeps((row, near) => {
    const want = row.map((s) => {
      const ns = near.get(s.id);
      return ns ? mean(ns.map((n) => cx.get(n)!)) : cx.get(s.id)!;
    });
    const right = [...want];
    const left = [...want];
    for (let i = 1; i < row.length; i++) right[i] = Math.max(right[i]!, right[i - 1]! + space(row[i - 1]!, row[i]!));
    for (let i = row.length - 2; i >= 0; i--) left[i] = Math.min(left[i]!, left[i + 1]! - space(row[i]!, row[i + 1]!));
    row.forEach((s, i) => cx.set(s.id, (right[i]! + left[i]!) / 2));
  });
  const all = rows.flat();
  const shift = PAD - Math.min(...all.map((s) => cx.get(s.id)! - s.w / 2));
  for (const s of all) cx.set(s.id, cx.get(s.id)! + shift);
  const loops = chains.some((c) => c.chain.length === 1);
  const width = Math.max(...all.map((s) => cx.get(s.id)! + s.w / 2)) + PAD + (loops ? LOOP : 0);
  const height = PAD * 2 + rows.length * NODE_H + (rows.length - 1) * GAP_Y;
  const top = (r: number) => PAD + r * (NODE_H + GAP_Y);
  const boxes = new Map<string, { x: number; y: number }>();
  for (const n of nodes) boxes.set(n.id, { x: cx.get(n.id)! - NODE_W / 2, y: top(layer.get(n.id)!) });

  // Ports: the links leaving a node's bottom (or entering its top) spread along it, in the order
  // of where they go (or come from).
  const ends = new Map<string, Array<{ toward: number; set: (x: number) => void }>>();
  const routes = chains.map(({ chain }) => {
    const route = { start: 0, end: 0 };
    if (chain.length > 1) {
      const [a, b, y, z] = [chain[0]!, chain[1]!, chain[chain.length - 2]!, chain[chain.length - 1]!];
      push(ends, `${a}\0v`, { toward: cx.get(b)!, set: (x: number) => (route.start = x) });
      push(ends, `${z}\0^`, { toward: cx.get(y)!, set: (x: number) => (route.end = x) });
    }
    return route;
  });
  for (const [key, list] of ends) {
    const left = cx.get(key.slice(0, -2))! - NODE_W / 2;
    list.sort((p, q) => p.toward - q.toward).forEach((p, k) => p.set(left + (NODE_W * (k + 1)) / (list.length + 1)));
  }

  const links = chains.map(({ group, chain, upward }, i): LinkLayout => {
    const { from, to } = group[0]!;
    if (chain.length === 1) {
      const b = boxes.get(from)!;
      const x = b.x + NODE_W;
      const reach = (LOOP * 4) / 3;
      return { from, to, edges: group, d: `M${round(x)},${b.y + 8} C${round(x + reach)},${b.y + 2} ${round(x + reach)},${b.y + NODE_H - 2} ${round(x)},${b.y + NODE_H - 8}` };
    }
    // Down the chain: out of the bottom of a layer, into the top of the next, down a lane.
    const points: Array<[number, number]> = [[routes[i]!.start, top(rowOf.get(chain[0]!)!) + NODE_H]];
    for (const id of chain.slice(1, -1)) points.push([cx.get(id)!, top(rowOf.get(id)!)], [cx.get(id)!, top(rowOf.get(id)!) + NODE_H]);
    points.push([routes[i]!.end, top(rowOf.get(chain[chain.length - 1]!)!)]);
    if (upward) points.reverse();
    let d = `M${round(points[0]![0])},${points[0]![1]}`;
    for (let k = 1; k < points.length; k++) {
      const [x1, y1] = points[k - 1]!;
      const [x2, y2] = points[k]!;
      const m = (y1 + y2) / 2;
      // Odd pieces go between layers (a curve within the gap), even ones down a lane.
      d += k % 2 ? ` C${round(x1)},${m} ${round(x2)},${m} ${round(x2)},${y2}` : ` L${round(x2)},${y2}`;
    }
    return { from, to, edges: group, d };
  });
  return { width: Math.ceil(width), height, boxes, links };
}

/** What a node is called, as in `agent-lint graph`. */
const label = (n: NodeView) => (n.kind === 'command' ? `/${n.name}` : n.name);

/** Draws the graph into `host`; `open` is called with the file of a clicked node. */
export function renderGraph(host: Element, nodes: readonly NodeView[], edges: readonly EdgeView[], open: (file: string) => void): void {
  host.textContent = '';
  if (nodes.length === 0) {
    const p = document.createElement('p');
    p.className = 'empty';
    p.textContent = 'No agents, commands or skills yet: add a file under .claude/agents/ or .claude/commands/.';
    host.appendChild(p);
    return;
  }
  const { width, height, boxes, links } = layout(nodes, edges);
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': 'delegation graph' }, host);
  const defs = el('defs', {}, svg);
  for (const [id, colour] of [['arrow', '#5b6470'], ['arrow-bad', '#d93025']] as const) {
    const m = el('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 9, markerHeight: 9, markerUnits: 'userSpaceOnUse', orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M0,0 L10,5 L0,10 z', fill: colour }, m);
  }
  for (const link of links) {
    const bad = link.edges.some((x) => x.bad);
    // Dashed, as in the Mermaid: only delegation_path examples show it.
    const example = !bad && link.edges.every((x) => x.via === 'delegation-path');
    const g = el('g', { class: `edge${bad ? ' bad' : example ? ' example' : ''}`, 'data-from': link.from, 'data-to': link.to }, svg);
    el('path', { d: link.d, fill: 'none', 'marker-end': bad ? 'url(#arrow-bad)' : 'url(#arrow)' }, g);
    el('title', {}, g).textContent = link.edges.map((x) => `${x.file}:${x.line} ${x.via} -> ${x.target} (${x.status})`).join('\n');
  }
  for (const n of nodes) {
    const { x, y } = boxes.get(n.id)!;
    const g = el('g', { class: `node kind-${n.kind}${n.file ? ' has-file' : ''}`, 'data-id': n.id }, svg);
    el('rect', { x, y, width: NODE_W, height: NODE_H, rx: n.kind === 'command' ? NODE_H / 2 : 4 }, g);
    el('text', { x: x + NODE_W / 2, y: y + NODE_H / 2 + 4, 'text-anchor': 'middle' }, g).textContent = shorten(label(n), 20);
    el('title', {}, g).textContent = `${n.kind} ${label(n)}${n.file ? `\n${n.file} (click to open)` : ''}`;
    if (n.file) {
      const file = n.file;
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', `${n.kind} ${label(n)}: open ${file}`);
      g.addEventListener('click', () => open(file));
      g.addEventListener('keydown', (ev) => {
        const key = (ev as KeyboardEvent).key;
        if (key === 'Enter' || key === ' ') {
          ev.preventDefault();
          open(file);
        }
      });
    }
  }
}
