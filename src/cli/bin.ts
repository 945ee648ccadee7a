#!/usr/bin/env node
import { runCheckReturn } from './check-return.js';
import { runCli } from './main.js';

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (c: Buffer) => chunks.push(c));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    process.stdin.on('error', reject);
  });
}

// A reader that stops early (`agent-lint | head`) is not an error of ours.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

const write = (stream: NodeJS.WriteStream) => (s: string) => {
  stream.write(s);
};

const argv = process.argv.slice(2);
// `agent-lint check-return ...` judges a subagent's reply; anything else lints specs.
const run: typeof runCli = argv[0] === 'check-return' ? (args, io) => runCheckReturn(args.slice(1), io) : runCli;

run(argv, {
  cwd: process.cwd(),
  env: process.env,
  stdout: write(process.stdout),
  stderr: write(process.stderr),
  readStdin,
  stdoutIsTTY: !!process.stdout.isTTY,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`agent-lint: internal error: ${String(e)}\n`);
    process.exitCode = 2;
  },
);
