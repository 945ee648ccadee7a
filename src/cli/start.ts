/**
 * The CLI as a process: standard input and output, the subcommands, the worker thread of a large
 * run, and how the process ends. Started by src/cli/bin.ts (the unbundled modules) or by the
 * launcher (src/cli/launch.cts), which runs the bundle of this module with its compiled code kept
 * between runs and passes what it knows in a Launch.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { runCheckLog } from './check-log.js';
import { runCheckReturn } from './check-return.js';
import { runClaudeHook } from './claude-hook.js';
import { runGraphCli } from './graph.js';
import { workerThreads } from '../util/builtin.js';
import { WORKER_FLAG, type WorkerJob } from '../parallel.js';
import { runCli, runLintWorker } from './main.js';
import { FdWriter, isTerminal } from './stdio.js';
import { escapeControl } from '../formatters/escape.js';
import { fstatSync } from 'node:fs';
import { MAX_FILE_BYTES } from '../lint.js';
import { ReadRefused } from '../util/read-bounded.js';

/** Set by the bundler (src/build/bundle.ts): the language server's and the MCP server's own bundles beside the CLI's. */
declare const __AGENT_LINT_LSP__: string | undefined;
declare const __AGENT_LINT_MCP__: string | undefined;

/**
 * A server that only its subcommand loads (`agent-lint lsp`, `agent-lint mcp`): a lint run does
 * not pay for it. The bundled CLI loads its bundle `bundle`, the unbundled one its module `spec`.
 */
async function loadServer<T>(bundle: string | undefined, spec: string): Promise<T> {
  if (bundle !== undefined) return createRequire(import.meta.url)(fileURLToPath(new URL(bundle, import.meta.url))) as T;
  return (await import(spec)) as T;
}

const loadLsp = () => loadServer<typeof import('../lsp/server.js')>(typeof __AGENT_LINT_LSP__ === 'string' ? __AGENT_LINT_LSP__ : undefined, '../lsp/server.js');
const loadMcp = () => loadServer<typeof import('../mcp/server.js')>(typeof __AGENT_LINT_MCP__ === 'string' ? __AGENT_LINT_MCP__ : undefined, '../mcp/server.js');

/**
 * Standard input, with the limits of a linted file: not a directory, not closed, and
 * at most MAX_FILE_BYTES (an endless stream is cut off with an error, not read until memory ends).
 */
function readStdin(): Promise<string> {
  let st;
  try {
    st = fstatSync(0);
  } catch {
    return Promise.reject(new ReadRefused('it is closed'));
  }
  if (st.isDirectory()) return Promise.reject(new ReadRefused('it is a directory'));
  if (st.isFile() && st.size > MAX_FILE_BYTES) return Promise.reject(new ReadRefused(`it is ${st.size} bytes; over ${MAX_FILE_BYTES} bytes is not read`));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    process.stdin.on('data', (c: Buffer) => {
      total += c.length;
      if (total > MAX_FILE_BYTES) {
        process.stdin.destroy();
        reject(new ReadRefused(`it holds more than ${MAX_FILE_BYTES} bytes, which is not read`));
        return;
      }
      chunks.push(c);
    });
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'EISDIR' ? new ReadRefused('it is a directory') : e));
  });
}

// Output goes straight to the descriptors (src/cli/stdio.ts); a reader that stops early
// (`agent-lint | head`) is not an error of ours.
const outWriter = new FdWriter(1);
const errWriter = new FdWriter(2);
const stdout = outWriter.write;
const rawStderr = errWriter.write;
// Diagnostics on standard error quote paths and values that may come from files or their names:
// control characters other than the line ends and tabs of our own wording become visible escapes,
// so an escape sequence there cannot clear the screen or hide text (paths also go through
// shownPath, which escapes line breaks too).
const stderr = (s: string) => rawStderr(s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => escapeControl(c)));

/** Set by the bundler (src/build/bundle.ts): the name of the bundle's build. */
declare const __AGENT_LINT_BUILD__: string | undefined;

/** What the process's entry passes to start(). */
export interface Launch {
  /** The module a lint worker thread starts from: the process's own entry. */
  entry: string | URL;
  /** Told how many documents a lint run took in, linted or read for context (the launcher's code cache follows the largest runs). */
  took?(documents: number): void;
  /** The launcher's last work (writing its code cache), before the CLI ends the process itself. */
  beforeExit?(): void;
}

/**
 * Runs the CLI on the process's arguments; in a worker thread of a large run (started with
 * WORKER_FLAG, so that a plain run need not load node:worker_threads to ask), lints its share
 * and posts the results.
 */
export function start(launch: Launch): void {
  const thread = process.argv.includes(WORKER_FLAG) ? workerThreads() : null;
  const data = thread?.workerData as { agentLintWorker?: boolean; options?: unknown } | null | undefined;
  if (thread && !thread.isMainThread && data?.agentLintWorker) {
    const port = thread.parentPort!;
    const nextJob = () => new Promise<WorkerJob | null>((resolve) => port.once('message', resolve));
    void runLintWorker(data.options, nextJob, (m) => port.postMessage(m));
  } else {
    main(launch);
  }
}

function main(launch: Launch) {
  const argv = process.argv.slice(2);
  const stdoutIsTTY = isTerminal(1);
  const io = {
    cwd: process.cwd(),
    env: process.env,
    stdout,
    stderr,
    readStdin,
    stdoutIsTTY,
    // Asked of process.stdout only on a terminal: on a pipe it would set up a socket for nothing.
    columns: stdoutIsTTY ? process.stdout.columns : undefined,
    workerEntry: launch.entry,
    // The bundle names its build: its runs keep a project index (src/project-index.ts).
    build: typeof __AGENT_LINT_BUILD__ === 'string' ? __AGENT_LINT_BUILD__ : undefined,
    took: launch.took,
  };
  // `agent-lint check-return ...` judges a subagent's reply, `check-log` delegation logs,
  // `agent-lint graph` prints the delegation graph, `protocol` the protocol learned from the documents, `claude-hook` is Claude Code's hook, `lsp`
  // the language server, `mcp` the Model Context Protocol server; anything else lints specs.
  const subcommands: Record<string, () => Promise<number>> = {
    'check-return': () => runCheckReturn(argv.slice(1), io),
    'check-log': () => runCheckLog(argv.slice(1), io),
    graph: () => runGraphCli(argv, io),
    protocol: () => import('./protocol.js').then((m) => m.runProtocolCli(argv.slice(1), io)),
    'claude-hook': () => runClaudeHook(io),
    lsp: () => loadLsp().then((m) => m.runLsp(argv.slice(1), io)),
    mcp: () => loadMcp().then((m) => m.runMcp(argv.slice(1), io)),
  };
  const lints = !Object.hasOwn(subcommands, argv[0] ?? '');
  const run = (lints ? () => runCli(argv, io) : subcommands[argv[0]!]!)();
  run.then(
    (code) => {
      process.exitCode = code;
      if (lints && !outWriter.streamed && !errWriter.streamed) {
        // `process.exit` leaves without tearing the heap down (Node.js frees every page of it on
        // a natural exit: 12 ms after a run over the corpus, 1 ms after one file); exit handlers
        // still run. Not for a run whose output went to a stream that may still be writing.
        launch.beforeExit?.();
        process.exit(code);
      }
    },
    (e: unknown) => {
      stderr(`agent-lint: internal error: ${String(e)}\n`);
      process.exitCode = 2;
    },
  );
}
