/**
 * The language server answers one watched-files notification that carries many created files in
 * time linear in their number: the project is walked again once per notification, not once per
 * file (the build before walked it for each file: 1,000 / 2,000 / 4,000 files took 8 / 35 / 130 s).
 * Timed at 1x and 4x, each the best of two rounds; linear work gives about 4x, a walk per file 16x
 * (the build before this one: 1.1 s and 18.7 s here).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';
import { startLsp, uriOf } from './helpers/lsp-client.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-lsp-growth-'));
const makeProject = projectMaker(tmp);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const PLAN = (callee: string) => `---\ndescription: Make a plan\n---\nUse the Task tool with subagent_type: "${callee}" to plan.\n`;
const AGENT = (name: string) => `---\nname: ${name}\ndescription: Does part of the work.\n---\nWork.\n`;

/** Ms from one notification of `n` created agents (the last the command's callee) to the command's new diagnostics. */
async function answerMs(n: number, rounds: number): Promise<number> {
  const dir = makeProject({ '.claude/agents/clerk.md': AGENT('clerk') });
  const c = await startLsp(dir);
  try {
    let best = Infinity;
    for (let round = 0; round < rounds; round++) {
      const callee = `callee-${round}`;
      const file = path.join(dir, `.claude/commands/plan-${round}.md`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, PLAN(callee));
      const uri = uriOf(file);
      await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text: PLAN(callee) } });
      await c.diagnostics(uri, (d) => d.some((x) => x.code === 'unknown-delegation-target'), 30_000);
      const changes = [];
      for (let i = 0; i < n; i++) {
        const name = i === n - 1 ? callee : `a${round}-${i}`;
        const agent = path.join(dir, `.claude/agents/${name}.md`);
        writeFileSync(agent, AGENT(name));
        changes.push({ uri: uriOf(agent), type: 1 });
      }
      const t0 = performance.now();
      await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes });
      await c.diagnostics(uri, (d) => !d.some((x) => x.code === 'unknown-delegation-target'), 120_000);
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  } finally {
    await c.close();
  }
}

describe('language server: created files in one notification', () => {
  it('is answered in time linear in the number of files (500 and 2,000)', async () => {
    const small = await answerMs(500, 2);
    const large = await answerMs(2000, 2);
    // A floor of 150 ms for the small case keeps a fast machine's noise from deciding.
    const ratio = large / Math.max(small, 150);
    expect(ratio, `500 files: ${small.toFixed(0)} ms, 2,000 files: ${large.toFixed(0)} ms`).toBeLessThan(8);
  }, 300_000);
});
