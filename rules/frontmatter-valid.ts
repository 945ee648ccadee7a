import { defineRule } from '../src/engine/rule.js';
import { sameHelp, sameMessage } from '../src/rules-support/messages.js';
import type { DocumentModel } from '../src/model/document.js';
import type { FrontmatterProblem } from '../src/model/frontmatter.js';
import type { Fix, Range } from '../src/types.js';
import { clip, MAX_MESSAGE } from '../src/util/clip.js';
import { headlessHeader } from '../src/rules-support/frontmatter/headless.js';
import { readsHeaderByLine } from '../src/rules-support/frontmatter/lenient.js';
import { frontmatterKindOf, HEADER_KINDS } from '../src/rules-support/frontmatter/target.js';
import { readerOf } from '../src/rules-support/frontmatter/finding.js';

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


/** A YAML value quoted so that it reads as the same text: double quotes, or single ones when it holds `"`. */
function quoteYaml(value: string): string {
  return value.includes('"') && !value.includes("'") ? `'${value}'` : JSON.stringify(value);
}

/**
 * Where an unquoted value that goes on over indented lines holds `: ` (or ends a line in `:`):
 * the first such line (one-based) after `lineNo`, within the frontmatter; null if none does.
 */
function continuedColon(doc: DocumentModel, lineNo: number, content: Range): { line: number; colon: string } | null {
  const last = doc.lines.lineOf(Math.max(content.start, content.end - 1));
  for (let l = lineNo + 1; l <= last && l <= lineNo + 500; l++) {
    const text = doc.lines.lineText(l).replace(/\r$/, '');
    if (text.trim() && !/^[ \t]/.test(text)) return null;
    if (/:[ \t]/.test(text)) return { line: l + 1, colon: '`: `' };
    if (/:$/.test(text)) return { line: l + 1, colon: '`:`' };
  }
  return null;
}

/** The message of a YAML error in the parser's own words (cut to fit the row). */
const NOT_YAML = 'frontmatter is not valid YAML: ';
/** What follows the help of every YAML error: the errors that follow from it, and who still loads the file. */
const AFTER = '{{more}}{{loads}}';
const QUOTE_OR_BLOCK = 'Quote the whole value ({{fullKey}}: "...", a " inside written \\"), or make it a block scalar ({{fullKey}}: >- with the text indented on the next lines).';
/** Claude Code 2.1 reads non-strict YAML leniently: what does break, for an agent. */
const STILL_LOADS = ' Claude Code still loads this agent, but strict YAML readers, other agent runtimes and GitHub do not.';

/**
 * A YAML error on one field's line, as a finding: which field, which value (the message); what
 * YAML makes of it, and how to write it instead (the help); with the fix when it is certainly right.
 */
