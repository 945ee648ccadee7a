/**
 * Public types shared by the engine, the document model, the rules and the formatters.
 * Nothing here imports anything else of the project but the kinds table's types.
 */

/** What a file is, by its path (or by config): one entry of the kinds table. */
export type { FileKind, JsonFileKind } from './model/kinds.js';

/** The standard profiles: Delegation Standard 2.0, Return Format 1.0, bounded delegation. */
export type StandardName = 'v2' | 'v1' | 'bounded';

/** 1 = warning, 2 = error (ESLint's numbers). 0 = off. */
export type SeverityLevel = 0 | 1 | 2;
export type SeverityName = 'off' | 'warn' | 'error';

/** A zero-based offset range into the document's text (end exclusive). */
export interface Range {
  start: number;
  end: number;
}

/** One-based line and column, end exclusive, as ESLint reports them. */
export interface Location {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** A text edit: replace text[range.start, range.end) with `text`. */
export interface Fix {
  range: [number, number];
  text: string;
}

/**
 * A repair a person may choose (ESLint's suggestion): offered by the editor, the JSON output and
 * --fix-dry-run, never applied by --fix. For repairs that are not certainly right, or where
 * several repairs are possible (the depth or the path may be the wrong one).
 */
export interface Suggestion {
  /** What applying it does, as an editor shows it ("Set delegation_depth to 1"). */
  desc: string;
  messageId?: string;
  fix: Fix;
}

/** One finding, as the formatters see it (ESLint's message shape plus our extras). */
export interface LintMessage extends Location {
  ruleId: string;
  severity: 1 | 2;
  message: string;
  /** A machine-friendly id of the message within its rule (the rule's `meta.messages` key). */
  messageId?: string;
  /** What was expected and how to fix it (the message says only what is wrong, in one sentence). */
  help?: string;
  fix?: Fix;
  /** Repairs a person may choose; --fix never applies them. */
  suggestions?: Suggestion[];
  /** Other places the finding involves (for SARIF relatedLocations, graph cycles ...). */
  related?: Array<{ filePath: string; message: string } & Location>;
  /** Set by the engine on internal-error and fatal parse problems. */
  fatal?: boolean;
  /**
   * On a suppressed message: what suppressed it (ESLint's shape): an inline directive, or the
   * bulk suppressions file (`file`).
   */
  suppressions?: Array<{ kind: 'directive' | 'file'; justification: string }>;
}

/** The per-file result, in ESLint's JSON shape. */
export interface LintResult {
  filePath: string;
  messages: LintMessage[];
  suppressedMessages: LintMessage[];
  errorCount: number;
  warningCount: number;
  fatalErrorCount: number;
  fixableErrorCount: number;
  fixableWarningCount: number;
  /** The file's text, for a file with messages (code frames); not serialised. */
  source?: string;
  /** The text after --fix, when fixes were applied (not serialised). */
  output?: string;
}

/** The rule-facing report: which of the rule's messages, its data, and where. */
export interface ReportDescriptor {
  /** The id of the finding in the rule's `meta.messages`. */
  messageId: string;
  /** The values of the message's and the help's `{{placeholders}}`. */
  data?: Record<string, string | number>;
  /** Where: an offset range in the document's text, or a one-based location. */
  range?: Range;
  loc?: Partial<Location> & { line: number; column: number };
  /** Overrides the rule's configured severity (e.g. a rule with warning and error findings). */
  severity?: 'warn' | 'error';
  /** A repair that is certainly right: --fix applies it. */
  fix?: Fix;
  /** Repairs a person may choose (the rule's meta must say `hasSuggestions`). */
  suggest?: Suggestion[];
  related?: LintMessage['related'];
}
