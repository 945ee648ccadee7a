/**
 * Neovim's own LSP client (run headless) attaches to `agent-lint lsp --stdio` and reads the
 * diagnostics of a fixture. Skips where nvim is not installed (.ci/run installs Debian's neovim
 * when it can).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';
import { LAUNCHER } from './helpers/lsp-client.js';

const hasNvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-nvim-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!hasNvim)('Neovim as the language client', () => {
  it('attaches to agent-lint lsp --stdio and shows the diagnostics of a spec', () => {
    const dir = projectMaker(tmp)({
      '.claude/agents/planner.md': '---\nname: planner\ndescription: Plans.\n---\nPlan.\n',
      '.claude/commands/plan.md': '---\ndescription: Make a plan\n---\nUse the Task tool with subagent_type: "planner" to plan.\nThen use the Task tool with subagent_type: "reviewer" to review.\n',
    });
    const out = path.join(dir, 'diagnostics.jsonl');
    const r = spawnSync('nvim', ['--headless', '--clean', '-u', 'NONE', '-c', `luafile ${path.join(import.meta.dirname, 'nvim/attach.lua')}`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, AGENT_LINT_LAUNCHER: LAUNCHER, AGENT_LINT_ROOT: dir, AGENT_LINT_FILE: path.join(dir, '.claude/commands/plan.md'), AGENT_LINT_OUT: out },
    });
    expect(r.error).toBeUndefined();
    const diags = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(diags).toEqual([
      {
        lnum: 4,
        col: 44,
        end_lnum: 4,
        end_col: 52,
        severity: 1,
        source: 'agent-lint',
        code: 'unknown-delegation-target',
        // The message, then the help on a line of its own.
        message: expect.stringMatching(/^[^\n]*"reviewer"[^\n]*\nhelp: Expected one of the project's agents/),
      },
    ]);
  });
  it('runs the set-up docs/editors.md gives, as it stands there: the project\'s own agent-lint attaches to a spec', () => {
    const docs = readFileSync(path.join(import.meta.dirname, '../docs/editors.md'), 'utf8');
    const block = /## Neovim[\s\S]*?```lua\n([\s\S]*?)```/.exec(docs)![1]!;
    const dir = projectMaker(tmp)({
      '.claude/agents/planner.md': '---\nname: planner\ndescription: Plans.\n---\nPlan.\n',
      '.claude/commands/plan.md': '---\ndescription: Make a plan\n---\nUse the Task tool with subagent_type: "planner" to plan.\nThen use the Task tool with subagent_type: "reviewer" to review.\n',
      // The project's installed binary, as npm links it: here, a script that runs this build.
      'node_modules/.bin/agent-lint': `#!/bin/sh\nexec "${process.execPath}" "${LAUNCHER}" "$@"\n`,
      'init.lua': block,
    });
    chmodSync(path.join(dir, 'node_modules/.bin/agent-lint'), 0o755);
    const out = path.join(dir, 'diagnostics.txt');
    const wait = path.join(dir, 'wait.lua');
    writeFileSync(
      wait,
      [
        'local buf = vim.api.nvim_get_current_buf()',
        'vim.wait(15000, function() return #vim.diagnostic.get(buf) > 0 end, 20)',
        'local lines = {}',
        'for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(lines, d.lnum .. ":" .. d.col .. " " .. tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code))) end',
        `vim.fn.writefile(lines, ${JSON.stringify(out)})`,
        "vim.cmd('qa!')",
      ].join('\n'),
    );
    // PATH without agent-lint: the set-up must find the project's own.
    const r = spawnSync('nvim', ['--headless', '--clean', '-u', path.join(dir, 'init.lua'), '-c', `luafile ${wait}`, '.claude/commands/plan.md'], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, PATH: '/usr/bin:/bin' } });
    expect(r.error).toBeUndefined();
    expect(readFileSync(out, 'utf8')).toBe('4:44 unknown-delegation-target\n');
  });
});
