/**
 * `agent-lint check-log`: checks delegation logs (JSON Lines) and delegation registries (JSON)
 * with the log rules, in every output format, or draws what they add up to (`--summary`).
 * Files are read in bounded chunks and judged line by line; `--follow` keeps reading a log as it
 * is written and reports each finding as it is made.
 */
import { closeSync, fstatSync, readSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { ALL_RULES } from '../../rules/index.js';
import { FORMATTERS } from '../formatters/index.js';
import { MAX_KEPT_FINDINGS } from '../log/engine.js';
import { LogRun, type LogRunResult } from '../log/run.js';
import { renderSummary, SUMMARY_FORMATS, type SummaryFormat } from '../log/summary-render.js';
import type { LintMessage, StandardName } from '../types.js';
import { whyUnreadable } from '../util/fs-errors.js';
import { openRegularFile, ReadRefused } from '../util/read-bounded.js';
import { escapeControl } from '../formatters/escape.js';
import { useColor, type CliIO } from './main.js';
import { shownPath } from './messages.js';
import { colorChoice, COLOR_OPTIONS, CONFIG_OPTIONS, chosenConfigs, configChoice, runSubcommand, type Subcommand, type SubcommandLine, UsageError } from './subcommand.js';
import { paint } from '../formatters/paint.js';

export const CHECK_LOG_HELP = `Usage: agent-lint check-log <file|->... [options]

Checks delegation logs and registries against the delegation standard's limits: the bounded
variant's JSON Lines log (.claude-loop/logs/delegation.jsonl: started/completed events and the
audit trail) and the 2.0 orchestrator's delegation registry (one JSON snapshot, or an entry per
line). Reads standard input for "-".

Options:
      --standard <name>        v2, v1 or bounded (default: the config's, else by the log:
                               events are bounded's, a registry is v2's)
      --now <time>             the time deadlines are judged at (ISO 8601; default: now)
      --summary                print what the log adds up to instead of the findings: per
                               story the delegation tree (depth, duration, cost, outcome),
                               the registry's sessions, and totals
      --summary-format <name>  text (default), mermaid, dot or json
      --follow                 keep reading the log as it is written and report each finding
                               as it is made; Ctrl-C stops with the summary
  -f, --format <name>          stylish (default), json, sarif or github
  -c, --config <file>          use this config file (rule severities and options, standard)
      --no-config-lookup       use no config file: every rule with its defaults
      --color, --no-color      force or turn off colour
  -h, --help                   print this help

Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 bad usage or an unreadable log.
`;

/** Bytes read from a file at a time. */
const CHUNK = 1 << 20;
/** How often a followed log is looked at, in ms. */
const POLL_MS = 200;

interface Options {
  inputs: string[];
  standard?: StandardName;
  now?: number;
  summary: boolean;
  summaryFormat: SummaryFormat;
  follow: boolean;
  format: string;
  configFile?: string;
  configLookup: boolean;
  color?: boolean;
}

const OPTIONS = {
  ...CONFIG_OPTIONS,
  now: { type: 'string' },
  summary: { type: 'boolean' },
  'summary-format': { type: 'string' },
  follow: { type: 'boolean' },
  format: { type: 'string', short: 'f' },
  ...COLOR_OPTIONS,
} as const;

function parse(parsed: SubcommandLine<typeof OPTIONS>, cwd: string): Options {
  const v = parsed.values;
  // --help is answered before any of these are used, and asks for nothing else.
  if (v.help) return { inputs: [], summary: false, summaryFormat: 'text', follow: false, format: 'stylish', configLookup: true };
  if (parsed.positionals.length === 0) throw new UsageError('check-log needs a log file, or "-" for standard input');
  const config = configChoice(v, cwd);
  const format = v.format ?? 'stylish';
  if (!Object.hasOwn(FORMATTERS, format)) throw new UsageError(`--format expects ${Object.keys(FORMATTERS).join(', ')}, got "${format}"`);
  const summaryFormat = (v['summary-format'] ?? 'text') as SummaryFormat;
  if (!SUMMARY_FORMATS.includes(summaryFormat)) throw new UsageError(`--summary-format expects ${SUMMARY_FORMATS.join(', ')}, got "${v['summary-format']}"`);
  if (v['summary-format'] !== undefined && !v.summary && !v.follow) throw new UsageError('--summary-format goes with --summary');
  let now: number | undefined;
  if (v.now !== undefined) {
    now = Date.parse(v.now);
    if (!/^\d{4}-\d{2}-\d{2}/.test(v.now) || !Number.isFinite(now)) throw new UsageError(`--now expects an ISO 8601 time such as 2026-01-20T12:00:00Z, got "${v.now}"`);
  }
  if (v.follow && parsed.positionals.length !== 1) throw new UsageError('--follow follows one log');
  if (parsed.positionals.filter((p) => p === '-').length > 1) throw new UsageError('standard input ("-") can be read once');
  return { inputs: parsed.positionals, ...config, now, summary: !!v.summary, summaryFormat, follow: !!v.follow, format, color: colorChoice(v) };
}

class UnreadableLog extends Error {}

const CHECK_LOG: Subcommand<typeof OPTIONS, Options> = { name: 'check-log', help: CHECK_LOG_HELP, options: OPTIONS, read: parse, plain: [UnreadableLog] };

const count = (n: number) => n.toLocaleString('en-US');

/** Opens a log: a regular file only (a FIFO or device would block or never end). */
function openLog(file: string, shown: string): number {
  try {
    return openRegularFile(file).fd;
  } catch (e) {
    throw new UnreadableLog(`cannot read "${escapeControl(shown)}": ${e instanceof ReadRefused ? e.message : whyUnreadable(file, e)}`);
  }
}

/** Reads from `pos` to the end of the file in bounded chunks; returns the new position. */
function readMore(fd: number, pos: number, decoder: StringDecoder, push: (s: string) => void): number {
  const buf = Buffer.allocUnsafe(CHUNK);
  for (;;) {
    const n = readSync(fd, buf, 0, CHUNK, pos);
    if (n <= 0) return pos;
    pos += n;
    push(decoder.write(buf.subarray(0, n)));
  }
}

/** The first text of a file, to pick the profile by (its first line, within 64 KB). */
function headOf(fd: number): string {
  const buf = Buffer.allocUnsafe(1 << 16);
  const n = readSync(fd, buf, 0, buf.length, 0);
  return buf.subarray(0, n).toString('utf8');
}

export function runCheckLog(argv: string[], io: CliIO): Promise<number> {
  return runSubcommand(CHECK_LOG, argv, io, async (opts) => {
    const config = chosenConfigs(io.cwd, opts).forFile(path.join(io.cwd, '<log>'));
    const standard = opts.standard ?? config.configuredStandard;
    const settings = config.settingsFor('');
    const color = useColor(opts.color, io.env, io.stdoutIsTTY, false);
    const formatCtx = { cwd: io.cwd, rules: new Map(ALL_RULES.map((r) => [r.meta.id, r.meta])), color };
    const start = (filePath: string, head: string, onMessage?: (m: LintMessage, line: string) => void) =>
      new LogRun({ filePath, rules: ALL_RULES, settings, standard, head, now: opts.now, following: opts.follow, onMessage, keep: !opts.follow, summary: opts.summary || opts.follow });

    if (opts.follow) return await follow(opts, io, start, color);

    const runs: LogRunResult[] = [];
    for (const input of opts.inputs) {
      if (input === '-') {
        runs.push(await readStdin((head) => start(path.join(io.cwd, '<stdin>'), head)));
        continue;
      }
      const file = path.resolve(io.cwd, input);
      const fd = openLog(file, input);
      try {
        const run = start(file, headOf(fd));
        const decoder = new StringDecoder('utf8');
        readMore(fd, 0, decoder, (s) => run.push(s));
        run.push(decoder.end());
        runs.push(run.end());
      } finally {
        closeSync(fd);
      }
    }
    if (opts.summary) {
      for (const r of runs) {
        if (runs.length > 1 && opts.summaryFormat === 'text') io.stdout(`${shownPath(io.cwd, r.result.filePath)}\n`);
        io.stdout(renderSummary(r.summary, opts.summaryFormat));
      }
    } else {
      const text = FORMATTERS[opts.format]!(runs.map((r) => r.result), formatCtx);
      if (text) io.stdout(text);
      for (const r of runs) {
        if (r.unlisted > 0) io.stderr(`agent-lint check-log: ${escapeControl(shownPath(io.cwd, r.result.filePath))}: ${count(r.result.errorCount + r.result.warningCount)} findings; the first ${count(MAX_KEPT_FINDINGS)} are listed\n`);
      }
    }
    return runs.some((r) => r.result.errorCount > 0) ? 1 : 0;
  });
}

/** Standard input, streamed into a run made once its first text is there. */
function readStdin(make: (head: string) => LogRun): Promise<LogRunResult> {
  return new Promise((resolve, reject) => {
    let run: LogRun | undefined;
    const decoder = new StringDecoder('utf8');
    const take = (s: string) => (run ??= make(s)).push(s);
    // A throw in a handler would escape the promise as an uncaught exception: reject instead.
    const guard = (f: () => void) => {
      try {
        f();
      } catch (e) {
        process.stdin.destroy();
        reject(e);
      }
    };
    process.stdin.on('data', (c: Buffer) => guard(() => take(decoder.write(c))));
    process.stdin.on('end', () =>
      guard(() => {
        take(decoder.end());
        resolve(run!.end());
      }),
    );
    process.stdin.on('error', reject);
  });
}

type Start = (filePath: string, head: string, onMessage?: (m: LintMessage, line: string) => void) => LogRun;

/** One finding as a line, as soon as it is made (in stylish, its help dimmed under it). */
function liveLine(m: LintMessage, file: string, format: string, color: boolean): string {
  if (format === 'json') return JSON.stringify({ filePath: file, ...m }) + '\n';
  const sev = m.severity === 2 ? 'error' : 'warning';
  const line = `${escapeControl(file)}:${m.line}:${m.column}  ${sev}  ${escapeControl(m.message)}  ${m.ruleId}\n`;
  if (!m.help) return line;
  return `${line}${paint(color).dim(`    help: ${escapeControl(m.help.replace(/\s*[\r\n]+\s*/g, ' '))}`)}\n`;
}

/** `--follow`: reads what is there, then what is appended, until SIGINT/SIGTERM. */
async function follow(opts: Options, io: CliIO, start: Start, color: boolean): Promise<number> {
  const input = opts.inputs[0]!;
  const shown = input === '-' ? '<stdin>' : input;
  let errors = 0;
  const onMessage = (m: LintMessage) => {
    if (m.severity === 2) errors++;
    io.stdout(liveLine(m, shown, opts.format === 'json' ? 'json' : 'stylish', color));
  };
  const finish = (r: LogRunResult): number => {
    io.stdout(renderSummary(r.summary, opts.summaryFormat));
    return errors > 0 ? 1 : 0;
  };
  if (input === '-') {
    // Standard input as it comes (`tail -f log | agent-lint check-log --follow -`).
    return await new Promise<number>((resolve, reject) => {
      let run: LogRun | undefined;
      let result: number | undefined;
      const decoder = new StringDecoder('utf8');
      const stop = () => {
        if (result !== undefined) return;
        run?.push(decoder.end());
        result = run ? finish(run.end()) : 0;
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        process.stdin.destroy();
        resolve(result);
      };
      process.stdin.on('data', (c: Buffer) => {
        const s = decoder.write(c);
        (run ??= start(path.join(io.cwd, '<stdin>'), s, onMessage)).push(s);
      });
      process.stdin.on('end', stop);
      process.stdin.on('error', reject);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  }
  const file = path.resolve(io.cwd, input);
  const fd = openLog(file, input);
  let run = start(file, headOf(fd), onMessage);
  let decoder = new StringDecoder('utf8');
  let pos = readMore(fd, 0, decoder, (s) => run.push(s));
  return await new Promise<number>((resolve) => {
    const timer = setInterval(() => {
      const size = fstatSync(fd).size;
      if (size < pos) {
        // Truncated or rotated in place: read it again from its start, as a new log.
        io.stderr(`agent-lint check-log: ${shown} was truncated; reading it again from the start\n`);
        run = start(file, headOf(fd), onMessage);
        decoder = new StringDecoder('utf8');
        pos = 0;
      }
      if (size > pos) pos = readMore(fd, pos, decoder, (s) => run.push(s));
    }, POLL_MS);
    const stop = () => {
      clearInterval(timer);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      run.push(decoder.end());
      const r = run.end();
      closeSync(fd);
      resolve(finish(r));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

