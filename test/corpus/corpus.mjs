/**
 * Linting the real-world corpus (../shared/corpus: one folder per repository) and summing the
 * findings per project and per rule. Shared by `npm run corpus` (run.mjs, on the built dist/)
 * and test/corpus.test.ts (on the TypeScript sources): the caller hands in the library.
 *
 * Each project folder is linted on its own, from its own folder, as a user would run
 * `agent-lint` with no arguments at the root of that repository: default discovery, the
 * recommended rules and no config. A file's kind is the one discovery gives (by folder, plugin
 * manifest or frontmatter; src/discovery/classify.ts). `markdownLinted` counts the linted markdown
 * files (`files` also counts JSON manifests) and `markdownWithFrontmatter` the project's markdown
 * files that open with frontmatter, so the share discovery finds is pinned too.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The corpus: $AGENT_LINT_CORPUS, else `shared/corpus` beside the project folder or beside one
 * of its parents (a worktree in a subfolder finds the same ../shared).
 */
function findCorpus(name, env) {
  if (process.env[env]) return path.resolve(process.env[env]);
  for (let d = ROOT; ; d = path.dirname(d)) {
    const c = path.join(path.dirname(d), 'shared', name);
    if (existsSync(c)) return c;
    if (path.dirname(d) === d) return path.join(path.dirname(ROOT), 'shared', name);
  }
}

export const CORPUS_DIR = findCorpus('corpus', 'AGENT_LINT_CORPUS');
export const BASELINE_FILE = path.resolve(import.meta.dirname, '../corpus-baseline.json');

/**
 * The two corpora: Claude Code's and OpenCode's projects, linted with the recommended rules; and
 * ../shared/corpus-tools (the other tools' files, one folder per repository), linted with
 * agent-lint:strict so that every rule that names their kinds is pinned, with each repository's
 * file count (`repoFiles`: discovery must list 95% of them).
 * @typedef {{ name: string, dir: string, baseline: string, raw: Record<string, unknown>, countRepoFiles: boolean }} Corpus
 * @type {Record<'claude' | 'tools', Corpus>}
 */
export const CORPORA = {
  claude: { name: 'corpus', dir: CORPUS_DIR, baseline: BASELINE_FILE, raw: {}, countRepoFiles: false },
  tools: { name: 'corpus-tools', dir: findCorpus('corpus-tools', 'AGENT_LINT_CORPUS_TOOLS'), baseline: path.resolve(import.meta.dirname, '../corpus-tools-baseline.json'), raw: { extends: 'agent-lint:strict' }, countRepoFiles: true },
};

/** The repository folders of the corpus, sorted; [] when the corpus is absent. */
export function corpusProjects(dir = CORPUS_DIR) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => !n.startsWith('.') && statSync(path.join(dir, n)).isDirectory())
    .sort();
}

/**
 * @typedef {{ errors: number, warnings: number }} Counts
 * @typedef {{ repoFiles?: number, files: number, markdownLinted: number, markdownWithFrontmatter: number, kinds: Record<string, number>, withReturnFormat: number,
 *   withDelegationContext: number, errors: number, warnings: number, byRule: Record<string, Counts> }} ProjectSummary
 * @typedef {{ generatedBy: string, projects: Record<string, ProjectSummary>, byRule: Record<string, Counts> }} Baseline
 * @typedef {{ lint: Function, planLint: Function, resolveConfig: Function, rules: readonly any[], DocumentModel: any }} Library
 */

const sortKeys = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
const toPosix = (p) => p.split(path.sep).join('/');

/** Lints one project with no arguments; returns its results, its config and what discovery found. */
export function lintProject(lib, name, corpus = CORPORA.claude) {
  const cwd = path.join(corpus.dir, name);
  const config = lib.resolveConfig({ file: null, dir: cwd, raw: corpus.raw }, lib.rules);
  const req = { cwd, patterns: [], rules: lib.rules, config };
  const plan = lib.planLint(req);
  const run = lib.lint(req, plan);
  return { cwd, config, run, plan };
}

/** The markdown files of a folder (node_modules and .git left out) that open with frontmatter. */
function markdownWithFrontmatter(dir) {
  let n = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === '.git') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && e.name.endsWith('.md') && /^\uFEFF?---[ \t]*\r?\n/.test(readFileSync(p, 'utf8').slice(0, 16))) n++;
    }
  };
  walk(dir);
  return n;
}

/** Every file of a folder (files and links; node_modules and .git left out). */
function repoFiles(dir) {
  let n = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === '.git') continue;
      if (e.isDirectory()) walk(path.join(d, e.name));
      else n++;
    }
  };
  walk(dir);
  return n;
}

