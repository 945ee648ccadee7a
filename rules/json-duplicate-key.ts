import { defineRule } from '../src/engine/rule.js';
import type { JsonNode, JsonObject } from '../src/model/json/ast.js';
import { clip } from '../src/util/clip.js';

/** Every object in a JSON value, the value itself included (bounded depth). */
function objectsOf(node: JsonNode, out: JsonObject[], seen: Set<JsonNode>, depth = 0): void {
  if (depth > 200 || seen.has(node)) return;
  seen.add(node);
  if (node.type === 'object') {
    out.push(node);
    for (const p of node.properties) objectsOf(p.value, out, seen, depth + 1);
  } else if (node.type === 'array') for (const i of node.items) objectsOf(i, out, seen, depth + 1);
}

export default defineRule({
  meta: {
    id: 'json-duplicate-key',
    description: 'No return, delegation context or JSON config repeats a key in one object.',
    severity: 'error',
    standard: false,
    kinds: ['agent', 'command', 'skill', 'other', 'plugin-manifest', 'marketplace-manifest', 'hooks-config', 'settings', 'mcp-config'],
    messages: {
      twice: {
        message: '"{{key}}" appears twice in this object',
        help: 'Line {{firstLine}} sets it first. A JSON reader keeps the last value and drops the first without a word: keep one.',
      },
    },
  },
  check({ doc, report }) {
    const roots: JsonNode[] = [];
    if (doc.isJson) {
      const view = doc.jsonFile;
      if (view?.ok) roots.push(view.root);
    } else {
      // The shaped objects are found behind a cheap guard on the text; a block written to a
      // metadata file without a return's shape is not looked for (it would parse the JSON of
      // every file that says "status").
      for (const r of doc.returnFormats) roots.push(r.node);
      for (const c of doc.delegationContexts) roots.push(c.node);
    }
    if (roots.length === 0) return;
    const objects: JsonObject[] = [];
    const seen = new Set<JsonNode>();
    for (const r of roots) objectsOf(r, objects, seen);
    for (const o of objects) {
      if (o.properties.length < 2) continue;
      const first = new Map<string, number>();
      for (const p of o.properties) {
        const at = first.get(p.key);
        if (at === undefined) {
          first.set(p.key, p.keyRange.start);
          continue;
        }
        report({ messageId: 'twice', data: { key: clip(p.key, 40), firstLine: doc.lines.lineOf(at) + 1 }, range: p.keyRange });
      }
    }
  },
});
