/**
 * Human output cannot be turned against its reader: control characters (C0, C1, ESC) and
 * bidirectional overrides from file names, messages and code frames are printed as visible
 * escapes in the stylish format. A file named with a newline and `::error ...::` must not inject
 * a GitHub workflow command into a job log; an escape sequence must not clear the screen.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeFrame } from '../src/formatters/stylish.js';
import { projectMaker } from './helpers/files.js';
import { REPO_ROOT } from './helpers/shared.js';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-esc-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);

const EVIL_NAME = '.claude/agents/x\n::error file=README.md,line=1::injected\u001b[2J.md';
const EVIL_TEXT = '---\nname: Bad\u001b[2J\u009b31m\u202eName\ndescription: d\n---\nBody.\n';

// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('stylish output escapes what comes from files', () => {
  it('file names, messages and code frames: no raw control character, no injected line', () => {
    const dir = project({ [EVIL_NAME]: EVIL_TEXT });
    const r = spawnSync(process.execPath, [BIN, '--no-color', '--format', 'stylish'], { cwd: dir, encoding: 'utf8' });
    expect(r.stdout).toContain('frontmatter-schema');
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    for (const line of r.stdout.split('\n')) expect(line.startsWith('::')).toBe(false);
    expect(r.stdout).toContain('x\\n::error file=README.md,line=1::injected\\x1b[2J.md');
    expect(r.stdout).toContain('Bad\\x1b[2J\\x9b31m\\u202eName');
  });

  it('the code frame\'s marker stays under the range when escapes widen the text', () => {
    const frame = codeFrame(['ab\u001bcd'], { line: 1, column: 4, endLine: 1, endColumn: 6 });
    expect(frame).toEqual(['ab\\x1bcd', '      ^~']);
  });
});
