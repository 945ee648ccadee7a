import { defineRule } from '../src/engine/rule.js';
import type { JsonNode, JsonObject } from '../src/model/json/ast.js';
import { mayNameKey } from '../src/model/json/blocks.js';
import type { DocumentModel } from '../src/model/document.js';
import type { Profile } from '../src/standard/profiles.js';

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

/**
 * Whether the agent's return format is shown, or is not this rule's to ask for: a primary agent
 * returns to no one, and some returns are shown another way or judged by another rule.
 */
function returnFormatAccountedFor(doc: DocumentModel, profile: Profile): boolean {
  if (doc.frontmatter?.data?.['mode'] === 'primary') return true;
  if (doc.returnFormats.length > 0) return true;
  // Under the project's own format, a metadata-file block is the return it shows.
  if (doc.fileReturns.length > 0 && profile.returnFormat) return true;
  // A text answer plus a metadata file, by design ("Return a brief text summary (NOT JSON)"
  // and the return written to .return-meta.json): there is no console JSON to show.
  const channel = doc.returnChannel;
  if (channel.console === 'text' && channel.metadataFile) return true;
  // A return block that does not parse is return-format-json's finding.
  return mayNameKey(doc.text, 'status') && doc.json.failures.some((f) => f.looksLikeReturnFormat);
}

/** The help's pointer to JSON that comes close: the first object with a "status", and the fields it lacks ('' when none). */
function nearMiss(doc: DocumentModel, fields: readonly string[]): string {
  const near = mayNameKey(doc.text, 'status') ? firstStatusObject(doc.json.blocks.map((b) => b.value)) : undefined;
  if (!near) return '';
  const keys = new Set(near.properties.map((p) => p.key));
  const lacking = fields.filter((f) => !keys.has(f));
  const line = doc.lines.lineOf(near.range.start) + 1;
  return ` The JSON at line ${line} has "status" but no ${join(lacking, 'or')}.`;
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
    if (returnFormatAccountedFor(doc, profile)) return;
    const fields = profile.requiredReturnFields;
    const format = profile.returnFormat;
    const whose = format ? `the project's return format (${format.file}:${format.line})` : profile.title;
    const fm = doc.frontmatter;
    const nameField = fm?.fields.find((f) => f.key === 'name');
    report({
      messageId: 'missing',
      data: { name: doc.name, whose, fields: join(fields, 'and'), closest: nearMiss(doc, fields) },
      // At the name key; else at the frontmatter's opening line, or 1:1.
      ...(nameField ? { range: nameField.keyRange } : fm ? { range: fm.openRange } : { loc: { line: 1, column: 1 } }),
    });
  },
});
