/**
 * `-o` to a place that cannot take the report (a folder, /dev/full) is one line and exit 2, for
 * the lint report and for `graph -o` alike (one writer: src/cli/output-file.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
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
  }
});