function lineFinding(doc: DocumentModel, err: FrontmatterProblem, content: Range): { messageId: string; data: Record<string, string | number>; fix?: Fix } {
  const lineNo = doc.lines.lineOf(err.range.start);
  const line = doc.lines.lineText(lineNo).replace(/\r$/, '');
  const field = FIELD_LINE.exec(line);
  const key = field?.[2];
  const value = field?.[3]?.trimEnd() ?? '';
  const said = err.message.replace(/[.\s]+$/, '');
  // What the parser (or the frontmatter scan) says, as the help's first sentence.
  const why = said.startsWith('`') ? said : said.charAt(0).toUpperCase() + said.slice(1);
  if (err.code === 'NOT_A_MAPPING') return { messageId: 'not-a-mapping', data: { what: /found (a \w+)/.exec(said)?.[1] ?? 'a scalar' } };
  const hintLine = /^(argument-hint[ \t]*:[ \t]*)(\[.*?)[ \t]*$/.exec(line);
  if (hintLine) {
    // The usual cause: `argument-hint: [--x] [--y]` read as a YAML list followed by more text.
    // The fix quotes the whole value as one double-quoted string.
    const v = hintLine[2]!;
    const start = doc.lines.starts[lineNo]! + hintLine[1]!.length;
    return { messageId: 'argument-hint-list', data: { value: clip(v), why, quoted: JSON.stringify(v) }, fix: { range: [start, start + v.length], text: JSON.stringify(v) } };
  }
  if (key && value.startsWith('[') && err.code === 'UNEXPECTED_TOKEN') {
    return { messageId: 'unquoted-list', data: { key: clip(key, 30), value: clip(value), why, fullKey: key, quoted: JSON.stringify(value) } };
  }
  const quoted = { key: clip(key ?? '', 30), value: clip(value), why, fullKey: key ?? '', quoted: quoteYaml(value) };
  if (key && /^("[^"\n]*"|'[^'\n]*')[ \t]*[^\s#]/.test(value)) return { messageId: 'part-quoted', data: quoted };
  if (key && err.code === 'BAD_ALIAS' && value.startsWith('*')) return { messageId: 'bare-alias', data: quoted };
  if (key && err.code !== 'DUPLICATE_KEY' && (err.code === 'BLOCK_AS_IMPLICIT_KEY' || /:\s+[^'"\n]*:\s/.test(line))) {
    const data = { key: clip(key, 30), fullKey: key };
    if (/:\s/.test(value)) return { messageId: 'colon-in-value', data };
    if (value.endsWith(':')) return { messageId: 'colon-ending-value', data };
    // The value goes on over indented lines, one of which holds the colon.
    const later = continuedColon(doc, lineNo, content);
    if (later) return { messageId: 'colon-on-later-line', data: { ...data, line: later.line, colon: later.colon } };
  }
  // The parser's own words; the help repeats them only when the message had to cut them.
  const first = said.split('; ')[0]!;
  const room = MAX_MESSAGE - NOT_YAML.length;
  return { messageId: err.code === 'YAML_TO_JS' ? 'alias-expansion' : 'yaml', data: { said: clip(first, room), cut: first.length > room ? `${why}. ` : '' } };
}

export default defineRule({
  meta: {
    id: 'frontmatter-valid',
    description: 'Frontmatter is valid YAML, opened and closed by `---` lines.',
    severity: 'error',
    kinds: [...HEADER_KINDS, 'other'],
    fixable: true,
    standard: false,
    messages: {
      unopened: {
        message: 'the header has no opening `---`: `{{key}}:` and the lines below it up to line {{line}} are text',
        help: 'Frontmatter starts with a `---` line; without it {{reader}} reads these lines as part of the body, and none of the fields takes effect. Add a `---` line at the top (--fix does).',
      },
      unclosed: {
        message: 'frontmatter opened here is never closed',
        help: 'Expected a line `---` after the YAML fields, before the body: without it the frontmatter swallows the whole prompt.',
      },
      // The frontmatter scan's words: what it refused, and its limit.
      ...sameMessage('frontmatter is not read: {{what}}', {
        'too-large': '{{limit}}: move long text into the body.',
        'too-deep': 'agent-lint does not parse frontmatter nested this deep (no spec field needs it): flatten the value.',
      }),
      'complex-key': { message: 'frontmatter is not a mapping of plain fields: {{what}}', help: '{{expected}}, such as `name` or `tools`.' },
      'duplicate-key': { message: '`{{key}}` is defined twice in the frontmatter, first at line {{line}}', help: 'YAML keys are unique: remove one of the two, or merge them.{{loads}}' },
      ...sameHelp('A top-level field starts at column 1: remove the indentation before `{{fullKey}}`, or YAML cannot tell where the fields are.{{loads}}', {
        indented: 'frontmatter field `{{key}}` is indented',
        'indented-tab': 'frontmatter field `{{key}}` is indented with a tab',
      }),
      // A sequence or scalar has no fields: Claude Code finds no name either, so no {{loads}}.
      'not-a-mapping': { message: 'frontmatter is {{what}}, not a mapping of fields', help: 'Frontmatter is `key: value` lines (a YAML mapping), each top-level field at column 1.{{more}}' },
      'argument-hint-list': {
        message: '`argument-hint` value `{{value}}` is not valid YAML',
        help: `{{why}}. Quote the whole value (--fix does it): argument-hint: {{quoted}}.${AFTER}`,
      },
      ...sameMessage('`{{key}}` value `{{value}}` is not valid YAML', {
        'unquoted-list': `{{why}}. Quote the whole value: {{fullKey}}: {{quoted}}.${AFTER}`,
        'part-quoted': `{{why}}. Only the start of the value is quoted: quote all of it (single quotes keep the double quotes inside): {{fullKey}}: {{quoted}}.${AFTER}`,
        'bare-alias': `A bare * starts a YAML alias (a reference to an anchor): quote it, {{fullKey}}: {{quoted}}.${AFTER}`,
      }),
      'colon-in-value': {
        message: '`{{key}}` value is not valid YAML: it holds `: ` and is not quoted',
        help: `YAML reads the text before \`: \` as the key of a nested mapping, which is not allowed on one line. ${QUOTE_OR_BLOCK}${AFTER}`,
      },
      'colon-ending-value': {
        message: '`{{key}}` value is not valid YAML: it ends in `:` and is not quoted',
        help: `YAML reads the text before \`:\` as the key of a nested mapping, which is not allowed on one line. ${QUOTE_OR_BLOCK}${AFTER}`,
      },
      'colon-on-later-line': {
        message: '`{{key}}` value is not valid YAML: it goes on to line {{line}}, which holds {{colon}}',
        help:
          'Unquoted, the value and the indented lines below it are one plain scalar, and YAML reads the text before {{colon}} on line {{line}} as the key of a nested mapping, which is not allowed there. ' +
          `Make it a block scalar ({{fullKey}}: | with the text indented on the next lines), or quote it whole.${AFTER}`,
      },
      // The parser's own words; the help repeats them ({{cut}}) only when the message had to cut them.
      ...sameMessage(`${NOT_YAML}{{said}}`, {
        'alias-expansion': `{{cut}}Its aliases (\`*name\`) expand an anchor (\`&name\`) more often than agent-lint reads (100 times): write the values out.${AFTER}`,
        yaml: `{{cut}}Frontmatter is \`key: value\` lines, each top-level field at column 1: quote a value that holds YAML syntax (\`: \`, \` #\`, or a leading \`[\`, \`{\`, \`*\`, \`&\`, \`!\`, \`|\`, \`>\`).${AFTER}`,
      }),
    },
  },
  check({ doc, report }) {
    const fm = doc.frontmatter;
    // The other tools' files, by the table their header answers to (CLAUDE.md has none).
    const kind = frontmatterKindOf(doc);
    if (kind === null && doc.kind === 'claude-memory') return;
    if (!fm) {
      const lost = kind && headlessHeader(doc, kind);
      if (lost)
        report({
          messageId: 'unopened',
          data: { key: clip(lost.key, 30), line: lost.closeLine, reader: readerOf(kind) },
          range: lost.range,
          fix: { range: [0, 0], text: doc.text.includes('\r\n') ? '---\r\n' : '---\n' },
        });
      return;
    }
    if (!fm.closed) {
      report({ messageId: 'unclosed', range: fm.openRange });
      return;
    }
    // Cursor reads a rule's header line by line, not as YAML (frontmatter-schema reads it so too).
    if (readsHeaderByLine(doc)) return;
    const loads = doc.kind === 'agent' ? STILL_LOADS : '';
    // The first YAML error is the real one; the rest are mostly its echo.
    const err = fm.errors[0];
    if (err && (err.code === 'TOO_LARGE' || err.code === 'TOO_DEEP')) {
      // The model refused to hand the block to the YAML parser (see FRONTMATTER_LIMITS).
      const [what, limit] = err.message.split('; ');
      if (err.code === 'TOO_LARGE') report({ messageId: 'too-large', data: { what: what!, limit: limit! }, range: err.range });
      else report({ messageId: 'too-deep', data: { what: what! }, range: err.range });
      return;
    }
    if (err?.code === 'COMPLEX_KEY') {
      const [what, expected] = err.message.split('; ');
      report({ messageId: 'complex-key', data: { what: what!, expected: `${expected!.charAt(0).toUpperCase()}${expected!.slice(1)}` }, range: err.range });
      return;
    }
    // Errors the frontmatter scan found stand each on its own line: each is reported. The YAML
    // parser's are reported once, the first (the rest mostly echo it).
    const own = fm.errors.filter((e) => e.independent);
    if (!own.length && err) {
      const dup = err.code === 'DUPLICATE_KEY' ? duplicateOf(doc, fm.contentRange, err.range.start) : null;
      if (dup) {
        report({ messageId: 'duplicate-key', data: { key: clip(dup.key), line: dup.firstLine, loads }, range: dup.range });
        return;
      }
      const ind = indentedField(doc, fm.contentRange);
      if (ind) {
        report({ messageId: ind.tab ? 'indented-tab' : 'indented', data: { key: clip(ind.key), fullKey: ind.key, loads }, range: ind.range });
        return;
      }
    }
    const reported = own.length ? own : err ? [err] : [];
    for (const err of reported) {
      const found = lineFinding(doc, err, fm.contentRange);
      const more = !err.independent && fm.errors.length > 1 ? ` ${fm.errors.length - 1} more YAML error${fm.errors.length > 2 ? 's follow' : ' follows'} from it.` : '';
      report({ messageId: found.messageId, data: { ...found.data, more, loads }, range: err.range, fix: found.fix });
    }
  },
});
