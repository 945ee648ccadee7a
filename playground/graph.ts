/**
 * The delegation graph as SVG, in a simple layered layout: a node's layer is the length of the
 * longest path reaching it (edges that close a cycle do not count), layers run top to bottom,
 * and each layer is ordered by the mean position of its parents (one sweep). Nodes are coloured
 * by kind; an edge whose target is missing, or where an error is reported, is red. Linear in
 * nodes and edges apart from the sort within each layer.
 */

import type { GraphEdgeView as EdgeView, GraphNodeView as NodeView } from '../src/browser/index.js';

export type { EdgeView, NodeView };

const SVG = 'http://www.w3.org/2000/svg';
const NODE_W = 150;
const NODE_H = 30;
const GAP_X = 24;
const GAP_Y = 56;
const PAD = 16;

/** Each node's layer: longest path from a root, ignoring the edges that close a cycle. */
export function layers(nodes: readonly NodeView[], edges: readonly EdgeView[]): Map<string, number> {
  const out = new Map<string, string[]>();
  for (const n of nodes) out.set(n.id, []);
  for (const e of edges) if (e.from !== e.to) out.get(e.from)?.push(e.to);
  // Depth-first order, marking back edges (to a node on the current path) as not counted.
  const state = new Map<string, 1 | 2>();
  const order: string[] = [];
  const back = new Set<string>();
  for (const start of nodes) {
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
  const layer = layers(nodes, edges);
  const rows: NodeView[][] = [];
  for (const n of nodes) (rows[layer.get(n.id)!] ??= []).push(n);
  const parents = new Map<string, string[]>();
  for (const e of edges) (parents.get(e.to) ?? parents.set(e.to, []).get(e.to)!).push(e.from);
  const slot = new Map<string, number>();
  rows.forEach((row, r) => {
    if (r > 0) {
      const mean = (n: NodeView) => {
        const ps = (parents.get(n.id) ?? []).map((p) => slot.get(p)).filter((x): x is number => x !== undefined);
        return ps.length ? ps.reduce((a, b) => a + b, 0) / ps.length : Number.MAX_SAFE_INTEGER;
      };
      const keyed = row.map((n, i) => ({ n, k: mean(n), i }));
      keyed.sort((a, b) => a.k - b.k || a.i - b.i);
      row.splice(0, row.length, ...keyed.map((x) => x.n));
    }
    row.forEach((n, i) => slot.set(n.id, i));
  });
  const widest = Math.max(...rows.map((r) => r.length));
  const width = PAD * 2 + widest * NODE_W + (widest - 1) * GAP_X;
  const height = PAD * 2 + rows.length * NODE_H + (rows.length - 1) * GAP_Y;
  const pos = new Map<string, { x: number; y: number }>();
  rows.forEach((row, r) => {
    const rowWidth = row.length * NODE_W + (row.length - 1) * GAP_X;
    const x0 = (width - rowWidth) / 2;
    row.forEach((n, i) => pos.set(n.id, { x: x0 + i * (NODE_W + GAP_X), y: PAD + r * (NODE_H + GAP_Y) }));
  });

  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': 'delegation graph' }, host);
  const defs = el('defs', {}, svg);
  for (const [id, colour] of [['arrow', '#5b6470'], ['arrow-bad', '#d1242f']] as const) {
    const m = el('marker', { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 9, markerHeight: 9, markerUnits: 'userSpaceOnUse', orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M0,0 L10,5 L0,10 z', fill: colour }, m);
  }
  // One line per pair of nodes; red when any of its delegations is bad.
  const pairs = new Map<string, EdgeView[]>();
  for (const e of edges) (pairs.get(`${e.from}\0${e.to}`) ?? pairs.set(`${e.from}\0${e.to}`, []).get(`${e.from}\0${e.to}`)!).push(e);
  for (const group of pairs.values()) {
    const e = group[0]!;
    const a = pos.get(e.from);
    const b = pos.get(e.to);
    if (!a || !b) continue;
    const bad = group.some((x) => x.bad);
    const g = el('g', { class: bad ? 'edge bad' : 'edge', 'data-from': e.from, 'data-to': e.to }, svg);
    const x1 = a.x + NODE_W / 2;
    const x2 = b.x + NODE_W / 2;
    let d: string;
    if (e.from === e.to) {
      d = `M${a.x + NODE_W},${a.y + 8} c40,-20 40,34 0,14`;
    } else if (b.y > a.y) {
      const y1 = a.y + NODE_H;
      const y2 = b.y;
      d = `M${x1},${y1} C${x1},${(y1 + y2) / 2} ${x2},${(y1 + y2) / 2} ${x2},${y2}`;
    } else {
      // Upward (a cycle, or a layer mate): around the side.
      const y1 = a.y + NODE_H / 2;
      const y2 = b.y + NODE_H / 2;
      const side = Math.max(a.x, b.x) + NODE_W + 18;
      d = `M${a.x + NODE_W},${y1} C${side},${y1} ${side},${y2} ${b.x + NODE_W},${y2}`;
    }
    el('path', { d, fill: 'none', 'marker-end': bad ? 'url(#arrow-bad)' : 'url(#arrow)' }, g);
    el('title', {}, g).textContent = group.map((x) => `${x.file}:${x.line} ${x.via} -> ${x.target} (${x.status})`).join('\n');
  }
  for (const n of nodes) {
    const p = pos.get(n.id)!;
    const g = el('g', { class: `node kind-${n.kind}${n.file ? ' has-file' : ''}`, 'data-id': n.id, transform: `translate(${p.x},${p.y})`, tabindex: n.file ? 0 : -1 }, svg);
    el('rect', { width: NODE_W, height: NODE_H, rx: 6 }, g);
    el('text', { x: NODE_W / 2, y: NODE_H / 2 + 4, 'text-anchor': 'middle' }, g).textContent = shorten(n.name, 20);
    el('title', {}, g).textContent = `${n.kind} ${n.name}${n.file ? `\n${n.file} (click to open)` : ''}`;
    if (n.file) {
      const file = n.file;
      g.addEventListener('click', () => open(file));
      g.addEventListener('keydown', (ev) => {
        if ((ev as KeyboardEvent).key === 'Enter') open(file);
      });
    }
  }
}
