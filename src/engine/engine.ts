/**
 * The engine: runs the rules it is handed over the documents of one project and collects
 * their findings into ESLint-shaped results. It knows no rule by name.
 */
import type { DocumentModel } from '../model/document.js';
import type { Profile } from '../standard/profiles.js';
import type { Fix, LintMessage, LintResult, Location, ReportDescriptor } from '../types.js';
import type { ProjectView } from '../model/project.js';
import { reportText, type Rule, type RuleContext } from './rule.js';
import { parseDisableComments, type Suppressions } from './suppressions.js';
import { clip, MAX_MESSAGE } from '../util/clip.js';

/** The id under which a crashing rule, or a file that cannot be read, is reported. */
export const INTERNAL_ERROR = 'internal-error';

export interface RuleSetting {
  severity: 1 | 2;
  options: Record<string, unknown>;
}

export interface EngineInput {
  project: ProjectView;
  profile: Profile;
  rules: readonly Rule[];
  /** The documents to report on (the project may hold more, for context only). */
  targets: readonly DocumentModel[];
  /** The rules in force for a document, by id (absent or severity 0: off). */
  settingsFor(doc: DocumentModel): ReadonlyMap<string, RuleSetting>;
  /**
   * The profile for a document when it differs from `profile` (a project's own return format
   * in force for it). Asked only when a rule reads the profile of that document.
   */
  profileFor?(doc: DocumentModel): Profile;
  /**
   * When given, each rule's time in milliseconds is added to it by rule id (TIMING=1). A view of
   * the document model is built by the first rule that reads it, and counts as that rule's time.
   */
  timing?: Map<string, number>;
}

/** Runs `fn`, adding its time to `timing` under `id` when timing is on. */
function timed(timing: Map<string, number> | undefined, id: string, fn: () => void): void {
  if (!timing) return fn();
  const t0 = performance.now();
  try {
    fn();
  } finally {
    timing.set(id, (timing.get(id) ?? 0) + performance.now() - t0);
  }
}

function applies(rule: Rule, doc: DocumentModel, input: EngineInput): boolean {
  return appliesToKind(rule, doc, input) && appliesInProject(rule, doc, input);
}

/** What applies() asks of the file's kind and the run's profile: the same for every file of a kind. */
function appliesToKind(rule: Rule, doc: Pick<DocumentModel, 'kind' | 'getsDefaultRules'>, input: EngineInput): boolean {
  const m = rule.meta;
  if (m.internal) return false;
  // A rule without `kinds` runs on the kinds the table gives the default rules (Claude Code's and
  // OpenCode's markdown); every other kind is checked only by the rules that name it.
  if (m.kinds ? !m.kinds.includes(doc.kind) : !doc.getsDefaultRules) return false;
  if (m.profiles && !m.profiles.includes(input.profile.name)) return false;
  return true;
}

/** What applies() asks of the project: whether it follows the standard, for a rule that needs it. */
function appliesInProject(rule: Rule, doc: DocumentModel, input: EngineInput): boolean {
  return !rule.meta.requiresStandard || input.project.usesStandardFor(doc);
}

class Collector {
  readonly messages: LintMessage[] = [];
  readonly suppressed: LintMessage[] = [];
  #suppressions?: Suppressions;
  constructor(readonly doc: DocumentModel) {}

  get suppressions(): Suppressions {
    if (!this.#suppressions) {
      const d = this.doc;
      try {
        // Scoped: `#` directives only in a markdown file's frontmatter (in TOML and Codex's
        // Starlark rules, `#` comments anywhere), none inside fenced code examples.
        // JSON has no comments: its findings are suppressed by config (`ignores`, `overrides`).
        const hashComments = d.format === 'markdown' ? (d.frontmatter?.contentRange ?? null) : { start: 0, end: d.text.length };
        this.#suppressions = d.text.includes('agent-lint-') && !d.isJson
          ? parseDisableComments(d.text, d.lines, { hashComments, skip: d.fences.map((f) => f.range) })
          : parseDisableComments('', d.lines);
      } catch (e) {
        // A bug, not the file's fault: report it, and suppress nothing.
        this.#suppressions = { match: () => null, isSuppressed: () => false, count: 0 };
        const why = e instanceof Error ? e.message : String(e);
        this.messages.push({ ...internalError('inline-comments', e), message: `reading the agent-lint-disable comments failed: ${clip(why, 40)}`, help: `This is a bug in agent-lint: no finding is suppressed in this file. The error: ${clip(why, 500)}` });
      }
    }
    return this.#suppressions;
  }

  add(msg: LintMessage) {
    const by = msg.ruleId === INTERNAL_ERROR ? null : this.suppressions.match(msg.ruleId, msg.line);
    if (by) this.suppressed.push({ ...msg, suppressions: [{ kind: 'directive', justification: by.justification }] });
    else this.messages.push(msg);
  }
}

