import { defineRule } from '../src/engine/rule.js';
import type { LineIndex } from '../src/model/lines.js';
import type { XmlElement, XmlProblem, XmlRegion } from '../src/model/xml/types.js';
import type { Range } from '../src/types.js';
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
            report({
              message: `expected ${list} before </${name}>, which closes <${name}> opened at ${at(lines, closer.openRange.start)}`,
              messageId: 'unclosedInside',
              range,
            });
          } else {
            const el = p.element;
            report({
              message: `<${el.name}> opened here is never closed: expected </${el.name}> before ${regionEnd(el.region)}`,
              messageId: 'neverClosed',
              range: el.openRange,
            });
          }
          break;
        }
        case 'stray-close': {
          const open = p.open;
          let message: string;
          if (open) {
            const typo = closest(p.name, [open.name]) ? ` (a typo for </${open.name}>?)` : '';
            message = `</${p.name}> has no matching <${p.name}>: the innermost open element is <${open.name}> opened at ${at(lines, open.openRange.start)}, so </${open.name}> was expected here${typo}`;
          } else {
            message = `</${p.name}> has no matching <${p.name}>: no element is open here`;
          }
          report({ message, messageId: 'strayClose', range: p.range });
          break;
        }
        case 'attribute': {
          const { attribute: a, element: el } = p;
          if (p.issue === 'unquoted') {
            const value = a.value ?? '';
            report({
              message: `attribute ${a.name}=${value} of <${el.name}> is not quoted: write ${a.name}="${value}"`,
              messageId: 'unquoted',
              range: a.range,
              fix: a.valueRange ? { range: [a.valueRange.start, a.valueRange.end], text: `"${value}"` } : undefined,
            });
          } else if (p.issue === 'no-value') {
            report({
              message: `attribute ${a.name} of <${el.name}> has no value: XML attributes are written ${a.name}="..."`,
              messageId: 'noValue',
              range: a.range,
            });
          } else if (p.issue === 'unterminated') {
            report({
              message: `the value of attribute ${a.name} of <${el.name}> opens a quote that is not closed on its line: close it, ${a.name}="..."`,
              messageId: 'unterminated',
              range: a.range,
            });
          } else {
            const first = p.first!;
            report({
              message: `<${el.name}> has the attribute ${a.name} twice: ${describe(first, doc.text)} at ${at(lines, first.range.start)}, and ${describe(a, doc.text)} here; keep one`,
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
