/** Command-line flags. Unknown flags are a usage error (exit 2). */
import { parseArgsMessage } from './messages.js';
import { parseArgs } from 'node:util';
import { closest } from '../util/suggest.js';

export class UsageError extends Error {}

export interface CliOptions {
  patterns: string[];
  format: string;
  outputFile?: string;
  config?: string;
  configLookup: boolean;
  /** Keep and use the project index of the specs read for context (src/project-index.ts). */
  projectIndex: boolean;
  quiet: boolean;
  maxWarnings?: number;
  rules: Record<string, string>;
  listRules: boolean;
  printConfig?: string;
  printConfigSchema: boolean;
  printSchema?: string;
  stdin: boolean;
  stdinFilename?: string;
  color?: boolean;
  version: boolean;
  help: boolean;
  standard?: string;
  errorOnUnmatchedPattern: boolean;
  agentsDirs: string[];
  fix: boolean;
  fixDryRun: boolean;
  cache: boolean;
  cacheLocation?: string;
  init: boolean;
  printFiles: boolean;
  concurrency: 'auto' | 'off';
  suppressAll: boolean;
  suppressRules: string[];
  pruneSuppressions: boolean;
  suppressionsLocation?: string;
  passOnUnprunedSuppressions: boolean;
}

export const HELP = `Usage: agent-lint [options] [files, directories or globs...]

Lints Claude Code and OpenCode agent, command and skill specs, and the delegation standard
they follow. With no paths, lints the specs below the current directory; a directory is linted
whole. Specs are found where Claude Code and OpenCode load them (.claude/, .opencode/, plugins
and the paths their plugin.json and marketplace.json name), in folders named agents/ or
commands/ and skills/<name>/SKILL.md when they open with frontmatter, and by Claude Code
frontmatter fields; named files and globs are linted when they are specs by the same rules
(--print-files lists them and why); '!glob' leaves files out.
Config: the nearest .agent-lint.json, .jsonc, .yaml or package.json "agent-lint" key above
each file.

Options:
  -f, --format <name>          stylish (default), json, sarif or github
  -o, --output-file <file>     write the report to a file
  -c, --config <file>          use this config file
      --no-config-lookup       do not look for a config file
      --standard <name>        delegation standard profile: v2 (default), v1 or bounded
      --rule <id:severity>     set a rule's severity (off, warn, error); repeatable
      --quiet                  report errors only
      --max-warnings <n>       exit 1 when there are more than n warnings (-1: no limit)
      --list-rules             list the rules and exit
      --print-config <file>    print the config in force for a file and exit
      --print-config-schema    print the config file's JSON Schema and exit
      --print-schema <name>    print the standard's JSON Schema in force (return-format or
                               delegation-context; --standard picks the profile) and exit
      --stdin                  lint text from standard input
      --stdin-filename <path>  the path to report (and to pick the kind from) for --stdin
      --agents-dir <dir>       agents that live outside the project (repeatable; ~ is home)
      --fix                    apply the rules' safe fixes to the files, then report what is left
      --fix-dry-run            print the fixes as a unified diff; change no file
      --cache                  reuse results of unchanged files (.agent-lint-cache)
      --cache-location <file>  where the cache lives (default .agent-lint-cache)
      --no-project-index       read every spec a file's findings depend on, instead of taking
                               what an earlier run learned about the unchanged ones
      --suppress-all           count every error per file and rule in agent-lint-suppressions.json;
                               later runs report only files and rules beyond their counts
      --suppress-rule <id>     the same for one rule (repeatable)
      --prune-suppressions     lower the counts to the errors found now
      --suppressions-location <file>
                               where the suppressions file is (default agent-lint-suppressions.json)
      --pass-on-unpruned-suppressions
                               a count above the errors found is a warning, not a failure
      --init                   write a commented starter .agent-lint.jsonc and exit
      --concurrency <mode>     auto (default: on 4+ cores, a worker thread lints half of a
                               large run) or off
      --print-files            list the files that would be linted, with kind and reason, and
                               the files that look like specs but are left out; then exit
      --no-error-on-unmatched-pattern
                               a pattern that matches nothing, or a run with no spec at all,
                               is a warning, not an error (config "allowEmpty": true too)
      --color, --no-color      force or turn off colour (also NO_COLOR, FORCE_COLOR)
  -v, --version                print the version
  -h, --help                   print this help

Subcommands: agent-lint check-return --help, agent-lint check-log --help, agent-lint graph --help,
agent-lint protocol --help; agent-lint lsp --stdio (the language server), agent-lint mcp --help
(the MCP server for agents).

Exit codes: 0 no errors, 1 errors (or more warnings than --max-warnings),
2 bad usage, a bad config, or an internal failure.
`;

