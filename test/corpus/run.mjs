#!/usr/bin/env node
/**
 * `npm run corpus`: lints every project of ../shared/corpus (see corpus.mjs for how) with the
 * built agent-lint (dist/) and prints the findings per project and per rule, and how they differ
 * from test/corpus-baseline.json.
 *
 *   npm run corpus                       summary and differences from the baseline
 *   npm run corpus -- --update           write the summary to test/corpus-baseline.json
 *   npm run corpus -- --json             the summary as JSON
 *   npm run corpus -- --findings [project] [rule]
 *                                        every finding (file:line:col severity rule message),
 *                                        for reading them by hand
 *   npm run corpus -- --tools ...        the same on ../shared/corpus-tools (the other tools'
 *                                        files, agent-lint:strict), test/corpus-tools-baseline.json
 *   npm run corpus -- --errors-by-rule [project] [rule]
 *                                        every error, grouped by rule with a count per rule
 *                                        and project: what to read to judge a rule's precision
 *
 * Skips (exit 0) when the corpus is absent.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CORPORA, corpusProjects, diffSummaries, formatSummary, lintProject, summarizeCorpus } from './corpus.mjs';

const dist = path.resolve(import.meta.dirname, '../../dist');
const lib = {
  lint: (await import(`${dist}/src/lint.js`)).lint,
  resolveConfig: (await import(`${dist}/src/config/resolve.js`)).resolveConfig,
  rules: (await import(`${dist}/rules/index.js`)).ALL_RULES,
  DocumentModel: (await import(`${dist}/src/model/document.js`)).DocumentModel,
  planLint: (await import(`${dist}/src/lint.js`)).planLint,
};

const all = process.argv.slice(2);
/** `--tools`: ../shared/corpus-tools and test/corpus-tools-baseline.json instead. */
const corpus = all.includes('--tools') ? CORPORA.tools : CORPORA.claude;
const args = all.filter((a) => a !== '--tools');
const CORPUS_DIR = corpus.dir;
const BASELINE_FILE = corpus.baseline;
if (corpusProjects(CORPUS_DIR).length === 0) {
  console.log(`corpus not found at ${CORPUS_DIR}: nothing to do`);
  process.exit(0);
}

if (args[0] === '--findings') {
  const [, project, rule] = args;
  for (const name of corpusProjects(CORPUS_DIR)) {
    if (project && name !== project) continue;
    const { cwd, run } = lintProject(lib, name, corpus);
    for (const r of run.results) {
      for (const m of r.messages) {
        if (rule && m.ruleId !== rule) continue;
        const rel = path.relative(CORPUS_DIR, r.filePath);
        console.log(`${rel}:${m.line}:${m.column} ${m.severity === 2 ? 'error' : 'warn'} ${m.ruleId} ${m.message}`);
      }
    }
    void cwd;
  }
  process.exit(0);
}

if (args[0] === '--errors-by-rule') {
  const [, project, rule] = args;
  const byRule = new Map();
  for (const name of corpusProjects(CORPUS_DIR)) {
    if (project && project !== '-' && name !== project) continue;
    const { run } = lintProject(lib, name, corpus);
    for (const r of run.results) {
      for (const m of r.messages) {
        if (m.severity !== 2 || (rule && m.ruleId !== rule)) continue;
        const list = byRule.get(m.ruleId) ?? [];
        list.push(`${path.relative(CORPUS_DIR, r.filePath)}:${m.line}:${m.column} ${m.message}`);
        byRule.set(m.ruleId, list);
      }
    }
  }
  let total = 0;
  for (const id of [...byRule.keys()].sort()) {
    const list = byRule.get(id);
    total += list.length;
    const perProject = new Map();
    for (const l of list) perProject.set(l.split('/')[0], (perProject.get(l.split('/')[0]) ?? 0) + 1);
    console.log(`## ${id}: ${list.length} error${list.length === 1 ? '' : 's'} (${[...perProject].map(([p, n]) => `${p} ${n}`).join(', ')})`);
    for (const l of list) console.log(`  ${l}`);
    console.log('');
  }
  console.log(`${total} error${total === 1 ? '' : 's'} in all`);
  process.exit(0);
}

const t0 = performance.now();
const summary = summarizeCorpus(lib, corpus);
const ms = performance.now() - t0;

if (args.includes('--json')) {
  console.log(JSON.stringify(summary, null, 2));
  process.exit(0);
}
if (args.includes('--update')) {
  writeFileSync(BASELINE_FILE, JSON.stringify(summary, null, 2) + '\n');
  console.log(formatSummary(summary));
  console.log(`wrote ${path.relative(process.cwd(), BASELINE_FILE)} (${(ms / 1000).toFixed(1)} s)`);
  process.exit(0);
}
console.log(formatSummary(summary));
const baseline = existsSync(BASELINE_FILE) ? JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) : null;
const diff = diffSummaries(baseline, summary);
if (diff.length === 0) console.log(`same as ${path.basename(BASELINE_FILE)} (${(ms / 1000).toFixed(1)} s)`);
else {
  console.log(`differs from ${path.basename(BASELINE_FILE)}:\n  ${diff.join('\n  ')}\nrun \`npm run corpus -- --update\` to accept the new counts`);
  process.exitCode = 1;
}
