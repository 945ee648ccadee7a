/**
 * The published package works: `npm pack` (of the build `npm test` just made) installed into an
 * empty project gives a working `agent-lint` command and library entry point.
 * Needs the dependencies in npm's cache or the registry (--prefer-offline); about 10 s.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/shared.js';

const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-pack-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const quiet = { encoding: 'utf8' as const, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' };

describe('npm pack', () => {
  it('installs into a fresh project as a working agent-lint', { timeout: 120_000 }, () => {
    // --ignore-scripts: use the build npm test made, do not rebuild under the other tests' feet.
    execFileSync(npm, ['pack', '--ignore-scripts', '--pack-destination', TMP], { ...quiet, cwd: REPO_ROOT });
    const tgz = readdirSync(TMP).find((f) => f.endsWith('.tgz'))!;
    expect(tgz).toMatch(/^agent-lint-.*\.tgz$/);
    const proj = path.join(TMP, 'proj');
    mkdirSync(path.join(proj, '.claude/commands'), { recursive: true });
    writeFileSync(path.join(proj, 'package.json'), '{"name": "consumer", "version": "1.0.0", "private": true, "type": "module"}');
    writeFileSync(path.join(proj, '.claude/commands/research.md'), '---\ndescription: Research\nargument-hint: [topic] [--deep]\n---\nbody\n');
    // A flow mapping: read by the YAML parser, which the package ships as dist/vendor/yaml.cjs.
    writeFileSync(path.join(proj, '.claude/commands/mapped.md'), '---\ndescription: {first: a, second: b}\n---\nbody\n');
    execFileSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(TMP, tgz)], { ...quiet, cwd: proj });

    const bin = path.join(proj, 'node_modules/.bin', process.platform === 'win32' ? 'agent-lint.cmd' : 'agent-lint');
    const r = spawnSync(bin, ['--no-color'], { cwd: proj, encoding: 'utf8', shell: process.platform === 'win32' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('3:24  error  `argument-hint` value `[topic] [--deep]` is not valid YAML');
    expect(r.stdout).toMatch(/mapped\.md\n {2}2:14 {2}(error|warning) {2}`description` is a mapping/);

    // The MCP server (its own bundle, dist/mcp.cjs) answers over stdio.
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pack-test', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    const mcp = spawnSync(bin, ['mcp'], { cwd: proj, input: messages.map((m) => JSON.stringify(m)).join('\n') + '\n', encoding: 'utf8', shell: process.platform === 'win32' });
    expect([mcp.status, mcp.stderr]).toEqual([0, '']);
    const answers = mcp.stdout.trim().split('\n').map((l) => JSON.parse(l) as { result: { serverInfo?: { name: string }; tools?: Array<{ name: string }> } });
    expect(answers[0]!.result.serverInfo?.name).toBe('agent-lint');
    expect(answers[1]!.result.tools?.map((t) => t.name)).toEqual(['lint', 'check_return', 'graph']);

    const lib = spawnSync(process.execPath, ['--input-type=module', '-e', "import { lint, ALL_RULES, VERSION } from 'agent-lint'; console.log(typeof lint, ALL_RULES.length > 0, VERSION);"], { cwd: proj, encoding: 'utf8' });
    expect(lib.stderr).toBe('');
    expect(lib.stdout.trim()).toMatch(/^function true \d+\.\d+\.\d+/);
    // The config schema ships, for editors ("$schema": "./node_modules/agent-lint/docs/config.schema.json").
    expect(JSON.parse(readFileSync(path.join(proj, 'node_modules/agent-lint/docs/config.schema.json'), 'utf8')).title).toBe('agent-lint configuration');
  });
});
