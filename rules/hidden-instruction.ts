import { defineRule } from '../src/engine/rule.js';
import { findHiddenTexts, isInstruction } from '../src/rules-support/security/hidden-instruction.js';
import { quoted } from '../src/util/clip.js';

/**
 * Instruction files that no view renders: GitHub and editors show `.mdc` (Cursor), `.cursorrules`,
 * `.clinerules` and `.windsurfrules` as plain text, comments included, so nothing in them is hidden.
 */
const PLAIN_TEXT = /(?:\.mdc|(?:^|\/)\.(?:cursorrules|clinerules|windsurfrules))$/i;

const UNSEEN = 'the agent reads them, a reviewer of the rendered file does not';
const SAID = "It says {{said}}. If the agent is meant to follow it, write it as visible text; if it is a note for the file's maintainers, move it out of the prompt.";
const COMMENT_HELP = `${SAID} Text in a comment still reaches the model: commenting a step out does not disable it.`;

export default defineRule({
  meta: {
    id: 'hidden-instruction',
    description: 'No spec or instruction file hides instructions where a rendered view does not show them: in HTML comments, [//]: # comments or hidden elements.',
    // Off in agent-lint:recommended until it costs less than a full scan of every text (the
    // whole corpus took 10% longer with it); on in agent-lint:strict and when configured.
    severity: 'off',
    strictSeverity: 'warn',
    standard: false,
    kinds: [
      'agent', 'command', 'skill', 'other', 'claude-memory', 'agents-md', 'gemini-md', 'copilot-instructions', 'copilot-scoped-instructions',
      'copilot-prompt', 'copilot-agent', 'copilot-chatmode', 'cursor-rule', 'cursorrules', 'windsurf-rule', 'kiro-steering', 'cline-rule',
    ],
    // By how the text is hidden (HiddenText's `how`).
    messages: {
      comment: { message: `instructions in an HTML comment: ${UNSEEN}`, help: COMMENT_HELP },
      reference: { message: `instructions in a [//]: # comment: ${UNSEEN}`, help: COMMENT_HELP },
      element: {
        message: `instructions in a hidden <{{tag}}>: ${UNSEEN}`,
        help: `${SAID} A hidden element still reaches the model: only the rendered view leaves it out.`,
      },
    },
  },
  check({ doc, report }) {
    if (PLAIN_TEXT.test(doc.relPath)) return;
    const text = doc.text;
    if (!text.includes('<!--') && !text.includes(']:') && !text.includes('hidden') && !text.includes('style')) return;
    const skip = doc.fences.map((f) => f.range);
    const fm = doc.frontmatter;
    if (fm) skip.push(fm.range);
    for (const h of findHiddenTexts(text, doc.lines.starts, (o) => doc.lines.lineOf(o), skip)) {
      if (!isInstruction(h.text)) continue;
      const said = h.text.replace(/\s+/g, ' ').trim();
      report({ messageId: h.how, data: { said: quoted(said, 120), tag: h.tag ?? '' }, range: h.range });
    }
  },
});
