/**
 * Every log rule has a docs page whose examples are checked: the "Incorrect" log yields findings
 * of the rule, the "Correct" one none. An example is a ```jsonl fence with `file=` and, where the
 * example needs them, `args="--standard bounded --now <time>"`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { checkWith } from './helpers/log-fixtures.js';
import type { StandardName } from '../src/types.js';

const DOCS = path.resolve(import.meta.dirname, '../docs/rules');

function examples(markdown: string, section: string): Array<{ text: string; standard?: StandardName; now?: string }> {
  const part = markdown.split(/^## /m).find((s) => s.startsWith(section + '\n')) ?? '';
  const out: Array<{ text: string; standard?: StandardName; now?: string }> = [];
  for (const m of part.matchAll(/^(`{3,})jsonl file=\S+(?: args="([^"]*)")?\n([\s\S]*?)^\1$/gm)) {
    const args = m[2] ?? '';
    out.push({ text: m[3]!, standard: /--standard (\S+)/.exec(args)?.[1] as StandardName | undefined, now: /--now (\S+)/.exec(args)?.[1] });
  }
  return out;
}

describe.each(ALL_RULES.filter((r) => r.meta.checks === 'logs').map((r) => [r.meta.id]))('docs/rules/%s.md', (id) => {
  const page = path.join(DOCS, `${id}.md`);
  it('exists, and its incorrect example fires while its correct one does not', () => {
    expect(existsSync(page), `docs/rules/${id}.md is missing`).toBe(true);
    const md = readFileSync(page, 'utf8');
    const bad = examples(md, 'Incorrect');
    const good = examples(md, 'Correct');
    expect(bad.length).toBeGreaterThan(0);
    expect(good.length).toBeGreaterThan(0);
    for (const e of bad) expect(checkWith(id, e.text, e).length, e.text).toBeGreaterThan(0);
    for (const e of good) expect(checkWith(id, e.text, e).map((m) => m.message)).toEqual([]);
  });
});
