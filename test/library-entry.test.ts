/**
 * The package's entry as a user gets it: the built dist/src/index.js that package.json's
 * "main" and "exports" name, imported without installing anything, each export called; and
 * its declarations, compiled by a TypeScript consumer.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEARCH_DONE, SESSION, variant } from './helpers/replies.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  main: string;
  types: string;
  exports: { '.': { import: string; types: string } };
};
const ENTRY = path.resolve(ROOT, pkg.exports['.'].import);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-entry-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Lib = typeof import('../src/index.js');
let lib: Lib;

beforeAll(async () => {
  expect(existsSync(ENTRY), `${ENTRY} is built by npm run build`).toBe(true);
  lib = (await import(pathToFileURL(ENTRY).href)) as Lib;
});

/** A small project with one agent whose return example says failed but lists no error. */
function project(): string {
  const dir = path.join(tmp, 'project');
  mkdirSync(path.join(dir, '.claude/agents'), { recursive: true });
  mkdirSync(path.join(dir, '.git'), { recursive: true });
  const example = variant(RESEARCH_DONE, (r) => {
    r.status = 'failed';
    r.errors = [];
  });
  writeFileSync(path.join(dir, '.claude/agents/researcher.md'), `---\nname: researcher\ndescription: Researches a topic.\n---\n\nReturn:\n\n\`\`\`json\n${example}\n\`\`\`\n`);
  return dir;
}

