/**
 * Judging a subagent's real reply by the standard that agent-lint checks in specs: the reply
 * becomes a document whose one JSON value is the return (parsed strictly, read literally), and
 * the same rules that lint the return examples of specs run over it. Used by the library
 * (`checkReturn`) and by `agent-lint check-return`.
 */
import { checkOptions, isBoolean, isObject, isString } from '../api/args.js';
import path from 'node:path';
import { compareMessages, runRules, type RuleSetting } from '../engine/engine.js';
import { ProjectView } from '../model/project.js';
import { DocumentModel } from '../model/document.js';
import type { JsonNode } from '../model/json/ast.js';
import { findProperty, toPlainValue } from '../model/json/parse.js';
import { LineIndex } from '../model/lines.js';
import { clip, MAX_MESSAGE, quoted } from '../util/clip.js';
import { getProfile } from '../standard/profiles.js';
import type { ReturnFormatV1, ReturnFormatV2 } from '../standard/types.generated.js';
import { validateReturnFormat } from '../standard/validate.js';
import type { LintMessage, Range, StandardName } from '../types.js';
import { locateExtracted, locateWhole } from './extract.js';
import { pointerAt } from './pointer.js';
import { NOT_JSON_ID, RETURN_RULES, SESSION_MISMATCH_ID } from './rules.js';
import { ALL_RULES } from '../../rules/index.js';
import { resolveConfig, type ResolvedConfig } from '../config/resolve.js';
import { loadConfig } from '../config/load.js';
import { formatForProject } from '../format-in-force.js';
import { withReturnFormat } from '../standard/return-format/format.js';
import type { Profile } from '../standard/profiles.js';
import type { RuleEntry } from '../api/lint.js';

export interface CheckReturnOptions {
  /** The session id the caller sent: `metadata.session_id` must equal it ("Session ID mismatch"). */
  sessionId?: string;
  /** The standard profile (default v2). */
  standard?: StandardName;
  /** Read the first JSON object of a reply that wraps it in prose or a code fence. */
  extract?: boolean;
  /** Require each artifact path to exist relative to `root` and not be empty. */
  checkArtifacts?: boolean;
  /** The project root artifact paths are relative to (default: the working directory). */
  root?: string;
  /**
   * A folder of the project whose return format applies: its config's `returnFormat`, else the
   * format document its specs reference (`@.claude/context/formats/return-metadata-file.md`).
   * Without it the standard's format applies.
   */
  cwd?: string;
  /** The project's config, resolved (the command line passes its own; default: looked up from `cwd`). */
  config?: ResolvedConfig;
  /** The name to report the reply under (default `<reply>`). */
  filePath?: string;
  /**
   * Rule settings as a config file's `rules` writes them, for the rules that judge returns:
   * `{ "error-code-known": ["warn", { "extraCodes": ["LEAN_BUILD_FAILED"] }] }`, `"off"` to turn
   * one off. Default: each rule's own severity and options (agent-lint:recommended).
   */
  rules?: Record<string, RuleEntry>;
  /**
   * Rule settings as a resolved config gives them (`settingsFor`): the command line passes its
   * project config's. Used instead of `rules` when both are given.
   */
  settings?: ReadonlyMap<string, RuleSetting>;
}

/** One finding: ESLint's message shape plus the JSON pointer of the value it is about. */
export interface ReturnMessage extends LintMessage {
  /** RFC 6901 pointer into the return (`/metadata/session_id`; `` for the whole return). */
  pointer: string;
}

interface ResultBase {
  filePath: string;
  standard: StandardName;
  /** Every finding, sorted by position. */
  messages: ReturnMessage[];
  errorCount: number;
  warningCount: number;
  /** The text that was checked (a non-string reply serialised with two-space indents). */
  source: string;
  /** Where the return's JSON sits in `source`, when it was found. */
  range?: Range;
}

/**
 * `valid`: no error (warnings allowed); then `value` is the parsed return, typed by the
 * standard's schema. Otherwise `value` is whatever JSON was parsed (undefined when none was).
 */
export type CheckReturnResult<T = ReturnFormatV2> = (ResultBase & { valid: true; value: T }) | (ResultBase & { valid: false; value?: unknown });

const NOT_JSON = 'Return is not valid JSON';
const JSON_HELP = 'The caller parses the reply as one JSON value: double-quoted keys and strings, no comments, trailing commas or placeholders.';