const OPTIONS = {
  format: { type: 'string', short: 'f' },
  'output-file': { type: 'string', short: 'o' },
  config: { type: 'string', short: 'c' },
  'no-config-lookup': { type: 'boolean' },
  'no-project-index': { type: 'boolean' },
  standard: { type: 'string' },
  rule: { type: 'string', multiple: true },
  quiet: { type: 'boolean' },
  'max-warnings': { type: 'string' },
  'list-rules': { type: 'boolean' },
  'print-config-schema': { type: 'boolean' },
  'print-config': { type: 'string' },
  'print-schema': { type: 'string' },
  stdin: { type: 'boolean' },
  'stdin-filename': { type: 'string' },
  'agents-dir': { type: 'string', multiple: true },
  'no-error-on-unmatched-pattern': { type: 'boolean' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  version: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
  fix: { type: 'boolean' },
  'fix-dry-run': { type: 'boolean' },
  cache: { type: 'boolean' },
  'cache-location': { type: 'string' },
  init: { type: 'boolean' },
  'print-files': { type: 'boolean' },
  concurrency: { type: 'string' },
  'suppress-all': { type: 'boolean' },
  'suppress-rule': { type: 'string', multiple: true },
  'prune-suppressions': { type: 'boolean' },
  'suppressions-location': { type: 'string' },
  'pass-on-unpruned-suppressions': { type: 'boolean' },
} as const;

/**
 * `--max-warnings -1` (no limit, as ESLint's) written with a space: parseArgs takes `-1` for an
 * option, so the number is joined to its flag.
 */
function joinNegativeNumbers(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    if (a === '--max-warnings' && next !== undefined && /^-\d+$/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}

export function parseCli(argv: string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({ args: joinNegativeNumbers(argv), allowPositionals: true, strict: true, options: OPTIONS });
  } catch (e) {
    const msg = parseArgsMessage(e);
    const unknown = /^Unknown option '(--?[^']+)'/.exec(msg);
    const near = unknown ? closest(unknown[1]!.replace(/^-+/, ''), Object.keys(OPTIONS)) : undefined;
    throw new UsageError(near ? `${msg}; did you mean --${near}?` : msg);
  }
  const v = parsed.values;
  const rules: Record<string, string> = {};
  for (const r of v.rule ?? []) {
    const m = /^([a-z0-9-]+)\s*[:=]\s*(off|warn|error|0|1|2)$/.exec(r.trim());
    if (!m) throw new UsageError(`--rule expects id:severity (severity off, warn or error), got "${r}"`);
    rules[m[1]!] = m[2]!;
  }
  let maxWarnings: number | undefined;
  if (v['max-warnings'] !== undefined) {
    maxWarnings = Number(v['max-warnings']);
    if (!Number.isInteger(maxWarnings) || maxWarnings < -1) throw new UsageError(`--max-warnings expects a whole number, got "${v['max-warnings']}"`);
  }
  const format = v.format ?? 'stylish';
  return {
    patterns: parsed.positionals,
    format,
    outputFile: v['output-file'],
    config: v.config,
    configLookup: !v['no-config-lookup'],
    projectIndex: !v['no-project-index'],
    quiet: !!v.quiet,
    maxWarnings,
    rules,
    listRules: !!v['list-rules'],
    printConfig: v['print-config'],
    printConfigSchema: !!v['print-config-schema'],
    printSchema: v['print-schema'],
    stdin: !!v.stdin,
    stdinFilename: v['stdin-filename'],
    color: v['no-color'] ? false : v.color ? true : undefined,
    version: !!v.version,
    help: !!v.help,
    standard: v.standard,
    errorOnUnmatchedPattern: !v['no-error-on-unmatched-pattern'],
    agentsDirs: v['agents-dir'] ?? [],
    fix: !!v.fix,
    fixDryRun: !!v['fix-dry-run'],
    cache: !!v.cache || v['cache-location'] !== undefined,
    cacheLocation: v['cache-location'],
    init: !!v.init,
    printFiles: !!v['print-files'],
    concurrency: parseConcurrency(v.concurrency),
    suppressAll: !!v['suppress-all'],
    suppressRules: v['suppress-rule'] ?? [],
    pruneSuppressions: !!v['prune-suppressions'],
    suppressionsLocation: v['suppressions-location'],
    passOnUnprunedSuppressions: !!v['pass-on-unpruned-suppressions'],
  };
}

function parseConcurrency(v: string | undefined): 'auto' | 'off' {
  if (v === undefined || v === 'auto') return 'auto';
  if (v === 'off' || v === '1') return 'off';
  throw new UsageError(`--concurrency expects auto or off, got "${v}"`);
}
