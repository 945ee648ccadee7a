/**
 * The language server's figures (part of `npm run bench`; also `node bench/lsp.mjs [CORPUS]`):
 *
 * - latency: in a 100-file project that uses the delegation standard (ProofChecker's 50 specs
 *   and 50 Claude Code agents of VoltAgent's collection), the time from a didChange of one
 *   large spec (the ProofChecker spec nearest above 50 KB) to its diagnostics, cross-file rules
 *   included, after warm-up; measured with the debounce at 0 (the server's own default wait,
 *   30 ms, comes before it in an editor);
 * - memory: the server's peak resident memory once it holds the corpus: every spec opened (which
 *   reads each project's files into memory) and linted.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { markdownFiles } from './markdown-files.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-languageserver-protocol/node');

const uri = (f) => pathToFileURL(f).href;

function mdBelow(dir) {
  return markdownFiles(dir).map((f) => f.p).sort();
}

/** Starts the server; resolves diagnostics per uri through `waitFor`. */
async function startServer(cli, root, debounceMs) {
  const proc = spawn(process.execPath, [cli, 'lsp', '--stdio'], { cwd: root, stdio: 'pipe' });
  proc.stderr.resume();
  const conn = createProtocolConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const waiting = new Map();
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    const w = waiting.get(p.uri);
    if (w && (p.version === undefined || p.version === w.version)) {
      waiting.delete(p.uri);
      w.resolve(p.diagnostics);
    }
  });
  conn.onRequest('client/registerCapability', () => null);
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: uri(root), capabilities: {}, initializationOptions: debounceMs === undefined ? undefined : { debounceMs } });
  await conn.sendNotification('initialized', {});
  const waitFor = (u, version) => new Promise((resolve) => waiting.set(u, { version, resolve }));
  const close = async () => {
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    await new Promise((r) => proc.once('exit', r));
    conn.dispose();
  };
  return { proc, conn, waitFor, close };
}

/** The peak resident memory of a process, in MB (Linux), else null. */
function peakRssMb(pid) {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function benchLsp({ cli, corpus, work, runs = 40 }) {
  const pc = path.join(corpus, 'benbrastmckie__ProofChecker');
  const volt = path.join(corpus, 'VoltAgent__awesome-claude-code-subagents');
  const figures = {};
  if (existsSync(pc) && existsSync(volt)) {
    const proj = path.join(work, 'lsp-100');
    mkdirSync(path.join(proj, '.git'), { recursive: true });
    cpSync(pc, proj, { recursive: true });
    const extra = mdBelow(volt).filter((f) => f.includes(`${path.sep}categories${path.sep}`) && !/README/i.test(f));
    const have = mdBelow(proj).length;
    for (const f of extra.slice(0, Math.max(0, 100 - have))) cpSync(f, path.join(proj, '.claude', 'agents', 'volt', path.basename(f)));
    const files = mdBelow(proj);
    const target = files.map((f) => ({ f, s: statSync(f).size })).filter((x) => x.s >= 50_000).sort((a, b) => a.s - b.s)[0] ?? { f: files[0], s: statSync(files[0]).size };
    const text = readFileSync(target.f, 'utf8');
    const server = await startServer(cli, proj, 0);
    const u = uri(target.f);
    let version = 1;
    const opened = server.waitFor(u, version);
    await server.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: u, languageId: 'markdown', version, text } });
    await opened;
    // Typing at the end of the last line: one character in, one out, alternately.
    const lines = text.split('\n');
    const line = lines.length - 1;
    const col = lines[line].length;
    const change = async (i) => {
      version++;
      const done = server.waitFor(u, version);
      const t0 = process.hrtime.bigint();
      const edit = i % 2 === 0 ? { range: { start: { line, character: col }, end: { line, character: col } }, text: 'x' } : { range: { start: { line, character: col }, end: { line, character: col + 1 } }, text: '' };
      await server.conn.sendNotification('textDocument/didChange', { textDocument: { uri: u, version }, contentChanges: [edit] });
      const diags = await done;
      return { ms: Number(process.hrtime.bigint() - t0) / 1e6, n: diags.length };
    };
    for (let i = 0; i < 20; i++) await change(i); // warm-up
    const times = [];
    let findings = 0;
    for (let i = 0; i < runs; i++) {
      const r = await change(i);
      times.push(r.ms);
      findings = r.n;
    }
    times.sort((a, b) => a - b);
    figures.latency = { files: files.length, file: path.relative(proj, target.f), kb: target.s / 1024, median: median(times), p90: times[Math.floor(times.length * 0.9)], max: times[times.length - 1], findings, runs };
    await server.close();
  }

  // Memory: every spec of the corpus opened (each read into the server, each project's other
  // files with it, and each linted).
  const copy = path.join(work, 'lsp-corpus');
  cpSync(corpus, copy, { recursive: true });
  const server = await startServer(cli, copy, 0);
  let opened = 0;
  const specs = mdBelow(copy).filter((f) => /[\\/](agents|commands)[\\/]|[\\/]\.opencode[\\/](agent|command)[\\/]|[\\/]skills[\\/][^\\/]+[\\/]SKILL\.md$/.test(f));
  for (const f of specs) {
    const done = Promise.race([server.waitFor(uri(f), 1), new Promise((r) => setTimeout(r, 5000))]);
    await server.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(f), languageId: 'markdown', version: 1, text: readFileSync(f, 'utf8') } });
    await done;
    opened++;
  }
  figures.memory = { opened, files: mdBelow(copy).length, peakMb: peakRssMb(server.proc.pid) };
  await server.close();
  return figures;
}

export function printLsp(f) {
  if (f.latency) {
    const l = f.latency;
    console.log(`language server, one change to ${l.file} (${l.kb.toFixed(0)} KB) in a ${l.files}-file project, cross-file rules included, ${l.runs} changes after warm-up`);
    console.log(`  change -> diagnostics  median ${l.median.toFixed(1)} ms   p90 ${l.p90.toFixed(1)} ms   max ${l.max.toFixed(1)} ms   (target <= 20 ms; then the 30 ms debounce, target <= 50 ms)`);
  }
  console.log(`language server holding the corpus (${f.memory.files} markdown files; ${f.memory.opened} specs open, each linted)`);
  console.log(`  peak memory  ${f.memory.peakMb?.toFixed(0) ?? '?'} MB   (target < 300 MB)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const corpus = path.resolve(process.argv[2] ?? path.join(ROOT, '../shared/corpus'));
  if (!existsSync(corpus)) {
    console.log(`bench: no corpus at ${corpus}`);
    process.exit(0);
  }
  const cli = path.join(ROOT, JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).bin['agent-lint']);
  const work = path.join(os.tmpdir(), `agent-lint-bench-lsp-${process.pid}`);
  try {
    printLsp(await benchLsp({ cli, corpus, work }));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
