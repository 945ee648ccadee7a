/**
 * `agent-lint lsp --stdio`: the language server. The same rules, config lookup and inline
 * suppressions as the command line, over the Language Server Protocol: diagnostics on open and
 * on change (debounced), code actions, go to definition and hover on delegation targets, and
 * document links. The project's cross-file view lives in memory (src/lsp/workspace.ts) and
 * follows open buffers and watched-file events.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type InitializeParams,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ALL_RULES } from '../../rules/index.js';
import { ConfigLookup } from '../config/lookup.js';
import { CONFIG_FILES } from '../config/load.js';
import { DEFAULT_SUPPRESSIONS_FILE } from '../engine/bulk-suppressions.js';
import { prepareRules } from '../engine/rule.js';
import { VERSION } from '../meta.js';
import { kindFileGlobs } from '../model/kinds.js';
import type { DocumentModel } from '../model/document.js';
import type { LintMessage, LintResult } from '../types.js';
import { codeActions, OPEN_DOCS_COMMAND } from './actions.js';
import { positionToOffset, toDiagnostic } from './convert.js';
import { definition, documentLinks, hover, targetAt } from './navigation.js';
import { crossFileSignature, Workspace, type ProjectState } from './workspace.js';
import { idleCollector } from './idle-gc.js';

/** The wait after the last keystroke before a lint (the issue allows at most 50 ms). */
export const DEBOUNCE_MS = 30;

const RULES_META = new Map(ALL_RULES.map((r) => [r.meta.id, r.meta]));

function toPath(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  try {
    return path.resolve(fileURLToPath(uri));
  } catch {
    return null;
  }
}

export interface ServerOptions {
  /** Where the editor's workspace is when it names none (the server's working directory). */
  cwd: string;
  /** The wait before a lint after a change. */
  debounceMs?: number;
}

