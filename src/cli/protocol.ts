/**
 * `agent-lint protocol [path]`: prints the protocol agent-lint learned from the project's own
 * documents (per agent system: format documents, the format on each channel, vocabularies,
 * forbidden values, how each agent returns), with the file and line of each fact, so a user sees
 * why a finding fires and what to correct (a document, or `returnFormat` in config).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { escapeControl } from '../formatters/escape.js';
import { learnProtocol, protocolText } from '../protocol.js';
import type { CliIO } from './main.js';
import { CONFIG_OPTIONS, chosenConfigs, configChoice, runSubcommand, type Subcommand, UsageError } from './subcommand.js';

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
} as const;

const PROTOCOL: Subcommand<typeof OPTIONS, { format: 'text' | 'json'; dir: string; config: ReturnType<typeof configChoice> }> = {
  name: 'protocol',
  help: PROTOCOL_HELP,
  options: OPTIONS,
  read(line, cwd) {
    const v = line.values;
    const format = v.format ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError(`unknown format "${escapeControl(format)}"; expected text or json`);
    if (line.positionals.length > 1) throw new UsageError(`protocol takes one path, got ${line.positionals.length}`);
    const config = configChoice(v, cwd);
    const given = line.positionals[0] ?? '.';
    const abs = path.resolve(cwd, given);
    let dir: string;
    try {
      dir = statSync(abs).isDirectory() ? abs : path.dirname(abs);
    } catch {
      throw new UsageError(`"${escapeControl(given)}" does not exist`);
    }
    return { format, dir, config };
  },
};

export async function runProtocolCli(argv: string[], io: CliIO): Promise<number> {
  return runSubcommand(PROTOCOL, argv, io, ({ format, dir, config }) => {
    const configs = chosenConfigs(io.cwd, config);
    const facts = learnProtocol(dir, configs.forFile(path.join(dir, '<protocol>')), io.cwd);
    io.stdout(format === 'json' ? JSON.stringify(facts, null, 2) + '\n' : protocolText(facts).split('\n').map(escapeControl).join('\n'));
    return 0;
  });
}
