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

  // Where a name may match a file of another case, a listing cannot say a name is absent: the
  // answers then come from stats, and a listing kept for the run is not seen in them.
  const caseBlind = process.platform === 'darwin' || process.platform === 'win32';

  it.skipIf(caseBlind)('read a folder once in a run, and afresh after it', () => {
    const late = path.join(dir, 'late.md');
    const done = keepFolderListings();
    try {
      // The walk lists the folder.
      listFolder(dir);
      expect(pathExists(late)).toBe(false);
      fs.writeFileSync(late, 'x');
      // The run listed the folder before the file was made: it keeps that listing.
      expect(existsIn(dir, 'late.md')).toBe(false);
      expect(pathKind(late)).toBe(null);
      expect(pathExists(late)).toBe(false);
      // A nested run shares it.
      expect(withFolderListings(() => existsIn(dir, 'late.md'))).toBe(false);
    } finally {
      done();
    }
    expect(pathExists(late)).toBe(true);
    expect(withFolderListings(() => pathExists(late))).toBe(true);
    expect(withFolderListings(() => existsIn(dir, 'late.md'))).toBe(true);
  });

  it.skipIf(caseBlind)('answer the first four questions about a folder not listed yet by a stat, and list it at the fifth', () => {
    const above = path.join(dir, 'above');
    fs.mkdirSync(above);
    const make = (name: string) => fs.writeFileSync(path.join(above, name), 'x');
    const done = keepFolderListings();
    try {
      // Each of the first four answers sees a file made just before it: a stat, not a listing.
      expect(existsIn(above, 'a.md')).toBe(false);
      make('a.md');
      expect(existsIn(above, 'a.md')).toBe(true);
      make('b.md');
      expect(existsIn(above, 'b.md')).toBe(true);
      make('c.md');
      expect(pathKind(path.join(above, 'c.md'))).toBe('file');
      make('d.md');
      // The fifth lists the folder (d.md is in the listing), and the run keeps that listing.
      expect(existsIn(above, 'd.md')).toBe(true);
      make('e.md');
      expect(existsIn(above, 'e.md')).toBe(false);
      expect(pathKind(path.join(above, 'e.md'))).toBe(null);
    } finally {
      done();
    }
    // The next run counts afresh: its first question is a stat again.
    const again = keepFolderListings();
    try {
      expect(existsIn(above, 'e.md')).toBe(true);
      make('f.md');
      expect(existsIn(above, 'f.md')).toBe(true);
    } finally {
      again();
    }
  });

  it.skipIf(caseBlind)('count a folder asked by a relative path with its absolute one once it is listed', () => {
    const rel = path.relative(process.cwd(), path.join(dir, 'rel'));
    fs.mkdirSync(rel);
    const done = keepFolderListings();
    try {
      listFolder(path.resolve(rel));
      fs.writeFileSync(path.join(rel, 'x.md'), 'x');
      // Listed under its absolute path: the relative spelling finds that listing.
      expect(existsIn(rel, 'x.md')).toBe(false);
    } finally {
      done();
    }
  });

  it.skipIf(caseBlind)('answer from the listing once the walk has read a folder', () => {
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
