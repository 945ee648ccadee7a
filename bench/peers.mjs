#!/usr/bin/env node
/**
 * agent-lint beside the npm-installable linters of its field, on the same repositories: each
 * repository of the corpus (a copy, since the peers write caches into the folder they check) is
 * checked from its root by each tool's own discovery, as a whole process, median of 3.
 * The peers are installed into a temporary folder by this script (never as dependencies of
 * agent-lint); without the npm registry the script says so and stops.
 *
 *   npm run bench:peers               # corpus from ../shared/corpus
 *   npm run bench:peers -- DIR        # the repositories below DIR
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(process.argv[2] ?? path.join(ROOT, '../shared/corpus'));
const CLI = path.join(ROOT, JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).bin['agent-lint']);
/** The peers, at the versions measured (a newer one may behave differently). */
const PEERS = { 'claude-code-lint': '0.5.0', '@carlrannaberg/cclint': '0.2.10' };

if (!existsSync(source)) {
  console.log(`bench:peers: no corpus at ${source}`);
  process.exit(0);
}
if (!existsSync(CLI)) {
  console.log('bench:peers: run `npm run build` first.');
  process.exit(0);
}

const work = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-peers-'));
try {
  const tools = path.join(work, 'tools');
  mkdirSync(tools);
  writeFileSync(path.join(tools, 'package.json'), '{"name":"peers","private":true}\n');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--silent', ...Object.entries(PEERS).map(([n, v]) => `${n}@${v}`)], { cwd: tools, encoding: 'utf8' });
  if (install.status !== 0) {
    console.log(`bench:peers: could not install the peers from the npm registry (${(install.stderr || '').trim().split('\n').pop()}); nothing measured.`);
    process.exit(0);
  }
  const bin = (name) => path.join(tools, 'node_modules/.bin', name);
  const node = process.execPath;
  const cmds = [
    { name: 'agent-lint', argv: (dir) => [node, [CLI, '--format', 'json'], dir] },
    { name: 'claude-code-lint', argv: (dir) => [bin('claudelint'), ['check-all', '--no-cache', '--format', 'json', '--allow-empty-input'], dir] },
    { name: 'cclint', argv: (dir) => [bin('cclint'), ['-q', '--format', 'json'], dir] },
  ];
  const repos = readdirSync(source, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const copy = path.join(work, 'corpus');
  const time = (cmd, argv, cwd) => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(cmd, argv, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
    return { secs: Number(process.hrtime.bigint() - t0) / 1e9, status: r.status };
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const totals = Object.fromEntries(cmds.map((c) => [c.name, 0]));
  console.log(`peers on ${repos.length} repositories (${source}), each from its root, whole process, median of 3\n`);
  console.log(['repository'.padEnd(44), ...cmds.map((c) => c.name.padStart(17))].join(''));
  for (const repo of repos) {
    const dir = path.join(copy, repo);
    cpSync(path.join(source, repo), dir, { recursive: true });
    const cells = [];
    for (const c of cmds) {
      const [cmd, argv, cwd] = c.argv(dir);
      const runs = [0, 1, 2].map(() => time(cmd, argv, cwd));
      const secs = median(runs.map((r) => r.secs));
      totals[c.name] += secs;
      cells.push(`${secs.toFixed(3)} s (${runs[0].status})`.padStart(17));
    }
    console.log([repo.padEnd(44), ...cells].join(''));
  }
  console.log(['total'.padEnd(44), ...cmds.map((c) => `${totals[c.name].toFixed(3)} s`.padStart(17))].join(''));
  console.log('\n(exit status in brackets; each tool finds the files it knows how to check: the peers look in .claude/ only)');
} finally {
  rmSync(work, { recursive: true, force: true });
}