/** A clause as a sentence of the help: capitalised, with a full stop. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1) + (/[.?!]$/.test(text) ? '' : '.');

/**
 * "Return is not valid JSON" with the parser's reason, as a short message and its help: the
 * clauses after the first (`; ...`), and a parenthetical that does not fit in one row, go to the
 * help, before what the caller expects.
 */
function notJson(detail: string): { message: string; help: string } {
  const [first, ...rest] = detail.split('; ');
  let message = `${NOT_JSON}: ${first}`;
  const notes = rest.map(sentence);
  const paren = / \(([^()]*)\)$/.exec(message);
  if (message.length > MAX_MESSAGE && paren) {
    message = message.slice(0, paren.index);
    notes.unshift(sentence(paren[1]!));
  }
  return { message: clip(message, MAX_MESSAGE), help: [...notes, JSON_HELP].join(' ') };
}

/** The reply's text: a string or bytes as they are, any other value serialised. */
function replyText(reply: unknown): { text: string } | { problem: string } {
  if (typeof reply === 'string') return { text: reply };
  if (reply instanceof Uint8Array) return { text: new TextDecoder('utf-8').decode(reply) };
  try {
    const text = JSON.stringify(reply, null, 2) as string | undefined;
    return text === undefined ? { problem: `a ${typeof reply} has no JSON form` } : { text };
  } catch (e) {
    return { problem: `the value cannot be serialised: ${(e as Error).message}` };
  }
}

/** The return rules in force: the given settings (or each rule's default), artifacts checked on request. */
function settingsFor(options: CheckReturnOptions, root: string): Map<string, RuleSetting> {
  const given = options.settings ?? (options.rules ? resolveConfig({ file: null, dir: root, raw: { rules: options.rules } }, ALL_RULES).settingsFor('') : null);
  const settings = new Map<string, RuleSetting>();
  for (const rule of RETURN_RULES) {
    let setting: RuleSetting | undefined;
    if (given) setting = given.get(rule.meta.id);
    else if (rule.meta.severity !== 'off') setting = { severity: rule.meta.severity === 'warn' ? 1 : 2, options: { ...(rule.meta.defaultOptions ?? {}) } };
    if (!setting) continue;
    const opts: Record<string, unknown> = { ...setting.options };
    if (rule.meta.id === 'return-artifact-paths') opts['checkExists'] = options.checkArtifacts === true;
    settings.set(rule.meta.id, { severity: setting.severity, options: opts });
  }
  return settings;
}

function message(lines: LineIndex, ruleId: string, text: { message: string; help: string }, range: Range, pointer: string): ReturnMessage {
  return { ruleId, severity: 2, message: text.message, help: text.help, ...lines.location(range), pointer };
}

/** The rules' findings on a reply whose JSON was found. */
function judge(doc: DocumentModel, root: JsonNode, options: CheckReturnOptions, profile: Profile): ReturnMessage[] {
  const projectRoot = path.resolve(options.root ?? process.cwd());
  const project = new ProjectView({ root: projectRoot, documents: [doc], usesStandard: true });
  const settings = settingsFor(options, projectRoot);
  const [result] = runRules({ project, profile, rules: RETURN_RULES, targets: [doc], settingsFor: () => settings });
  // A reply cannot switch its own checks off: disable comments in it are ignored.
  const found: LintMessage[] = [...result!.messages, ...result!.suppressedMessages];
  const out: ReturnMessage[] = found.map((m) => {
    const range = { start: doc.lines.offset(m.line, m.column), end: doc.lines.offset(m.endLine, m.endColumn) };
    return { ...m, pointer: pointerAt(root, range) };
  });

  if (root.type !== 'object') {
    // "Return must be JSON object": the rules judge objects, the schema says what this is.
    for (const v of validateReturnFormat(root, profile, { templates: false })) {
      out.push({ ...message(doc.lines, 'return-format-schema', v, v.range, v.pointer), messageId: 'schema' });
    }
  } else if (options.sessionId !== undefined) {
    const meta = findProperty(root, 'metadata')?.value;
    const sid = meta?.type === 'object' ? findProperty(meta, 'session_id')?.value : undefined;
    // A missing or non-string session_id is the schema's finding.
    if (sid?.type === 'string' && sid.value !== options.sessionId) {
      out.push({
        ...message(
          doc.lines,
          SESSION_MISMATCH_ID,
          {
            message: `Session ID mismatch: metadata.session_id is ${quoted(sid.value)}`,
            help: `This delegation's session id is ${JSON.stringify(options.sessionId)}: the return belongs to another delegation, or the subagent did not echo the id it was given.`,
          },
          sid.range,
          '/metadata/session_id',
        ),
        messageId: 'mismatch',
      });
    }
  }
  return out.sort(compareMessages);
}

