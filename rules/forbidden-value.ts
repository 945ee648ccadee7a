import { defineRule } from '../src/engine/rule.js';
import type { JsonNode, JsonString } from '../src/model/json/ast.js';
import { findProperty } from '../src/model/json/parse.js';
import { isTemplateValue, returnsOf } from '../src/standard/objects.js';
import type { ForbiddenValue } from '../src/standard/return-format/format.js';
import type { Range } from '../src/types.js';
import { clip } from '../src/util/clip.js';

/** The string values at a template path (`status`, `artifacts/type`): array items are walked. */
function valuesAt(node: JsonNode, path: readonly string[], out: JsonString[], depth = 0): void {
  if (depth > 20) return;
  if (node.type === 'array') {
    for (const item of node.items) valuesAt(item, path, out, depth + 1);
    return;
  }
  if (path.length === 0) {
    if (node.type === 'string') out.push(node);
    return;
  }
  if (node.type !== 'object') return;
  const next = findProperty(node, path[0]!)?.value;
  if (next) valuesAt(next, path.slice(1), out, depth + 1);
}

/** Where `value` stands in the string: the alternative of `"a|completed"`, else the whole string. */
function siteOf(str: JsonString, value: string, text: string): Range | undefined {
  if (isTemplateValue(str)) return undefined;
  const alts = str.alternatives ?? (str.value.includes('|') ? str.value.split('|').map((a) => a.trim()) : [str.value]);
  if (!alts.includes(value)) return undefined;
  if (alts.length === 1) return str.range;
  const raw = text.slice(str.range.start, str.range.end);
  const re = new RegExp(`(?<![\\w.-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.-])`);
  const m = re.exec(raw);
  return m ? { start: str.range.start + m.index, end: str.range.start + m.index + value.length } : str.range;
}

function where(f: ForbiddenValue): string {
  return f.file ? `${f.file}:${f.line}` : `line ${f.line}`;
}

export default defineRule({
  meta: {
    id: 'forbidden-value',
    description: "No return uses a value the project's own documents forbid.",
    severity: 'error',
    requiresStandard: true,
    standard: false,
    messages: {
      forbidden: {
        message: "{{path}} \"{{value}}\" is a value the project's format forbids",
        help: '{{where}} says: {{text}}',
      },
    },
  },
  check({ doc, profile, report }) {
    if (doc.returnFormats.length === 0 && doc.fileReturns.length === 0) return;
    const forbidden = profile.returnFormat?.forbidden;
    if (!forbidden || forbidden.length === 0) return;
    for (const { node } of returnsOf(doc, profile)) {
      for (const f of forbidden) {
        const found: JsonString[] = [];
        valuesAt(node, f.path.split('/'), found);
        for (const str of found) {
          const range = siteOf(str, f.value, doc.text);
          if (!range) continue;
          report({ messageId: 'forbidden', data: { path: f.path.replace('/', '[].'), value: clip(f.value, 40), where: where(f), text: clip(f.text, 200) }, range });
        }
      }
    }
  },
});
