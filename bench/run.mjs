#!/usr/bin/env node
/**
 * Benchmark: agent-lint against markdownlint-cli2 on the same real files, run in alternation.
 *
 *   npm run bench                 # corpus from ../shared/corpus
 *   npm run bench -- DIR          # corpus from DIR
 *   npm run bench -- --runs 7     # more runs of the whole-corpus rows (default 5)
 *   npm run bench -- --one-file-runs 41   # more runs of the one-file rows (default 21)
 *
 * Prints medians and ratios for: the whole corpus (`'**\/*.md'`), and the same run with rules
 * turned off (how its time splits), one file cold against
 * `node -e 0`, peak memory, and a 10x corpus (made by copying) to check that time grows
 * linearly with bytes; then the language server's latency and memory (bench/lsp.mjs). Numbers are wall-clock on this machine: compare ratios, not seconds.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchLsp, printLsp } from './lsp.mjs';
import { markdownFiles } from './markdown-files.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let runs = 5;
// A one-file run takes about a tenth of a second, and the machine's speed moves in phases of
// seconds: five runs of each command are too few to stand for a phase-free median (one slow phase
// put a row 15% above its other runs), and 21 cost a few seconds a row.
let oneFileRuns = 21;
let source = path.resolve(ROOT, '../shared/corpus');
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--one-file-runs') oneFileRuns = Number(args[++i]);
  else source = path.resolve(args[i]);
}
if (!existsSync(source)) {
  console.log(`bench: no corpus at ${source}; give a directory of markdown files.`);
  process.exit(0);
}
// The command users run: package.json's bin (the bundled CLI with its code cache).
const CLI = path.join(ROOT, JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).bin['agent-lint']);
if (!existsSync(CLI)) {
  console.log('bench: run `npm run build` first.');
  process.exit(1);
}
const MDL = path.join(ROOT, 'node_modules/markdownlint-cli2/markdownlint-cli2-bin.mjs');
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

const work = path.join(os.tmpdir(), `agent-lint-bench-${process.pid}`);
const corpus1 = path.join(work, 'x1');
// agent-lint keeps a project index in a private folder under the temp directory (and a code cache
// there when its own folder is not writable): the bench gives it a folder of its own. The runs
// measured without an index say so with --no-project-index (a temp folder that does not exist
// would not do: the index makes its folder, so every run after the first would have one).
const tempDirIs = (dir) => ({ TMPDIR: dir, TMP: dir, TEMP: dir });
const indexed = tempDirIs(path.join(work, 'tmp'));
const none = tempDirIs(path.join(work, 'tmp-unindexed'));
const NO_INDEX = '--no-project-index';
const corpus10 = path.join(work, 'x10');

function mdFiles(dir) {
  const files = markdownFiles(dir);
  return { n: files.length, bytes: files.reduce((sum, f) => sum + f.size, 0) };
}

/** Removes the code caches of few-files runs (beside the bundle, or in the bench's temp folders), so that the next run makes them. */
function freshFewFilesCache() {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  for (const dir of [path.join(ROOT, 'dist', '.cache'), path.join(indexed.TMPDIR, `agent-lint-${uid}`), path.join(none.TMPDIR, `agent-lint-${uid}`)]) {
    let names = [];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const f of names) if (f.startsWith('agent-lint-') && f.endsWith('-files.v8cache')) rmSync(path.join(dir, f), { force: true });
  }
}

