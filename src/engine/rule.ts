/**
 * What a rule is: plain metadata plus a check function. Rules live in `rules/`, one file each;
 * the engine runs whatever rules it is handed and knows none of them by name.
 */
import type { DocumentModel } from '../model/document.js';
import type { Profile } from '../standard/profiles.js';
import type { FileKind, ReportDescriptor, SeverityName } from '../types.js';
import type { ProjectView } from '../model/project.js';
import type { LogRuleContext, LogVisitor } from '../log/rule-types.js';

/** One kind of finding of a rule; `{{name}}` in either text stands for the report's `data.name`. */
export interface RuleMessage {
  /** One short sentence (about 100 characters at most): what is wrong, and where. */
  message: string;
  /** What was expected and how to fix it (a help that fills to nothing is left out). */
  help?: string;
}

export interface RuleMeta {
  /** The public kebab-case id. */
  id: string;
  /** One line: what the rule checks. Its prose lives on its page, docs/rules/<id>.md. */
  description: string;
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
   * The rule's findings by message id (ESLint's `meta.messages`): a report names one and gives
   * the values of its `{{placeholders}}` as `data`.
   */
  messages?: Record<string, RuleMessage>;
  /** The rule may return fixes (repairs --fix applies: certainly right). */
  fixable?: boolean;
  /** The rule may offer suggestions (repairs a person chooses; ESLint's `meta.hasSuggestions`). */
  hasSuggestions?: boolean;
  /** JSON Schema of the rule's options object (`optionsSchema` writes it). */
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

/** The JSON Schema of a rule's options: an object of these properties, and no other. */
export function optionsSchema(properties: Record<string, Record<string, unknown>>): Record<string, unknown> {
  return { type: 'object', additionalProperties: false, properties };
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * A message's text with its placeholders filled from `data` (a value is not searched for
 * placeholders in turn). Rules call it only to pick a wording by the length of the result.
 */
export function fillTemplate(template: string, data: Readonly<Record<string, string | number>> | undefined): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const v = data?.[name];
    if (v === undefined) throw new Error(`no data for {{${name}}} in "${template}"`);
    return String(v);
  });
}

/** The text of a report: its message id's message and help in the rule's meta, filled from its data. */
export function reportText(meta: RuleMeta, d: { messageId?: string; data?: Readonly<Record<string, string | number>> }): { message: string; help?: string } {
  const m = d.messageId === undefined ? undefined : meta.messages?.[d.messageId];
  if (!m) throw new Error(`reported the message id "${d.messageId}", which the rule's meta.messages lacks`);
  const message = fillTemplate(m.message, d.data);
  const help = m.help === undefined ? '' : fillTemplate(m.help, d.data);
  return help ? { message, help } : { message };
}

/** Loads what the given rules declare they need (call before linting with them). */
export async function prepareRules(rules: readonly Rule[]): Promise<void> {
  if (rules.some((r) => r.meta.needs?.includes('markdown'))) {
    const { loadMarkdownParser } = await import('../model/markdown.js');
    await loadMarkdownParser();
  }
}