describe('the built library entry', () => {
  it('is what package.json names', () => {
    expect(path.resolve(ROOT, pkg.main)).toBe(ENTRY);
    expect(ENTRY).toBe(path.join(ROOT, 'dist/src/index.js'));
    expect(existsSync(path.resolve(ROOT, pkg.exports['.'].types))).toBe(true);
  });

  it('exports lintFiles, lintText, checkReturn and schemas', () => {
    for (const name of ['lintFiles', 'lintText', 'checkReturn'] as const) expect(typeof lib[name]).toBe('function');
    expect(typeof lib.schemas).toBe('object');
  });

  it('lintFiles lints a project with the config machinery and gives ESLint-shaped results', async () => {
    const dir = project();
    const results = await lib.lintFiles([], { cwd: dir });
    expect(results).toHaveLength(1);
    const [r] = results;
    expect(r!.filePath).toBe(path.join(dir, '.claude/agents/researcher.md'));
    expect(Object.keys(r!).sort()).toEqual(['errorCount', 'fatalErrorCount', 'filePath', 'fixableErrorCount', 'fixableWarningCount', 'messages', 'source', 'suppressedMessages', 'warningCount']);
    // The text is there for a file with messages (for code frames), as in ESLint's results.
    expect(r!.messages.map((m) => m.ruleId)).toContain('return-status-errors');
    // A config file turns the rule off.
    writeFileSync(path.join(dir, '.agent-lint.json'), JSON.stringify({ rules: { 'return-status-errors': 'off' } }));
    const again = await lib.lintFiles('.claude/agents/researcher.md', { cwd: dir });
    expect(again[0]!.messages.map((m) => m.ruleId)).not.toContain('return-status-errors');
    // ... unless told to use none, or overridden.
    expect((await lib.lintFiles([], { cwd: dir, config: false }))[0]!.messages.map((m) => m.ruleId)).toContain('return-status-errors');
    expect((await lib.lintFiles([], { cwd: dir, rules: { 'return-status-errors': 'warn' } }))[0]!.messages.find((m) => m.ruleId === 'return-status-errors')!.severity).toBe(1);
    rmSync(path.join(dir, '.agent-lint.json'));
  });

  it('lintFiles throws on a pattern that matches nothing, and on a bad config', async () => {
    await expect(lib.lintFiles(['nothing-here/*.md'], { cwd: tmp, config: false })).rejects.toThrow('no spec files match "nothing-here/*.md"');
    expect((await lib.lintFiles(['nothing-here/*.md'], { cwd: tmp, config: false, errorOnUnmatchedPattern: false }))).toEqual([]);
    const bad = path.join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify({ rules: { 'no-such-rule': 'error' } }));
    await expect(lib.lintFiles([], { cwd: tmp, config: bad })).rejects.toBeInstanceOf(lib.ConfigError);
  });

  it('lintText lints a spec given as text, its kind taken from filePath', async () => {
    const text = readFileSync(path.join(project(), '.claude/agents/researcher.md'), 'utf8');
    const [r] = await lib.lintText(text, { cwd: tmp, filePath: '.claude/agents/researcher.md', config: false });
    expect(r!.filePath).toBe(path.join(tmp, '.claude/agents/researcher.md'));
    expect(r!.messages.map((m) => m.ruleId)).toContain('return-status-errors');
    const [asV1] = await lib.lintText(text, { cwd: tmp, filePath: '.claude/agents/researcher.md', config: false, standard: 'v1' });
    expect(asV1!.messages.map((m) => m.ruleId)).toContain('session-id-format');
    expect(r!.source).toBe(text);
    // A clean file's result holds no text, as ESLint's do not.
    const clean = '---\nname: clean\ndescription: Nothing to report\n---\nBody\n';
    const [c] = await lib.lintText(clean, { cwd: tmp, filePath: '.claude/agents/clean.md', config: false });
    expect(c!.messages).toEqual([]);
    expect('source' in c!).toBe(false);
  });

  it('checkReturn judges a reply', () => {
    const ok = lib.checkReturn(variant(RESEARCH_DONE), { sessionId: SESSION });
    expect(ok.valid).toBe(true);
    const bad = lib.checkReturn(variant(RESEARCH_DONE), { sessionId: 'sess_1_aaaaaa' });
    expect(bad).toMatchObject({ valid: false, errorCount: 1, messages: [{ ruleId: 'session-id-mismatch', pointer: '/metadata/session_id' }] });
    expect(lib.RETURN_RULE_IDS).toContain('return-format-schema');
  });

  it('schemas are the standard\'s JSON Schemas, frozen', () => {
    const { returnFormatV2, returnFormatV1, delegationContext } = lib.schemas;
    expect(returnFormatV2['required']).toEqual(['status', 'summary', 'artifacts', 'metadata']);
    expect(returnFormatV1['$id']).toBe('https://agent-lint.dev/schemas/return-format-v1.json');
    expect(delegationContext['required']).toEqual(['session_id', 'delegation_depth', 'delegation_path', 'timeout']);
    expect(lib.schemas.returnFormat('bounded')).toBe(returnFormatV2);
    expect(lib.schemas.returnFormat('v1')).toBe(returnFormatV1);
    expect(() => {
      (returnFormatV2['required'] as string[]).push('extra');
    }).toThrow(TypeError);
    // Checking still uses the pristine schema.
    expect(lib.checkReturn(variant(RESEARCH_DONE)).valid).toBe(true);
  });

  it('its declarations type a consumer (and the docs\' orchestrator example): the generated return types narrow on `valid`', () => {
    const dir = path.join(tmp, 'consumer');
    mkdirSync(dir, { recursive: true });
    const entry = JSON.stringify(ENTRY.replace(/\.js$/, '.js'));
    writeFileSync(
      path.join(dir, 'use.ts'),
      `import { checkReturn, schemas, lintText, type ReturnFormatV2, type DelegationContext, type LintResult } from ${entry};
const r = checkReturn('{}', { sessionId: 'sess_1_abcdef' });
if (r.valid) {
  const ret: ReturnFormatV2 = r.value;
  const status: 'completed' | 'failed' | 'partial' | 'blocked' = ret.status;
  const depth: number = ret.metadata.delegation_depth;
  void status; void depth;
}
const v1 = checkReturn('{}', { standard: 'v1' });
if (v1.valid) { const d: number | undefined = v1.value.metadata.delegation_depth; void d; }
const ctx: DelegationContext = { session_id: 's', delegation_depth: 1, delegation_path: ['a'], timeout: 60 };
// @ts-expect-error: "done" is not a status
const wrong: ReturnFormatV2['status'] = 'done';
const results: Promise<LintResult[]> = lintText('x');
void ctx; void wrong; void results; void schemas.returnFormatV2;
`,
    );
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: ['node'], typeRoots: [path.join(ROOT, 'node_modules/@types')] },
        files: ['use.ts', 'orchestrator.ts'],
      }),
    );
    // The orchestrator example of docs/api.md, against the built package.
    const docs = readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');
    const example = /```ts\n(import \{ randomBytes \}[\s\S]*?)```/.exec(docs)?.[1];
    expect(example, 'docs/api.md has the orchestrator example').toBeDefined();
    writeFileSync(path.join(dir, 'orchestrator.ts'), example!.replace("from 'agent-lint'", `from ${entry}`) + '\nvoid delegate;\n');
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const r = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