/** Runs a command once; returns wall seconds and peak RSS in MB (when /usr/bin/time exists). */
function timeOnce(cmd, argv, cwd, env) {
  const t0 = process.hrtime.bigint();
  const opts = { cwd, encoding: 'utf8', maxBuffer: 1 << 30, env: env ? { ...process.env, ...env } : process.env };
  const r = TIME ? spawnSync(TIME, ['-f', '%M', cmd, ...argv], opts) : spawnSync(cmd, argv, opts);
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  let rssMb = null;
  if (TIME) {
    const m = /(\d+)\s*$/.exec(r.stderr.trim());
    if (m) rssMb = Number(m[1]) / 1024;
  }
  if (r.status !== 0 && r.status !== 1) throw new Error(`${cmd} ${argv.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  return { secs, rssMb };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Runs the named commands in alternation `n` times (`runs` unless given); returns medians. */
function alternate(cmds, n = runs) {
  const times = cmds.map(() => []);
  const rss = cmds.map(() => []);
  for (let i = 0; i < n; i++) {
    cmds.forEach((c, k) => {
      const r = timeOnce(c.cmd, c.argv, c.cwd, c.env);
      times[k].push(r.secs);
      if (r.rssMb !== null) rss[k].push(r.rssMb);
    });
  }
  return cmds.map((c, k) => ({ name: c.name, secs: median(times[k]), rssMb: rss[k].length ? Math.max(...rss[k]) : null }));
}

try {
  mkdirSync(work, { recursive: true });
  cpSync(source, corpus1, { recursive: true });
  for (let i = 0; i < 10; i++) cpSync(source, path.join(corpus10, `copy${i}`), { recursive: true });
  const c1 = mdFiles(corpus1);
  const c10 = mdFiles(corpus10);
  console.log(`corpus: ${c1.n} markdown files, ${(c1.bytes / 1e6).toFixed(1)} MB (from ${source}); ${runs} runs each (one-file rows ${oneFileRuns}), alternating`);
  // Node.js reads these certificates before any script runs: every process here, `node -e 0`
  // included, starts that much later, which moves every ratio (docs/performance.md#figures).
  if (process.env.NODE_EXTRA_CA_CERTS) console.log(`NODE_EXTRA_CA_CERTS is set (${process.env.NODE_EXTRA_CA_CERTS}): each Node.js process below reads it at start`);
  console.log('');

  const node = process.execPath;
  const whole = alternate([
    { name: 'agent-lint', cmd: node, argv: [CLI, '--format', 'json', '--no-config-lookup', '**/*.md'], cwd: corpus1, env: none },
    { name: 'markdownlint-cli2', cmd: node, argv: [MDL, '**/*.md'], cwd: corpus1 },
  ]);
  const [al, mdl] = whole;
  console.log('whole corpus');
  console.log(`  agent-lint         ${al.secs.toFixed(3)} s   peak ${al.rssMb?.toFixed(0) ?? '?'} MB`);
  console.log(`  markdownlint-cli2  ${mdl.secs.toFixed(3)} s   peak ${mdl.rssMb?.toFixed(0) ?? '?'} MB`);
  console.log(`  ratio              ${(al.secs / mdl.secs).toFixed(3)}x   (target <= 0.035x)\n`);

  // How the whole-corpus time splits: the same run with rules turned off (`--rule <id>:off`),
  // in alternation. With every rule off, what is left is start-up, the walk, classification,
  // reading and decoding every file, and the output.
  const groups = ruleGroups(node);
  const every = [...groups.values()].flat();
  const keeping = (kept) => every.filter((id) => !kept.includes(id)).flatMap((id) => ['--rule', `${id}:off`]);
  const frontmatter = every.filter((id) => id.startsWith('frontmatter-'));
  const graph = groups.get('Delegation graph (across files)') ?? [];
  const wholeRun = (extra) => ({ cmd: node, argv: [CLI, '--format', 'json', '--no-config-lookup', ...extra, '**/*.md'], cwd: corpus1, env: none });
  const split = alternate([
    { name: 'every rule off', ...wholeRun(keeping([])) },
    { name: `${frontmatter.join(', ')} only`, ...wholeRun(keeping(frontmatter)) },
    { name: `the delegation graph's rules only (${graph.join(', ')})`, ...wholeRun(keeping(graph)) },
    { name: 'every rule', ...wholeRun([]) },
  ]);
  console.log('where the whole-corpus time goes (rules turned off with --rule <id>:off, in alternation)');
  for (const r of split) console.log(`  ${r.secs.toFixed(3)} s   ${r.name}`);
  console.log('  (every rule off: start-up, the walk, classification, reading and decoding, output)\n');

  // One file, cold: the largest agent file of the corpus.
  const one = findOneFile(corpus1);
  const cold = alternate([
    { name: 'agent-lint one file', cmd: node, argv: [CLI, NO_INDEX, '--no-config-lookup', path.relative(corpus1, one)], cwd: corpus1, env: none },
    { name: 'node -e 0', cmd: node, argv: ['-e', '0'], cwd: corpus1 },
  ], oneFileRuns);
  console.log(`one file, cold, no project index (${path.relative(corpus1, one)})`);
  console.log(`  agent-lint         ${(cold[0].secs * 1000).toFixed(0)} ms`);
  console.log(`  node -e 0          ${(cold[1].secs * 1000).toFixed(0)} ms`);
  console.log(`  ratio              ${(cold[0].secs / cold[1].secs).toFixed(2)}x   (target <= 1.6x)\n`);

  // One file in a project that uses the standard (its graph and return formats read from the
  // other specs), and in a project of 500 such specs: first with the project index an earlier
  // run kept (what a pre-commit run finds from its second run on), then without one (what a
  // first run reads). The bench's index lives in its own folder.
  const standard = [];
  const proof = path.join(corpus1, 'benbrastmckie__ProofChecker');
  const researcher = '.opencode/agent/subagents/researcher.md';
  if (existsSync(path.join(proof, researcher))) {
    const big500 = path.join(work, "standard500");
    const n500 = makeStandardProject(proof, big500, 10);
    mkdirSync(indexed.TMPDIR, { recursive: true });
    // The index keeps no entry for a file changed in the last 3 s: the copies just made settle first.
    await new Promise((r) => setTimeout(r, 3500));
    for (const [label, cwd, file, target] of [
      [`one file in a project that uses the standard (${mdFiles(proof).n} specs, ${researcher})`, proof, researcher, 1.6],
      [`one file in a project of ${n500} specs that uses the standard (10 copies of that one)`, big500, '.opencode/agent/subagents/c0/researcher.md', 2],
    ]) {
      // What a pre-commit run in this project finds from its second run on: the code cache for
      // few-files runs that a run here made (a cache made by runs in another project holds other
      // code: the cold row's skilllint run left this row 10-15% slower), and the project index.
      freshFewFilesCache();
      timeOnce(node, [CLI, '--no-config-lookup', file], cwd, indexed);
      timeOnce(node, [CLI, '--no-config-lookup', file], cwd, indexed);
      const [a, b, c] = alternate([
        { name: 'agent-lint', cmd: node, argv: [CLI, '--no-config-lookup', file], cwd, env: indexed },
        { name: 'node -e 0', cmd: node, argv: ['-e', '0'], cwd },
        { name: 'agent-lint, no index', cmd: node, argv: [CLI, NO_INDEX, '--no-config-lookup', file], cwd, env: none },
      ], oneFileRuns);
      standard.push(a.secs / b.secs);
      console.log(label);
      console.log(`  agent-lint         ${(a.secs * 1000).toFixed(0)} ms   (project index kept by an earlier run)`);
      console.log(`  node -e 0          ${(b.secs * 1000).toFixed(0)} ms`);
      console.log(`  ratio              ${(a.secs / b.secs).toFixed(2)}x   (target <= ${target}x)`);
      console.log(`  no index           ${(c.secs * 1000).toFixed(0)} ms   ${(c.secs / b.secs).toFixed(2)}x   (${NO_INDEX}: what a first run reads)\n`);
    }
  }

  // One agent tree inside a repository of 10,000 other specs, against the same tree alone: a run
  // on a folder reads the agent systems of its files, not the whole repository.
  const inRepo = path.join(work, 'tree-in-repo');
  const alone = path.join(work, 'tree-alone');
  makeTreeRepo(inRepo, 10_000);
  makeTreeRepo(alone, 0);
  const [inside, apart] = alternate([
    { name: 'agent-lint .claude, 10,000 specs beside it', cmd: node, argv: [CLI, NO_INDEX, '--no-config-lookup', '.claude'], cwd: inRepo, env: none },
    { name: 'agent-lint .claude alone', cmd: node, argv: [CLI, NO_INDEX, '--no-config-lookup', '.claude'], cwd: alone, env: none },
  ], oneFileRuns);
  console.log('one .claude/ tree (21 specs) inside a repository of 10,000 other specs');
  console.log(`  in the repository  ${(inside.secs * 1000).toFixed(0)} ms`);
  console.log(`  alone              ${(apart.secs * 1000).toFixed(0)} ms`);
  console.log(`  ratio              ${(inside.secs / apart.secs).toFixed(2)}x   (target <= 1.2x)\n`);

  const big = alternate([{ name: 'agent-lint x10', cmd: node, argv: [CLI, '--format', 'json', '--no-config-lookup', '**/*.md'], cwd: corpus10, env: none }])[0];
  const perMb1 = al.secs / (c1.bytes / 1e6);
  const perMb10 = big.secs / (c10.bytes / 1e6);
  console.log(`10x corpus (${c10.n} files, ${(c10.bytes / 1e6).toFixed(1)} MB)`);
  console.log(`  agent-lint         ${big.secs.toFixed(3)} s   peak ${big.rssMb?.toFixed(0) ?? '?'} MB`);
  console.log(`  seconds per MB     x1 ${perMb1.toFixed(4)}   x10 ${perMb10.toFixed(4)}   (linear if x10 is not above x1)`);
  console.log('');
  printLsp(await benchLsp({ cli: CLI, corpus: source, work }));
  const std = standard.length ? `; in a standard project ${standard.map((x) => `${x.toFixed(2)}x`).join(', 500 specs ')} (with the project index)` : '';
  console.log(`\nsummary: whole ${(al.secs / mdl.secs).toFixed(3)}x markdownlint-cli2; one file ${(cold[0].secs / cold[1].secs).toFixed(2)}x node -e 0${std}; peak ${al.rssMb?.toFixed(0) ?? '?'} MB (target < 150 MB)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** A git repository with a `.claude/` tree of 20 agents and a command, and `others` specs in plugin-like folders beside it. */
function makeTreeRepo(dir, others) {
  mkdirSync(path.join(dir, '.git'), { recursive: true });
  mkdirSync(path.join(dir, '.claude/agents'), { recursive: true });
  mkdirSync(path.join(dir, '.claude/commands'), { recursive: true });
  for (let i = 1; i <= 20; i++) {
    writeFileSync(path.join(dir, `.claude/agents/a${i}.md`), `---\nname: a${i}\ndescription: Agent ${i}\n---\n\nDo the work, then delegate to a${i === 20 ? 1 : i + 1} via the Task tool.\n`);
  }
  writeFileSync(path.join(dir, '.claude/commands/run.md'), '---\ndescription: Run\n---\n\nTask(subagent_type="a1", prompt="go")\n');
  for (let d = 0; d < others / 100; d++) {
    const folder = path.join(dir, `other/p${d}/agents`);
    mkdirSync(folder, { recursive: true });
    for (let i = 0; i < 100; i++) writeFileSync(path.join(folder, `x${i}.md`), `---\nname: x${d}-${i}\ndescription: Other agent ${i}\n---\n\nOther work.\n`);
  }
}

/** The largest file under an agents/ folder (Claude Code's), else the largest markdown file. */
function findOneFile(dir) {
  let agent = null;
  let any = null;
  for (const f of markdownFiles(dir)) {
    if (!any || f.size > any.size) any = f;
    if (f.p.includes(`${path.sep}agents${path.sep}`) && (!agent || f.size > agent.size)) agent = f;
  }
  return (agent ?? any).p;
}

/**
 * A project of `copies` times the specs of `from` in one agent tree: agents in subfolders
 * (c0/, c1/, ...; OpenCode names them by path), commands and skills renamed with the copy's
 * number. Returns the number of markdown files written.
 */
function makeStandardProject(from, to, copies) {
  mkdirSync(path.join(to, '.git'), { recursive: true });
  let n = 0;
  const files = markdownFiles(from).map((f) => path.relative(from, f.p).split(path.sep).join('/'));
  for (let i = 0; i < copies; i++) {
    for (const rel of files) {
      const dir = path.posix.dirname(rel);
      const base = path.posix.basename(rel, '.md');
      let out;
      if (dir.startsWith('.claude/skills/')) out = `${dir}-c${i}/SKILL.md`;
      else if (dir.startsWith('.opencode/agent/subagents')) out = `.opencode/agent/subagents/c${i}${dir.slice('.opencode/agent/subagents'.length)}/${base}.md`;
      else out = `${dir}/${base}-c${i}.md`;
      mkdirSync(path.join(to, path.posix.dirname(out)), { recursive: true });
      cpSync(path.join(from, rel), path.join(to, out));
      n++;
    }
  }
  return n;
}

/** The rule ids by their `--list-rules` group; the engine's own diagnostics (always on) are left out. */
function ruleGroups(node) {
  const listed = spawnSync(node, [CLI, '--list-rules'], { encoding: 'utf8' }).stdout ?? '';
  const groups = new Map();
  let group = null;
  for (const line of listed.split('\n')) {
    const head = /^([A-Z][^:]*):$/.exec(line);
    if (head) {
      group = head[1];
      groups.set(group, []);
      continue;
    }
    const rule = /^ {2}([a-z][\w-]*)\s+(\S+)/.exec(line);
    if (rule && group && rule[2] !== 'always') groups.get(group).push(rule[1]);
  }
  return groups;
}
