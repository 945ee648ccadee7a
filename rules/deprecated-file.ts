import { defineRule } from '../src/engine/rule.js';
import { sameHelp } from '../src/rules-support/messages.js';
import { deprecatedFile } from '../src/rules-support/frontmatter/deprecated-files.js';

export default defineRule({
  meta: {
    id: 'deprecated-file',
    description: 'No agent file lives where its tool has deprecated it: Copilot chat modes, a `.cursorrules` file.',
    severity: 'warn',
    standard: false,
    kinds: ['copilot-chatmode', 'cursorrules'],
    messages: {
      // Moved to `.github/agents/` from VS Code's folder, else renamed where it is.
      ...sameHelp(
        'VS Code still reads a `.chatmode.md` file in `.github/chatmodes/` as a custom agent but asks to move it ("Chat modes have been renamed to agents"); GitHub Copilot keeps custom agents in `.github/agents/`. The frontmatter stays as it is.',
        {
          'chat-mode': 'chat modes are custom agents now: move this file to {{to}}',
          'chat-mode-rename': 'chat modes are custom agents now: rename this file to {{to}}',
        },
      ),
      cursorrules: {
        message: "`.cursorrules` is Cursor's deprecated rules file: move its rules to .cursor/rules/*.mdc",
        help: 'Cursor still reads `.cursorrules` but has deprecated it for project rules: one `.mdc` file per topic in `.cursor/rules/`, each saying when it applies (`alwaysApply`, `globs` or `description`). An AGENTS.md file is the other place Cursor reads plain instructions from.',
      },
    },
  },
  check({ doc, report }) {
    const found = deprecatedFile(doc);
    if (found) report({ messageId: found.messageId, data: found.data, range: { start: 0, end: doc.lines.lineEnd(0) } });
  },
});
