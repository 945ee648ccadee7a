/**
 * The delegations one spec writes, as names: what the delegation view found in its text
 * (task/Agent calls, `subagent_type` data, "invoke x via the task tool", `@agent-x`), the
 * frontmatter's routing table and `delegation.can_delegate_to` list, Skill invocations, and
 * the consecutive names of its `delegation_path` examples. Templated names are left out.
 */
import type { Node as YamlNode } from 'yaml';
import { isMap, isScalar, isSeq } from '../util/yaml.js';
import type { DocumentModel } from '../model/document.js';
import type { JsonArray, JsonNode } from '../model/json/ast.js';
import { findProperty } from '../model/json/parse.js';
import { concreteString, forEachObject } from '../standard/objects.js';
import type { Range } from '../types.js';
import { scanSkillRefs } from './skill-refs.js';
import type { EdgeVia, SpecKind } from './types.js';

export interface Reference {
  target: string;
  expected: SpecKind;
  via: EdgeVia;
  range: Range;
  /**
   * The delegating side when it is not the document itself (a `delegation_path` entry): its
   * name and kind. `index` is the target's entry in the path.
   */
  from?: { name: string; expected: SpecKind | 'orchestrator' };
}

/** A name as delegations write them; anything else (a sentence, a template, a path with spaces) is not a target. */
const NAME = /^[A-Za-z0-9@][\w.:/@-]{0,200}$/;
const TEMPLATE = /[{}$<>[\]]|^\w+_(?:agent|name|type)$/;

export function isNameLike(s: string): boolean {
  return NAME.test(s) && !TEMPLATE.test(s);
}

// ---------------------------------------------------------------------------------------------
// Frontmatter

/** Routing-table keys whose values configure the routing rather than name an agent. */
const ROUTING_SETTINGS = /^(?:strategy|mode|type|method|by|based_on|field|key|policy|description|note|notes|condition|when|timeout|language_field)$/i;

function scalarRange(doc: DocumentModel, node: YamlNode, base: number): Range | null {
  if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return null;
  let start = base + node.range[0];
  let end = base + node.range[1];
  const q = doc.text[start];
  if ((q === '"' || q === "'") && doc.text[end - 1] === q) {
    start++;
    end--;
  }
  // Only when the text is the value itself (no escapes, no folding): positions must be exact.
  return doc.text.slice(start, end) === node.value ? { start, end } : null;
}

