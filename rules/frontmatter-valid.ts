import { defineRule } from '../src/engine/rule.js';
import type { Fix } from '../src/types.js';

export default defineRule({
  meta: {
    id: 'frontmatter-valid',
    description: 'Frontmatter is valid YAML and is closed by a `---` line.',
    details:
      'Claude Code silently skips an agent whose frontmatter is not valid YAML, and a frontmatter block that never closes swallows the whole prompt. The diagnostic points at the YAML parser\'s own error position.',
    severity: 'error',
    fixable: true,
    standard: false,
  },
  check({ doc, report }) {
    const fm = doc.frontmatter;
    if (!fm) return;
    if (!fm.closed) {
      report({
        message: 'frontmatter opened here is never closed: expected a line `---` after the YAML fields, before the body',
        messageId: 'unclosed',
        range: fm.openRange,
      });
      return;
    }
    const skipped = doc.kind === 'agent' ? ' (Claude Code skips an agent whose frontmatter does not parse)' : '';
    // The first YAML error is the real one; the rest are mostly its echo.
    const err = fm.errors[0];
    if (err && (err.code === 'TOO_LARGE' || err.code === 'TOO_DEEP')) {
      // The model refused to hand the block to the YAML parser (see FRONTMATTER_LIMITS).
      report({ message: `frontmatter is not read: ${err.message}`, messageId: err.code, range: err.range });
      return;
    }
    if (err?.code === 'COMPLEX_KEY') {
      report({ message: `frontmatter is not a mapping of plain fields: ${err.message}`, messageId: err.code, range: err.range });
      return;
    }
    // Errors the frontmatter scan found stand each on its own line: each is reported. The YAML
    // parser's are reported once, the first (the rest mostly echo it).
    const own = fm.errors.filter((e) => e.independent);
    const reported = own.length ? own : err ? [err] : [];
    for (const err of reported) {
      let hint = '';
      let fix: Fix | undefined;
      const lineNo = doc.lines.lineOf(err.range.start);
      const line = doc.lines.lineText(lineNo);
      const star = err.code === 'BAD_ALIAS' ? /^\s*([\w-]+)\s*:\s*\*/.exec(line) : null;
      const hintLine = /^(argument-hint[ \t]*:[ \t]*)(\[.*?)[ \t]*$/.exec(line);
      if (hintLine) {
        // The usual cause: `argument-hint: [--x] [--y]` read as a YAML list followed by junk.
        // The fix quotes the whole value as one double-quoted string.
        const start = doc.lines.starts[lineNo]! + hintLine[1]!.length;
        fix = { range: [start, start + hintLine[2]!.length], text: JSON.stringify(hintLine[2]) };
        hint = `; quote the value: argument-hint: ${JSON.stringify(hintLine[2])}`;
      } else if (/^\s*argument-hint\s*:\s*\[/.test(line)) hint = '; quote the value: argument-hint: "[--x] [--y]"';
      else if (star) hint = `; a bare * starts a YAML alias: quote it, ${star[1]}: "*"`;
      else if (/^\s*[\w-]+\s*:\s*("[^"\n]*"|'[^'\n]*')[ \t]*[^\s#]/.test(line)) hint = '; only the start of the value is quoted: quote all of it (single quotes keep the double quotes inside)';
      else if (/:\s+[^'"\n]*:\s/.test(line) && err.code !== 'DUPLICATE_KEY') hint = '; a value that contains ": " must be quoted';
      const more = !err.independent && fm.errors.length > 1 ? ` (${fm.errors.length - 1} more YAML error${fm.errors.length > 2 ? "s follow" : " follows"} from it)` : '';
      report({
        message: `frontmatter is not valid YAML: ${err.message}${hint}${skipped}${more}`,
        messageId: err.code,
        range: err.range,
        fix,
      });
    }
  },
});
