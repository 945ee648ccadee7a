/**
 * A project's context is read once for discovery's classification and for the lint: a file that
 * opens with frontmatter (a spec candidate) is kept from its classification to its lint; another
 * (a README, a long document) is not kept, so discovery holds no more than the specs.
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContextReads } from '../src/read-spec.js';

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
});
