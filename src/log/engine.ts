/**
 * The log engine: reads a delegation log (text in chunks), keeps the delegation tree it
 * describes, runs the log rules' visitors on each entry and collects their findings into an
 * ESLint-shaped result. A rule that throws becomes one internal-error and is not called again.
 * It knows no rule by name; the result's `source` holds only the lines that have findings.
 *
 * Memory is bounded by what is reported, not by what is read: at most MAX_KEPT_FINDINGS findings
 * are kept (later ones are counted), each with its line's text only when that is short, and a
 * followed log keeps none (each is handed to `onMessage` as it is made). The delegation tree costs
 * a few hundred bytes a story, so a log that names more than MAX_STORIES stories is checked up
 * to that line, and says so.
 */
import { compareMessages, internalError, summarize, type RuleSetting } from '../engine/engine.js';
import { reportText, type Rule } from '../engine/rule.js';
import type { Profile } from '../standard/profiles.js';
import type { LintMessage, LintResult, Location } from '../types.js';
import { keptLine, num, storyIds, type LogEntry } from './entry.js';
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
  /** Keep findings for the result (default true); a followed log hands them to `onMessage` only. */
  keep?: boolean;
}

/** The most findings a result lists; the counts go on past it. */
export const MAX_KEPT_FINDINGS = 10_000;

/** The most stories a log is checked for (about a day of delegations every 0.3 s). */
export const MAX_STORIES = 250_000;

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
  /** The story bound was reached: the rest of the log is not read. */
  #full = false;
  #errors = 0;
  #warnings = 0;

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
          reportAt: (loc, text, d) => this.#add(rule, setting, loc, text, d, reportText(rule.meta, d)),
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
    if (!this.#full) this.#reader.push(text);
  }

  /** The end of the log: end-of-log checks run and the result is returned. */
  end(): LintResult {
    if (!this.#full) this.#reader.end();
    this.#each((v) => v.end?.());
    return this.result();
  }

  /** Findings made and not listed in the result (past MAX_KEPT_FINDINGS, or not kept at all). */
  get unlisted(): number {
    return this.#errors + this.#warnings - this.#messages.length;
  }

  /**
   * The findings so far, as a result (sorted by position). Its counts are of every finding made,
   * listed or not; its `source` has the text of the lines with findings and empty lines between.
   */
  result(): LintResult {
    const messages = [...this.#messages].sort(compareMessages);
    const r = summarize({ filePath: this.options.filePath, messages, suppressedMessages: [] });
    r.errorCount = this.#errors;
    r.warningCount = this.#warnings;
    if (!messages.length) return r;
    let source = '';
    let at = 1;
    for (const line of [...this.#lines.keys()].sort((a, b) => a - b)) {
      source += '\n'.repeat(line - at) + this.#lines.get(line)!;
      at = line;
    }
    return { ...r, source };
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
    this.#keep(internalError(id, e, 'log'), '');
  }

  #unreadable(p: ReadProblem): void {
    this.#each((v) => v.unreadable?.(p));
  }

  #entry(e: LogEntry): void {
    if (this.#full) return;
    if (this.stories.size >= MAX_STORIES && this.#namesNewStory(e)) return this.#fill(e);
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

  #namesNewStory(e: LogEntry): boolean {
    const { parent, child } = storyIds(e);
    return (parent !== undefined && !this.stories.has(parent)) || (child !== undefined && !this.stories.has(child));
  }

  #fill(e: LogEntry): void {
    this.#full = true;
    const loc = e.start;
    this.#unreadable({
      message: `the log names more than ${MAX_STORIES.toLocaleString('en-US')} stories; it was checked up to line ${loc.line}`,
      help: `Expected at most ${MAX_STORIES.toLocaleString('en-US')} stories in one log, as each is kept in memory: check the log in parts (a file per day or per run).`,
      loc,
      lineText: e.lineText(loc.line),
    });
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
    const text = reportText(rule.meta, d);
    if (e.shape === 'registry' && e.sessionId !== undefined) {
      const key = `${e.sessionId}\u0000${id}\u0000${text.message}\u0000${text.help ?? ''}`;
      if (this.#seen.has(key)) return;
      this.#seen.add(key);
    }
    this.#add(rule, setting, loc, e.lineText(loc.line), d, text);
  }

  #add(rule: Rule, setting: RuleSetting, loc: Location, lineText: string, d: Omit<LogReport, 'range'>, text: { message: string; help?: string }): void {
    const severity: 1 | 2 = d.severity === 'warn' ? 1 : d.severity === 'error' ? 2 : setting.severity;
    const m: LintMessage = { ruleId: rule.meta.id, severity, message: text.message, ...loc, messageId: d.messageId };
    if (text.help) m.help = text.help;
    this.#keep(m, lineText);
  }

  #keep(m: LintMessage, lineText: string): void {
    if (m.severity === 2) this.#errors++;
    else this.#warnings++;
    if (this.options.keep !== false && this.#messages.length < MAX_KEPT_FINDINGS) {
      this.#messages.push(m);
      if (!this.#lines.has(m.line)) this.#lines.set(m.line, keptLine(lineText));
    }
    this.options.onMessage?.(m, lineText);
  }
}
