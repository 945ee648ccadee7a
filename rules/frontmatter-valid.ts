import { defineRule } from '../src/engine/rule.js';
import type { DocumentModel } from '../src/model/document.js';
import type { Fix, Range } from '../src/types.js';

const FIELD_LINE = /^([ \t]*)([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]+(\S.*))?$/;

/** The frontmatter's lines (not blank, not comments), with their numbers (zero-based). */
function fieldLines(doc: DocumentModel, content: Range): Array<{ line: number; m: RegExpExecArray | null; text: string }> {
  const out = [];
  const first = doc.lines.lineOf(content.start);
  const last = doc.lines.lineOf(Math.max(content.start, content.end - 1));
  for (let l = first; l <= last && l < first + 500; l++) {
    const text = doc.lines.lineText(l).replace(/\r$/, '');
    if (!text.trim() || text.trim().startsWith('#')) continue;
    out.push({ line: l, m: FIELD_LINE.exec(text), text });
  }
  return out;
}

/**
 * A field line indented where a top-level field belongs: the first line of the frontmatter when
 * a later field starts at column 1, or a `key: value` line under a field whose value is already
 * on its own line (so it cannot be that field's nested block).
 */
function indentedField(doc: DocumentModel, content: Range): { line: number; key: string; range: Range; tab: boolean } | null {
  const lines = fieldLines(doc, content);
  const at = (l: { line: number; m: RegExpExecArray }) => {
    // From the indentation through the key: the indentation is what is wrong.
    const start = doc.lines.starts[l.line]!;
    return { line: l.line, key: l.m[2]!, range: { start, end: start + l.m[1]!.length + l.m[2]!.length }, tab: l.m[1]!.includes('\t') };
  };
  const first = lines[0];
  if (first?.m && first.m[1] && lines.slice(1).some((l) => l.m && !l.m[1])) return at(first as { line: number; m: RegExpExecArray });
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i]!;
    const prev = lines[i - 1]!;
    if (!l.m || !l.m[1] || !prev.m || prev.m[1] || !prev.m[3]) continue;
    // `description: >` or `|` opens a block scalar: its lines are indented text.
    if (/^[>|]/.test(prev.m[3])) continue;
    return at(l as { line: number; m: RegExpExecArray });
  }
  return null;
}

/** For a duplicate key: the key, and the line of its first occurrence (one-based). */
function duplicateOf(doc: DocumentModel, content: Range, at: number): { key: string; firstLine: number; range: Range } | null {
  const lines = fieldLines(doc, content);
  const here = lines.find((l) => l.line === doc.lines.lineOf(at));
  if (!here?.m) return null;
  const key = here.m[2]!;
  const indent = here.m[1]!;
  const first = lines.find((l) => l.line < here.line && l.m && l.m[2] === key && l.m[1] === indent);
  if (!first) return null;
  const start = doc.lines.starts[here.line]! + indent.length;
  return { key, firstLine: first.line + 1, range: { start, end: start + key.length } };
}

export default defineRule({
  meta: {
    id: 'frontmatter-valid',
    description: 'Frontmatter is valid YAML and is closed by a `---` line.',
    details:
      'Claude Code (2.1) still loads an agent whose frontmatter is not strict YAML, reading it leniently; what breaks is everything else that reads the file as YAML: strict YAML readers (linters, build scripts, other tools of the project), other agent runtimes, and GitHub, which shows a frontmatter error instead of the file. A frontmatter block that never closes swallows the whole prompt. The diagnostic points at the YAML parser\'s own error position, or at the cause when it is a duplicate key or an indented field. The severity is a choice: a project that only ever runs in Claude Code may set it to warn.',
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
    // Claude Code 2.1 reads non-strict YAML leniently: say what does break.
    const skipped = doc.kind === 'agent' ? ' (Claude Code still loads it, but strict YAML readers, other agent runtimes and GitHub do not)' : '';
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
    if (!own.length && err) {
      const dup = err.code === 'DUPLICATE_KEY' ? duplicateOf(doc, fm.contentRange, err.range.start) : null;
      if (dup) {
        report({ message: `frontmatter is not valid YAML: \`${dup.key}\` is defined twice, first at line ${dup.firstLine}${skipped}`, messageId: err.code, range: dup.range });
        return;
      }
      const ind = indentedField(doc, fm.contentRange);
      if (ind) {
        report({
          message: `frontmatter is not valid YAML: it is indented${ind.tab ? ' with a tab' : ''}: \`${ind.key}\` at line ${ind.line + 1} does not start at column 1 as a top-level field does${skipped}`,
          messageId: 'INDENTED',
          range: ind.range,
        });
        return;
      }
    }
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
