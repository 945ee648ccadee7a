/**
 * Reads kept for one run (src/util/read-bounded.ts): a small file read whole twice in a run is
 * read once, within the bound each reader gives; a file's first bytes asked for before its lint
 * come from the read its lint then takes. Outside a run, every call reads the disk.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keepFolderListings } from '../src/util/folders.js';
import { forgetRunRead, readRegularFile, readRegularHead, ReadRefused, useRunHeads } from '../src/util/read-bounded.js';
import { ContextReads } from '../src/read-spec.js';
import { writeFixed } from '../src/fix/write.js';

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'agent-lint-run-reads-')));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};
const text = (b: Buffer) => b.toString('utf8');

/** Runs `fn` inside a run's scope, as the command line does. */
function inRun<T>(fn: () => T): T {
  const done = keepFolderListings();
  try {
    return fn();
  } finally {
    done();
  }
}

describe('reads kept for a run', () => {
  it('reads a small file once in a run, and afresh outside one', () => {
    const p = file('plugin.json', '{"name":"a"}');
    inRun(() => {
      expect(text(readRegularFile(p, 1024))).toBe('{"name":"a"}');
      fs.writeFileSync(p, '{"name":"b"}');
      expect(text(readRegularFile(p, 1024 * 1024))).toBe('{"name":"a"}');
    });
    expect(text(readRegularFile(p, 1024))).toBe('{"name":"b"}');
    fs.writeFileSync(p, '{"name":"c"}');
    expect(text(readRegularFile(p, 1024))).toBe('{"name":"c"}');
  });

  it('refuses a kept file to a reader with a smaller bound, as a read with that bound does', () => {
    const p = file('ten.json', '0123456789');
    inRun(() => {
      expect(text(readRegularFile(p, 100))).toBe('0123456789');
      expect(() => readRegularFile(p, 5)).toThrow(new ReadRefused('it is 10 bytes; files over 5 bytes are not read'));
      expect(text(readRegularFile(p, 10))).toBe('0123456789');
    });
  });

  it('keeps neither a file over 256 KB, nor a read that failed, nor a read that does not follow links', () => {
    const large = file('large.json', 'a'.repeat(300 * 1024));
    const later = path.join(dir, 'later.json');
    const linked = file('linked.json', 'first');
    inRun(() => {
      expect(readRegularFile(large, 1024 * 1024).length).toBe(300 * 1024);
      fs.writeFileSync(large, 'b');
      expect(text(readRegularFile(large, 1024 * 1024))).toBe('b');

      expect(() => readRegularFile(later, 1024)).toThrow();
      fs.writeFileSync(later, 'now');
      expect(text(readRegularFile(later, 1024))).toBe('now');

      expect(text(readRegularFile(linked, 1024, { noFollow: true }))).toBe('first');
      fs.writeFileSync(linked, 'second');
      expect(text(readRegularFile(linked, 1024, { noFollow: true }))).toBe('second');
    });
  });

  it('forgets a file written in the run (a fix)', () => {
    const p = file('fixed.json', 'before');
    inRun(() => {
      expect(text(readRegularFile(p, 1024))).toBe('before');
      fs.writeFileSync(p, 'after');
      forgetRunRead(p);
      expect(text(readRegularFile(p, 1024))).toBe('after');
      // writeFixed forgets it too.
      writeFixed(p, 'fixed', { hasBom: false, projectRoot: dir });
      expect(text(readRegularFile(p, 1024))).toBe('fixed');
    });
  });

  it('keeps no more than 8 MB of files in all', () => {
    const files = Array.from({ length: 33 }, (_, i) => file(`part${i}.json`, String.fromCharCode(97 + (i % 26)).repeat(256 * 1024)));
    inRun(() => {
      for (const f of files) readRegularFile(f, 1024 * 1024);
      for (const f of files) fs.writeFileSync(f, 'changed');
      // The first 32 (8 MB) are kept; the 33rd is read afresh.
      expect(text(readRegularFile(files[0]!, 1024 * 1024)).startsWith('a')).toBe(true);
      expect(text(readRegularFile(files[31]!, 1024 * 1024)).startsWith('f')).toBe(true);
      expect(text(readRegularFile(files[32]!, 1024 * 1024))).toBe('changed');
    });
  });

  it("serves a file's first bytes from the run's reader, else from the disk", () => {
    const served = file('served.md', '---\nname: on-disk\n---\n');
    const other = file('other.md', '---\nname: other\n---\n');
    const heads = (f: string, bytes: number) => (f === served ? `kept ${bytes}` : undefined);
    // Outside a run there is no reader to serve them.
    const outside = useRunHeads(heads);
    expect(readRegularHead(served, 8)).toBe('---\nname');
    outside();
    inRun(() => {
      const done = useRunHeads(heads);
      expect(readRegularHead(served, 8)).toBe('kept 8');
      expect(readRegularHead(other, 8)).toBe('---\nname');
      // A nested reader stands for its length, then the outer one serves again.
      const inner = useRunHeads((f, bytes) => (f === other ? `inner ${bytes}` : undefined));
      expect(readRegularHead(other, 8)).toBe('inner 8');
      expect(readRegularHead(served, 8)).toBe('---\nname');
      inner();
      expect(readRegularHead(served, 8)).toBe('kept 8');
      done();
      expect(readRegularHead(served, 8)).toBe('---\nname');
    });
    // A run that ends (an exception, say) takes its reader with it.
    inRun(() => useRunHeads(heads));
    inRun(() => expect(readRegularHead(served, 8)).toBe('---\nname'));
  });
});

describe("ContextReads' first bytes before a lint", () => {
  it('reads a file still to be linted whole, keeps it for its lint, and leaves a linted file to the disk', () => {
    const p = file('agent.md', '---\nname: agent\n---\nfirst\n');
    const missing = path.join(dir, 'missing.md');
    const reads = new ContextReads();
    expect(reads.headBeforeLint(p, 9)).toBe('---\nname:');
    expect(reads.headBeforeLint(missing, 9)).toBeNull();
    fs.writeFileSync(p, '---\nname: agent\n---\nsecond\n');
    // The lint takes the read the first bytes came from.
    expect(reads.take(p)).toMatchObject({ text: '---\nname: agent\n---\nfirst\n' });
    // Taken: its first bytes are not kept again (the caller reads the disk).
    expect(reads.headBeforeLint(p, 9)).toBeUndefined();
  });

  it('does not keep a file without frontmatter (it is read again when taken)', () => {
    const p = file('notes.md', '# Notes\nfirst\n');
    const reads = new ContextReads();
    expect(reads.headBeforeLint(p, 7)).toBe('# Notes');
    fs.writeFileSync(p, '# Notes\nsecond\n');
    expect(reads.take(p)).toMatchObject({ text: '# Notes\nsecond\n' });
  });
});
