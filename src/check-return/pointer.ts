/**
 * The JSON pointer (RFC 6901) of the value a diagnostic points at: the deepest member or item
 * of the tree whose key or value holds the diagnostic's range.
 */
import type { JsonNode } from '../model/json/ast.js';
import type { Range } from '../types.js';

const inside = (r: Range, outer: Range) => r.start >= outer.start && r.end <= outer.end;
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

export function pointerAt(root: JsonNode, range: Range): string {
  let node = root;
  let pointer = '';
  for (;;) {
    if (node.type === 'object') {
      // The last of duplicate keys is the one that counts (as in JSON.parse).
      let next: JsonNode | undefined;
      for (let i = node.properties.length - 1; i >= 0 && !next; i--) {
        const p = node.properties[i]!;
        if (inside(range, p.keyRange)) return `${pointer}/${escape(p.key)}`;
        if (inside(range, p.value.range)) {
          pointer += `/${escape(p.key)}`;
          next = p.value;
        }
      }
      if (!next) return pointer;
      node = next;
    } else if (node.type === 'array') {
      const i = node.items.findIndex((item) => inside(range, item.range));
      if (i === -1) return pointer;
      pointer += `/${i}`;
      node = node.items[i]!;
    } else {
      return pointer;
    }
  }
}
