/** Small helpers over `yaml` nodes: absolute ranges and a readable name for a value's type. */
import type { Node as YamlNode } from 'yaml';
import { isMap, isScalar, isSeq } from '../../util/yaml.js';
import type { Range } from '../../types.js';

/** The node's value range in the document (yaml ranges are relative to the frontmatter content). */
export function nodeRange(node: YamlNode | null | undefined, base: number, fallback: Range): Range {
  const r = node?.range;
  return r ? { start: base + r[0], end: base + r[1] } : fallback;
}

/** "a string", "a number", "a list", ... for messages. */
export function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

/** A short rendering of a value for messages (cut at 60 characters). */
export function show(value: unknown): string {
  let s: string;
  if (typeof value === 'string') s = JSON.stringify(value);
  else {
    try {
      s = JSON.stringify(value) ?? String(value);
    } catch {
      s = String(value);
    }
  }
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}

export { isMap, isScalar, isSeq };
export type { YamlNode };
