/**
 * The strict JSON parser agrees with JSON.parse: the same texts are JSON, with the same values,
 * and every node's range holds its own text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateWhole } from '../src/check-return/extract.js';
import type { JsonNode } from '../src/model/json/ast.js';
import { toPlainValue } from '../src/model/json/parse.js';
import { parseStrictJson } from '../src/model/json/strict.js';

function jsonParses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Every node's range, re-parsed on its own, gives the same value. */
function rangesHoldTheirText(text: string, node: JsonNode): void {
  expect(JSON.parse(text.slice(node.range.start, node.range.end))).toEqual(toPlainValue(node));
  if (node.type === 'object') {
    for (const p of node.properties) {
      expect(JSON.parse(text.slice(p.keyRange.start, p.keyRange.end))).toBe(p.key);
      rangesHoldTheirText(text, p.value);
    }
  } else if (node.type === 'array') for (const i of node.items) rangesHoldTheirText(text, i);
}

/** Text made of JSON's own pieces, so that both valid and nearly valid JSON come up often. */
const jsonish = fc
  .array(fc.constantFrom('{', '}', '[', ']', ',', ':', ' ', '\n', '"a"', '"\\n"', '"\\u00e9"', '"\\x"', '1', '-0', '0.5', '1e3', '01', '.5', 'true', 'null', 'nul', '"', "'", '//', '\t', '\u00a0'), { maxLength: 24 })
  .map((parts) => parts.join(''));

describe('parseStrictJson', () => {
  it('accepts exactly what JSON.parse accepts (fuzzed)', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        expect(locateWhole(text).ok).toBe(jsonParses(text) && text.trim() !== '');
      }),
      { numRuns: 3000 },
    );
  });

  it('gives JSON.parse\'s value, with exact ranges (generated values)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const r = parseStrictJson(text, 0);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.end).toBe(text.length);
        expect(toPlainValue(r.value)).toEqual(JSON.parse(text));
        rangesHoldTheirText(text, r.value);
      }),
      { numRuns: 500 },
    );
  });

  it('never marks a string as a template', () => {
    const r = parseStrictJson('{"status": "completed|failed", "path": "specs/{n}/NNN.md"}', 0);
    if (!r.ok || r.value.type !== 'object') throw new Error('parse');
    for (const p of r.value.properties) {
      expect(p.value).toMatchObject({ type: 'string', templated: false });
      expect(p.value).not.toHaveProperty('alternatives');
    }
  });

  it('stops deep nesting with an error, not a stack overflow', () => {
    const r = parseStrictJson('['.repeat(5000) + ']'.repeat(5000), 0);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/nesting deeper than/);
  });
});
