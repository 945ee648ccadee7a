/**
 * `agent-lint protocol [path]`: prints the protocol agent-lint learned from the project's own
 * documents (per agent system: format documents, the format on each channel, vocabularies,
 * forbidden values, how each agent returns), with the file and line of each fact, so a user sees
 * why a finding fires and what to correct (a document, or `returnFormat` in config).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import { ConfigLookup } from '../config/lookup.js';
import { escapeControl } from '../formatters/escape.js';
import { learnProtocol, protocolText } from '../protocol.js';
import type { CliIO } from './main.js';
import { CONFIG_OPTIONS, configChoice, HELP_OPTION, parseCommandLine, subcommandFailure, UsageError } from './subcommand.js';

export const PROTOCOL_HELP = `Usage: agent-lint protocol [path] [options]

Prints the delegation protocol agent-lint learned for the project holding path (default: the
current directory): for each agent system (.claude/, .opencode/, the rest), the format documents
its specs reference, the return format on each channel (returns written to a metadata file,
console replies) with required fields, allowed and forbidden values, and how each agent says it
returns, each with its file and line. The rules judge returns by this model. To correct it, fix
the document it cites, or name the format in config ("returnFormat", per folder in "overrides").

Options:
  -f, --format <name>      text (default) or json
  -c, --config <file>      use this config file
      --no-config-lookup   do not look for a config file
      --standard <name>    delegation standard profile: v2 (default), v1 or bounded
  -h, --help               print this help
`;

const OPTIONS = {
  format: { type: 'string', short: 'f' },
  ...CONFIG_OPTIONS,
  ...HELP_OPTION,
} as const;

export async function runProtocolCli(argv: string[], io: CliIO): Promise<number> {
  try {
    const parsed = parseCommandLine(argv, OPTIONS);
    const v = parsed.values;
    if (v.help) {
      io.stdout(PROTOCOL_HELP);
      return 0;
    }
    const format = v.format ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError(`unknown format "${escapeControl(format)}"; expected text or json`);
    if (parsed.positionals.length > 1) throw new UsageError(`protocol takes one path, got ${parsed.positionals.length}`);
    const { configFile, configLookup, standard } = configChoice(v, io.cwd);
    const given = parsed.positionals[0] ?? '.';
    const abs = path.resolve(io.cwd, given);
    let dir: string;
    try {
      dir = statSync(abs).isDirectory() ? abs : path.dirname(abs);
    } catch {
      throw new UsageError(`"${escapeControl(given)}" does not exist`);
    }
    const configs = new ConfigLookup({ cwd: io.cwd, rules: ALL_RULES, configFile, lookup: configLookup, standard });
    const facts = learnProtocol(dir, configs.forFile(path.join(dir, '<protocol>')), io.cwd);
    io.stdout(format === 'json' ? JSON.stringify(facts, null, 2) + '\n' : protocolText(facts).split('\n').map(escapeControl).join('\n'));
    return 0;
  } catch (e) {
    return subcommandFailure(e, io, 'protocol');
  }
}
