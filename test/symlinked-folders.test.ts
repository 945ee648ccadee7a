/**
 * Symlinked folders: an agents folder linked from elsewhere in the project is walked under the
 * link's path (its agents are linted and known to the cross-file rules), once; links that lead
 * back into a folder the walk is in (loops), or out of the folder walked, are not followed.
 */
import { writeFiles } from './helpers/files.js';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walkSpecsTree } from '../src/discovery/walk.js';
import { FolderListings } from '../src/util/folders.js';
import { lintFiles } from '../src/index.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-links-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));


const agent = (name: string, body = 'Does things.') => `---\nname: ${name}\ndescription: The ${name} agent\n---\n${body}\n`;
const IS_WINDOWS = process.platform === 'win32';

describe.skipIf(IS_WINDOWS)('symlinked folders', () => {
  it('lint the agents of a linked folder, and the cross-file rules know them', async () => {
    const project = path.join(tmp, 'project');
    writeFiles(project, {
      'package.json': '{}',
      'shared/agents/reviewer.md': agent('reviewer', 'Reviews code.'),
      '.claude/commands/review.md': '---\ndescription: Review\n---\nUse the Task tool with subagent_type="reviewer" to review $ARGUMENTS.\n',
    });
    symlinkSync(path.join(project, 'shared/agents'), path.join(project, '.claude/agents'));
    const results = await lintFiles([], { cwd: project, config: false });
    // The real folder is walked once: under the link's path, which a walk of .claude/ reaches first.
    expect(results.map((r) => path.relative(project, r.filePath)).sort()).toContain(path.join('.claude', 'commands', 'review.md'));
    expect(results.some((r) => r.filePath.endsWith(path.join('agents', 'reviewer.md')))).toBe(true);
    const ids = results.flatMap((r) => r.messages.map((m) => m.ruleId));
    expect(ids).not.toContain('unknown-delegation-target');
  });

  it('a linked folder that leads out of the folder walked is not followed, and is reported', () => {
    const outside = path.join(tmp, 'elsewhere');
    writeFiles(outside, { 'agents/stranger.md': agent('stranger') });
    const root = path.join(tmp, 'walked');
    writeFiles(root, { '.claude/agents/a.md': agent('a') });
    symlinkSync(path.join(outside, 'agents'), path.join(root, '.claude/more'));
    const walk = walkSpecsTree(root, new FolderListings());
    expect(walk.markdown.map((f) => path.relative(root, f))).toEqual([path.join('.claude', 'agents', 'a.md')]);
    expect(walk.linksOut).toEqual([path.join(root, '.claude', 'more')]);
  });

  it('do not loop: a link to a folder the walk is in, or to one walked already, is not followed', () => {
    const root = path.join(tmp, 'loops');
    writeFiles(root, { '.claude/agents/a.md': agent('a'), 'other/agents/b.md': agent('b') });
    symlinkSync('..', path.join(root, '.claude/agents/up')); // to an ancestor
    symlinkSync(root, path.join(root, 'other/agents/root')); // to the root
    symlinkSync(path.join(root, 'other'), path.join(root, 'again1')); // the same real folder twice
    symlinkSync(path.join(root, 'other'), path.join(root, 'again2'));
    symlinkSync(path.join(root, 'gone'), path.join(root, 'dangling'));
    const found = walkSpecsTree(root, new FolderListings()).markdown.map((f) => path.relative(root, f));
    // `other` is walked as itself and through one link (a real folder is entered through links
    // once); `up` and `root` lead back into the walk; the dangling link leads nowhere.
    expect(found.sort()).toEqual([path.join('.claude', 'agents', 'a.md'), path.join('again1', 'agents', 'b.md'), path.join('other', 'agents', 'b.md')]);
  });
});
