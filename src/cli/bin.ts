#!/usr/bin/env node
import { graphMain } from './graph.js';
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

if (process.argv[2] === 'graph') graphMain(process.argv.slice(2)); else
runCli(process.argv.slice(2), {
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
