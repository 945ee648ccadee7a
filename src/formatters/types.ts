import type { RuleMeta } from '../engine/rule.js';
import type { LintResult } from '../types.js';

export interface FormatContext {
  /** Paths in the output are relative to this directory (where a format uses relative paths). */
  cwd: string;
  /** Metadata of every rule that can appear, by id. */
  rules: ReadonlyMap<string, RuleMeta>;
  color: boolean;
}

/** A formatter is a pure function of the results. */
export type Formatter = (results: readonly LintResult[], ctx: FormatContext) => string;
