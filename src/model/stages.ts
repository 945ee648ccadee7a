/**
 * Stage workflows: the `<stage id=".." name="..">` elements commands and orchestrators use to
 * describe their workflow (the standard's "Standard Delegation Workflow"), each with the
 * workflow element that encloses it (`<workflow_execution>`, `<workflow>`, `<process_flow>`).
 * Built from the XML view, so stages count both bare in the markdown and in ```xml fences.
 */
import type { Range } from '../types.js';
import type { XmlAttribute, XmlDocument, XmlElement } from './xml/types.js';

/** Names of elements that hold a workflow's stages. */
export const WORKFLOW_ELEMENTS: ReadonlySet<string> = new Set([
  'workflow_execution', 'workflow', 'process_flow', 'execution_flow', 'workflow_stages', 'stages', 'execution', 'process',
]);

export interface Stage {
  element: XmlElement;
  id: XmlAttribute | undefined;
  name: XmlAttribute | undefined;
  /**
   * The enclosing workflow element: the nearest ancestor named in WORKFLOW_ELEMENTS, else the
   * stage's parent element; null for a stage at the top level (e.g. alone in an ```xml fence).
   */
  workflow: XmlElement | null;
}

export interface StageWorkflow {
  /** null: the stages of the document that sit at the top level. */
  element: XmlElement | null;
  stages: Stage[];
}

export function findStages(xml: XmlDocument): Stage[] {
  const out: Stage[] = [];
  for (const el of xml.elements) {
    if (el.name !== 'stage') continue;
    out.push({ element: el, id: attribute(el, 'id'), name: attribute(el, 'name'), workflow: workflowOf(el) });
  }
  return out;
}

function workflowOf(el: XmlElement): XmlElement | null {
  for (let a = el.parent; a; a = a.parent) if (WORKFLOW_ELEMENTS.has(a.name)) return a;
  return el.parent;
}

/** Stages grouped by workflow, in document order. */
export function stageWorkflows(stages: readonly Stage[]): StageWorkflow[] {
  const groups = new Map<XmlElement | null, StageWorkflow>();
  for (const s of stages) {
    let g = groups.get(s.workflow);
    if (!g) groups.set(s.workflow, (g = { element: s.workflow, stages: [] }));
    g.stages.push(s);
  }
  return [...groups.values()];
}

/** The first attribute of that name (a duplicate is the wellformedness rule's business). */
export function attribute(el: XmlElement, name: string): XmlAttribute | undefined {
  return el.attributes.find((a) => a.name === name);
}

/** The direct children of that name. */
export function childElements(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

/**
 * The pieces of an element's content that are its own text: outside its child elements and
 * outside opaque ranges (non-XML fences, comments). Sorted, disjoint.
 */
export function ownText(el: XmlElement, opaque: readonly Range[]): Range[] {
  const holes: Range[] = [];
  for (const c of el.children) holes.push(c.range);
  const { start, end } = el.contentRange;
  for (const o of opaqueWithin(opaque, start, end)) holes.push(o);
  holes.sort((a, b) => a.start - b.start);
  const out: Range[] = [];
  let p = start;
  for (const h of holes) {
    if (h.start > p) out.push({ start: p, end: Math.min(h.start, end) });
    p = Math.max(p, h.end);
    if (p >= end) break;
  }
  if (p < end) out.push({ start: p, end });
  return out;
}

function opaqueWithin(opaque: readonly Range[], start: number, end: number): Range[] {
  // Binary search for the first range ending after start.
  let lo = 0;
  let hi = opaque.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (opaque[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  const out: Range[] = [];
  for (let k = lo; k < opaque.length && opaque[k]!.start < end; k++) out.push(opaque[k]!);
  return out;
}
