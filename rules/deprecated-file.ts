import { defineRule } from '../src/engine/rule.js';
import { deprecatedFile } from '../src/rules-support/frontmatter/deprecated-files.js';

export default defineRule({
  meta: {
    id: 'deprecated-file',
    description: 'No agent file lives where its tool has deprecated it: Copilot chat modes, a `.cursorrules` file.',
    severity: 'warn',
    standard: false,
    kinds: ['copilot-chatmode', 'cursorrules'],
  },
  check({ doc, report }) {
    const found = deprecatedFile(doc);
    if (found) report({ message: found.message, help: found.help, messageId: found.messageId, range: { start: 0, end: doc.lines.lineEnd(0) } });
  },
});
