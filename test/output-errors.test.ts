/**
 * `-o` to a place that cannot take the report (a folder, /dev/full) is one line and exit 2, for
 * the lint report and for `graph -o` alike (one writer: src/cli/output-file.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';
import { REPO_ROOT } from './helpers/shared.js';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-oerr-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);
const AGENT = '---\nname: x\ndescription: d\n---\nAsk `Task(subagent_type="helper", prompt="p")`.\n';

describe('-o errors', () => {
  for (const cmd of [[], ['graph']]) {
    const name = cmd.length ? 'graph -o' : '-o';
    it(`${name} to a folder and to /dev/full: one line, exit 2`, () => {
      const dir = project({ '.claude/agents/x.md': AGENT, 'reports/keep.txt': 'x' });
      const targets = ['reports', ...(existsSync('/dev/full') ? ['/dev/full'] : [])];
      for (const out of targets) {
        const r = spawnSync(process.execPath, [BIN, ...cmd, ...(cmd.length ? [] : ['--no-color']), '-o', out], { cwd: dir, encoding: 'utf8' });
        expect(r.status).toBe(2);
        expect(r.stderr).toMatch(/^agent-lint[^\n]*: cannot write the report to [^\n]+\n$/);
      }
    });

    it(`${name} through a symlink the repository commits: refused, the file it leads to untouched`, () => {
      const outside = project({ 'victim.txt': 'keep me' });
      const dir = project({ '.claude/agents/x.md': AGENT });
      symlinkSync(path.join(outside, 'victim.txt'), path.join(dir, 'report.txt'));
      const r = spawnSync(process.execPath, [BIN, ...cmd, ...(cmd.length ? [] : ['--no-color']), '-o', 'report.txt'], { cwd: dir, encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/cannot write the report to report\.txt: it is a symlink/);
      expect(readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('keep me');
    });

    it(`${name} through a folder symlink the repository commits: refused, the folder it leads to untouched`, () => {
      const outside = project({ 'victim.txt': 'keep me' });
      const dir = project({ '.claude/agents/x.md': AGENT });
      symlinkSync(outside, path.join(dir, 'reports'));
      const r = spawnSync(process.execPath, [BIN, ...cmd, ...(cmd.length ? [] : ['--no-color']), '-o', 'reports/victim.txt'], { cwd: dir, encoding: 'utf8' });
      expect(r.stderr).toBe('agent-lint' + (cmd.length ? ' graph' : '') + ': cannot write the report to reports/victim.txt: reports is a symlink; the report is written only through real folders\n');
      expect(r.status).toBe(2);
      expect(readdirSync(outside).filter((f) => f !== '.git')).toEqual(['victim.txt']);
      expect(readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('keep me');
    });
  }

  it('-o writes a regular file whole, replacing the one there', () => {
    const dir = project({ '.claude/agents/x.md': AGENT, 'report.json': 'old' });
    const r = spawnSync(process.execPath, [BIN, '--format', 'json', '-o', 'report.json'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8'))).toHaveLength(1);
  });
});
