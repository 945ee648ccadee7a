/**
 * Discovery on every layout real repositories use: what is a spec, of which kind, and why
 * (src/discovery/classify.ts is the one place that decides), and what is left out. Driven
 * through the command line (`--print-files`, a run with no arguments, a named folder, named
 * files and globs) so the walk, named files and globs are shown to agree.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/main.js';
import { Discoverer } from '../src/discovery/discover.js';
import { projectMaker } from './helpers/files.js';
import { isSitePage } from '../src/discovery/frontmatter-spec.js';

const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-discovery-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);

const AGENT = (name: string) => `---\nname: ${name}\ndescription: Does ${name} work\n---\n\nYou do ${name} work.\n`;
const COMMAND = '---\ndescription: Runs a check\n---\n\nCheck $ARGUMENTS\n';
const SKILL = (name: string) => `---\nname: ${name}\ndescription: A skill\n---\n\nSteps.\n`;
const PLAIN = '# How our agents work\n\nAn overview for people, not a spec.\n';

async function cli(args: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { cwd, env: {}, stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), readStdin: async () => '', stdoutIsTTY: false });
  return { code, stdout, stderr };
}

/** `--print-files` as rows: [path, kind, reason] for the files to lint, [path, why] for those left out. */
async function printed(cwd: string, args: string[] = []) {
  const r = await cli(['--print-files', ...args], cwd);
  expect(r.code, r.stderr).toBe(0);
  const [linted, left = ''] = r.stdout.split('\nleft out:\n');
  const rows = linted!.split('\n').filter((l) => l && !/^\d+ files? to lint$/.test(l)).map((l) => l.split(/ {2,}/));
  const leftOut = left.split('\n').filter(Boolean).map((l) => l.split(/ {2,}|: (?=plugin)/));
  return { rows, leftOut };
}

