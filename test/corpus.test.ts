/**
 * The real-world corpus (../shared/corpus) gives the counts of test/corpus-baseline.json,
 * project by project and rule by rule. A rule change that moves a count must update the baseline
 * in the same commit (`npm run corpus -- --update`), so every change in what agent-lint reports
 * on real projects is seen in review. Skipped when the corpus is absent (a fresh clone).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { resolveConfig } from '../src/config/resolve.js';
import { lint, planLint } from '../src/lint.js';
import { DocumentModel } from '../src/model/document.js';
import { BASELINE_FILE, CORPORA, CORPUS_DIR, corpusProjects, diffSummaries, summarizeCorpus, type Baseline } from './corpus/corpus.mjs';

const present = corpusProjects().length > 0;

describe.skipIf(!present)(`corpus (${CORPUS_DIR})`, () => {
  it('gives the counts of test/corpus-baseline.json', { timeout: 120_000 }, () => {
    expect(existsSync(BASELINE_FILE), 'test/corpus-baseline.json is missing: run `npm run corpus -- --update`').toBe(true);
    const baseline = JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline;
    const now = summarizeCorpus({ lint, planLint, resolveConfig, rules: ALL_RULES, DocumentModel });
    const diff = diffSummaries(baseline, now);
    expect(diff, `the corpus findings moved; if that is intended, run \`npm run corpus -- --update\` and commit test/corpus-baseline.json:\n  ${diff.join('\n  ')}\n`).toEqual([]);
  });

  it('finds, with no arguments, at least 95% of the markdown files that open with frontmatter in every project', () => {
    const baseline = JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline;
    expect(Object.keys(baseline.projects)).toEqual(corpusProjects());
    for (const [name, s] of Object.entries(baseline.projects)) {
      expect(s.files, name).toBeGreaterThan(0);
      expect(s.markdownLinted / s.markdownWithFrontmatter, name).toBeGreaterThanOrEqual(0.95);
    }
  });
});

const tools = CORPORA.tools;

describe.skipIf(corpusProjects(tools.dir).length === 0)(`corpus-tools (${tools.dir})`, () => {
  it('gives the counts of test/corpus-tools-baseline.json (agent-lint:strict)', { timeout: 120_000 }, () => {
    const baseline = JSON.parse(readFileSync(tools.baseline, 'utf8')) as Baseline;
    const now = summarizeCorpus({ lint, planLint, resolveConfig, rules: ALL_RULES, DocumentModel }, tools);
    const diff = diffSummaries(baseline, now);
    expect(diff, `the corpus-tools findings moved; if that is intended, run \`npm run corpus -- --tools --update\` and commit test/corpus-tools-baseline.json:\n  ${diff.join('\n  ')}\n`).toEqual([]);
  });

  it('lists, with no arguments, at least 95% of the files of every repository', () => {
    const baseline = JSON.parse(readFileSync(tools.baseline, 'utf8')) as Baseline;
    expect(Object.keys(baseline.projects)).toEqual(corpusProjects(tools.dir));
    for (const [name, s] of Object.entries(baseline.projects)) {
      expect(s.files / s.repoFiles!, name).toBeGreaterThanOrEqual(0.95);
      expect(s.byRule['internal-error'], name).toBeUndefined();
    }
  });
});
