/**
 * Reading the standard's objects (subagent returns, their metadata, delegation contexts) out of
 * the tolerant JSON tree, with the template conventions the rules share: a value written as a
 * placeholder (`{x}`, `${x}`, `N`, `...`) or as an enumeration (`"a|b"`) is not a concrete value
 * and is not checked as one.
 */
import type { JsonBlock, ShapedObject } from '../model/json/blocks.js';
import type { JsonArray, JsonNode, JsonObject, JsonString } from '../model/json/ast.js';
import { findProperty } from '../model/json/parse.js';

/** A string that only stands for "more of the same": `...` or `…`. */
export function isEllipsisText(s: string): boolean {
  const t = s.trim();
  return t === '...' || t === '…' || t === '[...]';
}

/** The string's value when it is one concrete value: not templated, not `a|b`, not `...`. */
export function concreteString(node: JsonNode | undefined): string | undefined {
  if (!node || node.type !== 'string') return undefined;
  if (node.templated || node.alternatives || isEllipsisText(node.value)) return undefined;
  return node.value;
}

/** The node is a template stand-in: a bare placeholder, a templated string or `...`. */
export function isTemplateValue(node: JsonNode | undefined): boolean {
  if (!node) return false;
  if (node.type === 'placeholder') return true;
  if (node.type === 'string') return node.templated || isEllipsisText(node.value);
  return false;
}

/** A return's `metadata` object, if it has one. */
export function metadataOf(ret: JsonObject): JsonObject | undefined {
  const m = findProperty(ret, 'metadata')?.value;
  return m?.type === 'object' ? m : undefined;
}

/**
 * An object picked as a delegation context that is really a return's metadata (its return
 * object could not be parsed, e.g. because of a `{for each task:}` line): it holds
 * `agent_type` or `duration_seconds`, which contexts never have.
 */
export function looksLikeReturnMetadata(o: JsonObject): boolean {
  return o.properties.some((p) => p.key === 'agent_type' || p.key === 'duration_seconds');
}

export interface DelegationHolder {
  /** The object holding session_id / delegation_depth / delegation_path. */
  node: JsonObject;
  /** Where it came from: a return's metadata, or a delegation context. */
  role: 'metadata' | 'context';
  block: JsonBlock;
}

/**
 * The returns of a document under the format in force: its return-shaped objects, and with a
 * project's own format also the blocks it says it writes to a metadata file (which need not
 * have a console return's shape). The profile is read only when there are such blocks.
 */
export function returnsOf(doc: { returnFormats: readonly ShapedObject[]; fileReturns: readonly ShapedObject[] }, profile: { returnFormat?: unknown }): readonly ShapedObject[] {
  if (doc.fileReturns.length === 0 || !profile.returnFormat) return doc.returnFormats;
  return [...doc.returnFormats, ...doc.fileReturns].sort((a, b) => a.node.range.start - b.node.range.start);
}

/** Every return's metadata object and every delegation context of a document. */
export function delegationHolders(doc: { returnFormats: readonly ShapedObject[]; delegationContexts: readonly ShapedObject[] }): DelegationHolder[] {
  const out: DelegationHolder[] = [];
  for (const r of doc.returnFormats) {
    const meta = metadataOf(r.node);
    if (meta) out.push({ node: meta, role: 'metadata', block: r.block });
  }
  for (const c of doc.delegationContexts) {
    out.push({ node: c.node, role: looksLikeReturnMetadata(c.node) ? 'metadata' : 'context', block: c.block });
  }
  return out;
}

/** Calls `visit` on every object of the blocks, nested ones included (bounded depth). */
export function forEachObject(blocks: readonly JsonBlock[], visit: (o: JsonObject, block: JsonBlock) => void): void {
  const walk = (node: JsonNode, block: JsonBlock, depth: number) => {
    if (depth > 200) return;
    if (node.type === 'array') for (const i of node.items) walk(i, block, depth + 1);
    else if (node.type === 'object') {
      visit(node, block);
      for (const p of node.properties) walk(p.value, block, depth + 1);
    }
  };
  for (const b of blocks) walk(b.value, b, 0);
}

/** The concrete strings of an array with their nodes, or undefined if any item is not one. */
export function concreteStrings(arr: JsonArray): Array<{ value: string; node: JsonString }> | undefined {
  const out: Array<{ value: string; node: JsonString }> = [];
  for (const item of arr.items) {
    const v = concreteString(item);
    if (v === undefined) return undefined;
    out.push({ value: v, node: item as JsonString });
  }
  return out;
}

/**
 * `a -> b -> c` for messages: names[start..end). A path over `max` names shows its first and last
 * few, so that a message has a bounded length (and no copy of a long path is made).
 */
export function showPath(names: readonly string[], start = 0, end = names.length, max = 8): string {
  const n = end - start;
  if (n <= max) return names.slice(start, end).map(cut).join(' -> ');
  const k = Math.max(1, Math.floor((max - 1) / 2));
  return [...names.slice(start, start + k).map(cut), `... (${n - 2 * k} more)`, ...names.slice(end - k, end).map(cut)].join(' -> ');
}

/** A name as shown in a message: at most 60 characters. */
function cut(name: string): string {
  return name.length > 60 ? `${name.slice(0, 57)}...` : name;
}
