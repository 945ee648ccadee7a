/**
 * --fix and --fix-dry-run report what a plain run after the fixes reports, cross-file findings
 * (delegation-graph-cycle, unknown-delegation-target) of the fixed files included. Before, a fixed
 * file was linted again alone and lost them: the report after fixing said 0 errors, a plain run
 * right after said 2. The built CLI as a process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';
import { REPO_ROOT } from './helpers/shared.js';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-fixx-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);
const cli = (args: string[], cwd: string) => spawnSync(process.execPath, [BIN, '--no-color', '--format', 'json', ...args], { cwd, encoding: 'utf8' });

const FILES = {
  '.claude/agents/lead.md': '---\nname: lead\ndescription: Plans the work\n---\n\nHand each step over: `Task(subagent_type="builder", prompt="Build {step}")`, and ask `Task(subagent_type="ghost-writer", prompt="Write it up")`.\n',
  // A hint that breaks YAML: frontmatter-valid quotes it, a fix --fix applies.
  '.claude/agents/builder.md': '---\nname: builder\ndescription: Builds one step\nargument-hint: [--quick] [--deep]\n---\n\nBuild the step, then ask @agent-checker to check it.\n',
  '.claude/agents/checker.md': '---\nname: checker\ndescription: Checks a step\n---\n\nWhen the step needs more work, invoke lead via the Agent tool with your findings.\n',
};

type Results = Array<{ filePath: string; messages: Array<{ ruleId: string; line: number; column: number }> }>;
const findings = (stdout: string) =>
  (JSON.parse(stdout) as Results).flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)} ${m.ruleId} ${m.line}:${m.column}`)).sort();

describe('--fix keeps cross-file findings', () => {
  for (const flag of ['--fix', '--fix-dry-run']) {
    it(`${flag}: the report equals a plain run on the fixed files`, () => {
      const dir = project(FILES);
      const fixRun = cli([flag], dir);
      const fixed = findings(fixRun.stdout);
      if (flag === '--fix-dry-run') {
        // Write the fixed texts the dry run computed, then lint them plainly.
        const out = JSON.parse(fixRun.stdout) as Array<{ filePath: string; output?: string }>;
        expect(out.filter((r) => r.output !== undefined).length).toBeGreaterThan(0);
        for (const r of out) if (r.output !== undefined) writeFileSync(r.filePath, r.output);
      }
      const plain = cli([], dir);
      expect(fixed).toEqual(findings(plain.stdout));
      expect(fixed.some((f) => f.startsWith('builder.md delegation-graph-cycle'))).toBe(true);
      expect(fixed.some((f) => f.includes('unknown-delegation-target'))).toBe(true);
      expect(fixed.some((f) => f.includes('frontmatter-valid'))).toBe(false);
      expect(fixRun.status).toBe(plain.status);
    });
  }
});
