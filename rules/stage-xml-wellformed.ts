import { defineRule } from '../src/engine/rule.js';
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

export default defineRule({
  meta: {
    id: 'stage-xml-wellformed',
    description: 'The XML of a stage workflow is well formed: every tag closed in order, attributes quoted and unique.',
    details:
      'Commands and orchestrators describe their workflow as <stage> elements. A tag left open, closed out of order, or an attribute written without quotes shifts the structure the model reads: the rest of the workflow lands inside the wrong stage. Checked in files that have a <stage> element, on all their tags (bare in the markdown and in ```xml fences; other fences, inline code, comments, and tags mentioned in a line of prose such as `/research <task_number>` are not read as elements).',
    severity: 'error',
    fixable: true,
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
            report({
              message: `</${clip(name, 24)}> closes <${clip(name, 24)}> while ${inner} still open`,
              help: `Expected ${list} before </${name}>, which closes <${name}> opened at ${at(lines, closer.openRange.start)}.`,
              messageId: 'unclosedInside',
              range,
            });
          } else {
            const el = p.element;
            report({
              message: `<${clip(el.name, 30)}> opened here is never closed`,
              help: `Expected </${el.name}> before ${regionEnd(el.region)}.`,
              messageId: 'neverClosed',
              range: el.openRange,
            });
          }
          break;
        }
        case 'stray-close': {
          const open = p.open;
          const name = clip(p.name, 30);
          let message = `</${name}> has no matching <${name}>`;
          let help: string;
          if (open) {
            if (closest(p.name, [open.name])) {
              // Long names: the close tag is where the finding is, so the message names only the likely one.
              const typo = ` (a typo for </${open.name}>?)`;
              message = `</${p.name}> has no matching <${p.name}>${typo}`;
              if (message.length > MAX_MESSAGE) message = `no open tag matches this close tag (a typo for </${clip(open.name, 48)}>?)`;
            }
            help = `The innermost open element is <${open.name}> opened at ${at(lines, open.openRange.start)}, so </${open.name}> was expected here.`;
          } else {
            help = `No element is open here: remove the close tag, or open <${p.name}> before it.`;
          }
          report({ message, help, messageId: 'strayClose', range: p.range });
          break;
        }
        case 'attribute': {
          const { attribute: a, element: el } = p;
          if (p.issue === 'unquoted') {
            const value = a.value ?? '';
            report({
              message: `attribute ${clip(`${a.name}=${value}`, 30)} of <${clip(el.name, 30)}> is not quoted`,
              help: `XML attribute values are quoted: write ${a.name}="${value}".`,
              messageId: 'unquoted',
              range: a.range,
              fix: a.valueRange ? { range: [a.valueRange.start, a.valueRange.end], text: `"${value}"` } : undefined,
            });
          } else if (p.issue === 'no-value') {
            report({
              message: `attribute ${clip(a.name, 30)} of <${clip(el.name, 30)}> has no value`,
              help: `XML attributes are written ${a.name}="...".`,
              messageId: 'noValue',
              range: a.range,
            });
          } else if (p.issue === 'unterminated') {
            report({
              message: `attribute ${clip(a.name, 30)} of <${clip(el.name, 30)}> has no closing quote`,
              help: `Close the quote on the same line: ${a.name}="...".`,
              messageId: 'unterminated',
              range: a.range,
            });
          } else {
            const first = p.first!;
            report({
              message: `<${clip(el.name, 30)}> has the attribute ${clip(a.name, 30)} twice`,
              help: `${clip(describe(first, doc.text), 60)} at ${at(lines, first.range.start)}, and ${clip(describe(a, doc.text), 60)} here: keep one.`,
              messageId: 'duplicate',
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
