/**
 * Explicit files (as pre-commit and lint-staged pass them) are linted as given, while the
 * cross-file rules still see the whole project: a command linted alone still knows which agents
 * exist, and whether the project uses the delegation standard.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker, writeFiles } from './helpers/files.js';
import { REPO_ROOT } from './helpers/shared.js';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-xfile-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const project = projectMaker(TMP);
const run = (dir: string, args: string[]) => spawnSync(process.execPath, [BIN, '--format', 'json', ...args], { cwd: dir, encoding: 'utf8' });
const ids = (stdout: string) => (JSON.parse(stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; line: number; column: number }> }>).flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)}:${m.line}:${m.column} ${m.ruleId}`));

const COMMAND = (target: string) => `---\ndescription: Research a topic\n---\n\nDelegate: Task(subagent_type="${target}", prompt="Research $ARGUMENTS").\n`;
const AGENT = '---\nname: researcher\ndescription: Researches a topic\n---\n\nResearch it.\n';

describe('explicit files with a cross-file view', () => {
  it('a command linted alone still sees the agents of its project', () => {
    const dir = project({ '.claude/commands/research.md': COMMAND('researcher'), '.claude/agents/researcher.md': AGENT });
    const r = run(dir, ['.claude/commands/research.md']);
    expect(r.status).toBe(0);
    const results = JSON.parse(r.stdout) as unknown[];
    expect(results).toHaveLength(1);
    expect(ids(r.stdout)).toEqual([]);
  });

  it('and reports a target that exists nowhere in the project, at the name', () => {
    const dir = project({ '.claude/commands/research.md': COMMAND('reseacher'), '.claude/agents/researcher.md': AGENT });
    const r = run(dir, ['.claude/commands/research.md']);
    expect(ids(r.stdout)).toEqual(['research.md:5:31 unknown-delegation-target']);
    expect(r.stdout).toContain('researcher');
    expect(r.status).toBe(1);
  });

  it('knows the project uses the standard from a file it was not given', () => {
    const ctx = '---\nname: researcher\ndescription: Researches\n---\n\n```json\n{"session_id": "sess_1735460684_a1b2c3", "delegation_depth": 1, "delegation_path": ["orchestrator", "research", "researcher"], "timeout": 3600}\n```\n';
    const dir = project({ '.claude/commands/research.md': COMMAND('researcher'), '.claude/agents/researcher.md': ctx });
    const r = run(dir, ['.claude/commands/research.md']);
    // The standard's rules now apply to the command: it delegates with no timeout. (No JSON
    // instruction is asked for: the researcher shows no JSON return and the command reads none.)
    expect(ids(r.stdout)).toEqual(expect.arrayContaining(['research.md:5:11 missing-timeout']));
    expect(ids(r.stdout)).not.toContain('research.md:5:11 missing-json-format-instruction');
  });
});

describe('the context read once for discovery and for the lint', () => {
  const FAR_AGENT = '---\nname: far-researcher\ndescription: Researches far away\n---\n\nResearch it.\n';

  it('an agent outside .claude (classified by its first bytes) is found when one command outside the trees is linted', () => {
    const dir = project({ 'commands/research.md': COMMAND('far-researcher'), 'components/agents/far.md': FAR_AGENT });
    const r = run(dir, ['commands/research.md']);
    expect(ids(r.stdout)).toEqual([]);
    expect(r.status).toBe(0);
  });

  it('a large agent file (read apart from its first bytes) is found too, and a plain document there is not an agent', () => {
    const big = FAR_AGENT + `${'Research the topic thoroughly and write down what was found.\n'.repeat(6000)}`;
    expect(big.length).toBeGreaterThan(256 * 1024);
    const dir = project({
      'commands/research.md': COMMAND('far-researcher'),
      'commands/notes.md': COMMAND('overview'),
      'components/agents/far.md': big,
      'components/agents/overview.md': '# Overview\n\nname: overview\n',
    });
    const r = run(dir, ['commands/research.md', 'commands/notes.md']);
    expect(ids(r.stdout)).toEqual(['notes.md:5:31 unknown-delegation-target']);
  });

  it('gives what linting the whole project gives for the same file', () => {
    const files = {
      'commands/research.md': COMMAND('far-researcher'),
      'commands/other.md': COMMAND('nobody-here'),
      'components/agents/far.md': FAR_AGENT,
    };
    const dir = project(files);
    const one = ids(run(dir, ['commands/other.md']).stdout);
    const whole = ids(run(dir, []).stdout).filter((s) => s.startsWith('other.md:'));
    expect(one).toEqual(['other.md:5:31 unknown-delegation-target']);
    expect(one).toEqual(whole);
  });
});

describe('a .claude/ or .opencode/ tree is its own agent system', () => {
  const FAR_AGENT = '---\nname: far-researcher\ndescription: Researches far away\n---\n\nResearch it.\n';
  const CLERK = '---\nname: clerk\ndescription: Files notes\n---\n\nFile them.\n';

  it('a name written in a tree means the tree\'s agent: one elsewhere in the repository is not it, in every scope', () => {
    const dir = project({
      '.claude/commands/research.md': COMMAND('far-researcher'),
      '.claude/agents/clerk.md': CLERK,
      'components/agents/far.md': FAR_AGENT,
      '.opencode/agent/far-researcher.md': '---\ndescription: Researches\nmode: subagent\n---\n\nResearch it.\n',
    });
    const expected = ['research.md:5:31 unknown-delegation-target'];
    expect(ids(run(dir, ['.claude/commands/research.md']).stdout)).toEqual(expected);
    expect(ids(run(dir, ['.claude']).stdout)).toEqual(expected);
    expect(ids(run(dir, []).stdout).filter((s) => s.startsWith('research.md:'))).toEqual(expected);
  });

  it('OpenCode reads the skills of the .claude/ tree beside its own', () => {
    const dir = project({
      '.opencode/command/review.md': '---\ndescription: Review\n---\n\nUse the `checklist` skill, then Task(subagent_type="reviewer", prompt="Review").\n',
      '.opencode/agent/reviewer.md': '---\ndescription: Reviews\nmode: subagent\n---\n\nReview.\n',
      '.claude/skills/checklist/SKILL.md': '---\nname: checklist\ndescription: A review checklist\n---\n\nCheck.\n',
    });
    expect(ids(run(dir, ['.opencode/command/review.md']).stdout)).toEqual([]);
    expect(ids(run(dir, []).stdout)).toEqual([]);
  });

  it('a file linted alone is compared with its copies in the other tools\' folders beside its tree', () => {
    const dir = project({
      '.claude/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews for security\n---\n\nReview.\n',
      '.opencode/agent/reviewer.md': '---\ndescription: Reviews for style\nmode: subagent\n---\n\nReview.\n',
      '.github/agents/reviewer.agent.md': '---\ndescription: Reviews for speed\n---\n\nReview.\n',
      '.gemini/commands/review.toml': 'description = "Review the branch"\nprompt = "Review {{args}}"\n',
      '.claude/commands/review.md': '---\ndescription: Review the current branch\n---\n\nReview it.\n',
    });
    const agent = ['reviewer.md:3:14 mirror-drift', 'reviewer.md:3:14 mirror-drift'];
    expect(ids(run(dir, ['.claude/agents/reviewer.md']).stdout)).toEqual(agent);
    expect(ids(run(dir, ['.claude/commands/review.md']).stdout)).toEqual(['review.md:2:14 mirror-drift']);
    expect(ids(run(dir, []).stdout).filter((s) => s.startsWith('reviewer.md:3:') || s.startsWith('review.md:'))).toEqual([...agent, 'review.md:2:14 mirror-drift']);
  });
});

describe('collections kept without a project marker (no .git, package.json, .claude ...)', () => {
  /** A folder with no marker in it or above it (the temp folder has none). */
  const bare = (name: string, files: Record<string, string>) => {
    const dir = path.join(TMP, name);
    writeFiles(dir, files);
    return dir;
  };
  const TOOL = (target: string) => `---\ndescription: Review the change\nallowed-tools: Task\n---\n\nTask(subagent_type="${target}", prompt="Review $ARGUMENTS").\n`;

  it('two side by side are two projects: the agents of one are not those of the other', () => {
    // tools/ holds commands calling agents installed elsewhere; the other collection defines
    // agents of its own. Linted together, the commands' targets are not judged against them.
    const dir = bare('side-by-side', {
      'commands-collection/tools/review.md': TOOL('code-reviewer'),
      'agents-collection/lib/agents/planner.md': '---\nname: planner\ndescription: Plans\n---\n\nPlan it.\n',
    });
    const r = run(dir, ['.']);
    expect(ids(r.stdout)).toEqual([]);
    expect(r.status).toBe(0);
  });

  it('one keeps its agents/ and commands/ in one project, linted whole or one file from elsewhere', () => {
    const dir = bare('one-collection', { 'agents/researcher.md': AGENT, 'commands/research.md': COMMAND('researcher'), 'commands/typo.md': COMMAND('reseacher') });
    expect(ids(run(dir, ['.']).stdout)).toEqual(['typo.md:5:31 unknown-delegation-target']);
    // From the folder above, one file: its project is still the collection (not the working directory).
    expect(ids(run(TMP, [path.join(dir, 'commands/typo.md')]).stdout)).toEqual(['typo.md:5:31 unknown-delegation-target']);
    expect(ids(run(TMP, [path.join(dir, 'commands/research.md')]).stdout)).toEqual([]);
  });
});