describe('discovery layouts', () => {
  it('a top-level agents/ folder: files with frontmatter are specs, a plain document there is not', async () => {
    const d = project({ 'agents/reviewer.md': AGENT('reviewer'), 'agents/README.md': PLAIN, 'commands/check.md': COMMAND, 'docs/agents/overview.md': PLAIN, 'docs/agents/helper.md': AGENT('helper'), 'README.md': PLAIN });
    const { rows, leftOut } = await printed(d);
    expect(rows).toEqual([
      ['agents/reviewer.md', 'agent', 'in a folder named agents/, opens with frontmatter'],
      ['commands/check.md', 'command', 'in a folder named commands/, opens with frontmatter'],
      ['docs/agents/helper.md', 'agent', 'in a folder named agents/, opens with frontmatter'],
    ]);
    expect(leftOut).toEqual([
      ['agents/README.md', 'a plain document (no frontmatter) in a folder named agents/'],
      ['docs/agents/overview.md', 'a plain document (no frontmatter) in a folder named agents/'],
    ]);
    // Naming the folder lints it whole; so does a run from inside it.
    expect((await printed(d, ['agents'])).rows.map((r) => r[0])).toEqual(['agents/reviewer.md']);
    expect((await printed(path.join(d, 'agents'))).rows).toEqual([['reviewer.md', 'agent', 'in a folder named agents/, opens with frontmatter']]);
    // A named plain document is left out the same way, and the run is empty (exit 2, or 0 with the flag).
    const named = await cli(['docs/agents/overview.md'], d);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('error: none of the named files is an agent, command or skill spec');
    expect((await cli(['docs/agents/overview.md', '--no-error-on-unmatched-pattern'], d)).code).toBe(0);
    // Globs go through the same rules.
    expect((await printed(d, ['**/agents/*.md'])).rows.map((r) => r[0])).toEqual(['agents/reviewer.md', 'docs/agents/helper.md']);
  });

  it('VoltAgent-style plugins whose plugin.json lists agent files beside it', async () => {
    const d = project({
      '.claude-plugin/marketplace.json': JSON.stringify({ name: 'm', owner: { name: 'o' }, plugins: [{ name: 'core', source: './categories/01-core' }] }),
      'categories/01-core/.claude-plugin/plugin.json': JSON.stringify({ name: 'core', agents: ['./api-designer.md', './backend-developer.md'] }),
      'categories/01-core/api-designer.md': AGENT('api-designer'),
      'categories/01-core/backend-developer.md': AGENT('backend-developer'),
      'categories/01-core/README.md': PLAIN,
      'categories/01-core/unlisted.md': '---\nname: unlisted\ndescription: Not listed\n---\n',
    });
    const { rows, leftOut } = await printed(d);
    expect(rows).toEqual([
      ['.claude-plugin/marketplace.json', 'marketplace-manifest', 'a marketplace manifest'],
      ['categories/01-core/.claude-plugin/plugin.json', 'plugin-manifest', 'a plugin manifest'],
      ['categories/01-core/api-designer.md', 'agent', 'listed in "agents" of categories/01-core/.claude-plugin/plugin.json'],
      ['categories/01-core/backend-developer.md', 'agent', 'listed in "agents" of categories/01-core/.claude-plugin/plugin.json'],
    ]);
    expect(leftOut).toEqual([['categories/01-core/unlisted.md', 'frontmatter has name and description, but no folder rule, manifest or config override makes it a spec']]);
    // Named on its own (as the pre-commit hook names it), a listed file is the same agent.
    expect((await printed(d, ['categories/01-core/api-designer.md'])).rows).toEqual([rows[2]]);
  });

  it('custom component folders and files a plugin.json declares (string or array), besides the default folders', async () => {
    const d = project({
      'plugins/p/.claude-plugin/plugin.json': JSON.stringify({ name: 'p', agents: './custom/', commands: ['./cmds/special.md'], skills: ['./my-skills/'], hooks: './config/hooks.json', mcpServers: './config/servers.json' }),
      'plugins/p/config/hooks.json': '{"hooks": {}}',
      'plugins/p/config/servers.json': '{"mcpServers": {}}',
      'plugins/p/config/other.json': '{}',
      'plugins/p/custom/team/a.md': AGENT('a'),
      'plugins/p/cmds/special.md': '# no frontmatter: a command all the same\n\nDo $ARGUMENTS\n',
      'plugins/p/cmds/other.md': COMMAND,
      'plugins/p/my-skills/s/SKILL.md': SKILL('s'),
      'plugins/p/my-skills/s/reference.md': PLAIN,
      'plugins/p/agents/default.md': AGENT('default'),
    });
    const { rows } = await printed(d);
    expect(rows).toEqual([
      ['plugins/p/.claude-plugin/plugin.json', 'plugin-manifest', 'a plugin manifest'],
      ['plugins/p/agents/default.md', 'agent', 'in the agents/ folder of plugin "p" at plugins/p'],
      ['plugins/p/cmds/special.md', 'command', 'listed in "commands" of plugins/p/.claude-plugin/plugin.json'],
      ['plugins/p/config/hooks.json', 'hooks-config', 'named in "hooks" of plugins/p/.claude-plugin/plugin.json'],
      ['plugins/p/config/servers.json', 'mcp-config', 'named in "mcpServers" of plugins/p/.claude-plugin/plugin.json'],
      ['plugins/p/custom/team/a.md', 'agent', 'listed in "agents" of plugins/p/.claude-plugin/plugin.json'],
      ['plugins/p/my-skills/s/SKILL.md', 'skill', 'listed in "skills" of plugins/p/.claude-plugin/plugin.json'],
    ]);
    // Named on the command line, the hooks file is the same kind.
    expect((await printed(d, ['plugins/p/config/hooks.json'])).rows).toEqual([['plugins/p/config/hooks.json', 'hooks-config', 'named in "hooks" of plugins/p/.claude-plugin/plugin.json']]);
  });

  it("names a plugin by its manifest, else by its marketplace entry, else by its folder", async () => {
    const d = project({
      '.claude-plugin/marketplace.json': JSON.stringify({
        name: 'm',
        owner: { name: 'o' },
        plugins: [
          { name: 'listed-name', source: './plugins/no-manifest', strict: false },
          { name: 'entry-name', source: './plugins/with-manifest' },
          { name: '  ', source: './plugins/blank-entry', strict: false },
        ],
      }),
      'plugins/no-manifest/agents/a.md': AGENT('a'),
      'plugins/with-manifest/.claude-plugin/plugin.json': JSON.stringify({ name: '  manifest-name  ' }),
      'plugins/with-manifest/agents/b.md': AGENT('b'),
      'plugins/blank-entry/agents/c.md': AGENT('c'),
    });
    const { rows } = await printed(d);
    expect(rows.filter((r) => r[1] === 'agent')).toEqual([
      ['plugins/blank-entry/agents/c.md', 'agent', 'in the agents/ folder of plugin "blank-entry" at plugins/blank-entry'],
      ['plugins/no-manifest/agents/a.md', 'agent', 'in the agents/ folder of plugin "listed-name" at plugins/no-manifest'],
      ['plugins/with-manifest/agents/b.md', 'agent', 'in the agents/ folder of plugin "manifest-name" at plugins/with-manifest'],
    ]);
  });

  it('a marketplace: relative, object-form, remote, missing and strict:false sources', async () => {
    const d = project({
      '.claude-plugin/marketplace.json': JSON.stringify({
        name: 'm',
        owner: { name: 'o' },
        metadata: { pluginRoot: './plugins' },
        plugins: [
          { name: 'rel', source: './plugins/rel' },
          { name: 'bare', source: 'bare' },
          { name: 'obj', source: { path: './vendor/obj' } },
          { name: 'remote', source: { source: 'github', repo: 'o/remote' } },
          { name: 'gone', source: './plugins/gone' },
          { name: 'inline', source: './inline', strict: false, agents: ['./helpers/h.md'], commands: './cmds/' },
        ],
      }),
      'plugins/rel/agents/r.md': AGENT('r'),
      'plugins/bare/commands/b.md': COMMAND,
      'vendor/obj/skills/o/SKILL.md': SKILL('o'),
      'inline/helpers/h.md': AGENT('h'),
      'inline/cmds/c.md': COMMAND,
      'inline/notes.md': PLAIN,
    });
    const { rows, leftOut } = await printed(d);
    expect(rows).toEqual([
      ['.claude-plugin/marketplace.json', 'marketplace-manifest', 'a marketplace manifest'],
      ['inline/cmds/c.md', 'command', 'listed in "commands" of .claude-plugin/marketplace.json'],
      ['inline/helpers/h.md', 'agent', 'listed in "agents" of .claude-plugin/marketplace.json'],
      ['plugins/bare/commands/b.md', 'command', 'in the commands/ folder of plugin "bare" at plugins/bare'],
      ['plugins/rel/agents/r.md', 'agent', 'in the agents/ folder of plugin "rel" at plugins/rel'],
      ['vendor/obj/skills/o/SKILL.md', 'skill', 'in the skills/ folder of plugin "obj" at vendor/obj'],
    ]);
    expect(leftOut).toEqual([
      ['.claude-plugin/marketplace.json', 'plugin "remote" comes from elsewhere (source github); its specs are not in this repository'],
      ['.claude-plugin/marketplace.json', 'plugin "gone": source "./plugins/gone" is not a folder in this repository'],
    ]);
  });

  it('OpenCode skills and agents nested deep, and projects nested in the repository', async () => {
    const d = project({
      '.opencode/skills/deploy/SKILL.md': SKILL('deploy'),
      '.opencode/skills/deploy/notes.md': PLAIN,
      '.opencode/agent/team/backend/api.md': AGENT('api'),
      'services/web/.opencode/agents/ui.md': AGENT('ui'),
      'services/web/.claude/skills/lint/SKILL.md': SKILL('lint'),
    });
    expect((await printed(d)).rows).toEqual([
      ['.opencode/agent/team/backend/api.md', 'agent', 'in .opencode/agent/'],
      ['.opencode/skills/deploy/SKILL.md', 'skill', 'in .opencode/skills/'],
      ['services/web/.claude/skills/lint/SKILL.md', 'skill', 'in .claude/skills/'],
      ['services/web/.opencode/agents/ui.md', 'agent', 'in .opencode/agents/'],
    ]);
  });

  it('Claude Code frontmatter fields make a spec anywhere; other tools\' folders and other models do not', async () => {
    const d = project({
      'tools/db-migrate.md': '---\nmodel: claude-sonnet-4-0\n---\n\n# Migrate\n',
      'workflows/review.md': '---\nallowed-tools: Read, Grep\n---\n\nReview.\n',
      'prompts/writer.md': '---\nname: writer\ndescription: Writes\nmodel: sonnet\n---\n\nWrite.\n',
      'blog/post.md': '---\ntitle: A post\nmodel: gpt-4\n---\n\nText.\n',
      '.github/agents/copilot.md': AGENT('copilot'),
      '.sometool/agents/helper.md': AGENT('helper'),
    });
    const { rows, leftOut } = await printed(d);
    expect(rows).toEqual([
      ['.github/agents/copilot.md', 'copilot-agent', 'a Copilot custom agent'],
      ['prompts/writer.md', 'agent', 'frontmatter sets model: sonnet, a Claude Code agent field'],
      ['tools/db-migrate.md', 'command', 'frontmatter sets model: claude-sonnet-4-0, a Claude Code command field'],
      ['workflows/review.md', 'command', 'frontmatter sets allowed-tools, a Claude Code command field'],
    ]);
    expect(leftOut).toEqual([['.sometool/agents/helper.md', "a folder named agents/ inside .sometool/, another tool's folder"]]);
  });

  it('an empty run names the look-alikes and the config that lints them, which then works', async () => {
    const d = project({ 'catalog/search.md': AGENT('search'), 'catalog/list.md': AGENT('list'), 'docs/agents/overview.md': PLAIN });
    const r = await cli([], d);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: no agent, command or skill specs found in "."');
    expect(r.stderr).toContain('2 markdown files have agent-like frontmatter (name, description) outside the places specs are found: catalog/ (2).');
    expect(r.stderr).toContain('{"overrides":[{"files":["catalog/*.md"],"kind":"agent"}]}');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(d, '.agent-lint.json'), '{"overrides":[{"files":["catalog/*.md"],"kind":"agent"}]}');
    expect((await printed(d)).rows).toEqual([
      ['catalog/list.md', 'agent', 'config override (kind agent)'],
      ['catalog/search.md', 'agent', 'config override (kind agent)'],
    ]);
    expect((await cli([], d)).code).toBe(0);
    writeFileSync(path.join(d, '.agent-lint.json'), '{"allowEmpty": true}');
    rmSync(path.join(d, 'catalog'), { recursive: true });
    const allowed = await cli([], d);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toContain('warning: no agent, command or skill specs found in "."');
  });

  it('follows a pointer file (a symlink checked out as text, or one @path line) to its target inside the folder', async () => {
    const d = project({
      'CLAUDE.md': 'CONTRIBUTING.md',
      'CONTRIBUTING.md': '# Contributing\n\nRun the tests.\n',
      'GEMINI.md': '@docs/gemini.md\n',
      'docs/gemini.md': '# Gemini notes\n',
      'AGENTS.md': '.agents/AGENTS.md',
      '.agents/AGENTS.md': '# Shared\n',
      'packages/web/CLAUDE.md': '../../node_modules/x/CLAUDE.md',
      'node_modules/x/CLAUDE.md': '# Not ours\n',
      'packages/api/CLAUDE.md': '../../../outside.md',
      'packages/cli/GEMINI.md': 'NOTES.md',
      'README.md': 'CONTRIBUTING.md',
    });
    const { rows } = await printed(d);
    expect(rows).toEqual([
      ['.agents/AGENTS.md', 'agents-md', 'an AGENTS.md file'],
      ['AGENTS.md', 'agents-md', 'an AGENTS.md file'],
      ['CLAUDE.md', 'claude-memory', 'a Claude Code memory file'],
      ['CONTRIBUTING.md', 'claude-memory', 'the file CLAUDE.md points to'],
      ['GEMINI.md', 'gemini-md', 'a GEMINI.md context file'],
      ['docs/gemini.md', 'gemini-md', 'the file GEMINI.md points to'],
      ['packages/api/CLAUDE.md', 'claude-memory', 'a Claude Code memory file'],
      ['packages/cli/GEMINI.md', 'gemini-md', 'a GEMINI.md context file'],
      ['packages/web/CLAUDE.md', 'claude-memory', 'a Claude Code memory file'],
    ]);
  });

  it('the walk hands over the markdown it leaves out and the JSON files that come with specs', () => {
    const big = `---\nname: x\ndescription: y\n---\n${'text '.repeat(2_000_000)}`;
    const d = project({
      'notes/big.md': big,
      'plugins/p/.claude-plugin/plugin.json': '{"name":"p","agents":["./a.md"]}',
      'plugins/p/a.md': AGENT('a'),
      'plugins/p/hooks/hooks.json': '{"hooks":{}}',
      'docs/hooks/hooks.json': '{"hooks":{}}',
      '.claude/settings.json': '{}',
      '.mcp.json': '{"mcpServers":{}}',
      'package.json': '{}',
    });
    const disc = new Discoverer({ cwd: d });
    const specs = disc.walk(d);
    // hooks/hooks.json is a plugin's hooks only at a plugin's root.
    expect(specs.map((s) => [path.relative(d, s.path), s.kind])).toEqual([
      ['.claude/settings.json', 'settings'],
      ['.mcp.json', 'mcp-config'],
      ['plugins/p/.claude-plugin/plugin.json', 'plugin-manifest'],
      ['plugins/p/a.md', 'agent'],
      ['plugins/p/hooks/hooks.json', 'hooks-config'],
    ]);
    expect(disc.others.map((f) => path.relative(d, f))).toEqual(['notes/big.md']);
    expect(disc.json.map((f) => path.relative(d, f)).sort()).toEqual(['.claude/settings.json', '.mcp.json', 'docs/hooks/hooks.json', 'plugins/p/.claude-plugin/plugin.json', 'plugins/p/hooks/hooks.json']);
  });

  it("finds a Gemini CLI extension's hooks/hooks.json, beside its gemini-extension.json", () => {
    const d = project({
      'ext/gemini-extension.json': '{"name":"ext","version":"1.0.0"}',
      'ext/hooks/hooks.json': '{"hooks":{}}',
      'other/hooks/hooks.json': '{"hooks":{}}',
    });
    const specs = new Discoverer({ cwd: d }).walk(d);
    expect(specs.map((s) => [path.relative(d, s.path), s.kind])).toEqual([
      ['ext/gemini-extension.json', 'gemini-extension'],
      ['ext/hooks/hooks.json', 'hooks-config'],
    ]);
  });
});

describe('isSitePage', () => {
  it('takes a page whose frontmatter has a site field and none of a spec', () => {
    expect(isSitePage('---\ntitle: Our agents\nsidebar_position: 2\n---\n# Agents\n')).toBe(true);
    expect(isSitePage('\ufeff---\r\nlayout : page\r\n---\r\n')).toBe(true);
    expect(isSitePage('---\nname: helper\ntitle: Helper\n---\n')).toBe(false);
    expect(isSitePage('---\nname: helper\ndescription: Gives a title: subtitle\n---\n')).toBe(false);
    expect(isSitePage('---\nsubtitle: x\n---\n')).toBe(false);
    expect(isSitePage('# title: no frontmatter\n')).toBe(false);
  });
});
