/**
 * `agent-lint claude-hook`: Claude Code's hooks (hooks/hooks.json). On SubagentStop, the
 * subagent's reply is judged by the project's protocol (src/cli/subagent-stop.ts). On PostToolUse
 * (Write, Edit and MultiEdit): Reads the hook's JSON input from standard input (`tool_input.file_path`, `cwd`);
 * when the edited file is a spec, lints it with its project's config and bulk suppressions, and
 * on errors writes a short report (the warnings too) to standard error and exits 2, which Claude
 * Code hands to Claude so that it repairs the spec. Silent with exit 0 for a spec without errors
 * and for any other file;
 * a problem of the hook itself (bad input, bad config) exits 1, which Claude Code shows the user
 * without stopping Claude.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import { ConfigError } from '../config/load.js';
import { ConfigLookup } from '../config/lookup.js';
import { ProjectRoots } from '../discovery/project-root.js';
import { prepareRules } from '../engine/rule.js';
import { fileKind, lint } from '../lint.js';
import type { LintResult } from '../types.js';
import { relPosix } from '../util/paths.js';
import type { CliIO } from './main.js';
import { configErrorText, findingLines } from './messages.js';
import { DEFAULT_SUPPRESSIONS_FILE, runSuppressions } from './suppressions-file.js';
import { subagentStop, type SubagentStopInput } from './subagent-stop.js';

/** The hook input holds the written content too; more than this is not a hook's input. */
const MAX_INPUT_CHARS = 64 * 1024 * 1024;

interface HookInput extends SubagentStopInput {
  hook_event_name?: unknown;
  tool_input?: { file_path?: unknown };
}

/** The report Claude reads: the file, one line per finding, and what to do. */
export function hookReport(r: LintResult, shown: string): string {
  const n = r.messages.length;
  return `agent-lint found ${n} problem${n === 1 ? '' : 's'} in ${shown}:\n${findingLines(r.messages, true)}\nFix the spec so that these are gone (rule pages: https://github.com/agent-lint/agent-lint/tree/main/docs/rules).\n`;
}

export async function runClaudeHook(io: CliIO): Promise<number> {
  const raw = await io.readStdin();
  let input: HookInput;
  try {
    if (raw.length > MAX_INPUT_CHARS) throw new Error('too large');
    input = JSON.parse(raw) as HookInput;
  } catch {
    io.stderr('agent-lint claude-hook: expected the JSON input of a Claude Code PostToolUse or SubagentStop hook on standard input\n');
    return 1;
  }
  const cwd = typeof input?.cwd === 'string' && path.isAbsolute(input.cwd) ? input.cwd : io.cwd;
  try {
    if (input?.hook_event_name === 'SubagentStop') {
      await prepareRules(ALL_RULES);
      const decision = subagentStop(input, cwd, new ConfigLookup({ cwd, rules: ALL_RULES, lookup: true }));
      // Claude Code reads the decision from standard output: "block" keeps the subagent at work
      // with the reason as its next instruction.
      if (decision.block) io.stdout(`${JSON.stringify({ decision: 'block', reason: decision.reason })}\n`);
      return 0;
    }
    const file = input?.tool_input?.file_path;
    if (typeof file !== 'string' || !/\.(?:md|json)$/i.test(file)) return 0;
    const abs = path.resolve(cwd, file);
    if (!existsSync(abs)) return 0;
    const configs = new ConfigLookup({ cwd, rules: ALL_RULES, lookup: true });
    const config = configs.forFile(abs);
    const root = new ProjectRoots(cwd).rootOf(abs);
    // Specs and the JSON files that come with them only (by their place, or the config's `kind`
    // override): other markdown and JSON is not ours.
    if (fileKind(config, root, cwd, abs) === 'other' || config.isIgnored(relPosix(config.dir, abs))) return 0;
    await prepareRules(ALL_RULES);
    const run = lint({ cwd, patterns: [abs], rules: ALL_RULES, config: (f) => configs.forFile(f) });
    // The bulk suppressions a command line run in the same folder applies (the working folder's
    // file, as the CLI and the language server read it), so the hook blocks exactly what CI fails.
    const results = runSuppressions(run.results, { file: path.join(cwd, DEFAULT_SUPPRESSIONS_FILE), prune: false }).results;
    const r = results.find((x) => x.filePath === abs);
    // Errors stop Claude to repair the spec; warnings alone do not (as the command's exit code).
    if (!r || r.errorCount === 0) return 0;
    io.stderr(hookReport(r, relPosix(root, abs)));
    return 2;
  } catch (e) {
    io.stderr(`agent-lint: ${e instanceof ConfigError ? configErrorText(e, cwd) : (e as Error).message}\n`);
    return 1;
  }
}
