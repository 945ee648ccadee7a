/**
 * `agent-lint mcp`: a Model Context Protocol server over standard input and output, so that an
 * agent can check a spec it writes, or a reply it got, before it acts. Three tools: `lint`,
 * `check_return` and `graph` (src/mcp/tools.ts does their work). Each answers with its result as
 * JSON text and as structured content; input it cannot act on is a tool result with `isError`
 * and a one-line message, never a failed request or a crash.
 *
 * Loaded only by `agent-lint mcp` (src/cli/start.ts; the bundled CLI loads dist/mcp.cjs), so that a
 * lint run never loads the MCP SDK.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { ConfigError } from '../config/load.js';
import { configErrorText, parseArgsMessage } from '../cli/messages.js';
import { TOOL_NAME, VERSION } from '../meta.js';
import { checkReturnTool, graphTool, lintTool, MAX_FINDINGS } from './tools.js';

export const MCP_HELP = `Usage: agent-lint mcp [options]

Serves agent-lint to agents as a Model Context Protocol server over standard input and output,
with three tools:
  lint          lint spec files (paths or globs), or a spec's text as if at a path
  check_return  judge a subagent's reply by the project's protocol (for one agent, or the
                project's return format)
  graph         the delegations around an agent, command or skill: who calls it, whom it calls
Paths are relative to the working folder, whose config and specs apply.

Register it with Claude Code (from the project's folder):
  claude mcp add agent-lint -- node /path/to/agent-lint/dist/src/cli/launch.cjs mcp

Options:
      --root <dir>  the working folder (default: the current directory)
  -h, --help        print this help

See docs/mcp.md.
`;

class McpUsageError extends Error {}

const position = {
  line: z.number().describe('One-based line of the start'),
  column: z.number().describe('One-based column of the start'),
  endLine: z.number(),
  endColumn: z.number(),
};
const finding = {
  ...position,
  severity: z.enum(['error', 'warning']),
  ruleId: z.string(),
  message: z.string().describe('What is wrong, in one sentence'),
  help: z.string().optional().describe('What was expected and how to fix it'),
};
const counts = {
  errorCount: z.number(),
  warningCount: z.number(),
  omitted: z.number().optional().describe(`Findings left out of the list (at most ${MAX_FINDINGS} are listed)`),
};
const edge = z.object({
  from: z.string().describe('The delegating node\'s id'),
  to: z.string().describe('The target node\'s id'),
  target: z.string().describe('The target as written'),
  expected: z.string().describe('The kind of spec the delegation needs'),
  via: z.string().describe('How the text delegates: call, subagent-type, prose, mention, routing, can-delegate-to, skill, delegation-path'),
  status: z.string().describe('found, builtin, external, other-kind or missing'),
  suggestion: z.string().optional(),
  file: z.string().describe('The file the delegation is written in'),
  ...position,
  problems: z.array(z.string()).describe('The graph rules the delegation breaks'),
  distance: z.number().describe('Delegations away from the node (1: to or from it)'),
});

/** The text of an error, on one line: what a tool result with `isError` says. */
function errorText(e: unknown, cwd: string): string {
  const text = e instanceof ConfigError ? configErrorText(e, cwd) : e instanceof Error ? e.message : String(e);
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** A tool's answer: its data as JSON text and as structured content, or its error. */
async function answer(cwd: string, run: () => object | Promise<object>): Promise<CallToolResult> {
  try {
    const data = (await run()) as Record<string, unknown>;
    return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
  } catch (e) {
    return { content: [{ type: 'text', text: errorText(e, cwd) }], isError: true };
  }
}

/** The server, its tools working in `cwd`. */
export function createMcpServer(cwd: string): McpServer {
  const server = new McpServer({ name: TOOL_NAME, version: VERSION });
  const annotations = { readOnlyHint: true, openWorldHint: false };

  server.registerTool(
    'lint',
    {
      title: 'Lint agent specs',
      description:
        'Lints Claude Code and OpenCode agent, command and skill specs (and the delegation standard they follow) as the agent-lint command does. ' +
        'Give files (paths, folders or globs relative to the working folder; none lints every spec below it), or text with filename to lint a spec you are writing as if it were at that path. ' +
        'Returns each finding with file, line, column, severity, ruleId, message and help (how to fix it).',
      inputSchema: {
        files: z.union([z.string(), z.array(z.string())]).optional().describe('Paths, folders or globs relative to the working folder'),
        text: z.string().optional().describe("A spec's text, linted as if it were the file filename"),
        filename: z.string().optional().describe('With text: the path the spec has, or would have, in the project (.claude/agents/reviewer.md): it picks the kind of spec and the project'),
      },
      outputSchema: {
        files: z.number().describe('How many files were linted'),
        ...counts,
        findings: z.array(z.object({ file: z.string(), ...finding })),
      },
      annotations,
    },
    (args) => answer(cwd, () => lintTool(args, cwd)),
  );

  server.registerTool(
    'check_return',
    {
      title: "Check a subagent's reply",
      description:
        "Judges a subagent's reply (its return JSON, or text holding it) by the project's protocol: with agent, by what that agent's spec and the format documents it follows allow (as agent-lint's SubagentStop hook does); without, by the project's return format. " +
        'Returns valid and each finding with its JSON pointer, position in the reply, message and help.',
      inputSchema: {
        reply: z.string().describe("The subagent's reply text"),
        agent: z.string().optional().describe("The agent's name (reviewer, or a plugin's my-plugin:reviewer)"),
        sessionId: z.string().optional().describe('The session id sent with the delegation: metadata.session_id must equal it'),
        extract: z.boolean().optional().describe('Read the first JSON object of a reply that wraps it in prose or a code fence (default true); false: the whole reply must be one JSON value'),
      },
      outputSchema: {
        valid: z.boolean().describe('No errors (warnings allowed)'),
        standard: z.string(),
        ...counts,
        findings: z.array(z.object({ ...finding, pointer: z.string().describe("RFC 6901 JSON pointer of the value concerned ('' for the whole return)") })),
        agent: z.object({ name: z.string(), spec: z.string(), returns: z.enum(['json', 'metadata-file', 'unstated']) }).optional(),
      },
      annotations,
    },
    (args) => answer(cwd, () => checkReturnTool(args, cwd)),
  );

  server.registerTool(
    'graph',
    {
      title: 'Delegation graph around a name',
      description:
        'The delegation graph around an agent, command or skill: the node, the delegations into it (who calls it) and out of it (whom it calls), each with the file, line and column it is written at, up to depth delegations away.',
      inputSchema: {
        name: z.string().describe('An agent, command (research or /research) or skill name'),
        depth: z.number().int().min(1).max(10).optional().describe('How many delegations away to follow callers and callees (default 1)'),
      },
      outputSchema: {
        name: z.string(),
        depth: z.number(),
        matches: z.array(
          z.object({
            project: z.string().describe("The project's folder, relative to the working folder"),
            node: z.object({ id: z.string(), kind: z.string(), name: z.string(), expected: z.string().optional(), plugin: z.string().optional(), files: z.array(z.string()) }),
            callers: z.array(edge),
            callees: z.array(edge),
          }),
        ),
      },
      annotations,
    },
    (args) => answer(cwd, () => graphTool(args, cwd)),
  );
  return server;
}

/** `argv` follows `mcp`. Serves until standard input ends. */
export async function runMcp(argv: string[], io: { cwd: string; stdout: (s: string) => void; stderr: (s: string) => void }): Promise<number> {
  let cwd: string;
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, allowPositionals: false, strict: true, options: { root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
    } catch (e) {
      throw new McpUsageError(parseArgsMessage(e));
    }
    if (parsed.values.help) {
      io.stdout(MCP_HELP);
      return 0;
    }
    cwd = path.resolve(io.cwd, parsed.values.root ?? '.');
    let isDir = false;
    try {
      isDir = statSync(cwd).isDirectory();
    } catch {
      /* reported below */
    }
    if (!isDir) throw new McpUsageError(`--root "${parsed.values.root}" is not a folder`);
  } catch (e) {
    if (!(e instanceof McpUsageError)) throw e;
    io.stderr(`agent-lint mcp: ${e.message}\nRun agent-lint mcp --help for usage.\n`);
    return 2;
  }
  const server = createMcpServer(cwd);
  const transport = new StdioServerTransport();
  const closed = new Promise<number>((resolve) => {
    transport.onclose = () => resolve(0);
  });
  await server.connect(transport);
  // The client ends the session by closing our standard input.
  process.stdin.once('end', () => void server.close());
  return closed;
}
