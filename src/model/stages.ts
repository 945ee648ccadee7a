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
  // The nearest workflow element at or above each element, filled in document order (a
  // parent comes before its children), so deep nesting costs no ancestor walks.
  const nearest = new Map<XmlElement, XmlElement | null>();
  for (const el of xml.elements) {
    const above = el.parent ? nearest.get(el.parent) ?? null : null;
    nearest.set(el, WORKFLOW_ELEMENTS.has(el.name) ? el : above);
    if (el.name !== 'stage') continue;
    const workflow = (el.parent && nearest.get(el.parent)) || el.parent;
    out.push({ element: el, id: attribute(el, 'id'), name: attribute(el, 'name'), workflow });
  }
  return out;
}

/**
 * The elements inside a stage that belong to it: its descendants, without entering nested
 * stages (which are yielded, so their ranges can be left out, but not walked). Each element
 * is walked for one stage only, so walking every stage is linear.
 */
export function* stageDescendants(stage: XmlElement): Generator<XmlElement> {
  const stack = [...stage.children].reverse();
  while (stack.length) {
    const e = stack.pop()!;
    yield e;
    if (e.name !== 'stage') for (let k = e.children.length - 1; k >= 0; k--) stack.push(e.children[k]!);
  }
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

/**
 * The pieces of an element's content that are its own text: outside its child elements and
 * outside opaque ranges (non-XML fences, comments). Sorted, disjoint.
 */
export function ownText(el: XmlElement, opaque: readonly Range[]): Range[] {
  return textOutside(el.contentRange, opaque, el.children.map((c) => c.range));
}

/**
 * The pieces of `range` outside `more` (sorted, disjoint: child elements, nested stages) and
 * outside the opaque ranges. Opaque ranges are looked up per piece, so text inside a child
 * that is left out is never walked.
 */
export function textOutside(range: Range, opaque: readonly Range[], more: readonly Range[] = []): Range[] {
  const out: Range[] = [];
  for (const piece of subtract(range, more)) for (const r of subtract(piece, opaqueWithin(opaque, piece.start, piece.end))) out.push(r);
  return out;
}

function subtract(range: Range, holes: readonly Range[]): Range[] {
  const { start, end } = range;
  const out: Range[] = [];
  let p = start;
  for (const h of holes) {
    if (h.end <= p) continue;
    if (h.start >= end) break;
    if (h.start > p) out.push({ start: p, end: h.start });
    p = Math.max(p, h.end);
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
