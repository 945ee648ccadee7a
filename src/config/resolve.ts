/**
 * Turning a loaded config into what the engine needs: the rules in force for each file, with
 * severities and options, after presets, the config's rules, overrides and `--rule` flags.
 */
import type { ValidateFunction } from 'ajv';
import { loadAjv, path, precompiledValidator } from '../platform/host.js';
import picomatch from 'picomatch';
import type { RuleSetting } from '../engine/engine.js';
import type { Rule } from '../engine/rule.js';
import type { FileKind, SeverityLevel, StandardName } from '../types.js';
import { ConfigError, type LoadedConfig } from './error.js';
import { buildConfigSchema, PRESETS } from './schema.js';
import { STANDARD_NAMES } from '../standard/profiles.js';
import { closest } from '../util/suggest.js';

export type RuleEntry = string | number | [string | number, Record<string, unknown>?];

interface RawConfig {
  extends?: string | string[];
  standard?: StandardName;
  usesStandard?: boolean;
  rules?: Record<string, RuleEntry>;
  returnFormat?: string;
  protocol?: ProtocolCorrections;
  overrides?: Array<{ files: string | string[]; kind?: FileKind; rules?: Record<string, RuleEntry>; returnFormat?: string }>;
  ignores?: string[];
  knownAgents?: string[];
  allowEmpty?: boolean;
}

/**
 * Facts of the learned protocol that config corrects, by template path (`status`,
 * `artifacts/type`, `metadata/duration_seconds`): values to allow or forbid, fields that are
 * optional. Applied to the project's own return format (see docs/protocol.md).
 */
export interface ProtocolCorrections {
  allow?: Record<string, string[]>;
  forbid?: Record<string, string[]>;
  optional?: string[];
}

export interface ResolvedConfig {
  file: string | null;
  dir: string;
  standard: StandardName;
  configuredStandard?: StandardName;
  usesStandard?: boolean;
  ignores: string[];
  /** Agent names that exist outside the project (config `knownAgents`). */
  knownAgents: string[];
  /**
   * The file (path relative to the config's directory, forward slashes) is matched by
   * `ignores`: by the pattern itself or because a folder above it is (`drafts/`, `**\/old`).
   */
  isIgnored(relPath: string): boolean;
  /** Rules in force for a file (path relative to the config's directory, forward slashes). */
  settingsFor(relPath: string): Map<string, RuleSetting>;
  /** A kind set for the file by an override. */
  kindFor(relPath: string): FileKind | undefined;
  /**
   * The return-format file config names for the file (absolute): the last matching override's
   * `returnFormat`, else the top-level one; undefined when config names none.
   */
  returnFormatFor(relPath: string): string | undefined;
  /** Every return-format file the config names (absolute), to load them before a run. */
  returnFormatFiles: string[];
  /** Corrections to the protocol learned from the project's documents (config `protocol`). */
  protocol?: ProtocolCorrections;
  /** The raw, validated config (for --print-config). */
  raw: RawConfig;
}

export function severityLevel(s: string | number): SeverityLevel {
  if (s === 'off' || s === 0) return 0;
  if (s === 'warn' || s === 1) return 1;
  if (s === 'error' || s === 2) return 2;
  throw new Error(`bad severity ${JSON.stringify(s)}`);
}

interface AjvIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
  parentSchema?: { properties?: Record<string, unknown> };
}

