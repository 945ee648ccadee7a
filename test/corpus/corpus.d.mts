/** Types of corpus.mjs, for the TypeScript test that uses it. */
import type { LintPlan, LintRun } from '../../src/lint.js';
import type { ResolvedConfig } from '../../src/config/resolve.js';
import type { FileKind } from '../../src/types.js';

export interface Counts {
  errors: number;
  warnings: number;
}
export interface ProjectSummary extends Counts {
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

export const CORPUS_DIR: string;
export const BASELINE_FILE: string;
export function corpusProjects(dir?: string): string[];
export function lintProject(lib: Library, name: string, dir?: string): { cwd: string; config: ResolvedConfig; run: LintRun; plan: LintPlan };
export function summarizeProject(lib: Library, name: string, dir?: string): ProjectSummary;
export function summarizeCorpus(lib: Library, dir?: string): Baseline;
export function diffSummaries(before: Baseline | null, after: Baseline): string[];
export function formatSummary(b: Baseline): string;
