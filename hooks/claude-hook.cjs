#!/usr/bin/env node
/**
 * Claude Code's hooks for agent-lint (hooks/hooks.json). Stays silent and quick for what cannot
 * concern it: it reads the hook's JSON input before it starts anything. PostToolUse: a markdown
 * file in a spec folder, or a manifest; SubagentStop: a subagent that is not already repairing
 * its reply. Then it runs `agent-lint claude-hook` (src/cli/claude-hook.ts) with the same input,
 * from this plugin's own build: never code from the project it edits (a repository that commits
 * node_modules/agent-lint must not run its code as the user). Exit codes and output pass through
 * (PostToolUse: 2 with the findings on standard error, so that Claude repairs the spec;
 * SubagentStop: a "block" decision on standard output, so that the subagent repairs its reply).
 */
'use strict';
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const path = require('node:path');

/** Folders whose markdown files are specs (Claude Code, plugins, OpenCode). */
const SPEC_DIR = /(^|[\\/])(agents?|commands?|skills)[\\/]/;
/** The JSON files that come with specs: manifests, hooks, settings, MCP configs. */
const SPEC_JSON = /(^|[\\/])(\.claude-plugin[\\/](plugin|marketplace)|hooks[\\/]hooks|\.claude[\\/]settings(\.local)?|\.mcp)\.json$/;

const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const raw = Buffer.concat(chunks).toString('utf8');
  let input;
  try {
    input = JSON.parse(raw);
  } catch {
    process.exit(0);
  }
  if (input && input.hook_event_name === 'SubagentStop') {
    if (input.stop_hook_active === true || typeof input.agent_type !== 'string') process.exit(0);
  } else {
    const file = input && input.tool_input && input.tool_input.file_path;
    if (typeof file !== 'string' || !((/\.md$/i.test(file) && SPEC_DIR.test(file)) || SPEC_JSON.test(file))) process.exit(0);
  }
  const cwd = typeof input.cwd === 'string' && path.isAbsolute(input.cwd) ? input.cwd : process.env.CLAUDE_PROJECT_DIR || process.cwd();
  const plugin = path.join(__dirname, '..');
  const launcher = path.join(plugin, 'dist', 'src', 'cli', 'launch.cjs');
  if (!existsSync(launcher)) {
    process.stderr.write(`agent-lint: the plugin is not built: run \`npm install\` in ${plugin} so that the hook can lint specs\n`);
    process.exit(1);
  }
  const r = spawnSync(process.execPath, [launcher, 'claude-hook'], { cwd, input: raw, stdio: ['pipe', 'inherit', 'inherit'] });
  process.exit(r.status ?? 1);
});