function describeAjvError(e: AjvIssue): string {
  const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : '';
  if (e.keyword === 'additionalProperties') {
    const key = String(e.params['additionalProperty']);
    const known = Object.keys(e.parentSchema?.properties ?? {}).filter((k) => k !== '$schema');
    const near = closest(key, known);
    const expected = known.length ? `; expected ${near ? `"${near}"` : `one of ${known.map((k) => `"${k}"`).join(', ')}`}` : '';
    return `${where ? where + '.' : ''}${key}: unknown key${expected}`;
  }
  const at = where || '(top level)';
  if (e.keyword === 'enum') return `${at}: must be one of ${(e.params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  if (e.keyword === 'required') return `${at}: missing required key "${String(e.params['missingProperty'])}"`;
  return `${at}: ${e.message}`;
}

// Formats are annotations here (`"format": "regex"` is checked by checkRegexOptions, with the key named).
export const CONFIG_AJV_OPTIONS = { allErrors: false, strict: false, verbose: true, validateFormats: false };
/** The build's precompiled validator of the config schema of the shipped rules (src/build/precompile-schemas.ts). */
export const CONFIG_VALIDATOR = 'config.validate.cjs';

/**
 * The validator of the config schema of `rules`: the precompiled one when it was built from this
 * schema (the same rules); else ajv, loaded only when there is a config to check.
 */
function compiledSchema(rules: readonly Rule[]): ValidateFunction {
  const schema = buildConfigSchema(rules);
  const pre = precompiledValidator(CONFIG_VALIDATOR) as (ValidateFunction & { schemaJson?: string }) | undefined;
  return pre && pre.schemaJson === JSON.stringify(schema) ? pre : new (loadAjv())(CONFIG_AJV_OPTIONS).compile(schema);
}

const SEVERITIES: readonly unknown[] = ['off', 'warn', 'error', 0, 1, 2];

/**
 * A config of the common shape, a `standard` and rule severities without options, checked by
 * hand (the rule ids are checked before): no schema to load for it.
 */
function isPlainConfig(r: RawConfig): boolean {
  for (const [key, value] of Object.entries(r)) {
    if (key === 'standard') {
      if (!(STANDARD_NAMES as readonly unknown[]).includes(value)) return false;
    } else if (key === 'rules') {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
      for (const entry of Object.values(value)) if (!SEVERITIES.includes(entry)) return false;
    } else return false;
  }
  return true;
}

export function validateConfig(raw: unknown, rules: readonly Rule[], file: string | null): RawConfig {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError('config must be an object', file ?? undefined);
  const ids = rules.filter((r) => !r.meta.internal).map((r) => r.meta.id);
  const checkRuleKeys = (obj: unknown, where: string) => {
    if (!obj || typeof obj !== 'object') return;
    for (const k of Object.keys(obj)) {
      if (!ids.includes(k)) {
        const near = closest(k, ids);
        throw new ConfigError(`${where}.${k}: unknown rule "${k}"${near ? `; did you mean "${near}"?` : ''}`, file ?? undefined);
      }
    }
  };
  const r = raw as RawConfig;
  if (Object.keys(r).length === 0) return r;
  if (Object.keys(r).length === 1 && r.rules && Object.keys(r.rules).length === 0) return r;
  checkRuleKeys(r.rules, 'rules');
  r.overrides?.forEach((o, i) => checkRuleKeys(o?.rules, `overrides.${i}.rules`));
  if (isPlainConfig(r)) return r;
  const validate = compiledSchema(rules);
  if (!validate(raw)) {
    const errs = (validate.errors ?? []) as AjvIssue[];
    // oneOf failures are vague; the most specific error is the deepest one.
    const depth = (e: AjvIssue) => e.instancePath.split('/').length;
    const best = [...errs].sort((a, b) => depth(b) - depth(a))[0]!;
    throw new ConfigError(describeAjvError(best), file ?? undefined);
  }
  checkGlobs(r, file);
  checkRegexOptions(r, rules, file);
  return r;
}

/**
 * Why a pattern can backtrack catastrophically, or null: a repeated group (`(...)+`, `(...)*`,
 * `(...){2,}`) that holds a repetition or an alternation (`(a+)+`, `(a|a)+`), the shapes that
 * make a backtracking engine try exponentially many ways. Conservative: some such patterns are
 * safe, but a user's pattern runs on every session id of every spec (and in the language server),
 * so it must be one whose time is linear.
 */
export function backtrackingRisk(source: string): string | null {
  // The groups, with what they hold: a stack of [holds a quantifier or alternation].
  const stack: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') stack.push(false);
    else if (c === '|' || c === '*' || c === '+' || c === '?' || c === '{') {
      if (stack.length && (c !== '?' || source[i - 1] !== '(')) stack[stack.length - 1] = true;
    } else if (c === ')') {
      const risky = stack.pop() ?? false;
      const next = source[i + 1];
      const repeated = next === '*' || next === '+' || (next === '{' && /^\{\d*,\d*\}|^\{\d{2,}\}/.test(source.slice(i + 1)));
      if (risky && repeated) return `the group ending at character ${i + 1} is repeated and holds a repetition or an alternation`;
      if (risky && stack.length) stack[stack.length - 1] = true;
    }
  }
  return null;
}

/** Rule options whose schema says `"format": "regex"` must compile as regular expressions. */
function checkRegexOptions(r: RawConfig, rules: readonly Rule[], file: string | null): void {
  const byId = new Map(rules.map((x) => [x.meta.id, x]));
  const check = (entries: Record<string, RuleEntry> | undefined, where: string) => {
    for (const [id, entry] of Object.entries(entries ?? {})) {
      if (!Array.isArray(entry) || !entry[1]) continue;
      const props = (byId.get(id)?.meta.schema as { properties?: Record<string, { format?: string }> } | undefined)?.properties ?? {};
      for (const [name, prop] of Object.entries(props)) {
        const value = (entry[1] as Record<string, unknown>)[name];
        if (prop.format !== 'regex' || typeof value !== 'string') continue;
        try {
          new RegExp(value);
        } catch (e) {
          throw new ConfigError(`${where}.${id}.1.${name}: not a valid regular expression (${(e as Error).message})`, file ?? undefined);
        }
        const risk = backtrackingRisk(value);
        if (risk) throw new ConfigError(`${where}.${id}.1.${name}: ${risk}, which can take exponential time; write it without a repeated group that holds a repetition or an alternation`, file ?? undefined);
      }
    }
  };
  check(r.rules, 'rules');
  r.overrides?.forEach((o, i) => check(o.rules, `overrides.${i}.rules`));
}

/** At most this many `*` in one path segment (a `**` segment counts as one), and this many in a pattern. */
const MAX_STARS_PER_SEGMENT = 2;
const MAX_STARS = 4;

/**
 * Why a glob cannot be used, or null. picomatch turns each `*` into a lazy repetition: k of them
 * in one segment take time n^k on a name that almost matches (3 on a 250-character name: seconds;
 * 8: hours), so patterns are bounded; and an empty pattern matches nothing useful.
 */
export function globProblem(glob: string): string | null {
  if (glob.trim() === '') return 'an empty pattern';
  let total = 0;
  for (const seg of glob.split('/')) {
    const stars = seg === '**' ? 1 : (seg.match(/\*+/g) ?? []).length;
    total += stars;
    if (stars > MAX_STARS_PER_SEGMENT) return `the pattern ${JSON.stringify(glob.length > 80 ? glob.slice(0, 77) + '...' : glob)} has ${stars} "*" in one path segment; at most ${MAX_STARS_PER_SEGMENT} are allowed (more can take minutes to match)`;
  }
  if (total > MAX_STARS) return `the pattern ${JSON.stringify(glob.length > 80 ? glob.slice(0, 77) + '...' : glob)} has ${total} "*"; at most ${MAX_STARS} are allowed (more can take minutes to match)`;
  return null;
}

function checkGlobs(r: RawConfig, file: string | null): void {
  const check = (glob: string, where: string) => {
    const why = globProblem(glob);
    if (why) throw new ConfigError(`${where}: ${why}`, file ?? undefined);
  };
  r.ignores?.forEach((g, i) => check(g, `ignores.${i}`));
  r.overrides?.forEach((o, i) => (Array.isArray(o.files) ? o.files.forEach((g, j) => check(g, `overrides.${i}.files.${j}`)) : check(o.files, `overrides.${i}.files`)));
  r.knownAgents?.forEach((g, i) => {
    if (/[*?[\]{}]/.test(g) || g.trim() === '') check(g, `knownAgents.${i}`);
  });
}

function entryToSetting(rule: Rule, entry: RuleEntry, prev?: RuleSetting): RuleSetting | null {
  const [sev, opts] = Array.isArray(entry) ? entry : [entry, undefined];
  const level = severityLevel(sev);
  if (level === 0) return null;
  const options = { ...(rule.meta.defaultOptions ?? {}), ...(opts === undefined ? (prev?.options ?? {}) : opts) };
  return { severity: level, options };
}

function presetLevel(rule: Rule, preset: string): SeverityLevel {
  if (preset === 'agent-lint:strict') {
    const s = rule.meta.strictSeverity ?? (rule.meta.severity === 'off' ? 'warn' : rule.meta.severity);
    return severityLevel(s);
  }
  return severityLevel(rule.meta.severity);
}

export function resolveConfig(loaded: LoadedConfig, rules: readonly Rule[], cliRules: Record<string, RuleEntry> = {}): ResolvedConfig {
  const raw = validateConfig(loaded.raw, rules, loaded.file);
  const cli = validateConfig({ rules: cliRules }, rules, null);
  const byId = new Map(rules.map((r) => [r.meta.id, r]));
  const presets = raw.extends === undefined ? ['agent-lint:recommended'] : Array.isArray(raw.extends) ? raw.extends : [raw.extends];
  for (const p of presets) if (!(PRESETS as readonly string[]).includes(p)) throw new ConfigError(`extends: unknown preset "${p}"`, loaded.file ?? undefined);

  const base = new Map<string, RuleSetting>();
  for (const rule of rules) {
    if (rule.meta.internal) continue;
    let level: SeverityLevel = 0;
    for (const p of presets) level = presetLevel(rule, p);
    if (level > 0) base.set(rule.meta.id, { severity: level as 1 | 2, options: { ...(rule.meta.defaultOptions ?? {}) } });
  }
  const apply = (into: Map<string, RuleSetting>, entries: Record<string, RuleEntry> | undefined) => {
    for (const [id, entry] of Object.entries(entries ?? {})) {
      const s = entryToSetting(byId.get(id)!, entry, into.get(id));
      if (s) into.set(id, s);
      else into.delete(id);
    }
  };
  apply(base, raw.rules);
  const overrides = (raw.overrides ?? []).map((o) => ({
    match: picomatch(Array.isArray(o.files) ? o.files : [o.files], { dot: true }),
    kind: o.kind,
    rules: o.rules,
    returnFormat: o.returnFormat === undefined ? undefined : path.resolve(loaded.dir, o.returnFormat),
  }));
  const topFormat = raw.returnFormat === undefined ? undefined : path.resolve(loaded.dir, raw.returnFormat);
  const cache = new Map<string, Map<string, RuleSetting>>();
  const ignores = raw.ignores ?? [];
  const ignoreMatch = ignores.length ? picomatch(ignores.map((g) => g.replace(/\/+$/, '')), { dot: true }) : null;
  return {
    file: loaded.file,
    dir: loaded.dir,
    standard: raw.standard ?? 'v2',
    configuredStandard: raw.standard,
    usesStandard: raw.usesStandard,
    ignores,
    knownAgents: raw.knownAgents ?? [],
    protocol: raw.protocol,
    raw,
    isIgnored(relPath) {
      if (!ignoreMatch) return false;
      const parts = relPath.split('/');
      for (let i = parts.length; i > 0; i--) if (ignoreMatch(parts.slice(0, i).join('/'))) return true;
      return false;
    },
    returnFormatFiles: [...new Set([topFormat, ...overrides.map((o) => o.returnFormat)].filter((f): f is string => f !== undefined))],
    returnFormatFor(relPath) {
      let file = topFormat;
      for (const o of overrides) if (o.returnFormat && o.match(relPath)) file = o.returnFormat;
      return file;
    },
    kindFor(relPath) {
      let kind: FileKind | undefined;
      for (const o of overrides) if (o.kind && o.match(relPath)) kind = o.kind;
      return kind;
    },
    settingsFor(relPath) {
      const matched = overrides.filter((o) => o.rules && o.match(relPath));
      const key = matched.length === 0 ? '' : relPath;
      let s = cache.get(key);
      if (!s) {
        s = new Map(base);
        for (const o of matched) apply(s, o.rules);
        apply(s, cli.rules);
        cache.set(key, s);
      }
      return s;
    },
  };
}
