/**
 * A document's returns and delegation contexts are looked for only in a text that names their
 * keys (a cheap test that spares parsing the JSON of most files). The test must never change the
 * answer: for any JSON with any mix of the keys, the document gives what parsing it gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DocumentModel } from '../src/model/document.js';
import { classifyObjects, extractJson, looksLikeReturnText, mayHoldShapedObjects } from '../src/model/json/blocks.js';

const KEYS = ['status', 'summary', 'artifacts', 'metadata', 'errors', 'session_id', 'delegation_depth', 'delegation_path', 'note', 'stat', 'session'];

const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.constant('completed'), fc.integer({ min: 0, max: 3 }), fc.constant(['a', 'b'])),
  obj: fc.dictionary(fc.constantFrom(...KEYS), fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('obj')), { maxKeys: 6 }),
})).obj;

const shapes = (text: string) => {
  const doc = new DocumentModel({ filePath: '/p/.claude/agents/a.md', relPath: '.claude/agents/a.md', kind: 'agent', text });
  return { returns: doc.returnFormats.map((r) => r.node.range), contexts: doc.delegationContexts.map((c) => c.node.range) };
};

const parsed = (text: string) => {
  const doc = new DocumentModel({ filePath: '/p/.claude/agents/a.md', relPath: '.claude/agents/a.md', kind: 'agent', text });
  const { returns, contexts } = classifyObjects(extractJson(text, doc.lines, doc.fences, doc.frontmatter ? [doc.frontmatter.range] : []).blocks);
  return { returns: returns.map((r) => r.node.range), contexts: contexts.map((c) => c.node.range) };
};

describe('the key test before the JSON is parsed', () => {
  it('never hides a return or a context that parsing finds', () => {
    fc.assert(
      fc.property(value, fc.boolean(), (v, escaped) => {
        const json = JSON.stringify(v, null, 2);
        const text = escaped
          ? `---\nname: a\ndescription: d\n---\n\nTask(prompt="Return: ${JSON.stringify(JSON.stringify(v)).slice(1, -1)}")\n`
          : `---\nname: a\ndescription: d\n---\n\n## Output\n\n\`\`\`json\n${json}\n\`\`\`\n`;
        expect(shapes(text)).toEqual(parsed(text));
      }),
      { numRuns: 400 },
    );
  });

  it('never hides one whose keys are written as the tolerant parser reads them', () => {
    // Single-quoted and bare keys, bare keys with no value (`{status, summary}`), blanks and
    // comments between a key and its colon; also inside a prompt string (`\"status\"\n:`).
    const style = fc.constantFrom('dq', 'sq', 'bare', 'bareOnly');
    const trivia = fc.constantFrom('', ' ', '\n', ' \t', ' /* c */ ', ' // c\n', '\u00a0', '\r\n  ');
    fc.assert(
      fc.property(value, fc.array(fc.tuple(style, trivia), { minLength: 1, maxLength: 12 }), fc.boolean(), (v, picks, escaped) => {
        let k = 0;
        const pick = () => picks[k++ % picks.length]!;
        const render = (x: unknown): string => {
          if (Array.isArray(x)) return `[${x.map(render).join(', ')}]`;
          if (x === null || typeof x !== 'object') return JSON.stringify(x);
          const parts = Object.entries(x).map(([key, val]) => {
            const [s, t] = pick();
            if (s === 'bareOnly') return key;
            return `${s === 'dq' ? `"${key}"` : s === 'sq' ? `'${key}'` : key}${t}: ${render(val)}`;
          });
          return `{\n${parts.join(',\n')}\n}`;
        };
        const json = render(v);
        const text = escaped
          ? `---\nname: a\ndescription: d\n---\n\nTask(prompt="Return: ${JSON.stringify(json).slice(1, -1)}")\n`
          : `---\nname: a\ndescription: d\n---\n\n## Output\n\n\`\`\`json\n${json}\n\`\`\`\n`;
        expect(shapes(text)).toEqual(parsed(text));
      }),
      { numRuns: 600 },
    );
  });

  it('finds a return whose keys are written with \\u escapes', () => {
    const text = '---\nname: a\ndescription: d\n---\n\n```json\n{"st\\u0061tus": "completed", "summ\\u0061ry": "s", "errors": [], "artifacts": []}\n```\n';
    expect(shapes(text).returns).toHaveLength(1);
    expect(shapes(text)).toEqual(parsed(text));
  });

  it('says no only when the keys are missing', () => {
    expect(mayHoldShapedObjects('{"status": "completed", "summary": "s", "errors": []}')).toBe(true);
    expect(mayHoldShapedObjects('{"session_id": "s", "delegation_path": []}')).toBe(true);
    expect(mayHoldShapedObjects('{"status": "completed", "summary": "s"}')).toBe(false);
    expect(mayHoldShapedObjects('{"session_id": "s"}')).toBe(false);
    expect(mayHoldShapedObjects('{"summary": "s", "errors": [], "metadata": {}}')).toBe(false);
    // Named in prose, not written as keys.
    expect(mayHoldShapedObjects('Report the status with a summary of the errors.')).toBe(false);
    expect(mayHoldShapedObjects('status: done. See the summary. errors are listed below.')).toBe(false);
    // Written as keys in the forms the parser reads.
    expect(mayHoldShapedObjects("{'status': 1, 'summary': 2, 'errors': 3}")).toBe(true);
    expect(mayHoldShapedObjects('{status, summary, errors}')).toBe(true);
    expect(mayHoldShapedObjects('{"status" /* c */ : 1, "summary"\n: 2, "errors": []}')).toBe(true);
    expect(mayHoldShapedObjects('prompt="{\\"status\\"\\n: 1, \\"summary\\": 2, \\"errors\\": []}"')).toBe(true);
  });
});

describe('looksLikeReturnText', () => {
  const reference = (text: string) => /"status"\s*:/.test(text) && ['summary', 'artifacts', 'metadata', 'errors'].filter((k) => text.includes(`"${k}"`)).length >= 2;
  it('answers as the pattern and the count of quoted keys do', () => {
    const piece = fc.constantFrom('"status"', '"status', 'status"', '"summary"', '"errors"', '"metadata"', '"artifacts"', ':', ' ', '\n', '\t', '\u00a0', '\u2028', 'x', '"', '{', '}');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (parts) => {
        const text = parts.join('');
        expect(looksLikeReturnText(text)).toBe(reference(text));
      }),
      { numRuns: 5000 },
    );
  });
});
