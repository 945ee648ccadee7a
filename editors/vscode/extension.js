/**
 * The VS Code extension: starts `agent-lint lsp --stdio` from the installed package (see
 * server-command.js) and hands it the files that may be of a kind agent-lint reads (files.json,
 * which `npm run gen` writes from the kinds table): markdown, the JSON files that come with specs,
 * the other tools' TOML, `.mdc` and rules files.
 * Diagnostics, code actions, go to definition, hover and links all come from the server.
 */
'use strict';
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');
const { serverCommand } = require('./server-command');

/** @type {LanguageClient | undefined} */
let client;

const FILES = require('./files.json').filter((pattern) => pattern !== '**/*.md');

function start() {
  const config = vscode.workspace.getConfiguration('agent-lint');
  if (!config.get('enable', true)) return undefined;
  const folders = (vscode.workspace.workspaceFolders || []).map((f) => f.uri.fsPath);
  const server = serverCommand({ serverPath: config.get('serverPath', ''), folders });
  // A module runs with the editor's Node.js; the transport adds --stdio.
  const serverOptions =
    server.kind === 'module'
      ? { module: server.module, args: ['lsp'], transport: TransportKind.stdio }
      : { command: server.command, args: ['lsp'], transport: TransportKind.stdio, options: { shell: process.platform === 'win32' } };
  const clientOptions = {
    documentSelector: [{ scheme: 'file', language: 'markdown' }, ...FILES.map((pattern) => ({ scheme: 'file', pattern }))],
    synchronize: {
      fileEvents: [
        vscode.workspace.createFileSystemWatcher('**/*.md'),
        vscode.workspace.createFileSystemWatcher('**/{.agent-lint.json,.agent-lint.jsonc,.agent-lint.yaml,.agent-lint.yml,package.json,agent-lint-suppressions.json}'),
        ...FILES.map((p) => vscode.workspace.createFileSystemWatcher(p)),
      ],
    },
  };
  client = new LanguageClient('agent-lint', 'agent-lint', serverOptions, clientOptions);
  return client.start();
}

async function stop() {
  const c = client;
  client = undefined;
  if (c) await c.stop();
}

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('agent-lint.restartServer', async () => {
      await stop();
      await start();
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (!e.affectsConfiguration('agent-lint')) return;
      await stop();
      await start();
    }),
  );
  return start();
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
