/**
 * `agent-lint check-return`: judges a subagent's real reply by the standard, with the rules that
 * lint return examples in specs (through the library's `checkReturn`).
 */
import { MAX_FILE_BYTES } from '../lint.js';
import { readRegularFile, ReadRefused } from '../util/read-bounded.js';
import path from 'node:path';
import { checkReturn, type CheckReturnResult } from '../check-return/check.js';
import { RETURN_RULES } from '../check-return/rules.js';
import { formatStylish } from '../formatters/stylish.js';
import type { LintResult, StandardName } from '../types.js';
import { useColor, type CliIO } from './main.js';
import { colorChoice, COLOR_OPTIONS, CONFIG_OPTIONS, chosenConfigs, configChoice, isFolder, runSubcommand, type Subcommand, type SubcommandLine, UsageError } from './subcommand.js';

export const CHECK_RETURN_HELP = `Usage: agent-lint check-return [file|-] [options]

Checks what a subagent really returned against the delegation standard, with the same rules
that lint the return examples in specs. Reads the file, or standard input for "-" or no file.

Options:
      --session-id <id>    the session id sent with the delegation: metadata.session_id must match
      --standard <name>    v2 (default), v1 or bounded
      --extract            read the first JSON object of a reply that wraps it in prose or a
                           \`\`\`json fence (default: the whole reply must be one JSON value)
      --check-artifacts    each artifact path must exist and not be empty (no phantom artifacts)
      --root <dir>         the project root artifact paths are relative to (default: cwd);
                           its agent-lint config (looked up from there upward) sets the
                           rules' severities and options (extraCodes, maxDepth, ...) and the
                           default standard
  -c, --config <file>      use this config file instead
      --no-config-lookup   use no config file: every rule with its defaults
  -f, --format <name>      stylish (default) or json (each finding with its JSON pointer)
      --color, --no-color  force or turn off colour
  -h, --help               print this help

Exit codes: 0 the return is valid (warnings allowed), 1 it is not, 2 bad usage or an
unreadable input.

Lint spec files with: agent-lint [options] [files...] (agent-lint --help).
`;

interface Options {
  input: string;
  sessionId?: string;
  /** --standard; else the config's, else v2. */
  standard?: 'v2' | 'v1' | 'bounded';
  configFile?: string;
  configLookup: boolean;
  extract: boolean;
  checkArtifacts: boolean;
  root: string;
  format: 'stylish' | 'json';
  color?: boolean;
}

const OPTIONS = {
  'session-id': { type: 'string' },
  extract: { type: 'boolean' },
  'check-artifacts': { type: 'boolean' },
  root: { type: 'string' },
  ...CONFIG_OPTIONS,
  format: { type: 'string', short: 'f' },
  ...COLOR_OPTIONS,
} as const;

function parse(parsed: SubcommandLine<typeof OPTIONS>, cwd: string): Options {
  const v = parsed.values;
  if (parsed.positionals.length > 1) throw new UsageError(`check-return checks one reply; got ${parsed.positionals.length} inputs (${parsed.positionals.join(', ')})`);
  const config = configChoice(v, cwd);
  const format = v.format ?? 'stylish';
  if (format !== 'stylish' && format !== 'json') throw new UsageError(`--format expects stylish or json, got "${format}"`);
  if (v['session-id'] !== undefined && v['session-id'].trim() === '') throw new UsageError('--session-id expects the id sent with the delegation, got an empty string');
  const root = path.resolve(cwd, v.root ?? '.');
  if (v.root !== undefined && !isFolder(root)) throw new UsageError(`--root "${v.root}" is not a directory`);
  return {
    input: parsed.positionals[0] ?? '-',
    sessionId: v['session-id'],
    ...config,
    extract: !!v.extract,
    checkArtifacts: !!v['check-artifacts'],
    root,
    format,
    color: colorChoice(v),
  };
}

const CHECK_RETURN: Subcommand<typeof OPTIONS, Options> = { name: 'check-return', help: CHECK_RETURN_HELP, options: OPTIONS, read: parse };