function frontmatterRefs(doc: DocumentModel, out: Reference[]): void {
  const fm = doc.frontmatter;
  if (!fm || fm.fields.length === 0) return;
  const base = fm.contentRange.start;
  const add = (node: YamlNode | null | undefined, via: EdgeVia) => {
    if (!node) return;
    const range = scalarRange(doc, node, base);
    if (!range) return;
    const target = String((node as { value: unknown }).value).trim();
    if (isNameLike(target)) out.push({ target, expected: 'agent', via, range });
  };
  const addList = (node: YamlNode | null | undefined, via: EdgeVia) => {
    if (node && isSeq(node)) for (const item of node.items) add(item as YamlNode, via);
  };
  /** A list's items by position (what `add` gets from the YAML nodes, without them). */
  const addItems = (items: readonly Range[], values: readonly unknown[], via: EdgeVia) => {
    items.forEach((r, i) => {
      const value = values[i];
      if (typeof value !== 'string') return;
      let { start, end } = r;
      const q = doc.text[start];
      if ((q === '"' || q === "'") && doc.text[end - 1] === q) {
        start++;
        end--;
      }
      if (doc.text.slice(start, end) !== value) return;
      const target = value.trim();
      if (isNameLike(target)) out.push({ target, expected: 'agent', via, range: { start, end } });
    });
  };
  /** A routing table: its string values (nested tables and lists too), settings left out. */
  const routing = (node: YamlNode | null | undefined, depth: number) => {
    if (!node || depth > 3) return;
    if (isScalar(node)) add(node, 'routing');
    else if (isSeq(node)) for (const item of node.items) routing(item as YamlNode, depth + 1);
    else if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : '';
        if (ROUTING_SETTINGS.test(key)) continue;
        routing(pair.value as YamlNode, depth + 1);
      }
    }
  };
  for (const field of fm.fields) {
    if (field.key === 'routing') routing(field.node, 0);
    else if (field.key === 'can_delegate_to') {
      if (field.items && Array.isArray(field.value)) addItems(field.items, field.value, 'can-delegate-to');
      else addList(field.node, 'can-delegate-to');
    }
    else if (field.key === 'delegation' && field.node && isMap(field.node)) {
      for (const pair of field.node.items) {
        if (isScalar(pair.key) && pair.key.value === 'can_delegate_to') addList(pair.value as YamlNode, 'can-delegate-to');
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Body

function siteRefs(doc: DocumentModel, out: Reference[]): void {
  for (const site of doc.delegations.sites) {
    if (site.templated || site.target === null || site.targetRange === null) continue;
    if (site.kind !== 'call' && site.kind !== 'subagent-type' && site.kind !== 'prose' && site.kind !== 'mention') continue;
    const target = doc.text.slice(site.targetRange.start, site.targetRange.end);
    if (target !== site.target || !isNameLike(target)) continue;
    const via: EdgeVia = site.kind;
    out.push({ target, expected: 'agent', via, range: site.targetRange });
  }
  for (const ref of scanSkillRefs(doc.text, doc.bodyStart)) {
    if (isNameLike(ref.name)) out.push({ target: ref.name, expected: 'skill', via: 'skill', range: ref.range });
  }
}

/** Inside the quotes of a JSON string (plain `"x"` or escaped `\"x\"`). */
function innerRange(text: string, r: Range): Range {
  if (text[r.start] === '\\' && text[r.start + 1] === '"') return { start: r.start + 2, end: r.end - 2 };
  if (text[r.start] === '"' || text[r.start] === "'") return { start: r.start + 1, end: r.end - 1 };
  return r;
}

/** Only separators between two items: no `...` left out between them. */
function adjacent(text: string, a: Range, b: Range): boolean {
  const between = text.slice(a.end, b.start);
  return between.length < 200 && /^[\s,\\]*$/.test(between);
}

/** `...delegation_path` (or any item written with a leading `...`): it stands for several entries. */
function isSpread(text: string, node: JsonNode | undefined): boolean {
  if (!node) return false;
  const t = text.slice(node.range.start, Math.min(node.range.end, node.range.start + 4));
  return t.startsWith('...') || t.startsWith('\u2026');
}

function pathRefs(doc: DocumentModel, out: Reference[]): void {
  if (!doc.text.includes('delegation_path')) return;
  const seen = new Set<JsonArray>();
  forEachObject(doc.json.blocks, (o) => {
    const p = findProperty(o, 'delegation_path')?.value;
    if (p?.type !== 'array' || seen.has(p)) return;
    seen.add(p);
    // Positions count while no `...` came before: entry 0 is the orchestrator, entry 1 the command.
    let positional = !isSpread(doc.text, p.items[0]);
    for (let i = 1; i < p.items.length; i++) {
      const prev = p.items[i - 1]!;
      const item = p.items[i]!;
      if (!adjacent(doc.text, prev.range, item.range) || isSpread(doc.text, item)) positional = false;
      const a = concreteString(prev);
      const b = concreteString(item);
      if (a === undefined || b === undefined || a === b || !isNameLike(a) || !isNameLike(b)) continue;
      if (!adjacent(doc.text, prev.range, item.range)) continue;
      const range = innerRange(doc.text, item.range);
      // Both names as written (no escapes): the graph around a file finds a path's entries by
      // searching the text for them.
      const fromRange = innerRange(doc.text, prev.range);
      if (doc.text.slice(range.start, range.end) !== b || doc.text.slice(fromRange.start, fromRange.end) !== a) continue;
      const fromKind = positional && i === 1 ? 'orchestrator' : positional && i === 2 ? 'command' : 'agent';
      const expected: SpecKind = positional && i === 1 ? 'command' : 'agent';
      out.push({ target: b, expected, via: 'delegation-path', range, from: { name: a, expected: fromKind } });
    }
  });
}

/** Whether the document's delegations are known already (a long-lived caller keeps its documents, a run takes them from an earlier one). */
export function hasReferences(doc: DocumentModel): boolean {
  return doc.facts.has('references');
}

/** Every delegation the document writes, in text order (computed once per document). */
export function referencesOf(doc: DocumentModel): Reference[] {
  return doc.fact('references', computeReferences);
}

function computeReferences(doc: DocumentModel): Reference[] {
  const out: Reference[] = [];
  frontmatterRefs(doc, out);
  siteRefs(doc, out);
  pathRefs(doc, out);
  return out.sort((a, b) => a.range.start - b.range.start);
}