/** Wires the server's handlers to a connection; `connection.listen()` is left to the caller. */
export function startServer(connection: Connection, opts: ServerOptions): void {
  const documents = new TextDocuments(TextDocument);
  let debounce = opts.debounceMs ?? DEBOUNCE_MS;
  let ws: Workspace | undefined;
  /** The last lint of each open document: its model and findings (for code actions). */
  const linted = new Map<string, { doc: DocumentModel; messages: LintMessage[] }>();
  /** Documents with published diagnostics, to clear when they stop being linted. */
  const published = new Set<string>();
  const timers = new Map<ProjectState, NodeJS.Timeout>();
  let watchDynamic = false;

  const workspace = (): Workspace => {
    if (!ws) throw new Error('the server is not initialized');
    return ws;
  };

  connection.onInitialize((params: InitializeParams) => {
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? null;
    const cwd = (folder && toPath(folder)) || opts.cwd;
    ws = new Workspace({ cwd, rules: ALL_RULES, configs: () => new ConfigLookup({ cwd, rules: ALL_RULES, lookup: true }) });
    ws.onProblem = (m) => void connection.window.showWarningMessage(`agent-lint: ${m}`);
    watchDynamic = !!params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    // A client that waits for typing to pause itself may ask for less (never more than 50 ms).
    const asked = (params.initializationOptions as { debounceMs?: unknown } | undefined)?.debounceMs;
    if (typeof asked === 'number' && asked >= 0) debounce = Math.min(asked, 50);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        definitionProvider: true,
        hoverProvider: true,
        documentLinkProvider: { resolveProvider: false },
        executeCommandProvider: { commands: [OPEN_DOCS_COMMAND] },
      },
      serverInfo: { name: 'agent-lint', version: VERSION },
    };
  });

  connection.onInitialized(() => {
    if (watchDynamic) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [
          ...kindFileGlobs().map((globPattern) => ({ globPattern })),
          { globPattern: '**/package.json' }, { globPattern: `**/${DEFAULT_SUPPRESSIONS_FILE}` }, ...CONFIG_FILES.map((f) => ({ globPattern: `**/${f}` }))],
      });
    }
  });

  /**
   * What changed in each project since its last lint: the buffers that changed, or everything
   * (a file on disk, a closed buffer, the config).
   */
  const dirty = new Map<ProjectState, Set<string> | 'all'>();
  /** The cross-file signature of each open document as last linted. */
  const signatures = new Map<string, string>();

  const memory = idleCollector();
  const publish = (p: ProjectState, results: LintResult[], uriOf: Map<string, string>) => {
    memory.workDone();
    for (const r of results) {
      const uri = uriOf.get(r.filePath)!;
      const doc = p.buffers.get(r.filePath)!;
      linted.set(uri, { doc, messages: r.messages });
      published.add(uri);
      void connection.sendDiagnostics({ uri, version: documents.get(uri)?.version, diagnostics: r.messages.map((m) => toDiagnostic(doc, m, RULES_META)) });
    }
  };

  /**
   * Lints the changed documents of a project and publishes their diagnostics at once; then, when
   * a change may alter what other files see (a name, a delegation, a return format: see
   * crossFileSignature), the project's other open documents too.
   */
  const lintProject = (p: ProjectState) => {
    timers.delete(p);
    const changed = dirty.get(p) ?? 'all';
    dirty.delete(p);
    const w = workspace();
    const open: string[] = [];
    const uriOf = new Map<string, string>();
    for (const d of documents.all()) {
      const abs = toPath(d.uri);
      if (!abs || !p.buffers.has(abs)) continue;
      uriOf.set(abs, d.uri);
      let lintable = false;
      try {
        lintable = w.isLintable(abs);
      } catch (e) {
        connection.console.error(`agent-lint: ${(e as Error).message}`);
      }
      if (lintable) open.push(abs);
      else if (published.delete(d.uri)) void connection.sendDiagnostics({ uri: d.uri, diagnostics: [] });
    }
    if (!open.length) return;
    try {
      const first = changed === 'all' ? open : open.filter((f) => changed.has(f));
      publish(p, w.lint(p, first), uriOf);
      if (changed === 'all') {
        for (const f of open) signatures.set(f, crossFileSignature(p.buffers.get(f)!));
        return;
      }
      let others = false;
      for (const f of changed) {
        // A document that is not a spec (a format document the specs cite) changes what they mean.
        if (!open.includes(f)) others = true;
        const doc = p.buffers.get(f);
        const sig = doc ? crossFileSignature(doc) : null;
        const before = signatures.get(f) ?? (p.disk().get(f) ? crossFileSignature(p.disk().get(f)!) : null);
        if (sig === null || sig !== before) others = true;
        if (sig === null) signatures.delete(f);
        else signatures.set(f, sig);
      }
      const rest = open.filter((f) => !changed.has(f));
      if (others && rest.length) publish(p, w.lint(p, rest), uriOf);
    } catch (e) {
      // A bad config, for one: say it where the user looks, and keep serving.
      connection.console.error(`agent-lint: ${(e as Error).message}`);
      void connection.window.showErrorMessage(`agent-lint: ${(e as Error).message}`);
    }
  };

  /** Lints a project after `wait` ms: the changed buffer `abs`, or (without one) everything. */
  const schedule = (p: ProjectState, wait = debounce, abs?: string) => {
    const had = dirty.get(p);
    if (abs === undefined || had === 'all') dirty.set(p, 'all');
    else if (had) had.add(abs);
    else dirty.set(p, new Set([abs]));
    clearTimeout(timers.get(p));
    timers.set(p, setTimeout(() => lintProject(p), wait));
  };

  const bufferChanged = (uri: string, text: string, wait: number) => {
    const abs = toPath(uri);
    if (!abs) return;
    const p = workspace().setBuffer(abs, text);
    linted.delete(uri);
    schedule(p, wait, abs);
  };

  documents.onDidOpen((e) => bufferChanged(e.document.uri, e.document.getText(), 0));
  documents.onDidChangeContent((e) => bufferChanged(e.document.uri, e.document.getText(), debounce));
  documents.onDidClose((e) => {
    const abs = toPath(e.document.uri);
    linted.delete(e.document.uri);
    if (abs) signatures.delete(abs);
    if (published.delete(e.document.uri)) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    if (!abs) return;
    // The project goes back to the file on disk: the other open files may read differently now.
    schedule(workspace().closeBuffer(abs));
  });

  connection.onDidChangeWatchedFiles((params) => {
    const w = workspace();
    const touched = new Set<ProjectState>();
    // Files created or deleted: each project is walked again once per notification, not once per
    // file (a notification may carry thousands: a checkout, a generator).
    const rediscover = new Set<ProjectState>();
    let configChanged = false;
    for (const c of params.changes) {
      const abs = toPath(c.uri);
      if (!abs) continue;
      const base = path.basename(abs);
      if (CONFIG_FILES.includes(base) || base === 'package.json' || base === DEFAULT_SUPPRESSIONS_FILE) {
        configChanged = true;
        continue;
      }
      const p = w.projects.get(w.roots.rootOf(abs));
      if (!p) continue;
      if (base === 'plugin.json' || base === 'marketplace.json' || c.type !== FileChangeType.Changed) rediscover.add(p);
      else p.changed(abs);
      touched.add(p);
    }
    for (const p of rediscover) p.rediscover();
    if (configChanged) {
      w.reset();
      for (const p of w.projects.values()) {
        // The models carry kinds from the old config: read the open buffers again.
        for (const [abs, doc] of p.buffers) w.setBuffer(abs, doc.text);
        touched.add(p);
      }
    }
    for (const p of touched) schedule(p);
  });

  /** The model of an open document as last linted, and its project (linting first if a change is pending). */
  const current = (uri: string) => {
    const abs = toPath(uri);
    if (!abs) return null;
    const w = workspace();
    const p = w.project(abs);
    if (!p.buffers.has(abs)) return null;
    if (timers.has(p)) lintProject(p);
    const hit = linted.get(uri);
    return hit ? { ...hit, p, abs } : null;
  };

  connection.onCodeAction((params) => {
    const cur = current(params.textDocument.uri);
    if (!cur) return [];
    return codeActions({ uri: params.textDocument.uri, doc: cur.doc, messages: cur.messages, range: params.range, diagnostics: params.context.diagnostics, rules: RULES_META, only: params.context.only });
  });

  /** The project's cross-file view for navigation: the open document among the rest. */
  const navigate = (uri: string, position: { line: number; character: number }) => {
    const cur = current(uri);
    if (!cur) return null;
    const project = workspace().view(cur.p, cur.doc);
    return { doc: cur.doc, target: targetAt(cur.doc, project, positionToOffset(cur.doc, position)) };
  };

  connection.onDefinition((params) => {
    const nav = navigate(params.textDocument.uri, params.position);
    return nav?.target ? definition(nav.target) : null;
  });

  connection.onHover((params) => {
    const nav = navigate(params.textDocument.uri, params.position);
    return nav?.target ? hover(nav.doc, nav.target) : null;
  });

  connection.onDocumentLinks((params) => {
    const cur = current(params.textDocument.uri);
    return cur ? documentLinks(cur.doc, cur.p.root) : [];
  });

  connection.onExecuteCommand(async (params) => {
    if (params.command !== OPEN_DOCS_COMMAND) return;
    const url = params.arguments?.[0];
    if (typeof url === 'string' && /^https?:\/\//.test(url)) await connection.window.showDocument({ uri: url, external: true });
  });

  documents.listen(connection);
}

/** The `lsp` subcommand: `agent-lint lsp --stdio`. */
export async function runLsp(argv: string[], io: { cwd: string; stderr: (s: string) => void }): Promise<number> {
  const transport = argv.find((a) => a !== 'lsp');
  if (transport !== undefined && transport !== '--stdio') {
    io.stderr(`agent-lint: lsp: unknown option "${transport}"; the server speaks over standard input and output: agent-lint lsp --stdio\n`);
    return 2;
  }
  await prepareRules(ALL_RULES);
  const { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } = await import('vscode-languageserver/node');
  const connection = createConnection(ProposedFeatures.all, new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
  startServer(connection, { cwd: io.cwd });
  connection.listen();
  // The connection ends the process on `exit`; until then the server serves.
  return new Promise<number>(() => {});
}

