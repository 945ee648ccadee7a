/**
 * Folder listings kept for one run (src/util/folders.ts) answer as readdirSync and existsSync do,
 * and read each folder once for their life: a new one reads the disk afresh.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FolderListings } from '../src/util/folders.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-lint-folders-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

fs.mkdirSync(path.join(dir, 'sub/.claude-plugin'), { recursive: true });
fs.writeFileSync(path.join(dir, 'sub/.claude-plugin/plugin.json'), '{}');
fs.writeFileSync(path.join(dir, 'file.md'), 'x');
fs.symlinkSync(path.join(dir, 'file.md'), path.join(dir, 'link.md'));
fs.symlinkSync(path.join(dir, 'gone.md'), path.join(dir, 'dangling.md'));

const asked = [
  path.join(dir, 'file.md'),
  path.join(dir, 'link.md'),
  path.join(dir, 'dangling.md'),
  path.join(dir, 'nothing.md'),
  path.join(dir, 'sub/.claude-plugin/plugin.json'),
  path.join(dir, 'sub/.claude-plugin/marketplace.json'),
  path.join(dir, 'missing/.claude-plugin/plugin.json'),
  path.join(dir, 'file.md/inside'),
  dir,
];

describe('folder listings kept for a run', () => {
  it('say what existsSync says', () => {
    const want = asked.map((p) => fs.existsSync(p));
    expect(want).toEqual([true, true, false, false, true, false, false, false, true]);
    const folders = new FolderListings();
    expect(asked.map((p) => folders.exists(p))).toEqual(want);
    expect(asked.map((p) => new FolderListings().existsIn(path.dirname(p), path.basename(p)))).toEqual(want);
    expect(asked.map((p) => folders.existsIn(path.dirname(p), path.basename(p)))).toEqual(want);
  });

  it('say what statSync says of a path', () => {
    const kind = (p: string) => {
      try {
        const st = fs.statSync(p);
        return st.isDirectory() ? 'dir' : st.isFile() ? 'file' : null;
      } catch {
        return null;
      }
    };
    const paths = [...asked, path.join(dir, 'sub'), path.join(dir, 'sub/.claude-plugin'), path.join(dir, 'sub', '..', 'file.md'), 'file.md'];
    const want = paths.map(kind);
    expect(want).toEqual(['file', 'file', null, null, 'file', null, null, null, 'dir', 'dir', 'dir', 'file', null]);
    const folders = new FolderListings();
    expect(paths.map((p) => folders.kind(p))).toEqual(want);
  });

  it('list a folder as readdirSync does, and throw as it does', () => {
    const names = (l: fs.Dirent[]) => l.map((e) => e.name).sort();
    const folders = new FolderListings();
    expect(names(folders.list(dir))).toEqual(names(fs.readdirSync(dir, { withFileTypes: true })));
    expect(() => folders.list(path.join(dir, 'missing'))).toThrow(/ENOENT/);
    expect(() => folders.list(path.join(dir, 'file.md'))).toThrow(/ENOTDIR/);
  });

  // Where a name may match a file of another case, a listing cannot say a name is absent: the
  // answers then come from stats, and a listing kept for the run is not seen in them.
  const caseBlind = process.platform === 'darwin' || process.platform === 'win32';

  it.skipIf(caseBlind)('read a folder once, and a new one reads it afresh', () => {
    const late = path.join(dir, 'late.md');
    const folders = new FolderListings();
    // The walk lists the folder.
    folders.list(dir);
    expect(folders.exists(late)).toBe(false);
    fs.writeFileSync(late, 'x');
    // The folder was listed before the file was made: the listing is kept.
    expect(folders.existsIn(dir, 'late.md')).toBe(false);
    expect(folders.kind(late)).toBe(null);
    expect(folders.exists(late)).toBe(false);
    const next = new FolderListings();
    expect(next.exists(late)).toBe(true);
    expect(next.existsIn(dir, 'late.md')).toBe(true);
    expect(next.kind(late)).toBe('file');
  });

  it.skipIf(caseBlind)('list a folder at the first question about a name in it', () => {
    const above = path.join(dir, 'above');
    fs.mkdirSync(above);
    const folders = new FolderListings();
    expect(folders.existsIn(above, 'a.md')).toBe(false);
    fs.writeFileSync(path.join(above, 'a.md'), 'x');
    expect(folders.existsIn(above, 'a.md')).toBe(false);
    expect(folders.kind(path.join(above, 'a.md'))).toBe(null);
  });

  it.skipIf(caseBlind)('find a folder listed under its absolute path when asked by a relative one', () => {
    const rel = path.relative(process.cwd(), path.join(dir, 'rel'));
    fs.mkdirSync(rel);
    const folders = new FolderListings();
    folders.list(path.resolve(rel));
    fs.writeFileSync(path.join(rel, 'x.md'), 'x');
    expect(folders.existsIn(rel, 'x.md')).toBe(false);
  });
});