/** @returns {ProjectSummary} */
export function summarizeProject(lib, name, corpus = CORPORA.claude) {
  const { cwd, run, plan } = lintProject(lib, name, corpus);
  /** @type {ProjectSummary} */
  const s = { ...(corpus.countRepoFiles ? { repoFiles: repoFiles(cwd) } : {}), files: run.results.length, markdownLinted: run.results.filter((r) => r.filePath.endsWith('.md')).length, markdownWithFrontmatter: markdownWithFrontmatter(cwd), kinds: {}, withReturnFormat: 0, withDelegationContext: 0, errors: 0, warnings: 0, byRule: {} };
  for (const r of run.results) {
    const rel = toPosix(path.relative(cwd, r.filePath));
    const kind = plan.kinds.get(r.filePath)?.kind ?? 'other';
    s.kinds[kind] = (s.kinds[kind] ?? 0) + 1;
    // A result holds its text only when it has messages; read the others.
    const text = r.source ?? (r.messages.some((m) => m.ruleId === 'file-unreadable' || m.ruleId === 'file-encoding') ? undefined : readFileSync(r.filePath, 'utf8'));
    if (text !== undefined) {
      const doc = new lib.DocumentModel({ filePath: r.filePath, relPath: rel, kind, text });
      if (doc.returnFormats.length) s.withReturnFormat++;
      if (doc.delegationContexts.length) s.withDelegationContext++;
    }
    for (const m of r.messages) {
      const c = (s.byRule[m.ruleId] ??= { errors: 0, warnings: 0 });
      if (m.severity === 2) {
        c.errors++;
        s.errors++;
      } else {
        c.warnings++;
        s.warnings++;
      }
    }
  }
  s.kinds = sortKeys(s.kinds);
  s.byRule = sortKeys(s.byRule);
  return s;
}

/** @returns {Baseline} */
export function summarizeCorpus(lib, corpus = CORPORA.claude) {
  /** @type {Baseline} */
  const out = { generatedBy: `npm run corpus -- ${corpus === CORPORA.tools ? '--tools ' : ''}--update`, projects: {}, byRule: {} };
  for (const name of corpusProjects(corpus.dir)) {
    const s = summarizeProject(lib, name, corpus);
    out.projects[name] = s;
    for (const [id, c] of Object.entries(s.byRule)) {
      const t = (out.byRule[id] ??= { errors: 0, warnings: 0 });
      t.errors += c.errors;
      t.warnings += c.warnings;
    }
  }
  out.byRule = sortKeys(out.byRule);
  return out;
}

/** Differences between two summaries, one line each (empty when they agree). */
export function diffSummaries(before, after) {
  const lines = [];
  const flat = (b) => {
    const m = new Map();
    for (const [p, s] of Object.entries(b?.projects ?? {})) {
      for (const k of ['repoFiles', 'files', 'markdownLinted', 'markdownWithFrontmatter', 'withReturnFormat', 'withDelegationContext', 'errors', 'warnings']) m.set(`${p} ${k}`, s[k]);
      for (const [kind, n] of Object.entries(s.kinds)) m.set(`${p} kind ${kind}`, n);
      for (const [id, c] of Object.entries(s.byRule)) {
        m.set(`${p} ${id} errors`, c.errors);
        m.set(`${p} ${id} warnings`, c.warnings);
      }
    }
    return m;
  };
  const a = flat(before);
  const b = flat(after);
  for (const key of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const x = a.get(key) ?? 0;
    const y = b.get(key) ?? 0;
    if (x !== y) lines.push(`${key}: ${x} -> ${y}`);
  }
  return lines;
}

/** A plain-text table of a summary: one row per project, one per rule. */
export function formatSummary(b) {
  const rows = [['project', 'files', 'kinds', 'returns', 'contexts', 'errors', 'warnings']];
  for (const [p, s] of Object.entries(b.projects)) {
    rows.push([p, s.files, Object.entries(s.kinds).map(([k, n]) => `${k} ${n}`).join(', '), s.withReturnFormat, s.withDelegationContext, s.errors, s.warnings].map(String));
  }
  const ruleRows = [['rule', ...Object.keys(b.projects).map((p) => p.split('__')[0])]];
  for (const id of Object.keys(b.byRule)) {
    ruleRows.push([id, ...Object.values(b.projects).map((s) => {
      const c = s.byRule[id];
      return c ? `${c.errors}e ${c.warnings}w` : '-';
    })]);
  }
  const table = (rs) => {
    const w = rs[0].map((_, i) => Math.max(...rs.map((r) => String(r[i]).length)));
    return rs.map((r) => r.map((c, i) => String(c).padEnd(w[i])).join('  ').trimEnd()).join('\n');
  };
  return `${table(rows)}\n\n${table(ruleRows)}\n`;
}