function locate(doc: DocumentModel, d: ReportDescriptor): Location {
  const len = doc.text.length;
  if (d.range) {
    const { start, end } = d.range;
    if (!(start >= 0 && end >= start && end <= len)) throw new RangeError(`range [${start}, ${end}) is outside the file (length ${len})`);
    return doc.lines.location(d.range);
  }
  if (d.loc) {
    const { line, column } = d.loc;
    if (!(line >= 1 && line <= doc.lines.lineCount && column >= 1)) throw new RangeError(`position ${line}:${column} is outside the file`);
    return { line, column, endLine: d.loc.endLine ?? line, endColumn: d.loc.endColumn ?? column };
  }
  return { line: 1, column: 1, endLine: 1, endColumn: 1 };
}

export function internalError(ruleId: string, error: unknown, what: 'file' | 'log' = 'file'): LintMessage {
  const msg = error instanceof Error ? error.message : String(error);
  const head = `rule "${ruleId}" failed on this ${what}: `;
  return {
    ruleId: INTERNAL_ERROR,
    severity: 2,
    fatal: true,
    // As much of the error as a short message holds; all of its first line is in the help.
    message: head + clip(msg.split('\n')[0]!, Math.max(30, MAX_MESSAGE - head.length)),
    help: `This is a bug in agent-lint: the ${what}'s other rules still ran. The error: ${clip(msg.split('\n')[0]!, 500)}`,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
  };
}

function checkFixRange(doc: DocumentModel, fix: Fix, what: string): void {
  const [a, b] = fix.range;
  if (!(a >= 0 && b >= a && b <= doc.text.length)) throw new RangeError(`${what} range [${a}, ${b}) is outside the file`);
}

function toMessage(doc: DocumentModel, rule: Rule['meta'], setting: RuleSetting, d: ReportDescriptor): LintMessage {
  const ruleId = rule.id;
  const loc = locate(doc, d);
  if (d.fix) checkFixRange(doc, d.fix, 'fix');
  const suggestions = d.suggest?.length ? d.suggest : undefined;
  if (suggestions) {
    // As ESLint: a rule that offers suggestions says so in its meta (the docs and editors read it).
    if (!rule.hasSuggestions) throw new Error(`rule "${ruleId}" offers suggestions but its meta does not set hasSuggestions`);
    for (const s of suggestions) {
      if (!s.desc) throw new Error(`rule "${ruleId}" offers a suggestion without a description`);
      checkFixRange(doc, s.fix, 'suggestion');
    }
  }
  const severity: 1 | 2 = d.severity === 'warn' ? 1 : d.severity === 'error' ? 2 : setting.severity;
  const { message, help } = reportText(rule, d);
  const m: LintMessage = { ruleId, severity, message, ...loc, messageId: d.messageId };
  if (help) m.help = help;
  if (d.fix) m.fix = d.fix;
  if (suggestions) m.suggestions = suggestions.map((s) => ({ desc: s.desc, ...(s.messageId ? { messageId: s.messageId } : {}), fix: { range: [s.fix.range[0], s.fix.range[1]], text: s.fix.text } }));
  if (d.related) m.related = d.related;
  return m;
}

/** What a per-file check gets: the file, its project, its profile (read on first use) and the rule's options. */
class CheckContext implements RuleContext {
  options: Record<string, unknown> = {};
  readonly project: ProjectView;
  readonly #input: EngineInput;
  #profile?: Profile;
  constructor(
    readonly doc: DocumentModel,
    input: EngineInput,
    readonly report: (d: ReportDescriptor) => void,
  ) {
    this.project = input.project;
    this.#input = input;
  }

  /** Read on use: finding the project's return format may read the project. */
  get profile(): Profile {
    this.#profile ??= this.#input.profileFor ? this.#input.profileFor(this.doc) : this.#input.profile;
    return this.#profile;
  }
}

/** A rule with a per-file check, with its setting for the files of one kind and settings. */
interface PerFileCheck {
  rule: Rule;
  setting: RuleSetting;
}

/** A rule's messages on a file, if it reported any (no array or iterator made when it did not). */
function addAll(col: Collector, pending: LintMessage[] | undefined): void {
  if (pending) for (let i = 0; i < pending.length; i++) col.add(pending[i]!);
}

