/** Types of corpus.mjs, for the TypeScript test that uses it. */
import type { LintPlan, LintRun } from '../../src/lint.js';
import type { ResolvedConfig } from '../../src/config/resolve.js';
import type { FileKind } from '../../src/types.js';

export interface Counts {
  errors: number;
  warnings: number;
}
export interface ProjectSummary extends Counts {
  /** corpus-tools only: every file of the repository. */
  repoFiles?: number;
  files: number;
  /** The linted markdown files (`files` counts JSON manifests too). */
  markdownLinted: number;
  /** The project's markdown files that open with frontmatter. */
  markdownWithFrontmatter: number;
  kinds: Record<string, number>;
  withReturnFormat: number;
  withDelegationContext: number;
  byRule: Record<string, Counts>;
}
export interface Baseline {
  generatedBy: string;
  projects: Record<string, ProjectSummary>;
  byRule: Record<string, Counts>;
}
export interface Library {
  lint: (...args: any[]) => LintRun;
  planLint: (...args: any[]) => LintPlan;
  resolveConfig: (...args: any[]) => ResolvedConfig;
  rules: readonly unknown[];
  DocumentModel: new (init: { filePath: string; relPath: string; kind: FileKind; text: string }) => unknown;
}

export interface Corpus {
  name: string;
  dir: string;
  baseline: string;
  raw: Record<string, unknown>;
  countRepoFiles: boolean;
}
export const CORPUS_DIR: string;
export const BASELINE_FILE: string;
export const CORPORA: { claude: Corpus; tools: Corpus };
export function corpusProjects(dir?: string): string[];
export function lintProject(lib: Library, name: string, corpus?: Corpus): { cwd: string; config: ResolvedConfig; run: LintRun; plan: LintPlan };
export function summarizeProject(lib: Library, name: string, corpus?: Corpus): ProjectSummary;
export function summarizeCorpus(lib: Library, corpus?: Corpus): Baseline;
export function diffSummaries(before: Baseline | null, after: Baseline): string[];
export function formatSummary(b: Baseline): string;
