/** The markdown tree is loaded on request and gives positions that agree with the line index. */
import { describe, expect, it } from 'vitest';
import { prepareRules, defineRule } from '../src/engine/rule.js';
import { DocumentModel } from '../src/model/document.js';
import { markdownParserLoaded } from '../src/model/markdown.js';

describe('doc.markdown()', () => {
  it('is loaded by prepareRules when a rule needs it, and parses frontmatter and headings', async () => {
    const rule = defineRule({ meta: { id: 'x', description: 'x', severity: 'warn', needs: ['markdown'] } });
    await prepareRules([rule]);
    expect(markdownParserLoaded()).toBe(true);
    const doc = new DocumentModel({ filePath: '/p/a.md', relPath: 'a.md', kind: 'agent', text: '---\nname: a\n---\n\n# Title\n\ntext\n' });
    const root = doc.markdown();
    expect(root.children.map((c) => c.type)).toEqual(['yaml', 'heading', 'paragraph']);
    const heading = root.children[1]!;
    expect(heading.position?.start).toMatchObject({ line: 5, column: 1 });
    expect(doc.lines.position(heading.position!.start.offset!)).toEqual({ line: 5, column: 1 });
    expect(doc.markdown()).toBe(root);
  });
});
