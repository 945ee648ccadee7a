/**
 * Folder listings kept for one run (src/util/folders.ts) answer as readdirSync and existsSync do,
 * read each folder once inside a run, and read the disk afresh outside one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { existsIn, keepFolderListings, listFolder, pathExists, pathKind, withFolderListings } from '../src/util/folders.js';

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
  it('say what existsSync says, inside a run and outside', () => {
    const want = asked.map((p) => fs.existsSync(p));
    expect(want).toEqual([true, true, false, false, true, false, false, false, true]);
    expect(asked.map(pathExists)).toEqual(want);
    expect(withFolderListings(() => asked.map(pathExists))).toEqual(want);
    expect(withFolderListings(() => asked.map((p) => existsIn(path.dirname(p), path.basename(p))))).toEqual(want);
  });

  it('say what statSync says of a path, inside a run and outside', () => {
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
    expect(paths.map(pathKind)).toEqual(want);
    expect(withFolderListings(() => paths.map(pathKind))).toEqual(want);
  });

  it('list a folder as readdirSync does, and throw as it does', () => {
    const names = (l: fs.Dirent[]) => l.map((e) => e.name).sort();
    expect(withFolderListings(() => names(listFolder(dir)))).toEqual(names(fs.readdirSync(dir, { withFileTypes: true })));
    expect(() => withFolderListings(() => listFolder(path.join(dir, 'missing')))).toThrow(/ENOENT/);
    expect(() => withFolderListings(() => listFolder(path.join(dir, 'file.md')))).toThrow(/ENOTDIR/);
  });

  it('read a folder once in a run, and afresh after it', () => {
    const late = path.join(dir, 'late.md');
    const done = keepFolderListings();
    try {
      expect(pathExists(late)).toBe(false);
      fs.writeFileSync(late, 'x');
      // The run listed the folder before the file was made: it keeps that listing.
      expect(pathExists(late)).toBe(false);
      // A nested run shares it.
      expect(withFolderListings(() => pathExists(late))).toBe(false);
    } finally {
      done();
    }
    expect(pathExists(late)).toBe(true);
    expect(withFolderListings(() => pathExists(late))).toBe(true);
  });

  it('answer the first questions about a folder not listed yet by a stat, and list it after', () => {
    const above = path.join(dir, 'above');
    fs.mkdirSync(above);
    const done = keepFolderListings();
    try {
      expect(existsIn(above, 'a.md')).toBe(false);
      // Not listed yet: a file made now is seen, by a stat.
      fs.writeFileSync(path.join(above, 'a.md'), 'x');
      expect(existsIn(above, 'a.md')).toBe(true);
      expect(pathKind(path.join(above, 'a.md'))).toBe('file');
      expect(existsIn(above, 'b.md')).toBe(false);
      // The fifth question lists the folder, and the run keeps that listing.
      expect(existsIn(above, 'a.md')).toBe(true);
      fs.writeFileSync(path.join(above, 'c.md'), 'x');
      expect(existsIn(above, 'c.md')).toBe(false);
      expect(pathKind(path.join(above, 'c.md'))).toBe(null);
    } finally {
      done();
    }
  });

  it('answer from the listing once the walk has read a folder', () => {
    const walked = path.join(dir, 'walked');
    fs.mkdirSync(walked);
    const done = keepFolderListings();
    try {
      expect(listFolder(walked)).toEqual([]);
      fs.writeFileSync(path.join(walked, 'new.md'), 'x');
      expect(existsIn(walked, 'new.md')).toBe(false);
      expect(pathKind(path.join(walked, 'new.md'))).toBe(null);
    } finally {
      done();
    }
  });
});
