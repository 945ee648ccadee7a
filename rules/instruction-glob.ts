import { defineRule } from '../src/engine/rule.js';
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
        report({
          message: '`applyTo` is empty',
          help: 'VS Code rejects an empty `applyTo` ("must be a valid glob pattern"): give the patterns the instructions apply to, such as "**/*.ts", or "**" for every file, or remove the field.',
          messageId: 'empty',
          range: field.valueRange,
        });
        continue;
      }
      for (const p of patternsOf(field, doc.text, globs.commas)) {
        const problem = globProblem(p.text);
        if (!problem) continue;
        report({
          message: problem.messageId === 'space-separated' ? `\`${field.key}\` pattern \`${clip(p.text, 34)}\` is two patterns separated by a space` : `\`${field.key}\` \`${clip(p.text, 34)}\` does not parse: ${problem.why}`,
          help:
            problem.messageId === 'space-separated'
              ? `A glob reads it as one pattern holding a space, which matches no path. Separate the patterns with commas: ${p.text.split(/\s+/).join(',')}.`
              : `${readerOf(kind)} applies the file only where a pattern matches, and this one matches no path as written: close the group, or escape a literal \`{\` or \`[\` with \`\\\`.`,
          messageId: problem.messageId,
          range: p.range,
        });
      }
    }
  },
});
