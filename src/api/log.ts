/**
 * The library's `lintLog`: a delegation log or registry checked by the log rules, with the
 * project config in force, as `agent-lint check-log` does.
 */
import path from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import { loadConfig } from '../config/load.js';
import { resolveConfig } from '../config/resolve.js';
import { LogRun, type LogRunResult } from '../log/run.js';
import type { StandardName } from '../types.js';
import type { RuleEntry } from './lint.js';

export interface LintLogOptions {
  /** Where the config lookup starts (default: the working directory). */
  cwd?: string;
  /** A config file to use; `false` uses none. Default: the nearest one above `cwd`. */
  config?: string | false;
  /** The profile; default: the config's, else by the log's shape (events: bounded, registry: v2). */
  standard?: StandardName;
  /** Rule settings applied over the config, as its `rules` writes them. */
  rules?: Record<string, RuleEntry>;
  /** The name the log is reported under (default `<log>`). */
  filePath?: string;
  /** "Now", for deadlines: a Date, ms since the epoch or an ISO 8601 string (default: the clock). */
  now?: Date | number | string;
}

export type LintLogResult = LogRunResult;

function nowOf(now: LintLogOptions['now']): number | undefined {
  if (now === undefined) return undefined;
  const ms = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : Date.parse(now);
  if (!Number.isFinite(ms)) throw new TypeError(`lintLog: options.now is not a time: ${String(now)}`);
  return ms;
}

/** Checks a delegation log (JSON Lines) or registry (JSON) given as text or bytes. */
export async function lintLog(log: string | Uint8Array, options: LintLogOptions = {}): Promise<LintLogResult> {
  if (typeof log !== 'string' && !(log instanceof Uint8Array)) throw new TypeError(`lintLog: the log must be a string or a Uint8Array, got ${log === null ? 'null' : typeof log}`);
  if (options === null || typeof options !== 'object') throw new TypeError('lintLog: options must be an object');
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const loaded = loadConfig({ configFile: options.config || undefined, lookup: options.config !== false, cwd });
  const config = resolveConfig(loaded, ALL_RULES, options.rules ?? {});
  const text = typeof log === 'string' ? log : new TextDecoder('utf-8').decode(log);
  const run = new LogRun({
    filePath: options.filePath ?? '<log>',
    rules: ALL_RULES,
    settings: config.settingsFor(''),
    standard: options.standard ?? config.configuredStandard,
    head: text.slice(0, 1 << 16),
    now: nowOf(options.now),
  });
  run.push(text);
  return run.end();
}
