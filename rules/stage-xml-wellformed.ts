import { defineRule, fillTemplate } from '../src/engine/rule.js';
import type { LineIndex } from '../src/model/lines.js';
import type { XmlElement, XmlProblem, XmlRegion } from '../src/model/xml/types.js';
import type { Range } from '../src/types.js';
import { clip, MAX_MESSAGE } from '../src/util/clip.js';
import { closest } from '../src/util/suggest.js';

type Unclosed = Extract<XmlProblem, { kind: 'unclosed' }>;

/** How many still-open elements one message names before it says "and N more". */
const LIST_MAX = 3;

function at(lines: LineIndex, offset: number): string {
  const p = lines.position(offset);
  return `${p.line}:${p.column}`;
}

function regionEnd(region: XmlRegion): string {
  return region.fence ? `the end of the \`\`\`xml block opened at line ${region.fence.openLine + 1}` : 'the end of the file';
}

const INNERMOST = 'The innermost open element is <{{open}}> opened at {{at}}, so </{{open}}> was expected here.';

const MESSAGES = {
  unclosedInside: {
    message: '</{{name}}> closes <{{name}}> while {{inner}} still open',
    help: 'Expected {{list}} before </{{fullName}}>, which closes <{{fullName}}> opened at {{at}}.',
  },
  neverClosed: {
    message: '<{{name}}> opened here is never closed',
    help: 'Expected </{{fullName}}> before {{end}}.',
  },
  strayClose: { message: '</{{name}}> has no matching <{{name}}>{{typo}}', help: INNERMOST },
  // A typo of a long name: the close tag is where the finding is, so the message names only the likely one.
  strayCloseTypo: { message: 'no open tag matches this close tag (a typo for </{{openShort}}>?)', help: INNERMOST },
  nothingOpen: {
    message: '</{{name}}> has no matching <{{name}}>',
    help: 'No element is open here: remove the close tag, or open <{{fullName}}> before it.',
  },
  unquoted: {
    message: 'attribute {{attribute}} of <{{element}}> is not quoted',
    help: 'XML attribute values are quoted: write {{name}}="{{value}}".',
  },
  noValue: {
    message: 'attribute {{attribute}} of <{{element}}> has no value',
    help: 'XML attributes are written {{name}}="...".',
  },
  unterminated: {
    message: 'attribute {{attribute}} of <{{element}}> has no closing quote',
    help: 'Close the quote on the same line: {{name}}="...".',
  },
  duplicate: {
    message: '<{{element}}> has the attribute {{attribute}} twice',
    help: '{{first}} at {{at}}, and {{second}} here: keep one.',
  },
};

export default defineRule({
  meta: {
    id: 'stage-xml-wellformed',
    description: 'The XML of a stage workflow is well formed: every tag closed in order, attributes quoted and unique.',
    severity: 'error',
    fixable: true,
    messages: MESSAGES,
  },
  check({ doc, report }) {
    if (doc.stages.length === 0) return;
    const { lines } = doc;
    const xml = doc.xml;

    // Elements left open inside an element closed later: one message per close tag.
    const byCloser = new Map<number, Unclosed[]>();
    const problems = xml.problems;
    for (const p of problems) {
      if (p.kind === 'unclosed' && p.closedBy) {
        const list = byCloser.get(p.closedBy.range.start) ?? [];
        list.push(p);
        byCloser.set(p.closedBy.range.start, list);
      }
    }

    for (const p of problems) {
      switch (p.kind) {
        case 'unclosed': {
          if (p.closedBy) {
            const group = byCloser.get(p.closedBy.range.start);
            if (group?.[0] !== p) break; // reported with the first of its group
            const { name, range, element: closer } = p.closedBy;
            // Innermost first: the order in which the close tags are missing.
            const shown = group.slice(0, LIST_MAX).map((u) => `</${u.element.name}> (for <${u.element.name}> opened at ${at(lines, u.element.openRange.start)})`);
            if (group.length > LIST_MAX) shown.push(`${group.length - LIST_MAX} more`);
            const list = shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}` : shown[0];
            const inner = group.length === 1 ? `<${clip(group[0]!.element.name, 24)}> opened at ${at(lines, group[0]!.element.openRange.start)} is` : `${group.length} elements inside it are`;
            report({ messageId: 'unclosedInside', data: { name: clip(name, 24), inner, list: list!, fullName: name, at: at(lines, closer.openRange.start) }, range });
          } else {
            const el = p.element;
            report({ messageId: 'neverClosed', data: { name: clip(el.name, 30), fullName: el.name, end: regionEnd(el.region) }, range: el.openRange });
          }
          break;
        }
        case 'stray-close': {
          const open = p.open;
          if (!open) {
            report({ messageId: 'nothingOpen', data: { name: clip(p.name, 30), fullName: p.name }, range: p.range });
            break;
          }
          const data = { name: clip(p.name, 30), typo: '', open: open.name, openShort: clip(open.name, 48), at: at(lines, open.openRange.start) };
          if (closest(p.name, [open.name])) {
            Object.assign(data, { name: p.name, typo: ` (a typo for </${open.name}>?)` });
            if (fillTemplate(MESSAGES.strayClose.message, data).length > MAX_MESSAGE) {
              report({ messageId: 'strayCloseTypo', data, range: p.range });
              break;
            }
          }
          report({ messageId: 'strayClose', data, range: p.range });
          break;
        }
        case 'attribute': {
          const { attribute: a, element: el } = p;
          if (p.issue === 'unquoted') {
            const value = a.value ?? '';
            report({
              messageId: 'unquoted',
              data: { attribute: clip(`${a.name}=${value}`, 30), element: clip(el.name, 30), name: a.name, value },
              range: a.range,
              fix: a.valueRange ? { range: [a.valueRange.start, a.valueRange.end], text: `"${value}"` } : undefined,
            });
          } else if (p.issue === 'no-value') {
            report({ messageId: 'noValue', data: { attribute: clip(a.name, 30), element: clip(el.name, 30), name: a.name }, range: a.range });
          } else if (p.issue === 'unterminated') {
            report({ messageId: 'unterminated', data: { attribute: clip(a.name, 30), element: clip(el.name, 30), name: a.name }, range: a.range });
          } else {
            const first = p.first!;
            report({
              messageId: 'duplicate',
              data: { element: clip(el.name, 30), attribute: clip(a.name, 30), first: clip(describe(first, doc.text), 60), at: at(lines, first.range.start), second: clip(describe(a, doc.text), 60) },
              range: a.range,
            });
          }
          break;
        }
      }
    }
  },
});

function describe(a: { name: string; value: string | null; range: Range }, text: string): string {
  return a.value === null ? a.name : text.slice(a.range.start, a.range.end);
}