export function runRules(input: EngineInput): LintResult[] {
  const collectors = new Map<DocumentModel, Collector>();
  const targetSet = new Set(input.targets);
  for (const doc of input.targets) collectors.set(doc, new Collector(doc));

  // The rules with a per-file check that apply to a kind of file, in the rules' order, each with
  // its setting: made once per kind and settings (most files of a run share their settings).
  // Whether a file is JSON follows from its kind: the kind is the whole key.
  const byKind = new Map<string, Rule[]>();
  const bySettings = new Map<ReadonlyMap<string, RuleSetting>, Map<string, PerFileCheck[]>>();
  const checksFor = (doc: DocumentModel, settings: ReadonlyMap<string, RuleSetting>): PerFileCheck[] => {
    let kinds = bySettings.get(settings);
    if (!kinds) bySettings.set(settings, (kinds = new Map()));
    let list = kinds.get(doc.kind);
    if (!list) {
      let rules = byKind.get(doc.kind);
      if (!rules) byKind.set(doc.kind, (rules = input.rules.filter((r) => r.check && appliesToKind(r, doc, input))));
      list = [];
      for (const rule of rules) {
        const setting = settings.get(rule.meta.id);
        if (setting) list.push({ rule, setting });
      }
      kinds.set(doc.kind, list);
    }
    return list;
  };

  // Per-file checks. One context per file, its options and reporting set for each rule in turn:
  // a file meets every rule, and a context (with closures) per pair was most of what a run
  // allocated outside the document model.
  // Indexed loops: a run's 60,000 file-and-rule pairs mostly run before V8 optimizes this
  // function, and for-of there made an iterator result for each (2 MB over the corpus).
  const targets = input.targets;
  for (let t = 0; t < targets.length; t++) {
    const doc = targets[t]!;
    const col = collectors.get(doc)!;
    let rule!: Rule;
    let setting!: RuleSetting;
    let pending: LintMessage[] | undefined;
    const ctx = new CheckContext(doc, input, (d) => (pending ??= []).push(toMessage(doc, rule.meta, setting, d)));
    const checks = checksFor(doc, input.settingsFor(doc));
    for (let r = 0; r < checks.length; r++) {
      const c = checks[r]!;
      rule = c.rule;
      setting = c.setting;
      pending = undefined;
      try {
        // Inside the try: whether a rule applies may read the project (usesStandard), which parses.
        if (!appliesInProject(rule, doc, input)) continue;
        ctx.options = setting.options;
        // checksFor holds only rules with a per-file check.
        if (input.timing) timed(input.timing, rule.meta.id, () => rule.check!(ctx));
        else rule.check!(ctx);
        addAll(col, pending);
      } catch (e) {
        addAll(col, pending);
        col.add(internalError(rule.meta.id, e));
      }
    }
  }

  // Cross-file checks.
  for (const rule of input.rules) {
    if (!rule.checkProject || rule.meta.internal) continue;
    const enabled = (doc: DocumentModel) => {
      const s = input.settingsFor(doc).get(rule.meta.id);
      return !!s && applies(rule, doc, input);
    };
    try {
      if (!input.targets.some(enabled)) continue;
      const checkProject = rule.checkProject;
      timed(input.timing, rule.meta.id, () => checkProject({
        project: input.project,
        profile: input.profile,
        optionsFor: (doc) => input.settingsFor(doc).get(rule.meta.id)?.options ?? { ...(rule.meta.defaultOptions ?? {}) },
        enabledFor: enabled,
        report: (doc, d) => {
          if (!targetSet.has(doc) || !enabled(doc)) return;
          const setting = input.settingsFor(doc).get(rule.meta.id)!;
          collectors.get(doc)!.add(toMessage(doc, rule.meta, setting, d));
        },
      }));
    } catch (e) {
      const failedOn = (doc: DocumentModel) => {
        try {
          return enabled(doc);
        } catch {
          return !!input.settingsFor(doc).get(rule.meta.id);
        }
      };
      for (const doc of input.targets) if (failedOn(doc)) collectors.get(doc)!.add(internalError(rule.meta.id, e));
    }
  }

  return input.targets.map((doc) => toResult(doc, collectors.get(doc)!));
}

/** Code-unit order: stable on every machine, and `localeCompare` loads ICU's collator (~15 ms). */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function compareMessages(a: LintMessage, b: LintMessage): number {
  return a.line - b.line || a.column - b.column || byCodeUnits(a.ruleId, b.ruleId) || byCodeUnits(a.message, b.message);
}

export function toResult(doc: Pick<DocumentModel, 'filePath' | 'text'>, col: { messages: LintMessage[]; suppressed: LintMessage[] }): LintResult {
  const messages = col.messages.sort(compareMessages);
  return summarize(withSource({ filePath: doc.filePath, messages, suppressedMessages: col.suppressed.sort(compareMessages) }, doc.text));
}

/**
 * A result holds its file's text only when it has messages (as ESLint's do): a formatter shows
 * code frames from it, and a run over many clean files does not keep every text to the end.
 */
export function withSource<T extends { messages: LintMessage[] }>(r: T, text: string): T & { source?: string } {
  return r.messages.length > 0 ? { ...r, source: text } : r;
}

export function summarize(r: Pick<LintResult, 'filePath' | 'messages' | 'suppressedMessages' | 'source' | 'output'>): LintResult {
  let errorCount = 0, warningCount = 0, fatalErrorCount = 0, fixableErrorCount = 0, fixableWarningCount = 0;
  for (const m of r.messages) {
    if (m.severity === 2) {
      errorCount++;
      if (m.fatal) fatalErrorCount++;
      if (m.fix) fixableErrorCount++;
    } else {
      warningCount++;
      if (m.fix) fixableWarningCount++;
    }
  }
  // A literal, not a spread of `r`: the spread cost about 2.5 microseconds a result in a run's
  // cold code (1,700 results over the corpus).
  const out: LintResult = { filePath: r.filePath, messages: r.messages, suppressedMessages: r.suppressedMessages, errorCount, warningCount, fatalErrorCount, fixableErrorCount, fixableWarningCount };
  if (r.source !== undefined) out.source = r.source;
  if (r.output !== undefined) out.output = r.output;
  return out;
}
