import type { RuleMeta } from '../engine/rule.js';
import type { LintResult } from '../types.js';

export interface FormatContext {
  /** Paths in the output are relative to this directory (where a format uses relative paths). */
  cwd: string;
  /**
   * The repository root: SARIF and GitHub annotations give paths relative to it, as code
   * scanning and the Actions runner expect (default: cwd).
   */
  root?: string;
  /** Metadata of every rule that can appear, by id. */
  rules: ReadonlyMap<string, RuleMeta>;
  color: boolean;
  /** The terminal's width in columns, which code frames fit (default 80). */
  width?: number;
}

/** A formatter is a pure function of the results. */
export type Formatter = (results: readonly LintResult[], ctx: FormatContext) => string;
