/**
 * Sizes as each tool counts them (lines, UTF-8 bytes, characters) and where a budget ends in a
 * text; and the one budget too large for a fixture: Claude Code skips a memory file over 4 MiB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { characterCount, lineCount, offsetAfter, utf8Bytes } from '../src/rules-support/instructions/size.js';
import { writeFiles } from './helpers/files.js';
import { lintCase } from './helpers/fixtures.js';

const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-size-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('instruction sizes', () => {
  it('counts lines (a final line break starts none), UTF-8 bytes and characters', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\n')]).toEqual([0, 1, 1, 2, 2]);
    const text = 'aé€😀';
    expect([utf8Bytes(text), characterCount(text), text.length]).toEqual([1 + 2 + 3 + 4, 4, 5]);
  });

  it('ends a budget before the unit that does not fit, never inside a character', () => {
    const text = 'aé€😀b';
    expect([1, 2, 3, 5, 6, 9, 10, 11].map((max) => offsetAfter('byte', text, max))).toEqual([1, 1, 2, 2, 3, 3, 5, 6]);
    expect(offsetAfter('character', text, 4)).toBe(5);
    expect([0, 1, 2, 5].map((max) => offsetAfter('line', 'a\nb\nc', max))).toEqual([0, 2, 4, 5]);
  });

  it('reports a memory file over 4 MiB once, at its first line: Claude Code skips it whole', () => {
    const dir = path.join(TMP, 'huge');
    writeFiles(dir, { '.agent-lint.json': '{}', 'CLAUDE.md': `# Project\n${'Keep the build green and the tests fast.\n'.repeat(110_000)}` });
    const found = lintCase(dir, ALL_RULES, 'instruction-size');
    expect(found.map((f) => [f.file, f.line, f.column, f.message])).toEqual([['CLAUDE.md', 1, 1, 'this memory file is 4,510,010 bytes: Claude Code skips a file over 4 MiB']]);
  });
});
