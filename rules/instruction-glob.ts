import { defineRule } from '../src/engine/rule.js';
import { sameHelp } from '../src/rules-support/messages.js';
import { clip } from '../src/util/clip.js';
import { readerOf } from '../src/rules-support/frontmatter/finding.js';
import { GLOB_FIELDS, globProblem, patternsOf } from '../src/rules-support/frontmatter/globs.js';
import { headerAsRead } from '../src/rules-support/frontmatter/lenient.js';
import { frontmatterKindOf } from '../src/rules-support/frontmatter/target.js';

export default defineRule({
  meta: {
    id: 'instruction-glob',
    description: 'The globs that scope an instructions or rule file (`applyTo`, Cursor and Windsurf `globs`, Kiro `fileMatchPattern`, Claude Code `paths`) are patterns that can match.',
    severity: 'error',
    standard: false,
    kinds: ['copilot-scoped-instructions', 'cursor-rule', 'windsurf-rule', 'kiro-steering', 'claude-memory'],
    messages: {
      empty: {
        message: '`applyTo` is empty',
        help: 'VS Code rejects an empty `applyTo` ("must be a valid glob pattern"): give the patterns the instructions apply to, such as "**/*.ts", or "**" for every file, or remove the field.',
      },
      'space-separated': {
        message: '`{{key}}` pattern `{{pattern}}` is two patterns separated by a space',
        help: 'A glob reads it as one pattern holding a space, which matches no path. Separate the patterns with commas: {{joined}}.',
      },
      // A bracket or brace that does not pair.
      ...sameHelp("{{reader}} applies the file only where a pattern matches, and this one matches no path as written: close the group, or escape a literal `{` or `[` with `\\`.", {
        'closes-nothing': '`{{key}}` `{{pattern}}` does not parse: `{{bracket}}` closes nothing',
        'never-closed': '`{{key}}` `{{pattern}}` does not parse: `{{bracket}}` is never closed',
      }),
    },
  },
  check({ doc, report }) {
    const kind = frontmatterKindOf(doc);
    const globs = kind && GLOB_FIELDS[kind];
    const fm = doc.frontmatter;
    if (!kind || !globs || !fm?.closed) return;
    const { fields, errors } = headerAsRead(doc, fm);
    // With YAML errors the values are frontmatter-valid's to report.
    if (errors.length) return;
    for (const field of fields) {
      if (!globs.fields.includes(field.key)) continue;
      if (field.key === 'applyTo' && typeof field.value === 'string' && !field.value.trim()) {
        report({ messageId: 'empty', range: field.valueRange });
        continue;
      }
      for (const p of patternsOf(field, doc.text, globs.commas)) {
        const problem = globProblem(p.text);
        if (!problem) continue;
        const data = { key: field.key, pattern: clip(p.text, 34) };
        if (problem.messageId === 'space-separated') report({ messageId: problem.messageId, data: { ...data, joined: p.text.split(/\s+/).join(',') }, range: p.range });
        else report({ messageId: problem.messageId, data: { ...data, bracket: problem.bracket, reader: readerOf(kind) }, range: p.range });
      }
    }
  },
});
