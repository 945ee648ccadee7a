/**
 * What the subcommands (check-log, check-return, graph, protocol) share: their command line
 * read by node:util's parseArgs, the options that pick the config and the profile, and how they
 * end on an error.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ALL_RULES } from '../../rules/index.js';
import { ConfigError } from '../config/error.js';
import { ConfigLookup } from '../config/lookup.js';
import { escapeControl } from '../formatters/escape.js';
import { isStandardName } from '../standard/profiles.js';
import type { StandardName } from '../types.js';
import { UsageError } from './args.js';
import { configErrorText, parseArgsMessage } from './messages.js';

export { UsageError };

/** The options that pick the config file and the profile. */
export const CONFIG_OPTIONS = {
  config: { type: 'string', short: 'c' },
  'no-config-lookup': { type: 'boolean' },
  standard: { type: 'string' },
} as const;

/** Colors forced on or off (else the terminal decides). */
export const COLOR_OPTIONS = {
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
} as const;

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

type Options = NonNullable<ParseArgsConfig['options']>;

/** A command line as parseCommandLine reads it: the values of `O`'s options and the positionals. */
export type CommandLine<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>>;

/** The command line, strict (an unknown option is a UsageError), with positionals. */
function parseCommandLine<O extends Options>(args: string[], options: O): CommandLine<O> {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(parseArgsMessage(e));
  }
}

/** The config and the profile CONFIG_OPTIONS pick, checked. */
export function configChoice(v: { config?: string; 'no-config-lookup'?: boolean; standard?: string }, cwd: string): { configFile?: string; configLookup: boolean; standard?: StandardName } {
  if (v.standard !== undefined && !isStandardName(v.standard)) throw new UsageError(`--standard expects v2, v1 or bounded, got "${escapeControl(v.standard)}"`);
  if (v.config !== undefined && v['no-config-lookup']) throw new UsageError('--config and --no-config-lookup do not go together');
  return { configFile: v.config === undefined ? undefined : path.resolve(cwd, v.config), configLookup: !v['no-config-lookup'], standard: v.standard };
}

/** The configs that configChoice's answer chooses, looked up from `cwd`. */
export function chosenConfigs(cwd: string, c: { configFile?: string; configLookup: boolean; standard?: StandardName }): ConfigLookup {
  return new ConfigLookup({ cwd, rules: ALL_RULES, configFile: c.configFile, lookup: c.configLookup, standard: c.standard });
}

/** What COLOR_OPTIONS ask: colors on, off, or undefined (the terminal and the environment decide). */
export function colorChoice(v: { color?: boolean; 'no-color'?: boolean }): boolean | undefined {
  return v['no-color'] ? false : v.color ? true : undefined;
}

/** Whether the path is a folder (false when it does not exist). */
export function isFolder(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * How a subcommand ends on an error, exit 2: a usage error with the pointer to its help, a config
 * error, an error of `plain` kinds by its message alone (an unreadable input), else an internal
 * error with its stack.
 */
function subcommandFailure(e: unknown, io: { cwd: string; stderr: (s: string) => void }, name: string, plain: ReadonlyArray<new (...args: never[]) => Error> = []): number {
  const head = `agent-lint ${name}: `;
  if (e instanceof UsageError) io.stderr(`${head}${e.message}\nRun agent-lint ${name} --help for usage.\n`);
  else if (e instanceof ConfigError) io.stderr(`${head}${configErrorText(e, io.cwd)}\n`);
  else if (plain.some((kind) => e instanceof kind)) io.stderr(`${head}${(e as Error).message}\n`);
  else io.stderr(`${head}internal error: ${(e as Error)?.stack ?? String(e)}\n`);
  return 2;
}

/** The command line a subcommand's `read` gets: its own options and --help, which the frame adds. */
export type SubcommandLine<O extends Options> = CommandLine<O & typeof HELP_OPTION>;

/** A subcommand as runSubcommand frames it. */
export interface Subcommand<O extends Options, R> {
  name: string;
  /** What --help prints. */
  help: string;
  /** The subcommand's own options (the frame adds --help). */
  options: O;
  /** The command line checked into the subcommand's options; a bad one throws a UsageError. */
  read(line: SubcommandLine<O>, cwd: string): R;
  /** Errors reported by their message alone (an unreadable input), as subcommandFailure takes them. */
  plain?: ReadonlyArray<new (...args: never[]) => Error>;
}

/**
 * Runs a subcommand in the frame every one of them keeps, so that they end alike: the command
 * line is read and checked first (a usage error wins over --help), --help prints the help and
 * exits 0, else `run` decides the exit code; whatever is thrown ends it as subcommandFailure says.
 */
export async function runSubcommand<O extends Options, R>(
  cmd: Subcommand<O, R>,
  argv: string[],
  io: { cwd: string; stdout: (s: string) => void; stderr: (s: string) => void },
  run: (opts: R) => Promise<number> | number,
): Promise<number> {
  try {
    const line = parseCommandLine(argv, { ...cmd.options, ...HELP_OPTION });
    const opts = cmd.read(line, io.cwd);
    // The table above has --help; TypeScript cannot see its value through the generic `O`.
    if ((line.values as { help?: boolean }).help) {
      io.stdout(cmd.help);
      return 0;
    }
    return await run(opts);
  } catch (e) {
    return subcommandFailure(e, io, cmd.name, cmd.plain);
  }
}
