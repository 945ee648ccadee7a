/**
 * Every rule has a docs page, and the page's examples are tested: the files of the "Incorrect"
 * section, linted together as one project with only that rule on, yield exactly the findings
 * their `<!-- expect: ... -->` comments name; the "Correct" section yields none.
 * An example is a fence whose info string holds `file=<path in the project>`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { key, lintCase, readExpectations } from './helpers/fixtures.js';

const DOCS = path.resolve(import.meta.dirname, '../docs/rules');
const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-docs-'));
afterAll(() => rmSync(tmpRoot, { recursive: true, force: true }));

interface Example {
  section: 'Incorrect' | 'Correct';
  file: string;
  content: string;
}

export function readExamples(markdown: string): Example[] {
  const out: Example[] = [];
  const lines = markdown.split('\n');
  let section: Example['section'] | null = null;
  for (let i = 0; i < lines.length; i++) {
    const h = /^##\s+(.*)$/.exec(lines[i]!);
    if (h) {
      section = h[1]!.trim() === 'Incorrect' ? 'Incorrect' : h[1]!.trim() === 'Correct' ? 'Correct' : null;
      continue;
    }
    const f = /^(`{3,}|~{3,})\S*.*\bfile=(\S+)/.exec(lines[i]!);
    if (!f) continue;
    const fence = f[1]!;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j]!.trim() !== fence; j++) body.push(lines[j]!);
    if (section) out.push({ section, file: f[2]!, content: body.join('\n') + '\n' });
    i = j;
  }
  return out;
}

const rules = ALL_RULES.filter((r) => !r.meta.internal && r.meta.checks !== 'logs');

describe.each(rules.map((r) => [r.meta.id]))('docs/rules/%s.md', (id) => {
  const page = path.join(DOCS, `${id}.md`);

  it('exists and has incorrect and correct examples', () => {
    expect(existsSync(page), `docs/rules/${id}.md is missing`).toBe(true);
    const ex = readExamples(readFileSync(page, 'utf8'));
    expect(ex.some((e) => e.section === 'Incorrect')).toBe(true);
    expect(ex.some((e) => e.section === 'Correct')).toBe(true);
  });

  for (const section of ['Incorrect', 'Correct'] as const) {
    it(`its ${section.toLowerCase()} examples find exactly what the page says`, () => {
      if (!existsSync(page)) return;
      const examples = readExamples(readFileSync(page, 'utf8')).filter((e) => e.section === section);
      const dir = path.join(tmpRoot, id, section);
      for (const e of examples) {
        mkdirSync(path.dirname(path.join(dir, e.file)), { recursive: true });
        writeFileSync(path.join(dir, e.file), e.content);
      }
      const found = lintCase(dir, ALL_RULES, id);
      const expected = readExpectations(dir).filter((e) => e.ruleId === id);
      if (section === 'Incorrect') expect(expected.length).toBeGreaterThan(0);
      else expect(expected).toEqual([]);
      expect(found.map(key).sort()).toEqual(expected.map(key).sort());
    });
  }
});
