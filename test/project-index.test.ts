/**
 * The project index (src/project-index.ts): what a run learns about the specs it reads only for
 * context is kept for the next run, which takes it instead of reading them while they are
 * unchanged. A run with the index gives exactly what a run without it gives; a changed, replaced
 * or "racy" file is read again; an index that is not this user's, not this build's or not this
 * root's, or that is corrupt, is not used; and the command keeps one in its private folder.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { loadConfig } from '../src/config/load.js';
import { resolveConfig } from '../src/config/resolve.js';
import { lint, type LintRequest } from '../src/lint.js';
import { DocumentModel } from '../src/model/document.js';
import { ProjectIndex, SETTLED_MS } from '../src/project-index.js';
import { readSpec } from '../src/read-spec.js';
import { projectMaker } from './helpers/files.js';
import { REPO_ROOT } from './helpers/shared.js';

let tmp: string;
let privateTmp: string;
let oldTmpdir: string | undefined;
let makeProject: ReturnType<typeof projectMaker>;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-index-'));
  // The index's private folder is under os.tmpdir(): a folder of this test's own.
  privateTmp = path.join(tmp, 'tmpdir');
  mkdirSync(privateTmp);
  oldTmpdir = process.env['TMPDIR'];
  process.env['TMPDIR'] = privateTmp;
  makeProject = projectMaker(tmp);
});
afterAll(() => {
  if (oldTmpdir === undefined) delete process.env['TMPDIR'];
  else process.env['TMPDIR'] = oldTmpdir;
  rmSync(tmp, { recursive: true, force: true });
});

const LEAD = '---\nname: lead\ndescription: Leads\n---\n\nTask(subagent_type="builder", prompt="Build")\n';
const BUILDER = '---\nname: builder\ndescription: Builds\n---\n\nTask(subagent_type="tester", prompt="Test")\n';
const TESTER = '---\nname: tester\ndescription: Tests\n---\n\nRuns the tests.\n';
const CHAIN = { '.claude/agents/lead.md': LEAD, '.claude/agents/builder.md': BUILDER, '.claude/agents/tester.md': TESTER };

/** A lint of `file` in `dir` as the CLI does it, with or without the index (`began`: when the run began). */
function lintOne(dir: string, file: string, index: { build?: string; began?: number } | null) {
  const loaded = loadConfig({ lookup: false, cwd: dir });
  const req: LintRequest = { cwd: dir, patterns: [file], rules: ALL_RULES, config: resolveConfig(loaded, ALL_RULES) };
  if (index) req.projectIndex = { build: index.build ?? 'test-build', began: index.began ?? Date.now() + 10 * SETTLED_MS };
  return lint(req).results.map((r) => ({ file: path.relative(dir, r.filePath), messages: r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message}`) }));
}

/** The facts the index holds for `rel` in the project at `dir` (made by build `test-build`), if it would use them. */
function factsFor(dir: string, rel: string, kind: 'agent' | 'command' | 'skill' = 'agent', build = 'test-build') {
  return new ProjectIndex(dir, build, Date.now()).factsFor(path.join(dir, rel), rel, kind)?.facts;
}

/** The index's private folder under a temp folder. */
const privateFolder = (tmpdir: string) => path.join(tmpdir, `agent-lint-${process.getuid?.() ?? 'user'}`);

function indexFiles(): string[] {
  const dir = privateFolder(privateTmp);
  try {
    return readdirSync(dir).filter((f) => f.startsWith('index-'));
  } catch {
    return [];
  }
}

describe('the project index', () => {
  it('keeps the facts of the specs read for context, and a later run gives the same findings from them', () => {
    const dir = makeProject(CHAIN);
    const without = lintOne(dir, '.claude/agents/builder.md', null);
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeUndefined();
    const first = lintOne(dir, '.claude/agents/builder.md', {});
    expect(first).toEqual(without);
    // The specs read for context (lead calls builder), and the linted file itself.
    expect(factsFor(dir, '.claude/agents/lead.md')!.get('references')).toEqual([{ target: 'builder', expected: 'agent', via: 'call', range: { start: 59, end: 66 } }]);
    expect(LEAD.slice(59, 66)).toBe('builder');
    const facts = factsFor(dir, '.claude/agents/builder.md')!;
    expect(facts.get('name')).toBe('builder');
    expect(facts.get('references')).toEqual([{ target: 'tester', expected: 'agent', via: 'call', range: { start: 63, end: 69 } }]);
    expect(BUILDER.slice(63, 69)).toBe('tester');
    // From the index: the same findings, for each file.
    for (const f of Object.keys(CHAIN)) expect(lintOne(dir, f, {}), f).toEqual(lintOne(dir, f, null));
  });

  it('takes the facts instead of reading the file (a lazy document reads its text only when asked for more)', () => {
    const dir = makeProject(CHAIN);
    lintOne(dir, '.claude/agents/lead.md', {});
    const known = new ProjectIndex(dir, 'test-build', Date.now()).factsFor(path.join(dir, '.claude/agents/builder.md'), '.claude/agents/builder.md', 'agent')!;
    let reads = 0;
    const doc = DocumentModel.lazy({
      filePath: path.join(dir, '.claude/agents/builder.md'),
      relPath: '.claude/agents/builder.md',
      kind: 'agent',
      facts: known.facts,
      load: () => {
        reads++;
        const r = readSpec(path.join(dir, '.claude/agents/builder.md'));
        return 'text' in r ? r.text : '';
      },
    });
    expect(doc.name).toBe('builder');
    expect(reads).toBe(0);
    expect(doc.frontmatter?.data?.['description']).toBe('Builds');
    expect(doc.text).toBe(BUILDER);
    expect(reads).toBe(1);
  });

  it('reads a file again once it changed: its size, its times, or the file itself (replaced by a rename)', () => {
    const dir = makeProject(CHAIN);
    const builder = path.join(dir, '.claude/agents/builder.md');
    lintOne(dir, '.claude/agents/lead.md', {});
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeDefined();

    // builder now calls lead back: a cycle, which a run from a stale index would miss.
    writeFileSync(builder, BUILDER.replace('"tester"', '"lead"'));
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeUndefined();
    const cycle = lintOne(dir, '.claude/agents/lead.md', {});
    expect(cycle).toEqual(lintOne(dir, '.claude/agents/lead.md', null));
    expect(cycle[0]!.messages.some((m) => m.includes('delegation-graph-cycle'))).toBe(true);

    // Same size, times put back: the change time still moves.
    writeFileSync(builder, BUILDER);
    lintOne(dir, '.claude/agents/lead.md', {});
    const st = statSync(builder);
    writeFileSync(builder, BUILDER.replace('"tester"', '"tested"'));
    utimesSync(builder, st.atime, st.mtime);
    expect(statSync(builder).size).toBe(st.size);
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeUndefined();
    expect(lintOne(dir, '.claude/agents/lead.md', {})).toEqual(lintOne(dir, '.claude/agents/lead.md', null));

    // Replaced by another file (an editor's save by rename).
    lintOne(dir, '.claude/agents/lead.md', {});
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeDefined();
    writeFileSync(path.join(dir, 'new.tmp'), BUILDER);
    renameSync(path.join(dir, 'new.tmp'), builder);
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeUndefined();

    // A mode change moves the change time too.
    lintOne(dir, '.claude/agents/lead.md', {});
    chmodSync(builder, 0o600);
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeUndefined();
  });

  it('keeps no entry for a file changed less than a few seconds before the run began (its times could stay the same on a second change)', () => {
    const dir = makeProject(CHAIN);
    lintOne(dir, '.claude/agents/lead.md', { began: Date.now() });
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeUndefined();
    lintOne(dir, '.claude/agents/lead.md', { began: Date.now() + SETTLED_MS + 1000 });
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeDefined();
  });

  it('makes its private folder only in a temp directory that exists (it makes no parent folder)', () => {
    const dir = makeProject(CHAIN);
    const missing = path.join(tmp, 'no-such-tmpdir');
    process.env['TMPDIR'] = missing;
    try {
      const truth = lintOne(dir, '.claude/agents/builder.md', null);
      expect(lintOne(dir, '.claude/agents/builder.md', {})).toEqual(truth);
      expect(lintOne(dir, '.claude/agents/builder.md', {})).toEqual(truth);
      expect(existsSync(missing)).toBe(false);
    } finally {
      process.env['TMPDIR'] = privateTmp;
    }
    // Where the temp directory exists, the same runs keep the index.
    lintOne(dir, '.claude/agents/builder.md', {});
    expect(factsFor(dir, '.claude/agents/lead.md')).toBeDefined();
  });

  it('is not used for another build, another kind of file, or another root', () => {
    const dir = makeProject(CHAIN);
    lintOne(dir, '.claude/agents/lead.md', {});
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeDefined();
    expect(factsFor(dir, '.claude/agents/builder.md', 'agent', 'another-build')).toBeUndefined();
    expect(factsFor(dir, '.claude/agents/builder.md', 'command')).toBeUndefined();
    // The file names the root it is for: a copy under another root's name is not used.
    const other = makeProject(CHAIN);
    const privateDir = privateFolder(privateTmp);
    const before = new Set(indexFiles());
    lintOne(other, '.claude/agents/lead.md', {});
    const mine = indexFiles().find((f) => !before.has(f))!;
    const theirs = indexFiles().find((f) => f !== mine && readFileSync(path.join(privateDir, f), 'utf8').includes(JSON.stringify(dir)))!;
    writeFileSync(path.join(privateDir, mine), readFileSync(path.join(privateDir, theirs)));
    expect(factsFor(other, '.claude/agents/builder.md')).toBeUndefined();
  });

  it('drops an index that is corrupt, has a wrong shape, or that others could have written', () => {
    const dir = makeProject(CHAIN);
    lintOne(dir, '.claude/agents/builder.md', {});
    const privateDir = privateFolder(privateTmp);
    const file = path.join(privateDir, indexFiles().find((f) => readFileSync(path.join(privateDir, f), 'utf8').includes(JSON.stringify(dir)))!);
    const good = readFileSync(file, 'utf8');
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeDefined();
    const data = JSON.parse(good) as { entries: Record<string, unknown[]> };
    const variants: Array<[string, string]> = [
      ['not JSON', good.slice(0, good.length / 2)],
      ['an entry of the wrong length', JSON.stringify({ ...data, entries: { ...data.entries, '.claude/agents/x.md': ['agent', 1] } })],
      ['a fact the index does not keep', JSON.stringify({ ...data, entries: Object.fromEntries(Object.entries(data.entries).map(([k, e]) => [k, [...e.slice(0, 6), { ...(e[6] as object), tools: ['Bash'] }]])) })],
      ['a delegation with its range backwards', good.replace(/\["tester","agent","call",(\d+),(\d+)\]/, (_m, a: string, b: string) => `["tester","agent","call",${b},${a}]`)],
      ['a delegation of an unknown kind', good.replace('"tester","agent"', '"tester","robot"')],
    ];
    for (const [what, text] of variants) {
      expect(text, what).not.toBe(good);
      writeFileSync(file, text);
      expect(factsFor(dir, '.claude/agents/builder.md'), what).toBeUndefined();
    }
    writeFileSync(file, good);
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeDefined();
    // Writable by others: not read.
    chmodSync(file, 0o666);
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeUndefined();
    chmodSync(file, 0o600);
    chmodSync(privateDir, 0o777);
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeUndefined();
    chmodSync(privateDir, 0o700);
    expect(factsFor(dir, '.claude/agents/builder.md')).toBeDefined();
  });

  it('gives each spec of the sample project, linted alone, the findings a run without it gives', () => {
    const sample = path.join(REPO_ROOT, 'fixtures/sample-project');
    const specs = ['.claude/agents', '.claude/commands'].flatMap((d) => readdirSync(path.join(sample, d)).filter((f) => f.endsWith('.md')).map((f) => `${d}/${f}`));
    expect(specs.length).toBeGreaterThan(3);
    for (const f of specs) lintOne(sample, f, {});
    for (const f of specs) expect(lintOne(sample, f, {}), f).toEqual(lintOne(sample, f, null));
  });

  it('is kept by the agent-lint command in its private folder and trusted by the same build only', async () => {
    const dir = makeProject(CHAIN);
    // A copy of the command, whose bundle can be changed.
    const pkg = path.join(tmp, 'pkg');
    mkdirSync(path.join(pkg, 'src/cli'), { recursive: true });
    mkdirSync(path.join(pkg, 'vendor'), { recursive: true });
    copyFileSync(path.join(REPO_ROOT, 'dist/agent-lint.cjs'), path.join(pkg, 'agent-lint.cjs'));
    copyFileSync(path.join(REPO_ROOT, 'dist/vendor/yaml.cjs'), path.join(pkg, 'vendor/yaml.cjs'));
    copyFileSync(path.join(REPO_ROOT, 'dist/src/cli/launch.cjs'), path.join(pkg, 'src/cli/launch.cjs'));
    // The time npm gives every file it installs (1985-10-26T08:15:00Z).
    const NPM_TIME = 499162500;
    utimesSync(path.join(pkg, 'agent-lint.cjs'), NPM_TIME, NPM_TIME);
    const own = path.join(tmp, 'cli-tmp');
    mkdirSync(own);
    const privateDir = privateFolder(own);
    const run = (...flags: string[]) =>
      spawnSync(process.execPath, [path.join(pkg, 'src/cli/launch.cjs'), ...flags, '--format', 'json', '.claude/agents/builder.md'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, TMPDIR: own, TMP: own, TEMP: own },
      });
    // The files must be older than the run by a few seconds to get entries.
    await new Promise((r) => setTimeout(r, SETTLED_MS + 200));
    const truth = run();
    expect(truth.stderr).toBe('');
    expect(JSON.parse(truth.stdout)[0].messages).toEqual([]);
    // The bundle names its build: its runs keep the index.
    expect(run().stdout).toBe(truth.stdout);
    const kept = readdirSync(privateDir).filter((f) => f.startsWith('index-'));
    expect(kept).toHaveLength(1);
    const file = path.join(privateDir, kept[0]!);
    expect(readFileSync(file, 'utf8')).toContain('"name":"tester"');
    expect(run().stdout).toBe(truth.stdout);

    // Its facts are taken as they are: tester.md, said there to be named lead, is the agent
    // that calls builder, and builder's call to it makes a cycle.
    writeFileSync(file, readFileSync(file, 'utf8').replace('"name":"tester"', '"name":"lead"'));
    expect(run().stdout).toContain('delegation-graph-cycle');
    // --no-project-index: not used.
    expect(run('--no-project-index').stdout).toBe(truth.stdout);

    // Another build, of the same size and time (its name changed, the time put back, as npm
    // gives every installed file one time): the index is not its own.
    const bundle = path.join(pkg, 'agent-lint.cjs');
    const st = statSync(bundle);
    const name = (JSON.parse(readFileSync(file, 'utf8')) as { build: string }).build.split('-').pop()!;
    const text = readFileSync(bundle, 'utf8');
    expect(text.split(`"${name}"`)).toHaveLength(2);
    writeFileSync(bundle, text.replace(`"${name}"`, `"${[...name].reverse().join('')}"`));
    utimesSync(bundle, NPM_TIME, NPM_TIME);
    expect(statSync(bundle).size).toBe(st.size);
    expect(statSync(bundle).mtimeMs).toBe(st.mtimeMs);
    expect(run().stdout).toBe(truth.stdout);
    expect(run().stdout).toBe(truth.stdout);

    // --no-project-index in a fresh folder: nothing kept.
    const other = path.join(tmp, 'cli-tmp-2');
    mkdirSync(other);
    const off = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist/src/cli/launch.cjs'), '--no-project-index', '--format', 'json', '.claude/agents/builder.md'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, TMPDIR: other, TMP: other, TEMP: other },
    });
    expect(off.stdout).toBe(truth.stdout);
    expect(readdirSync(other).flatMap((d) => readdirSync(path.join(other, d))).filter((f) => f.startsWith('index-'))).toEqual([]);
  }, 30_000);
});
