/** A language client for tests: starts `agent-lint lsp --stdio` as a process and speaks JSON-RPC to it. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type Diagnostic, type ProtocolConnection } from 'vscode-languageserver-protocol/node';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The installed command: the launcher, which runs the bundles. */
export const LAUNCHER = path.join(REPO_ROOT, 'dist/src/cli/launch.cjs');

export const uriOf = (file: string) => pathToFileURL(file).href;

export interface LspClient {
  conn: ProtocolConnection;
  proc: ChildProcessWithoutNullStreams;
  stderr: () => string;
  /** Resolves with the first diagnostics published for `uri` (from now, or the latest if it matches) that satisfy `accept`. */
  diagnostics(uri: string, accept?: (d: Diagnostic[]) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
  /** Shuts the server down and resolves with its exit code. */
  close(): Promise<number | null>;
}

export async function startLsp(rootDir: string, entry = LAUNCHER): Promise<LspClient> {
  const proc = spawn(process.execPath, [entry, 'lsp', '--stdio'], { cwd: rootDir, stdio: 'pipe' });
  let err = '';
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const conn = createProtocolConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const latest = new Map<string, Diagnostic[]>();
  const waiting: Array<{ uri: string; accept: (d: Diagnostic[]) => boolean; resolve: (d: Diagnostic[]) => void }> = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diagnostic[] }) => {
    latest.set(p.uri, p.diagnostics);
    for (let i = waiting.length - 1; i >= 0; i--) {
      const w = waiting[i]!;
      if (w.uri === p.uri && w.accept(p.diagnostics)) {
        waiting.splice(i, 1);
        w.resolve(p.diagnostics);
      }
    }
  });
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('window/showDocument', () => ({ success: true }));
  conn.onNotification('window/logMessage', () => {});
  conn.listen();
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: uriOf(rootDir),
    workspaceFolders: [{ uri: uriOf(rootDir), name: 'test' }],
    capabilities: { textDocument: { publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true } } },
  });
  await conn.sendNotification('initialized', {});
  return {
    conn,
    proc,
    stderr: () => err,
    diagnostics(uri, accept = () => true, timeoutMs = 10_000) {
      const have = latest.get(uri);
      if (have && accept(have)) return Promise.resolve(have);
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms; latest: ${JSON.stringify(latest.get(uri))}; stderr: ${err}`)), timeoutMs);
        waiting.push({ uri, accept, resolve: (d) => (clearTimeout(t), resolve(d)) });
      });
    },
    async close() {
      await conn.sendRequest('shutdown');
      await conn.sendNotification('exit');
      const code = await exited;
      conn.dispose();
      return code;
    },
  };
}

/** A one-line summary of a diagnostic for exact comparisons: `rule line:col-line:col` (zero-based). */
export const brief = (d: Diagnostic) => `${d.code} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;
