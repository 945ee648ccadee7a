/**
 * The findings agent-lint makes itself (a file it cannot read or decode, a rule that crashed) read
 * like the rules' own: a short message saying what was found, and a help saying what to do.
 * Driven as a process, on real files of each kind.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { internalError } from '../src/engine/engine.js';
import { projectMaker } from './helpers/files.js';
import { expectShortWithHelp } from './helpers/short-message.js';
import { BIN } from './helpers/lint-run.js';

const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-engine-msg-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);

type Msg = { ruleId: string; message: string; help?: string; line: number };

function lintJson(dir: string, files: string[]): Msg[] {
  const r = spawnSync(process.execPath, [BIN, '--format', 'json', ...files], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
  if (r.error) throw r.error;
  return (JSON.parse(r.stdout) as Array<{ messages: Msg[] }>).flatMap((x) => x.messages);
}

describe("agent-lint's own findings: a short message and a help", () => {
  it('binary content, invalid UTF-8 and a file over the size limit', () => {
    const dir = project({
      '.claude/agents/binary.md': '---\nname: b\n---\n',
      '.claude/agents/latin1.md': '',
      '.claude/agents/huge.md': '',
    });
    writeFileSync(path.join(dir, '.claude/agents/binary.md'), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01]));
    writeFileSync(path.join(dir, '.claude/agents/latin1.md'), Buffer.concat([Buffer.from('---\nname: x\n---\n\nCaf'), Buffer.from([0xe9]), Buffer.from('\n')]));
    // A sparse file: over 20 MB on paper, nothing written.
    truncateSync(path.join(dir, '.claude/agents/huge.md'), 20 * 1024 * 1024 + 1);
    const msgs = lintJson(dir, ['.claude/agents/binary.md', '.claude/agents/latin1.md', '.claude/agents/huge.md']);
    expect(msgs.map((m) => [m.ruleId, m.message, m.line])).toEqual([
      ['file-encoding', 'file holds binary content (a NUL byte)', 1],
      ['file-encoding', 'file is not valid UTF-8 text', 5],
      ['file-unreadable', 'file is larger than 20 MB, the most agent-lint reads', 1],
    ]);
    msgs.forEach((m) => expectShortWithHelp(m));
    expect(msgs[1]!.help).toContain('Save it as UTF-8');
    expect(msgs[2]!.help).toContain('ignores');
    expect(msgs[2]!.help).toContain('It is 20971521 bytes');
  });

  it('a crashed rule: the message holds what fits of the error, the help all of its first line', () => {
    const long = `cannot read properties of undefined (reading '${'x'.repeat(200)}')\nat somewhere`;
    const m = internalError('missing-json-format-instruction', new Error(long));
    expectShortWithHelp(m as Msg);
    expect(m.message.startsWith('rule "missing-json-format-instruction" failed on this file: cannot read properties')).toBe(true);
    expect(m.help).toContain('This is a bug in agent-lint');
    expect(m.help).toContain(`reading '${'x'.repeat(200)}')`);
    expect(m.help).not.toContain('at somewhere');
  });
});
