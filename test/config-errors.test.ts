/**
 * Bad config values are config errors that name the key (exit 2, one line), not internal errors
 * or hangs: empty globs, globs with so many `*` that matching them backtracks for minutes, and a
 * rule option that must be a regular expression but does not compile. The built CLI as a process.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectMaker } from './helpers/files.js';
import { REPO_ROOT } from './helpers/shared.js';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const TMP = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lint-cfgerr-')));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const project = projectMaker(TMP);

/** A file whose name (and a delegation target in it) almost matches the many-`*` globs below. */
const LONG = `${'a'.repeat(120)}.md`;
const AGENT = `---\nname: x\ndescription: d\n---\nBody: Task(subagent_type="${'a'.repeat(120)}", prompt="p").\n`;

function configError(config: object, key: string, detail: RegExp): void {
  const dir = project({ '.agent-lint.json': JSON.stringify(config), [LONG]: AGENT });
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [BIN, '--no-color', LONG], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
  expect(Date.now() - t0).toBeLessThan(20_000);
  expect(r.status).toBe(2);
  expect(r.stderr).toMatch(/^agent-lint: config error[^\n]+\n$/);
  expect(r.stderr).toContain(`${key}: `);
  expect(r.stderr).toMatch(detail);
  expect(r.stderr).not.toContain('internal error');
}

describe('config errors name the key', () => {
  it('an empty glob in ignores, overrides.files and knownAgents', () => {
    configError({ ignores: [''] }, 'ignores.0', /empty pattern/);
    configError({ overrides: [{ files: '', rules: {} }] }, 'overrides.0.files', /empty pattern/);
    configError({ overrides: [{ files: ['**/*.md', ''], rules: {} }] }, 'overrides.0.files.1', /empty pattern/);
    configError({ knownAgents: ['helper', ''] }, 'knownAgents.1', /empty pattern/);
  });

  it('globs with many "*" are refused instead of backtracking for minutes', () => {
    configError({ ignores: ['*a*a*a*a*a*a*a*a*b'] }, 'ignores.0', /"\*" in one path segment/);
    configError({ overrides: [{ files: ['*a*a*a*a*a*a*a*b.md'], rules: {} }] }, 'overrides.0.files.0', /"\*"/);
    configError({ knownAgents: ['*a*a*a*a*a*a*a*a*a*b'] }, 'knownAgents.0', /"\*"/);
    configError({ ignores: ['**/a/**/a/**/a/**/a/**'] }, 'ignores.0', /at most 4/);
  });

  it('a rule option that must be a regular expression', () => {
    configError({ rules: { 'session-id-format': ['warn', { pattern: '(' }] } }, 'rules.session-id-format.1.pattern', /not a valid regular expression/);
  });

  it('a pattern that can backtrack exponentially is refused (it would run on every session id, in CI and the editor)', () => {
    for (const pattern of ['^(a|a)+$', '^(a+)+$', '^(?:[a-z]+-)*x$', '^((ab)*c)+$', '^(a|b){2,}$']) {
      configError({ rules: { 'session-id-format': ['warn', { pattern }] } }, 'rules.session-id-format.1.pattern', /exponential time/);
    }
  });

  it('linear patterns are accepted', async () => {
    const { backtrackingRisk } = await import('../src/config/resolve.js');
    for (const p of ['^sess_[0-9]{10}_[a-z0-9]{6}$', '^(sess|session)_\\d+$', '^(?:[a-z]+)-\\d{3}$', '^[(+*)]+$', '^(ab){3}$', '^\\(a+\\)+$']) expect(backtrackingRisk(p), p).toBeNull();
  });

  it('ordinary globs are accepted', () => {
    const dir = project({ '.agent-lint.json': JSON.stringify({ ignores: ['drafts/', '**/old/**/*.md', '*-*.md'], knownAgents: ['helper-*'], overrides: [{ files: ['**/*.md'], kind: 'agent', rules: {} }] }), [LONG]: AGENT });
    const r = spawnSync(process.execPath, [BIN, '--no-color', LONG], { cwd: dir, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
