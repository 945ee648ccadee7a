/**
 * `@path` imports as Claude Code and Gemini CLI read them, and pointer files: what is an import,
 * where it is, and which path each tool looks for.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { instructionImports, looksLikeFile, pointerOf, withoutTrailingPunctuation } from '../src/model/instruction-imports.js';
import { writeFiles } from './helpers/files.js';
import { lintCase } from './helpers/fixtures.js';
import { growth } from './helpers/growth.js';

const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-imports-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const paths = (text: string, dialect: 'claude' | 'gemini' = 'claude') => instructionImports(text, dialect).map((i) => i.path);

describe('instruction imports', () => {
  it('finds an @ at a line start or after a blank, up to the next blank, with its range', () => {
    const text = '@AGENTS.md\nSee @docs/a.md, and @b.md.\n';
    const found = instructionImports(text, 'claude');
    expect(found.map((i) => [i.path, text.slice(i.range.start, i.range.end)])).toEqual([
      ['AGENTS.md', 'AGENTS.md'],
      ['docs/a.md,', 'docs/a.md,'],
      ['b.md.', 'b.md.'],
    ]);
  });

  it('skips an @ inside a word, and in code spans, fences, HTML comments and frontmatter', () => {
    const text = [
      '---',
      'note: @in-frontmatter.md',
      '---',
      'mail ops@example.com or (@in-parens.md)',
      'Quote `@in-a-span.md` or ``@in `a` double span.md``.',
      '```',
      '@in-a-fence.md',
      '```',
      '~~~md',
      '@in-a-tilde-fence.md',
      '~~~',
      '<!-- @in-a-comment.md',
      '-->',
      'An unclosed ` backtick leaves @kept.md an import.',
    ].join('\n');
    expect(paths(text)).toEqual(['kept.md']);
    expect(paths(text, 'gemini')).toEqual(['kept.md']);
  });

  it('runs in linear time on text full of backticks, @ signs and comment openers', () => {
    for (const unit of ['`a`', '`` ` ', '@a.md ', '@@@', '<!-- ', '`@x` ', '@a\\ b ']) {
      const g = growth((scale) => {
        const text = unit.repeat(Math.ceil((6_000 * scale) / unit.length));
        return () => instructionImports(text, 'claude');
      });
      expect(g.superLinear, `${JSON.stringify(unit)}: ${g.summary}`).toBe(false);
    }
  });

  it('a code span does not reach across a blank line', () => {
    expect(paths('one ` tick\n\n@after-blank.md `\n')).toEqual(['after-blank.md']);
  });

  it('reads paths as each tool does: Claude Code cuts a #fragment and unescapes spaces, Gemini CLI keeps them', () => {
    const text = '@docs/a.md#intro @my\\ notes.md @_private.md @9lives.md @@double.md\n';
    expect(paths(text, 'claude')).toEqual(['docs/a.md', 'my notes.md', '_private.md', '9lives.md']);
    expect(paths(text, 'gemini')).toEqual(['docs/a.md#intro', 'my\\']);
  });

  it('tells a file path from a mention or a package name', () => {
    expect(['AGENTS.md', './notes', '../shared/x', 'docs/style.md', 'README.txt'].map(looksLikeFile)).toEqual([true, true, true, true, true]);
    expect(['claude', 'scope/package', 'trigger.dev/sdk', 'v1.2.3', '1.2.3', 'https://x.io/a.md', '.env'].map(looksLikeFile)).toEqual([false, false, false, false, false, false, false]);
    expect(withoutTrailingPunctuation('AGENTS.md).')).toBe('AGENTS.md');
  });
});

describe('pointer files', () => {
  it('a whole text that is one relative path, or one @path line', () => {
    expect(pointerOf('AGENTS.md')).toEqual({ target: 'AGENTS.md', range: { start: 0, end: 9 }, form: 'path' });
    expect(pointerOf('../AGENTS.md\n')).toMatchObject({ target: '../AGENTS.md', form: 'path' });
    expect(pointerOf('@AGENTS.md\n')).toEqual({ target: 'AGENTS.md', range: { start: 1, end: 10 }, form: 'import' });
    expect(pointerOf('\n  .agents/AGENTS.md  \n')).toMatchObject({ target: '.agents/AGENTS.md', range: { start: 3, end: 20 } });
  });

  it('is not a sentence, a list of imports, a word without extension, a URL or a long text', () => {
    for (const t of ['See AGENTS.md', '@AGENTS.md\n@CLAUDE.local.md', 'TODO', 'https://example.com/AGENTS.md', '~/AGENTS.md', `${'a/'.repeat(300)}x.md`]) expect(pointerOf(t), t).toBeNull();
  });
});

describe('imports of a linked memory file', () => {
  it('resolve from the link target\'s folder, as Claude Code resolves them', () => {
    const dir = path.join(TMP, 'linked');
    writeFiles(dir, {
      '.agent-lint.json': '{}',
      'AGENTS.md': '# Shared\n\nFollow @docs/guide.md.\nAlso @docs/missing.md\n',
      'docs/guide.md': '# Guide\n',
      '.claude/.keep': '',
    });
    symlinkSync('../AGENTS.md', path.join(dir, '.claude/CLAUDE.md'));
    const found = lintCase(dir, ALL_RULES, 'instruction-import');
    // `@docs/guide.md.` keeps its period; `@docs/missing.md` is missing from the root, not from .claude/.
    expect(found.map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`)).toEqual([
      '.claude/CLAUDE.md:3:9 "@docs/guide.md." imports nothing: Claude Code reads the trailing "." as part of the path',
      '.claude/CLAUDE.md:4:7 "@docs/missing.md" imports nothing: docs/missing.md is not there',
    ]);
  });
});
