/**
 * Inline disable comments: the indexed lookup (one pass per rule, a binary search per finding)
 * answers exactly as the plain reading of the directives in order does, and a file with tens of
 * thousands of findings and comments is not quadratic.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDisableComments } from '../src/engine/suppressions.js';
import { LineIndex } from '../src/model/lines.js';

/** The reference: every directive in order, as the comments read. */
function reference(text: string) {
  const lines = new LineIndex(text);
  const re = /(?:<!--|#)[ \t]*agent-lint-(disable-next-line|disable-line|disable-file|disable|enable)\b([^\n]*?)(?:-->|$)/gm;
  const ds = [...text.matchAll(re)].map((m) => {
    const rest = m[2]!.replace(/--.*$/, '').trim();
    return { kind: m[1]!, line: lines.position(m.index).line, rules: rest ? rest.split(/[\s,]+/).filter(Boolean) : null };
  });
  return (ruleId: string, line: number) => {
    let disabled = false;
    for (const d of ds) {
      if (d.rules !== null && !d.rules.includes(ruleId)) continue;
      if (d.kind === 'disable-file') return true;
      if (d.kind === 'disable-next-line' && d.line + 1 === line) return true;
      if (d.kind === 'disable-line' && d.line === line) return true;
      if (d.kind === 'disable' && d.line <= line) disabled = true;
      if (d.kind === 'enable' && d.line <= line) disabled = false;
    }
    return disabled;
  };
}

const RULES = ['rule-a', 'rule-b', 'rule-c'];
const directive = fc
  .tuple(
    fc.constantFrom('disable', 'enable', 'disable-line', 'disable-next-line', 'disable-file'),
    fc.subarray(RULES),
    fc.constantFrom('<!-- ', '# ', '<!--'),
  )
  .map(([kind, rules, open]) => `${open}agent-lint-${kind}${rules.length ? ' ' + rules.join(', ') : ''}${open.startsWith('<') ? ' -->' : ''}`);
const line = fc.oneof({ weight: 2, arbitrary: directive }, { weight: 3, arbitrary: fc.constantFrom('text', '', '```json', '{"a": 1}') });

describe('inline disable comments', () => {
  it('answer as the directives read in order (any rule, any line)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 25 }), fc.constantFrom(...RULES), fc.nat(27), (ls, ruleId, at) => {
        const text = ls.join('\n');
        const s = parseDisableComments(text, new LineIndex(text));
        expect(s.isSuppressed(ruleId, at + 1)).toBe(reference(text)(ruleId, at + 1));
      }),
      { numRuns: 3000 },
    );
  });

  it('stay fast with 40,000 comments and 20,000 findings', () => {
    const block = '<!-- agent-lint-disable rule-a -->\nfinding here\n<!-- agent-lint-enable rule-a -->\n';
    const text = block.repeat(20_000);
    const t0 = performance.now();
    const s = parseDisableComments(text, new LineIndex(text));
    let n = 0;
    for (let i = 0; i < 20_000; i++) if (s.isSuppressed('rule-a', i * 3 + 2)) n++;
    expect(n).toBe(20_000);
    expect(s.isSuppressed('rule-a', 3)).toBe(false); // the enable line itself
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
