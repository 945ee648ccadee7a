/**
 * What a rule is: plain metadata plus a check function. Rules live in `rules/`, one file each;
 * the engine runs whatever rules it is handed and knows none of them by name.
 */
import type { DocumentModel } from '../model/document.js';
import type { Profile } from '../standard/profiles.js';
import type { FileKind, ReportDescriptor, SeverityName } from '../types.js';
import type { ProjectView } from '../model/project.js';
import type { LogRuleContext, LogVisitor } from '../log/rule-types.js';

export interface RuleMeta {
  /** The public kebab-case id. */
  id: string;
  /** One line: what the rule checks. */
  description: string;
  /** Longer text for SARIF fullDescription and docs. */
  details?: string;
  /** Severity when enabled by `agent-lint:recommended` (`off`: only in strict or when configured). */
  severity: SeverityName;
  /** Severity in `agent-lint:strict` (default: same as `severity`, `off` becomes `warn`). */
  strictSeverity?: SeverityName;
  /** File kinds the rule applies to (default: the markdown kinds; a JSON kind only when named). */
  kinds?: FileKind[];
  /** Runs only in projects that use the delegation standard (or with `standard` set in config). */
  requiresStandard?: boolean;
  /** Profiles the rule applies under (default: all). */
  profiles?: Array<Profile['name']>;
  /**
   * Where the rule comes from, for the docs (the rules table's profile column): a profile name for
   * a rule that enforces that profile's construct wherever it occurs, under every profile (the
   * bounded `[delegate:]` marker); `false` for a rule that checks no part of the delegation
   * standard (frontmatter, references between files). Default: the standard, under `profiles`.
   */
  standard?: Profile['name'] | false;
  /**
   * The help of the rule's findings, by message id (`default`: a report without one): what was
   * expected and how to fix it, apart from the one-sentence message. A report's own `help` wins.
   */
  help?: Record<string, string>;
  /** The rule may return fixes (repairs --fix applies: certainly right). */
  fixable?: boolean;
  /** The rule may offer suggestions (repairs a person chooses; ESLint's `meta.hasSuggestions`). */
  hasSuggestions?: boolean;
  /** JSON Schema of the rule's options object. */
  schema?: Record<string, unknown>;
  /** Option defaults (merged under the profile's and the user's). */
  defaultOptions?: Record<string, unknown>;
  /**
   * Costly views the rule uses, loaded before the run: `markdown` (the remark tree behind
   * `doc.markdown()`). Everything else in the document model is built on demand.
   */
  needs?: Array<'markdown'>;
  /** The rule is an engine diagnostic (internal-error): it is never run. */
  internal?: boolean;
  /** What the rule checks: specs (default) or delegation logs (`check-log`; see `checkLog`). */
  checks?: 'specs' | 'logs';
}

export interface RuleContext<O = Record<string, unknown>> {
  readonly doc: DocumentModel;
  readonly project: ProjectView;
  readonly profile: Profile;
  readonly options: O;
  report(descriptor: ReportDescriptor): void;
}

export interface ProjectRuleContext<O = Record<string, unknown>> {
  readonly project: ProjectView;
  readonly profile: Profile;
  /** Options in force for a document (overrides may differ per file). */
  optionsFor(doc: DocumentModel): O;
  /** Whether the rule is enabled for that document. */
  enabledFor(doc: DocumentModel): boolean;
  report(doc: DocumentModel, descriptor: ReportDescriptor): void;
}

export interface Rule<O = any> {
  meta: RuleMeta;
  /** Per-file check. */
  check?(ctx: RuleContext<O>): void;
  /** Cross-file check, run once per project after the per-file checks. */
  checkProject?(ctx: ProjectRuleContext<O>): void;
  /**
   * A check of delegation logs and registries (`agent-lint check-log`), not of specs: returns
   * the visitors the log engine calls for each entry and at the end of the log.
   */
  checkLog?(ctx: LogRuleContext<O>): LogVisitor;
}

export function defineRule<O = Record<string, unknown>>(rule: Rule<O>): Rule<O> {
  return rule;
}

/** Loads what the given rules declare they need (call before linting with them). */
export async function prepareRules(rules: readonly Rule[]): Promise<void> {
  if (rules.some((r) => r.meta.needs?.includes('markdown'))) {
    const { loadMarkdownParser } = await import('../model/markdown.js');
    await loadMarkdownParser();
  }
}
