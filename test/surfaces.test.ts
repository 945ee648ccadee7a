/**
 * One project model: the same files and config give the same findings whatever the surface
 * (the CLI, the library's lintFiles and lintText, the language server, the browser bundle the
 * playground runs) and
 * whatever the scope (the whole repository, one agent tree, one file, standard input). Run over
 * fixture projects that hold format documents, forbidden values, references and two trees.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintFiles, lintText } from '../src/index.js';
import { runCli } from './helpers/lint-run.js';
import { startLsp, uriOf } from './helpers/lsp-client.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUNDLE = path.join(ROOT, 'dist/browser/agent-lint.js');
const TMP = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-surfaces-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** Fixture projects with a protocol to learn: documents, two trees, references, forbidden values, plugins. */
const CASES = [
  'return-format-schema/valid/protocol-merged',
  'return-format-schema/invalid/protocol-merged',
  'forbidden-value/invalid/anti-stop',
  'forbidden-value/valid/anti-stop',
  'reference-exists/invalid/context-refs',
  'return-file-mismatch/invalid/metadata-file',
  'missing-json-format-instruction/valid/file-based-tree',
  // A plugin that a marketplace entry defines (no plugin.json): its agents go by the entry's name.
  'unknown-delegation-target/invalid/marketplace-entry-plugin',
  // A plugin.json without a name (the marketplace entry names the plugin), and a sibling whose entry declares its agents' paths.
  'unknown-delegation-target/invalid/marketplace-names',
  'unknown-delegation-target/invalid/sibling-upper-md',
  'dangerous-permission/invalid/plugin-example-agent',
];

interface Finding {
  file: string;
  at: string;
}

function filesOf(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...filesOf(dir, r));
    else out.push(r);
  }
  return out.sort();
}

const key = (file: string, m: { ruleId: string | null; line: number; column: number }) => `${file}:${m.line}:${m.column} ${m.ruleId}`;
const sorted = (list: string[]) => [...list].sort();

let api: { lintProject(files: Array<{ path: string; text: string }>, config?: Record<string, unknown>): Promise<{ results: Array<{ filePath: string; messages: Array<{ ruleId: string; line: number; column: number }> }> }> };
beforeAll(() => {
  expect(existsSync(BUNDLE), `${BUNDLE} is built by npm run build`).toBe(true);
  const context = vm.createContext({});
  vm.runInContext(readFileSync(BUNDLE, 'utf8'), context, { filename: BUNDLE });
  api = (context as unknown as { agentLint: typeof api }).agentLint;
});

describe.each(CASES)('%s', (name) => {
  const dir = path.join(TMP, name.replace(/\//g, '__'));
  cpSync(path.join(ROOT, 'fixtures/rules', name), dir, { recursive: true });
  const files = filesOf(dir);
  const specs = files.filter((f) => f.endsWith('.md') && /^(\.(claude|opencode)|plugins\/[^/]+)\/(agents?|commands?|skills)\//.test(f));

  /** The whole project through the CLI: the reference every other way is compared with. */
  const cliRun = (args: string[]) => {
    const r = runCli(['--format', 'json', ...args], dir);
    expect([0, 1], r.stderr).toContain(r.status);
    return (JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; line: number; column: number }> }>).flatMap((res) =>
      res.messages.map((m) => key(path.relative(dir, path.resolve(dir, res.filePath)), m)),
    );
  };
  let whole: string[];
  const of = (file: string) => whole.filter((k) => k.startsWith(`${file}:`));

  it('the CLI on the whole repository, on each tree and on each file agree', () => {
    whole = sorted(cliRun([]));
    expect(whole.length + specs.length).toBeGreaterThan(0);
    for (const tree of ['.claude', '.opencode']) {
      if (!existsSync(path.join(dir, tree))) continue;
      expect(sorted(cliRun([tree])), tree).toEqual(whole.filter((k) => k.startsWith(`${tree}/`)));
    }
    for (const f of specs) expect(sorted(cliRun([f])), f).toEqual(of(f));
  });

  it('standard input with the file\'s name, and the library, agree with the CLI', async () => {
    // The command line's --stdin once (the library's lintText runs the same lint in-process for the rest).
    const first = specs[0];
    if (first) {
      const r = runCli(['--format', 'json', '--stdin', '--stdin-filename', first], dir, 60_000, readFileSync(path.join(dir, first), 'utf8'));
      const got = (JSON.parse(r.stdout) as Array<{ messages: Array<{ ruleId: string; line: number; column: number }> }>).flatMap((res) => res.messages.map((m) => key(first, m)));
      expect(sorted(got), `--stdin ${first}`).toEqual(of(first));
    }
    for (const f of specs) {
      const text = await lintText(readFileSync(path.join(dir, f), 'utf8'), { cwd: dir, filePath: f });
      expect(sorted(text.flatMap((res) => res.messages.map((m) => key(f, m)))), `lintText ${f}`).toEqual(of(f));
    }
    const lib = await lintFiles([], { cwd: dir });
    expect(sorted(lib.flatMap((res) => res.messages.map((m) => key(path.relative(dir, res.filePath), m))))).toEqual(whole);
  });

  it('the language server agrees with the CLI for every open spec', async () => {
    const c = await startLsp(dir);
    try {
      const got: string[] = [];
      for (const f of specs) {
        const abs = path.join(dir, f);
        await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uriOf(abs), languageId: 'markdown', version: 1, text: readFileSync(abs, 'utf8') } });
        const want = of(f).length;
        const d = await c.diagnostics(uriOf(abs), (x) => x.length === want);
        for (const x of d) got.push(key(f, { ruleId: String(x.code), line: x.range.start.line + 1, column: x.range.start.character + 1 }));
      }
      expect(sorted(got)).toEqual(whole.filter((k) => specs.some((f) => k.startsWith(`${f}:`))));
    } finally {
      expect(await c.close()).toBe(0);
    }
  });

  it('the browser bundle (the playground) agrees with the CLI', async () => {
    const texts = files.filter((f) => statSync(path.join(dir, f)).isFile()).map((f) => ({ path: f, text: readFileSync(path.join(dir, f), 'utf8') }));
    const { results } = await api.lintProject(texts);
    expect(sorted(results.flatMap((res) => res.messages.map((m) => key(res.filePath, m))))).toEqual(whole);
  });
});
