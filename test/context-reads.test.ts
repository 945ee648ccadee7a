/**
 * A project's context is read once for discovery's classification and for the lint: a file that
 * opens with frontmatter (a spec candidate) is kept from its classification to its lint; another
 * (a README, a long document) is not kept, so discovery holds no more than the specs.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContextReads } from '../src/read-spec.js';
import { lint, planLint } from '../src/lint.js';
import { resolveConfig } from '../src/config/resolve.js';
import { ALL_RULES } from '../rules/index.js';

const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-context-reads-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

describe('ContextReads', () => {
  it('keeps a file that opens with frontmatter from its classification, and not another', () => {
    const spec = path.join(TMP, 'spec.md');
    const doc = path.join(TMP, 'doc.md');
    writeFileSync(spec, '---\nname: a\n---\nfirst\n');
    writeFileSync(doc, '# Notes\nfirst\n');
    const reads = new ContextReads();
    expect(reads.head(spec, 16)).toBe('---\nname: a\n---\n');
    expect(reads.head(doc, 4096)).toBe('# Notes\nfirst\n');
    // Written again after the classification: the kept read is served, the other is read anew.
    writeFileSync(spec, '---\nname: a\n---\nsecond\n');
    writeFileSync(doc, '# Notes\nsecond\n');
    expect(reads.take(spec)).toMatchObject({ text: '---\nname: a\n---\nfirst\n' });
    expect(reads.take(doc)).toMatchObject({ text: '# Notes\nsecond\n' });
    // Handed over once: a second take reads the file.
    expect(reads.take(spec)).toMatchObject({ text: '---\nname: a\n---\nsecond\n' });
  });

  it('asked again for a kept file, serves a short file whole from the kept read and reads a longer one anew', () => {
    const short = path.join(TMP, 'short.md');
    const long = path.join(TMP, 'long.md');
    writeFileSync(short, '---\nname: s\n---\nfirst\n');
    writeFileSync(long, '---\nname: l\n---\nfirst and more\n');
    const reads = new ContextReads();
    expect(reads.head(short, 64)).toBe('---\nname: s\n---\nfirst\n');
    expect(reads.head(long, 16)).toBe('---\nname: l\n---\n');
    writeFileSync(short, '---\nname: t\n---\nsecond\n');
    writeFileSync(long, '---\nname: m\n---\nsecond and more\n');
    // The short file's kept text is its head; the longer file's head is not kept.
    expect(reads.head(short, 64)).toBe('---\nname: s\n---\nfirst\n');
    expect(reads.head(long, 16)).toBe('---\nname: m\n---\n');
    expect(reads.take(long)).toMatchObject({ text: '---\nname: l\n---\nfirst and more\n' });
  });

  it('keeps no more than it is allowed: past that, a file is read again when taken', () => {
    const a = path.join(TMP, 'a.md');
    const b = path.join(TMP, 'b.md');
    writeFileSync(a, '---\nname: a\n---\nfirst\n');
    writeFileSync(b, '---\nname: b\n---\nfirst\n');
    const reads = new ContextReads(10);
    expect(reads.head(a, 16)).toBe('---\nname: a\n---\n');
    expect(reads.head(b, 16)).toBe('---\nname: b\n---\n');
    writeFileSync(a, '---\nname: a\n---\nsecond\n');
    writeFileSync(b, '---\nname: b\n---\nsecond\n');
    expect(reads.take(a)).toMatchObject({ text: '---\nname: a\n---\nfirst\n' });
    expect(reads.take(b)).toMatchObject({ text: '---\nname: b\n---\nsecond\n' });
    // Handing a file over frees its room.
    expect(reads.head(b, 16)).toBe('---\nname: b\n---\n');
    writeFileSync(b, '---\nname: b\n---\nthird\n');
    expect(reads.take(b)).toMatchObject({ text: '---\nname: b\n---\nsecond\n' });
  });

  it('lints a file from the read its classification made: planned once, opened once', () => {
    // A file outside Claude Code's folders is classified by its first bytes (rule 5 of
    // discovery): the plan keeps that read, and the lint uses it.
    const dir = path.join(TMP, 'plan');
    const file = path.join(dir, 'tools', 'deploy.md');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), '{}');
    writeFileSync(file, '---\nallowed-tools: Read\ndescription: Deploy\ncolour: red\n---\nfirst\n');
    const config = resolveConfig({ file: null, dir, raw: {} }, ALL_RULES);
    const req = { cwd: dir, patterns: ['tools/deploy.md'], rules: ALL_RULES, config };
    const plan = planLint(req);
    expect(plan.targets).toEqual([file]);
    // Mended after the plan: the lint sees what was classified, as one read of the file.
    writeFileSync(file, '---\nallowed-tools: Read\ndescription: Deploy\n---\nsecond\n');
    const found = () => lint(req, plan).results.flatMap((r) => r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`));
    expect(found()).toEqual(['4:1 frontmatter-schema']);
    // The lint hands every kept read over or lets it go: the same plan again reads the file anew.
    expect(found()).toEqual([]);
  });
});
