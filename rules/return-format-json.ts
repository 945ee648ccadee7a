import { defineRule } from '../src/engine/rule.js';
import { looksLikeReturnText } from '../src/model/json/blocks.js';

export default defineRule({
  meta: {
    id: 'return-format-json',
    description: 'A fenced JSON block that holds a return format can be parsed (as a template).',
    severity: 'error',
    messages: {
      'not-json': {
        message: 'return format is not valid JSON: {{reason}}',
        help: 'A subagent copies the return format its spec shows: make the block parse as JSON. Placeholders ({x}, "a|b"), comments, trailing commas and ... may stay.',
      },
    },
  },
  check({ doc, report }) {
    // A block looks like a return by its text (a "status" key and two of the others): when the
    // whole text does not, no block of it does, and no JSON need be parsed.
    if (!looksLikeReturnText(doc.text)) return;
    for (const f of doc.json.failures) {
      if (!f.looksLikeReturnFormat) continue;
      const start = Math.min(f.error.offset, doc.text.length);
      const end = Math.min(start + 1, f.fence.contentRange.end, doc.text.length);
      // The parser names places by offset; a person reads lines and columns.
      const reason = f.error.message.replace(/\bat offset (\d+)/g, (_, n: string) => {
        const p = doc.lines.position(Math.min(Number(n), doc.text.length));
        return `at line ${p.line}, column ${p.column}`;
      });
      report({ messageId: 'not-json', data: { reason }, range: { start, end: Math.max(start, end) } });
    }
  },
});
