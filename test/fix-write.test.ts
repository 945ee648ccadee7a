/**
 * Writing fixed files (src/fix/write.ts): atomic (a temporary file in the same folder, then a
 * rename), byte-for-byte faithful (BOM and CRLF kept, nothing else touched), and never through
 * a symlink that leads out of the project. `--fix` is not wired into the CLI yet; these test the
 * writer and the fix core it will sit on.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { fixLoop } from '../src/fix/apply.js';
import { FixWriteError, writeFixed } from '../src/fix/write.js';
import { DocumentModel } from '../src/model/document.js';
import { lintMemory } from './helpers/in-memory-project.js';

const IS_WINDOWS = process.platform === 'win32';
const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-write-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let root: string;
let n = 0;
beforeEach(() => {
  root = path.join(tmp, `p${n++}`);
  mkdirSync(path.join(root, '.claude/agents'), { recursive: true });
});

const leftovers = (dir: string) => readdirSync(dir).filter((f) => f.includes('.agent-lint-') || f.endsWith('.tmp'));

const AGENT = [
  '---',
  'name: fixer',
  'description: Returns a report',
  '---',
  '```json',
  '{"status": "completed", "summary": "s", "artifacts": [], "metadata": {"session_id": "sess_1700000000_abc123", "duration_seconds": 1, "agent_type": "fixer", "delegation_depth": 4, "delegation_path": ["orchestrator", "review", "fixer"]}}',
  '```',
  '',
].join('\n');

describe('writeFixed', () => {
  it('replaces the file by renaming a temporary file over it, keeping its mode', () => {
    const file = path.join(root, '.claude/agents/a.md');
    writeFileSync(file, 'old text\n');
    chmodSync(file, 0o640);
    const before = statSync(file);
    writeFixed(file, 'new text\n', { hasBom: false, projectRoot: root });
    const after = statSync(file);
    expect(readFileSync(file, 'utf8')).toBe('new text\n');
    // A rename puts a new inode at the path; writing in place would keep the old one.
    expect(after.ino).not.toBe(before.ino);
    if (!IS_WINDOWS) expect(after.mode & 0o777).toBe(0o640);
    expect(leftovers(path.dirname(file))).toEqual([]);
  });

  it('puts the BOM back when the file had one', () => {
    const file = path.join(root, '.claude/agents/bom.md');
    writeFileSync(file, '\uFEFFx\r\n');
    writeFixed(file, 'y\r\n', { hasBom: true, projectRoot: root });
    expect([...readFileSync(file)]).toEqual([0xef, 0xbb, 0xbf, 0x79, 0x0d, 0x0a]);
  });

  it('writes back the text it was read as byte for byte (BOM, CRLF, no final newline, odd spacing)', () => {
    const file = path.join(root, '.claude/agents/exact.md');
    const original = Buffer.from('\uFEFF---\r\nname: exact \t\r\n---\r\n\r\n  body\u00a0text  \r\nlast line, no newline', 'utf8');
    writeFileSync(file, original);
    const doc = new DocumentModel({ filePath: file, relPath: '.claude/agents/exact.md', kind: 'agent', text: readFileSync(file, 'utf8') });
    writeFixed(file, doc.text, { hasBom: doc.hasBom, projectRoot: root });
    expect(readFileSync(file).equals(original)).toBe(true);
  });

  it('with nothing to fix, the fix loop gives back the very text, so the file is not written', () => {
    const text = AGENT.replace('"delegation_depth": 4', '"delegation_depth": 1').replace(/\n/g, '\r\n');
    const lintText = (t: string) => lintMemory([{ path: '.claude/agents/fixer.md', text: t }], { standard: 'v2' })[0]!.messages;
    const messages = lintText(text);
    expect(messages.filter((m) => m.fix)).toEqual([]);
    const loop = fixLoop(text, messages, lintText);
    expect(loop.passes).toBe(0);
    expect(loop.output).toBe(text);
  });

  it('a real fix changes only the bytes it fixes (CRLF and BOM kept)', () => {
    const file = path.join(root, '.claude/agents/fixer.md');
    // A YAML-breaking argument-hint, which frontmatter-valid quotes (a repair that is certainly right).
    const hinted = AGENT.replace('name: fixer\n', 'name: fixer\nargument-hint: [file] [mode]\n');
    const original = Buffer.from('\uFEFF' + hinted.replace(/\n/g, '\r\n'), 'utf8');
    writeFileSync(file, original);
    const doc = new DocumentModel({ filePath: file, relPath: '.claude/agents/fixer.md', kind: 'agent', text: readFileSync(file, 'utf8') });
    const lintText = (t: string) => lintMemory([{ path: '.claude/agents/fixer.md', text: t }], { standard: 'v2' })[0]!.messages;
    const loop = fixLoop(doc.text, lintText(doc.text), lintText);
    expect(loop.fixed).toBeGreaterThan(0);
    writeFixed(file, loop.output, { hasBom: doc.hasBom, projectRoot: root });
    const written = readFileSync(file);
    const expected = Buffer.from(original.toString('utf8').replace('argument-hint: [file] [mode]', 'argument-hint: "[file] [mode]"'), 'utf8');
    expect(written.equals(expected)).toBe(true);
  });

  it.skipIf(IS_WINDOWS)('refuses a symlink that leads out of the project, and leaves its target alone', () => {
    const outside = path.join(tmp, `outside-${n}.md`);
    writeFileSync(outside, 'outside text\n');
    const link = path.join(root, '.claude/agents/link.md');
    symlinkSync(outside, link);
    expect(() => writeFixed(link, 'changed\n', { hasBom: false, projectRoot: root })).toThrow(FixWriteError);
    expect(() => writeFixed(link, 'changed\n', { hasBom: false, projectRoot: root })).toThrow(/symlink to .*outside the project/);
    expect(readFileSync(outside, 'utf8')).toBe('outside text\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(leftovers(path.dirname(link))).toEqual([]);
    expect(leftovers(path.dirname(outside))).toEqual([]);
  });

  it.skipIf(IS_WINDOWS)('writes through a symlink inside the project to its target; the link stays a link', () => {
    const target = path.join(root, 'shared.md');
    writeFileSync(target, 'before\n');
    const link = path.join(root, '.claude/agents/link.md');
    symlinkSync('../../shared.md', link);
    writeFixed(link, 'after\n', { hasBom: false, projectRoot: root });
    expect(readFileSync(target, 'utf8')).toBe('after\n');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(leftovers(root)).toEqual([]);
  });

  it.skipIf(IS_WINDOWS)('refuses a dangling symlink and creates nothing', () => {
    const link = path.join(root, '.claude/agents/dangling.md');
    symlinkSync('gone.md', link);
    expect(() => writeFixed(link, 'x\n', { hasBom: false, projectRoot: root })).toThrow();
    expect(readdirSync(path.dirname(link)).sort()).toEqual(['dangling.md']);
  });

  it('when the rename fails, the temporary file is removed and the target is untouched', () => {
    // A non-empty folder at the path: the write of the temporary file works, the rename cannot.
    const dir = path.join(root, '.claude/agents/folder.md');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'inside.md'), 'keep\n');
    expect(() => writeFixed(dir, 'x\n', { hasBom: false, projectRoot: root })).toThrow();
    expect(readFileSync(path.join(dir, 'inside.md'), 'utf8')).toBe('keep\n');
    expect(leftovers(path.dirname(dir))).toEqual([]);
  });
});
