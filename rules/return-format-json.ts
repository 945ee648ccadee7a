import { defineRule } from '../src/engine/rule.js';
import { looksLikeReturnText } from '../src/model/json/blocks.js';

export default defineRule({
  meta: {
    id: 'return-format-json',
    description: 'A fenced JSON block that holds a return format can be parsed (as a template).',
    details:
      'A subagent copies the return format its spec shows. A block that looks like a return (a "status" key and two of summary, artifacts, metadata, errors) but is not JSON even when read as a template (placeholders such as {x}, "a|b" alternatives, comments, trailing commas and ... are accepted) teaches the agent to return text its caller cannot parse. The diagnostic points at the position where parsing stopped.',
    severity: 'error',
    help: {
      default:
        'A subagent copies the return format its spec shows: make the block parse as JSON. Placeholders ({x}, "a|b"), comments, trailing commas and ... may stay.',
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
      report({
        message: `return format is not valid JSON: ${reason}`,
        range: { start, end: Math.max(start, end) },
      });
    }
  },
});
