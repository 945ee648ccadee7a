/**
 * The log engine: reads a delegation log (text in chunks), keeps the delegation tree it
 * describes, runs the log rules' visitors on each entry and collects their findings into an
 * ESLint-shaped result. A rule that throws becomes one internal-error and is not called again.
 * It knows no rule by name; the result's `source` holds only the lines that have findings.
 */
import { compareMessages, internalError, summarize, type RuleSetting } from '../engine/engine.js';
import type { Rule } from '../engine/rule.js';
import type { Profile } from '../standard/profiles.js';
import type { LintMessage, LintResult, Location } from '../types.js';
import { num, storyIds, type LogEntry } from './entry.js';
import { entryProblems } from './fields.js';
import { LogReader, type ReadProblem } from './read.js';
import type { DelegationFacts, LogReport, LogVisitor } from './rule-types.js';
import { StoryForest } from './stories.js';

export interface LogCheckOptions {
  filePath: string;
  /** The rules to run: those of them with `checkLog` and a setting are used. */
  rules: readonly Rule[];
  settings: ReadonlyMap<string, RuleSetting>;
  profile: Profile;
  /** "Now", in ms since the epoch (default: the clock when the check starts). */
  now?: number;
  /** The log is followed as it grows (delegations still open at its end are not hangs). */
  following?: boolean;
  /** Visitors that only watch (the summary): called after the rules, for well-formed entries. */
  observers?: readonly LogVisitor[];
  /** Called with each finding as soon as it is made (for a log that is followed). */
  onMessage?: (m: LintMessage, lineText: string) => void;
}

/** A delegated story id of the bounded convention (`US-007-DEL-001`): its depth cannot be 0. */
const DELEGATED_ID = /-DEL-\d+/;

export class LogChecker {
  readonly stories = new StoryForest();
  readonly #reader: LogReader;
  readonly #visitors: Array<{ id: string; v: LogVisitor }> = [];
  readonly #messages: LintMessage[] = [];
  readonly #lines = new Map<number, string>();
  /** Registry findings already made, so repeated snapshots of one session report once. */
  readonly #seen = new Set<string>();
  #entries = 0;

  constructor(readonly options: LogCheckOptions) {
    const now = options.now ?? Date.now();
    for (const rule of options.rules) {
      const setting = options.settings.get(rule.meta.id);
      if (!rule.checkLog || !setting) continue;
      const id = rule.meta.id;
      try {
        const v = rule.checkLog({
          options: setting.options,
          profile: options.profile,
          now,
          following: options.following === true,
          stories: this.stories,
          report: (e, d) => this.#report(rule, setting, e, d),
          reportAt: (loc, text, d) => this.#add(rule, setting, loc, text, d),
        });
        this.#visitors.push({ id, v });
      } catch (e) {
        this.#crash(id, e);
      }
    }
    this.#reader = new LogReader({ entry: (e) => this.#entry(e), problem: (p) => this.#unreadable(p) });
  }

  /** How the log was laid out, once its first line was read. */
  get layout(): 'lines' | 'snapshot' | 'empty' {
    return this.#reader.layout;
  }

  /** Entries read so far. */
  get entryCount(): number {
    return this.#entries;
  }

  push(text: string): void {
    this.#reader.push(text);
  }

  /** The end of the log: end-of-log checks run and the result is returned. */
  end(): LintResult {
    this.#reader.end();
    this.#each((v) => v.end?.());
    return this.result();
  }

  /** The findings so far, as a result (sorted by position). */
  result(): LintResult {
    const messages = [...this.#messages].sort(compareMessages);
    const last = messages.reduce((n, m) => Math.max(n, m.line), 0);
    const parts: string[] = [];
    for (let l = 1; l <= last; l++) parts.push(this.#lines.get(l) ?? '');
    const r = summarize({ filePath: this.options.filePath, messages, suppressedMessages: [] });
    return messages.length ? { ...r, source: parts.join('\n') } : r;
  }

  #each(call: (v: LogVisitor) => void): void {
    for (let i = 0; i < this.#visitors.length; i++) {
      const { id, v } = this.#visitors[i]!;
      try {
        call(v);
      } catch (e) {
        this.#crash(id, e);
        this.#visitors.splice(i--, 1);
      }
    }
  }

  #crash(id: string, e: unknown): void {
    const m = internalError(id, e, 'log');
    this.#messages.push(m);
    this.options.onMessage?.(m, '');
  }

  #unreadable(p: ReadProblem): void {
    this.#each((v) => v.unreadable?.(p));
  }

  #entry(e: LogEntry): void {
    this.#entries++;
    const problems = entryProblems(e);
    if (problems.length) {
      this.#each((v) => v.invalid?.(e, problems));
      return;
    }
    const facts = this.#facts(e);
    this.#each((v) => v.entry?.(e, facts));
    for (const o of this.options.observers ?? []) o.entry?.(e, facts);
  }

  /** Links the event's parent and child into the tree, and says what the link was. */
  #facts(e: LogEntry): DelegationFacts | undefined {
    const { parent, child } = storyIds(e);
    if (parent === undefined || child === undefined) return undefined;
    const logged = this.stories.loggedDepth(parent);
    const parentDepth = logged ?? (this.stories.parentOf(parent) === undefined && !DELEGATED_ID.test(parent) ? 0 : undefined);
    const link = this.stories.link(parent, child);
    const depth = num(e, 'depth');
    if (link === 'new' && depth !== undefined) this.stories.setDepth(child, depth);
    return { parent, child, link, parentDepth, root: this.stories.rootOf(child), delegationsInTree: this.stories.delegationsInTree(child) };
  }

  #report(rule: Rule, setting: RuleSetting, e: LogEntry, d: LogReport): void {
    const id = rule.meta.id;
    const range = d.range ?? { start: (e.sessionRange ?? e.node.range).start, end: (e.sessionRange ?? e.node.range).start + 1 };
    const loc = e.locate(range);
    if (e.shape === 'registry' && e.sessionId !== undefined) {
      const key = `${e.sessionId}\u0000${id}\u0000${d.message}\u0000${d.help ?? ''}`;
      if (this.#seen.has(key)) return;
      this.#seen.add(key);
    }
    this.#add(rule, setting, loc, e.lineText(loc.line), d);
  }

  #add(rule: Rule, setting: RuleSetting, loc: Location, lineText: string, d: Omit<LogReport, 'range'>): void {
    const severity: 1 | 2 = d.severity === 'warn' ? 1 : d.severity === 'error' ? 2 : setting.severity;
    const m: LintMessage = { ruleId: rule.meta.id, severity, message: d.message, ...loc };
    if (d.messageId) m.messageId = d.messageId;
    // The help: the report's own, else the rule's for the message id (`default` without one).
    const help = d.help ?? rule.meta.help?.[d.messageId ?? 'default'];
    if (help) m.help = help;
    if (!this.#lines.has(loc.line)) this.#lines.set(loc.line, lineText);
    this.#messages.push(m);
    this.options.onMessage?.(m, lineText);
  }
}
