/**
 * The release workflow (.github/workflows/release.yml): triggered by a version tag, it may mint
 * an OIDC token (npm provenance) and push tags, publishes with --provenance, and its shell steps
 * do what docs/releasing.md says: run here with bash against a temporary git remote.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from './helpers/shared.js';

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
const wf = parse(readFileSync(path.join(REPO_ROOT, '.github/workflows/release.yml'), 'utf8')) as {
  on: { push: { tags: string[] } };
  permissions: Record<string, string>;
  jobs: { release: { steps: Step[] } };
};
const steps = wf.jobs.release.steps;
const step = (name: string) => steps.find((s) => s.name === name)!;
const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-release-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const version = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function bash(script: string, cwd: string, env: Record<string, string>) {
  return spawnSync('bash', ['-e', '-c', script], { cwd, env: { PATH: process.env['PATH']!, HOME: TMP, ...env }, encoding: 'utf8' });
}

describe('.github/workflows/release.yml', () => {
  it('runs on version tags only, with the permissions provenance and tag moving need', () => {
    expect(wf.on.push.tags).toEqual(['v[0-9]+.[0-9]+.[0-9]+']);
    expect(wf.permissions).toEqual({ contents: 'write', 'id-token': 'write' });
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node'))!.with).toMatchObject({ 'registry-url': 'https://registry.npmjs.org' });
    const publish = step('Publish to npm with provenance');
    expect(publish.run).toBe('npm publish --provenance --access public');
    expect(publish.env).toEqual({ NODE_AUTH_TOKEN: '${{ secrets.NPM_TOKEN }}' });
    // Tested before it is published.
    const names = steps.map((s) => s.run ?? s.name);
    expect(names.indexOf('npm test')).toBeGreaterThan(-1);
    expect(names.indexOf('npm test')).toBeLessThan(steps.indexOf(publish));
  });

  it('refuses a tag that is not the package version', () => {
    const check = step('The tag is the package\'s version').run!;
    expect(bash(check, REPO_ROOT, { GITHUB_REF_NAME: `v${version}` }).status).toBe(0);
    const bad = bash(check, REPO_ROOT, { GITHUB_REF_NAME: 'v9.9.9' });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe(`::error::tag v9.9.9 does not match package.json version ${version}\n`);
  });

  it("moves the major tag to the released commit (and only it)", () => {
    const git = (cwd: string, ...a: string[]) => {
      const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...a], { cwd, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout.trim();
    };
    const remote = path.join(TMP, 'remote.git');
    const work = path.join(TMP, 'work');
    git(TMP, 'init', '-q', '--bare', remote);
    git(TMP, 'clone', '-q', remote, work);
    git(work, 'commit', '-q', '--allow-empty', '-m', 'one');
    const first = git(work, 'rev-parse', 'HEAD');
    git(work, 'tag', 'v1.0.0');
    git(work, 'tag', 'v1');
    git(work, 'commit', '-q', '--allow-empty', '-m', 'two');
    const second = git(work, 'rev-parse', 'HEAD');
    git(work, 'tag', 'v1.1.0');
    git(work, 'push', '-q', 'origin', 'main', 'v1.0.0', 'v1', 'v1.1.0');
    const r = bash(step("Move the Action's major tag").run!, work, { GITHUB_REF_NAME: 'v1.1.0', GITHUB_SHA: second });
    expect(r.status, r.stderr).toBe(0);
    expect(git(remote, 'rev-parse', 'v1^{commit}')).toBe(second);
    expect(git(remote, 'rev-parse', 'v1.0.0^{commit}')).toBe(first);
  });
});
