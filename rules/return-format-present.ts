import { defineRule } from '../src/engine/rule.js';
import type { JsonNode, JsonObject } from '../src/model/json/ast.js';
import { mayNameKey } from '../src/model/json/blocks.js';

/** The first object (in document order, nested ones too) that has a "status" key. */
function firstStatusObject(values: JsonNode[]): JsonObject | undefined {
  const stack = [...values].reverse();
  let steps = 0;
  while (stack.length && steps++ < 10000) {
    const n = stack.pop()!;
    if (n.type === 'object') {
      if (n.properties.some((p) => p.key === 'status')) return n;
      for (let i = n.properties.length - 1; i >= 0; i--) stack.push(n.properties[i]!.value);
    } else if (n.type === 'array') {
      for (let i = n.items.length - 1; i >= 0; i--) stack.push(n.items[i]!);
    }
  }
  return undefined;
}

function join(words: readonly string[], conjunction: 'and' | 'or'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}

export default defineRule({
  meta: {
    id: 'return-format-present',
    description: 'A subagent of a project that uses the delegation standard shows its return format as JSON.',
    severity: 'warn',
    kinds: ['agent'],
    requiresStandard: true,
    messages: {
      missing: {
        message: 'agent "{{name}}" shows no return format',
        help: '{{whose}} has subagents return JSON with {{fields}}: show it in a JSON block.{{closest}}',
      },
    },
  },
  check({ doc, profile, report }) {
    const fm = doc.frontmatter;
    if (fm?.data?.['mode'] === 'primary') return;
    if (doc.returnFormats.length > 0) return;
    // Under the project's own format, a metadata-file block is the return it shows.
    if (doc.fileReturns.length > 0 && profile.returnFormat) return;
    // A text answer plus a metadata file, by design ("Return a brief text summary (NOT JSON)"
    // and the return written to .return-meta.json): there is no console JSON to show.
    const channel = doc.returnChannel;
    if (channel.console === 'text' && channel.metadataFile) return;
    // A return block that does not parse is return-format-json's finding.
    const mayShowStatus = mayNameKey(doc.text, 'status');
    if (mayShowStatus && doc.json.failures.some((f) => f.looksLikeReturnFormat)) return;

    const fields = profile.requiredReturnFields;
    const format = profile.returnFormat;
    const whose = format ? `the project's return format (${format.file}:${format.line})` : profile.title;
    let closest = '';
    const near = mayShowStatus ? firstStatusObject(doc.json.blocks.map((b) => b.value)) : undefined;
    if (near) {
      const keys = new Set(near.properties.map((p) => p.key));
      const lacking = fields.filter((f) => !keys.has(f));
      const line = doc.lines.lineOf(near.range.start) + 1;
      closest = ` The JSON at line ${line} has "status" but no ${join(lacking, 'or')}.`;
    }
    const nameField = fm?.fields.find((f) => f.key === 'name');
    report({
      messageId: 'missing',
      data: { name: doc.name, whose, fields: join(fields, 'and'), closest },
      // At the name key; else at the frontmatter's opening line, or 1:1.
      ...(nameField ? { range: nameField.keyRange } : fm ? { range: fm.openRange } : { loc: { line: 1, column: 1 } }),
    });
  },
});
