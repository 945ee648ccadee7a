/**
 * The fix of missing-json-format-instruction, tested the markdownlint way: apply it to the
 * fixture and lint the fixed text again; the finding must be gone and nothing else changed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { lintCase, RULE_FIXTURES } from './helpers/fixtures.js';

const ID = 'missing-json-format-instruction';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-fix-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe(`${ID} fixes`, () => {
  it('appends the instruction after the prompt string and the finding goes away', () => {
    const src = path.join(RULE_FIXTURES, ID, 'invalid', 'escaped-json-prompt');
    const dir = path.join(tmp, 'escaped-json-prompt');
    cpSync(src, dir, { recursive: true });
    const found = lintCase(dir, ALL_RULES, ID);
    expect(found).toHaveLength(1);
    const fix = found[0]!.fix!;
    expect(fix).toBeDefined();
    const file = path.join(dir, found[0]!.file);
    const text = readFileSync(file, 'utf8');
    const fixed = text.slice(0, fix.range[0]) + fix.text + text.slice(fix.range[1]);
    expect(fixed).toContain('     }" + JSON_FORMAT_INSTRUCTION,\n     description="Create task entry"');
    writeFileSync(file, fixed);
    expect(lintCase(dir, ALL_RULES, ID)).toEqual([]);
  });

  it('offers no fix where the prompt is not one string literal', () => {
    for (const name of ['no-prompt', 'variable-prompt', 'yaml-block', 'prose-only']) {
      const found = lintCase(path.join(RULE_FIXTURES, ID, 'invalid', name), ALL_RULES, ID);
      expect(found.length, name).toBeGreaterThan(0);
      expect(found.map((f) => f.fix), name).toEqual(found.map(() => undefined));
    }
  });

  it('fixes an f-string after its closing quote, before a trailing comment', () => {
    const found = lintCase(path.join(RULE_FIXTURES, ID, 'invalid', 'call-prompts'), ALL_RULES, ID);
    const text = readFileSync(path.join(RULE_FIXTURES, ID, 'invalid', 'call-prompts', found[0]!.file), 'utf8');
    const fix = found[0]!.fix!;
    const fixed = text.slice(0, fix.range[0]) + fix.text + text.slice(fix.range[1]);
    expect(fixed).toContain('prompt=f"Plan task {task_number}: {description}" + JSON_FORMAT_INSTRUCTION,  # the planner');
  });
});
