import { defineRule } from '../src/engine/rule.js';
import { findHiddenTexts, isInstruction, type HiddenText } from '../src/rules-support/security/hidden-instruction.js';
import { quoted } from '../src/util/clip.js';

function where(h: HiddenText): string {
  if (h.how === 'reference') return 'a [//]: # comment';
  if (h.how === 'element') return `a hidden <${h.tag}>`;
  return 'an HTML comment';
}

export default defineRule({
  meta: {
    id: 'hidden-instruction',
    description: 'No spec hides instructions where a rendered view does not show them: in HTML comments, [//]: # comments or hidden elements.',
    // Off in agent-lint:recommended until it costs less than a full scan of every text (the
    // whole corpus took 10% longer with it); on in agent-lint:strict and when configured.
    severity: 'off',
    strictSeverity: 'warn',
    standard: false,
    kinds: ['agent', 'command', 'skill', 'other'],
    messages: {
      hidden: {
        message: 'instructions in {{where}}: the agent reads them, a reviewer of the rendered file does not',
        help: "It says {{said}}. If the agent is meant to follow it, write it as visible text; if it is a note for the file's maintainers, move it out of the prompt. {{reaches}}",
      },
    },
  },
  check({ doc, report }) {
    const text = doc.text;
    if (!text.includes('<!--') && !text.includes(']:') && !text.includes('hidden') && !text.includes('style')) return;
    const skip = doc.fences.map((f) => f.range);
    const fm = doc.frontmatter;
    if (fm) skip.push(fm.range);
    for (const h of findHiddenTexts(text, doc.lines.starts, (o) => doc.lines.lineOf(o), skip)) {
      if (!isInstruction(h.text)) continue;
      const said = h.text.replace(/\s+/g, ' ').trim();
      const reaches = h.how === 'element' ? 'A hidden element still reaches the model: only the rendered view leaves it out.' : 'Text in a comment still reaches the model: commenting a step out does not disable it.';
      report({ messageId: 'hidden', data: { where: where(h), said: quoted(said, 120), reaches }, range: h.range });
    }
  },
});
