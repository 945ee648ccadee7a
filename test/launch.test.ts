/**
 * The `agent-lint` command (dist/src/cli/launch.cjs) runs the bundled CLI with a V8 code cache:
 * its output equals the unbundled CLI's, with and without a cache, and a subcommand works too.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/shared.js';

const LAUNCH = path.join(REPO_ROOT, 'dist/src/cli/launch.cjs');
const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const SAMPLE = path.join(REPO_ROOT, 'fixtures/sample-project');
const run = (entry: string, args: string[], input?: string) =>
  spawnSync(process.execPath, [entry, ...args], { cwd: SAMPLE, encoding: 'utf8', input, env: { ...process.env, NO_COLOR: '1' } });

describe('the agent-lint command', () => {
  it('is what package.json names as the bin', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(path.resolve(REPO_ROOT, pkg.bin['agent-lint']!)).toBe(LAUNCH);
  });

  it('gives the unbundled CLI\'s output and exit code, before and after its code cache exists', () => {
    const cacheDir = path.join(REPO_ROOT, 'dist/.cache');
    rmSync(cacheDir, { recursive: true, force: true });
    const expected = run(BIN, ['--format', 'json']);
    expect(expected.status).toBe(1);
    const first = run(LAUNCH, ['--format', 'json']);
    expect(first.stdout).toBe(expected.stdout);
    expect(first.status).toBe(expected.status);
    expect(existsSync(cacheDir) && readdirSync(cacheDir).some((f) => f.endsWith('.v8cache'))).toBe(true);
    const second = run(LAUNCH, ['--format', 'json']);
    expect(second.stdout).toBe(expected.stdout);
    expect(second.stderr).toBe('');
  });

  it('runs subcommands and reads the schemas beside the bundle', () => {
    const r = run(LAUNCH, ['check-return', '-'], '{"status": "completed"}');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('return format is missing required fields "summary", "artifacts" and "metadata"');
  });
});