/** The JSON report: the verdict and every finding with its pointer and position. */
function toJson(r: CheckReturnResult<unknown>, displayPath: string): string {
  const out = {
    filePath: displayPath,
    standard: r.standard,
    valid: r.valid,
    errorCount: r.errorCount,
    warningCount: r.warningCount,
    messages: r.messages.map((m) => ({
      ruleId: m.ruleId,
      severity: m.severity,
      message: m.message,
      pointer: m.pointer,
      line: m.line,
      column: m.column,
      endLine: m.endLine,
      endColumn: m.endColumn,
      ...(m.messageId ? { messageId: m.messageId } : {}),
      ...(m.help ? { help: m.help } : {}),
      ...(m.fix ? { fix: { range: m.fix.range, text: m.fix.text } } : {}),
      ...(m.suggestions?.length ? { suggestions: m.suggestions.map((s) => ({ desc: s.desc, ...(s.messageId ? { messageId: s.messageId } : {}), fix: { range: s.fix.range, text: s.fix.text } })) } : {}),
    })),
  };
  return JSON.stringify(out, null, 2) + '\n';
}

/** What `checkInProject` takes. */
export interface ProjectCheckOptions {
  /** Where a relative config file is resolved from. */
  cwd: string;
  /** The project root: its config is looked up from there upward, artifact paths are relative to it. */
  root: string;
  configFile?: string;
  configLookup: boolean;
  /** The standard; default the config's, else v2. */
  standard?: StandardName;
  sessionId?: string;
  extract: boolean;
  checkArtifacts: boolean;
  /** The name the reply is reported under. */
  filePath: string;
}

/**
 * Judges a reply as `agent-lint check-return` does: with the config of the project at `root`
 * (the rules' severities and options, the standard) and the project's own return format.
 */
export function checkInProject(reply: string | Uint8Array, opts: ProjectCheckOptions): CheckReturnResult<unknown> {
  // The project's config, as for the specs: rule severities and options, and the standard.
  const config = chosenConfigs(opts.cwd, opts).forFile(path.join(opts.root, '<reply>'));
  return checkReturn(reply, {
    sessionId: opts.sessionId,
    standard: config.standard,
    settings: config.settingsFor(''),
    extract: opts.extract,
    checkArtifacts: opts.checkArtifacts,
    root: opts.root,
    // The project's own return format, if it documents one.
    cwd: opts.root,
    config,
    filePath: opts.filePath,
  });
}

export function runCheckReturn(argv: string[], io: CliIO): Promise<number> {
  return runSubcommand(CHECK_RETURN, argv, io, async (opts) => {
    let reply: string | Uint8Array;
    let filePath: string;
    if (opts.input === '-') {
      try {
        reply = await io.readStdin();
      } catch (e) {
        io.stderr(`agent-lint check-return: cannot read standard input: ${e instanceof ReadRefused ? e.message : (e as Error).message}\n`);
        return 2;
      }
      filePath = path.join(io.cwd, '<stdin>');
    } else {
      filePath = path.resolve(io.cwd, opts.input);
      try {
        // The same limits as a linted file: a regular file of at most 20 MB (not /dev/zero, not a FIFO).
        reply = readRegularFile(filePath, MAX_FILE_BYTES);
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        const why = e instanceof ReadRefused ? e.message : err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'it is a directory' : err.code === 'EACCES' ? 'permission denied' : err.message;
        io.stderr(`agent-lint check-return: cannot read "${opts.input}": ${why}\n`);
        return 2;
      }
    }
    const result = checkInProject(reply, { ...opts, cwd: io.cwd, filePath });
    if (opts.format === 'json') {
      io.stdout(toJson(result, opts.input === '-' ? '<stdin>' : filePath));
    } else {
      const lintResult: LintResult = {
        filePath,
        messages: result.messages,
        suppressedMessages: [],
        errorCount: result.errorCount,
        warningCount: result.warningCount,
        fatalErrorCount: 0,
        fixableErrorCount: 0,
        fixableWarningCount: 0,
        source: result.source,
      };
      const rules = new Map(RETURN_RULES.map((r) => [r.meta.id, r.meta]));
      const text = formatStylish([lintResult], { cwd: io.cwd, rules, color: useColor(opts.color, io.env, io.stdoutIsTTY, false) });
      if (text) io.stdout(text);
    }
    return result.valid ? 0 : 1;
  });
}
