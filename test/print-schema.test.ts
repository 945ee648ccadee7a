/** `agent-lint --print-schema`: the standard's JSON Schema in force, for users' own validators. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/shared.js';

const BIN = path.join(REPO_ROOT, 'dist/src/cli/bin.js');
const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-schema-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));
const run = (args: string[], cwd = TMP) => spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
const schema = (name: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, 'src/standard/schemas', name), 'utf8'));

describe('--print-schema', () => {
  it('prints the v2 return format by default, and v1 with --standard v1', () => {
    const v2 = run(['--print-schema', 'return-format']);
    expect(v2.status).toBe(0);
    expect(JSON.parse(v2.stdout)).toEqual(schema('return-format-v2.json'));
    const v1 = run(['--print-schema', 'return-format', '--standard', 'v1']);
    expect(JSON.parse(v1.stdout)).toEqual(schema('return-format-v1.json'));
  });

  it('follows the config\'s standard', () => {
    const dir = mkdtempSync(path.join(TMP, 'cfg-'));
    writeFileSync(path.join(dir, '.agent-lint.json'), '{"standard": "v1"}');
    expect(JSON.parse(run(['--print-schema', 'return-format'], dir).stdout)).toEqual(schema('return-format-v1.json'));
  });

  it('prints the delegation context schema, and says when a profile has none', () => {
    expect(JSON.parse(run(['--print-schema', 'delegation-context']).stdout)).toEqual(schema('delegation-context.json'));
    const v1 = run(['--print-schema', 'delegation-context', '--standard', 'v1']);
    expect(v1.status).toBe(2);
    expect(v1.stderr).toContain('defines no delegation context schema');
    const bad = run(['--print-schema', 'returns']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--print-schema expects return-format or delegation-context');
  });
});
