/**
 * The security rules' help names what the tool that reads the file does: how Claude Code,
 * Gemini CLI and Codex bring an environment variable into an MCP server, what a Gemini
 * command's `!{...}` runs, which Codex setting grants what.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { lintCase, RULE_FIXTURES, type Finding } from './helpers/fixtures.js';

function helps(rule: string, fixture: string): Map<string, string[]> {
  const found: Finding[] = lintCase(path.join(RULE_FIXTURES, rule, 'invalid', fixture), ALL_RULES, rule);
  const byFile = new Map<string, string[]>();
  for (const f of found) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f.help ?? '']);
  return byFile;
}

describe('secret-in-spec help', () => {
  it("says how each tool reads an MCP server's credential from the environment", () => {
    expect(helps('secret-in-spec', 'configs').get('.mcp.json')).toEqual(Array(3).fill(expect.stringContaining('Claude Code expands ${VAR}')));
    const gemini = helps('secret-in-spec', 'gemini');
    expect(gemini.get('.gemini/settings.json')).toEqual([expect.stringContaining('Gemini CLI loads .env files and expands $VAR and ${VAR}')]);
    expect(gemini.get('gemini-extension.json')).toEqual([expect.stringContaining('Gemini CLI loads .env files')]);
    expect(gemini.get('.gemini/commands/release.toml')).toEqual(Array(2).fill(expect.stringContaining('a command the agent runs reads the value from the environment')));
    const codex = helps('secret-in-spec', 'codex-config').get('.codex/config.toml')!;
    expect(codex.slice(0, 3)).toEqual(Array(3).fill(expect.stringContaining('`env_vars = [')));
    // A credential in a comment is in no server's table.
    expect(codex[3]).toContain('keep it in an environment variable (GITHUB_TOKEN)');
  });
});

describe('remote-code-exec help', () => {
  it("says when Gemini CLI runs a command's !{...}", () => {
    const gemini = helps('remote-code-exec', 'gemini').get('.gemini/commands/bootstrap.toml')!;
    expect(gemini[0]).toContain("Gemini CLI runs a command's `!{...}` each time the command is invoked");
    expect(gemini[1]).toContain('Pin an exact version');
  });
});