function finish<T>(base: Omit<ResultBase, 'errorCount' | 'warningCount'>, value: unknown): CheckReturnResult<T> {
  let errorCount = 0;
  let warningCount = 0;
  for (const m of base.messages) {
    if (m.severity === 2) errorCount++;
    else warningCount++;
  }
  const result = { ...base, errorCount, warningCount };
  return errorCount === 0 && value !== undefined ? { ...result, valid: true, value: value as T } : { ...result, valid: false, value };
}

/** The standard's profile, with the project's own return format when `cwd` (or `config`) gives one. */
function profileFor(options: CheckReturnOptions, standard: StandardName): Profile {
  const base = getProfile(standard);
  if (options.cwd === undefined && options.config === undefined) return base;
  const cwd = path.resolve(options.cwd ?? options.root ?? process.cwd());
  const config = options.config ?? resolveConfig(loadConfig({ lookup: true, cwd }), ALL_RULES);
  return withReturnFormat(base, formatForProject(cwd, config));
}

/**
 * Checks a subagent's reply against the standard, with the rules that lint return examples.
 * `reply` is the reply's text (a string or UTF-8 bytes), or an already parsed value (then
 * serialised with two-space indents, and positions refer to that text).
 */
export function checkReturn(reply: unknown, options: CheckReturnOptions & { standard: 'v1' }): CheckReturnResult<ReturnFormatV1>;
export function checkReturn(reply: unknown, options?: CheckReturnOptions): CheckReturnResult<ReturnFormatV2>;
export function checkReturn(reply: unknown, options: CheckReturnOptions = {}): CheckReturnResult<ReturnFormatV1 | ReturnFormatV2> {
  checkOptions('checkReturn', options, { sessionId: isString, standard: isString, extract: isBoolean, checkArtifacts: isBoolean, root: isString, cwd: isString, filePath: isString, rules: isObject });
  return checkReturnBy(reply, options);
}

/**
 * `checkReturn` with the profile to judge by given (one agent's format, as a spec's lint finds
 * it); without one, the profile `options` give.
 */
export function checkReturnBy(reply: unknown, options: CheckReturnOptions, given?: Profile): CheckReturnResult<ReturnFormatV1 | ReturnFormatV2> {
  const standard = options.standard ?? 'v2';
  getProfile(standard); // an unknown name throws here, before any work
  const filePath = options.filePath ?? '<reply>';
  const got = replyText(reply);
  if ('problem' in got) {
    const messages = [message(new LineIndex(''), NOT_JSON_ID, notJson(got.problem), { start: 0, end: 0 }, '')];
    return finish({ filePath, standard, messages, source: '' }, undefined);
  }
  const text = got.text.charCodeAt(0) === 0xfeff ? got.text.slice(1) : got.text;
  const located = options.extract ? locateExtracted(text) : locateWhole(text);
  if (!located.ok) {
    let detail = located.detail;
    if (!options.extract) {
      const inside = locateExtracted(text);
      if (inside.ok) {
        const at = new LineIndex(text).position(inside.range.start);
        detail += `; the reply holds a JSON object at ${at.line}:${at.column}: to read JSON wrapped in prose or a code fence, use extract (--extract)`;
      }
    }
    const start = Math.min(located.offset, text.length);
    const end = Math.min(start + 1, text.length);
    const messages = [message(new LineIndex(text), NOT_JSON_ID, notJson(detail), { start, end }, '')];
    return finish({ filePath, standard, messages, source: text }, undefined);
  }
  const doc = new DocumentModel({ filePath, relPath: path.basename(filePath), kind: 'other', text, value: located.value });
  const messages = judge(doc, located.value, options, given ?? profileFor(options, standard));
  return finish({ filePath, standard, messages, source: text, range: located.range }, toPlainValue(located.value));
}
