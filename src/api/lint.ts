/**
 * The library's linting entry points: the command line's pipeline (config lookup, presets,
 * overrides, every rule of the registry) behind two functions that return ESLint-shaped results.
 */
import path from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import { loadConfig } from '../config/load.js';
import { resolveConfig, type ResolvedConfig } from '../config/resolve.js';
import { prepareRules } from '../engine/rule.js';
import { lint } from '../lint.js';
import { checkOptions, fail, isBoolean, isObject, isString, isStringArray, isStringOrFalse } from './args.js';
import type { LintResult, SeverityName, StandardName } from '../types.js';

/** A rule's setting, as in the config's `rules`: a severity, or `[severity, options]`. */
export type RuleEntry = SeverityName | 0 | 1 | 2 | [SeverityName | 0 | 1 | 2, Record<string, unknown>?];

export interface LintOptions {
  /** Where relative paths and the config lookup start (default: the working directory). */
  cwd?: string;
  /** A config file to use; `false` uses none. Default: the nearest one above `cwd`. */
  config?: string | false;
  /** The standard profile, overriding the config's. */
  standard?: StandardName;
  /** Rule settings applied over the config (like `--rule`, with options). */
  rules?: Record<string, RuleEntry>;
  /** Agent names that exist outside the project (like `--agents-dir`). */
  externalAgents?: string[];
}

export interface LintFilesOptions extends LintOptions {
  /** Throw when a pattern matches no spec file (default true, as the command line). */
  errorOnUnmatchedPattern?: boolean;
}

export interface LintTextOptions extends LintOptions {
  /**
   * The path the text is linted as (relative to `cwd`): it picks the kind of spec
   * (`.claude/agents/x.md` is an agent) and the project. Default `<text>.md`.
   */
  filePath?: string;
}

const COMMON_CHECKS = { cwd: isString, config: isStringOrFalse, standard: isString, rules: isObject, externalAgents: isStringArray };

function configFor(options: LintOptions, cwd: string): ResolvedConfig {
  const loaded = loadConfig({ configFile: options.config || undefined, lookup: options.config !== false, cwd });
  if (options.standard) loaded.raw = { ...((loaded.raw as object) ?? {}), standard: options.standard };
  return resolveConfig(loaded, ALL_RULES, options.rules ?? {});
}

/**
 * Lints spec files, directories or globs (none: the specs below `cwd`) with every rule and
 * the config in force, as the command line does. Throws a `ConfigError` for a bad config.
 */
export async function lintFiles(patterns: string | readonly string[] = [], options: LintFilesOptions = {}): Promise<LintResult[]> {
  if (typeof patterns !== 'string' && isStringArray(patterns) !== null) fail('lintFiles', 'patterns', 'a string or an array of strings', patterns);
  checkOptions('lintFiles', options, { ...COMMON_CHECKS, errorOnUnmatchedPattern: isBoolean });
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = configFor(options, cwd);
  await prepareRules(ALL_RULES);
  const list = typeof patterns === 'string' ? [patterns] : [...patterns];
  const run = lint({ cwd, patterns: list, rules: ALL_RULES, config, externalAgents: options.externalAgents });
  if (run.unreadable.length) throw new Error(run.unreadable.map((u) => `cannot read "${u.arg}": ${u.reason}`).join('; '));
  if (run.unmatched.length && options.errorOnUnmatchedPattern !== false) {
    throw new Error(run.unmatched.map((p) => `no spec files match "${p}"`).join('; '));
  }
  return run.results;
}

/** Lints one spec given as text, as if it were the file `filePath`. */
export async function lintText(text: string, options: LintTextOptions = {}): Promise<LintResult[]> {
  if (typeof text !== 'string') fail('lintText', 'text', 'a string', text);
  checkOptions('lintText', options, { ...COMMON_CHECKS, filePath: isString });
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = configFor(options, cwd);
  await prepareRules(ALL_RULES);
  const run = lint({ cwd, patterns: [], rules: ALL_RULES, config, stdin: { text, filename: options.filePath ?? '<text>.md' }, externalAgents: options.externalAgents });
  return run.results;
}
