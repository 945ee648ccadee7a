/**
 * One log checked end to end, for the command line and the library: the profile in force (the
 * configured one, else the one whose log the text is: the bounded variant's events or the 2.0
 * standard's registry), the log rules with their settings, and the summary collector.
 */
import type { RuleSetting } from '../engine/engine.js';
import type { Rule } from '../engine/rule.js';
import { getProfile } from '../standard/profiles.js';
import type { LintMessage, LintResult, StandardName } from '../types.js';
import { LogChecker } from './engine.js';
import { SummaryCollector, type LogSummary } from './summary.js';

/** The profile whose log a text is, from its first lines: events are bounded's, registries 2.0's. */
export function standardOfLog(head: string): StandardName {
  const firstLine = head.split('\n', 64).find((l) => l.trim() !== '') ?? '';
  return /"(?:child_story|parent_story|event)"\s*:/.test(firstLine) ? 'bounded' : 'v2';
}

export interface LogRunOptions {
  filePath: string;
  rules: readonly Rule[];
  /** The rules in force, by id (only log rules are used). */
  settings: ReadonlyMap<string, RuleSetting>;
  /** The configured or requested standard; none: by the log's shape. */
  standard?: StandardName;
  /** The first text of the log (at least its first line), to pick the profile by. */
  head: string;
  now?: number;
  following?: boolean;
  onMessage?: (m: LintMessage, lineText: string) => void;
  /** Keep findings for the result (default true); a followed log hands them to `onMessage` only. */
  keep?: boolean;
  /** Collect the summary (default true): a story or session costs memory only when it is asked for. */
  summary?: boolean;
}

export interface LogRunResult {
  result: LintResult;
  summary: LogSummary;
  standard: StandardName;
  layout: 'lines' | 'snapshot' | 'empty';
  entries: number;
  /** Findings counted in the result and not listed in it (past MAX_KEPT_FINDINGS). */
  unlisted: number;
}

export class LogRun {
  readonly standard: StandardName;
  readonly checker: LogChecker;
  readonly #collector = new SummaryCollector();

  constructor(o: LogRunOptions) {
    this.standard = o.standard ?? standardOfLog(o.head);
    this.checker = new LogChecker({
      filePath: o.filePath,
      rules: o.rules.filter((r) => r.meta.checks === 'logs'),
      settings: o.settings,
      profile: getProfile(this.standard),
      now: o.now,
      following: o.following,
      onMessage: o.onMessage,
      keep: o.keep,
      observers: o.summary === false ? [] : [this.#collector],
    });
  }

  push(text: string): void {
    this.checker.push(text);
  }

  summary(): LogSummary {
    return this.#collector.summary();
  }

  end(): LogRunResult {
    const result = this.checker.end();
    return { result, summary: this.summary(), standard: this.standard, layout: this.checker.layout, entries: this.checker.entryCount, unlisted: this.checker.unlisted };
  }
}
