/**
 * Which agent-lint runs the language server: the `agent-lint.serverPath` setting, else the
 * workspace's installed package (node_modules/agent-lint, its launcher run with Node.js), else
 * `agent-lint` on the PATH. Plain data in and out, so that it is tested without VS Code.
 */
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const LAUNCHER = path.join('node_modules', 'agent-lint', 'dist', 'src', 'cli', 'launch.cjs');

/**
 * @param {{ serverPath?: string, folders: string[], exists?: (p: string) => boolean }} input
 * @returns {{ kind: 'module', module: string } | { kind: 'command', command: string }}
 */
function serverCommand(input) {
  const exists = input.exists || ((p) => fs.existsSync(p));
  const configured = (input.serverPath || '').trim();
  if (configured) return /\.c?js$/.test(configured) ? { kind: 'module', module: configured } : { kind: 'command', command: configured };
  for (const folder of input.folders) {
    const launcher = path.join(folder, LAUNCHER);
    if (exists(launcher)) return { kind: 'module', module: launcher };
  }
  return { kind: 'command', command: 'agent-lint' };
}

module.exports = { serverCommand, LAUNCHER };
