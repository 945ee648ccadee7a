/**
 * Which permission rules (an `allowed-tools` entry, an item of settings' `permissions.allow`)
 * approve any shell command, for dangerous-permission. Claude Code's permissions reference:
 * `Bash` and `Bash(*)` match every command, and on entering auto mode Claude Code drops, as
 * "broad allow rules that grant arbitrary code execution", blanket `Bash(*)` or `PowerShell(*)`
 * and wildcarded interpreters like `Bash(python*)`.
 */

export interface BroadRule {
  /** `all`: every command of the shell tool; `program`: a program that runs any code or command given to it. */
  kind: 'all' | 'program';
  /** The shell tool: `Bash` or `PowerShell`. */
  tool: string;
  /** For `program`: the program (`python3`, `bash`, `sudo`). */
  program?: string;
}

/**
 * Programs that run whatever code or command they are given: shells, language interpreters,
 * wrappers that run another command, and runners that fetch and run any package.
 */
const ANY_CODE = /^(?:sh|bash|zsh|dash|ksh|fish|csh|tcsh|pwsh|powershell|cmd|python[0-9.]*|node|nodejs|deno|bun|ruby|perl|php|lua|osascript|eval|exec|sudo|doas|env|xargs|npx|bunx|uvx|pipx|iex|invoke-expression)$/i;

/** Whether a program (`python3`, `/bin/bash`, `npx`) runs whatever code or command it is given. */
export function runsAnyCode(program: string): boolean {
  return ANY_CODE.test(program.split(/[\\/]/).pop() ?? program);
}

/**
 * An entry of Gemini CLI's `tools.allowed` (`allowedTools` before settings v2) that lets every
 * shell command bypass the confirmation dialog (`run_shell_command`, or `ShellTool` as older
 * releases named it), or any use of a program that runs any code (`run_shell_command(python3)`:
 * the match is by prefix, so it allows `python3 -c '...'`); null for a scoped entry
 * (`run_shell_command(git status)`, `run_shell_command(npm test)`).
 */
export function broadGeminiEntry(entry: string): BroadRule | null {
  const m = /^(run_shell_command|ShellTool)(?:\((.*)\))?$/.exec(entry.trim());
  if (!m) return null;
  if (m[2] === undefined) return { kind: 'all', tool: m[1]! };
  const spec = m[2].trim();
  return /^[A-Za-z][\w.-]*$/.test(spec) && ANY_CODE.test(spec) ? { kind: 'program', tool: m[1]!, program: spec } : null;
}

/**
 * The rule grants every command of the shell tool (`Bash`, `Bash(*)`, `Bash(:*)`,
 * `PowerShell(*)`) or any use of a program that runs any code (`Bash(python3:*)`,
 * `Bash(bash *)`, `Bash(node*)`), or null (`Bash(git status:*)`, `Bash(npm test)`,
 * `Bash(python -m pytest:*)`).
 */
export function broadRule(entry: string): BroadRule | null {
  const m = /^(Bash|PowerShell)(?:\((.*)\))?$/.exec(entry.trim());
  if (!m) return null;
  const tool = m[1]!;
  if (m[2] === undefined) return { kind: 'all', tool };
  const spec = m[2].trim();
  if (spec !== '' && /^[\s*:]*$/.test(spec)) return { kind: 'all', tool };
  // `python3:*`, `python3 *`, `python3*`, `python3`: the program with any arguments.
  const p = /^([A-Za-z][\w.-]*)(?::\*|\s+\*|\*)$/.exec(spec);
  if (p && ANY_CODE.test(p[1]!)) return { kind: 'program', tool, program: p[1]! };
  return null;
}
