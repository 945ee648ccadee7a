import { defineRule } from '../src/engine/rule.js';

export default defineRule({
  meta: {
    id: 'return-format-json',
    description: 'A fenced JSON block that holds a return format can be parsed (as a template).',
    details:
      'A subagent copies the return format its spec shows. A block that looks like a return (a "status" key and two of summary, artifacts, metadata, errors) but is not JSON even when read as a template (placeholders such as {x}, "a|b" alternatives, comments, trailing commas and ... are accepted) teaches the agent to return text its caller cannot parse. The diagnostic points at the position where parsing stopped.',
    severity: 'error',
  },
  check({ doc, report }) {
    for (const f of doc.json.failures) {
      if (!f.looksLikeReturnFormat) continue;
      const start = Math.min(f.error.offset, doc.text.length);
      const end = Math.min(start + 1, f.fence.contentRange.end, doc.text.length);
      report({
        message: `return-format block is not valid JSON even as a template: ${f.error.message}`,
        range: { start, end: Math.max(start, end) },
      });
    }
  },
});
