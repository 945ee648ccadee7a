/**
 * Hostile input: one odd file among good ones. Every file is in the results, the good files'
 * findings do not change, the odd file gets a clear, positioned diagnostic (or none when it is
 * fine), nothing crashes and nothing hangs. Run through the built CLI as a process (one run over
 * the whole project) and through the library, one file at a time, with a time bound that is a
 * hang check, not a benchmark.
 *
 * Unreadable files: tests run as root here, where `chmod 000` does not stop a read; that case is
 * skipped under root. A FIFO named like a spec (and a symlink to /dev/zero) stands in for it:
 * those are not regular files and must be reported without being read (a read would block).
 */
import { writeFiles } from './helpers/files.js';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { defineRule } from '../src/engine/rule.js';
import type { LintMessage, LintResult } from '../src/types.js';
import { badPositions, cliJson, lintWithLibrary, runCli, type JsonResult } from './helpers/lint-run.js';

const IS_ROOT = typeof process.getuid === 'function' && process.getuid() === 0;
const IS_WINDOWS = process.platform === 'win32';
/** A hang check: each hostile file is linted well within this (typical: milliseconds). */
const PER_FILE_MS = 5000;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-hostile-'));
afterAll(() => {
  try {
    chmodSync(path.join(tmp, 'project/.claude/agents/no-permission.md'), 0o644);
  } catch {
    /* not made */
  }
  rmSync(tmp, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// The good files

const GOOD_A = [
  '---',
  'name: good-a',
  'description: Reviews a module and returns a JSON report.',
  'tools: Read, Grep',
  'color: chartreuse',
  '---',
  '# Good A',
  '',
  'Return exactly this JSON:',
  '',
  '```json',
  '{',
  '  "status": "completed",',
  '  "summary": "Reviewed the module",',
  '  "artifacts": [],',
  '  "metadata": {',
  '    "session_id": "sess_1700000000_abc123",',
  '    "duration_seconds": 12,',
  '    "agent_type": "good-a",',
  '    "delegation_depth": 3,',
  '    "delegation_path": ["orchestrator", "review", "good-a"]',
  '  }',
  '}',
  '```',
  '',
].join('\n');

const GOOD_B = [
  '---',
  'name: good-b',
  'description: Summarises a change set.',
  '---',
  'Return:',
  '',
  '```json',
  '{"status": "completed", "summary": "ok", "artifacts": [], "metadata": {"session_id": "sess_1700000000_abc123", "duration_seconds": 3, "agent_type": "good-b", "delegation_depth": 1, "delegation_path": ["orchestrator", "review", "good-b"]}}',
  '```',
  '',
].join('\n');

const GOOD_CMD = ['---', 'description: Review the current change', '---', 'Ask the good-a agent to review $ARGUMENTS.', ''].join('\n');

const GOOD_FILES: Record<string, string> = {
  '.claude/agents/good-a.md': GOOD_A,
  '.claude/agents/good-b.md': GOOD_B,
  '.claude/commands/review.md': GOOD_CMD,
};

/** Where good-a's known findings are (1-based), so the CRLF + BOM copy can be checked exactly. */
const DEPTH_AT = { line: 20, column: 25, endLine: 20, endColumn: 26 };
const COLOR_LINE = 5;

// ---------------------------------------------------------------------------------------------
// The hostile files

const fm = (name: string) => `---\nname: ${name}\ndescription: A test agent\n---\n`;

function alias9(): string {
  // Billion laughs: 9 levels of 9 aliases each.
  let y = 'l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
  for (let i = 1; i <= 9; i++) y += `l${i}: &l${i} [${Array(9).fill(`*l${i - 1}`).join(',')}]\n`;
  return y;
}

const DEEP = 100_000;
const RETURN_PREFIX = '{"status": "completed", "summary": "s", "artifacts": ';

interface HostileCase {
  file: string;
  /** Writes the file (or link, or folder) into the project. */
  make(abs: string): void;
  /** Checks the file's messages; `text` is its content when it is text. */
  check(messages: LintMessage[], text: string | null): void;
  /** In the results? (a folder named like a spec is not a file) */
  listed?: boolean;
  skip?: boolean;
}

const has = (messages: LintMessage[], ruleId: string, at?: Partial<LintMessage>, message?: RegExp) => {
  const hit = messages.find(
    (m) =>
      m.ruleId === ruleId &&
      (!at || Object.entries(at).every(([k, v]) => m[k as keyof LintMessage] === v)) &&
      (!message || message.test(m.message)),
  );
  expect(hit, `expected ${ruleId} ${JSON.stringify(at ?? {})} ${message ?? ''} in ${JSON.stringify(messages.map((m) => [m.ruleId, m.line, m.column, m.message]))}`).toBeDefined();
};
const none = (messages: LintMessage[], ruleId: string) =>
  expect(messages.filter((m) => m.ruleId === ruleId).map((m) => `${m.line}:${m.column} ${m.message}`)).toEqual([]);
const write = (text: string | Buffer) => (abs: string) => writeFileSync(abs, text);

const CASES: HostileCase[] = [
  {
    file: '.claude/agents/binary.md',
    make: write(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])),
    check: (m) => {
      expect(m).toHaveLength(1);
      has(m, 'file-encoding', { line: 1, column: 1, fatal: true }, /binary/);
    },
  },
  {
    file: '.claude/agents/invalid-utf8.md',
    make: write(Buffer.concat([Buffer.from(fm('bad-bytes') + 'line five '), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('\n')])),
    check: (m) => {
      expect(m).toHaveLength(1);
      has(m, 'file-encoding', { line: 5, fatal: true }, /not valid UTF-8/);
    },
  },
  {
    file: '.claude/agents/crlf-bom.md',
    make: write('\uFEFF' + GOOD_A.replace(/\n/g, '\r\n').replace('name: good-a', 'name: crlf-bom')),
    check: (m) => {
      // Exactly where the LF file has them: the BOM and the \r do not shift columns or lines.
      has(m, 'depth-path-mismatch', DEPTH_AT, /delegation_depth is 3 but delegation_path has 3 entries/);
      has(m, 'frontmatter-schema', { line: COLOR_LINE, column: 8, endLine: COLOR_LINE, endColumn: 18 }, /chartreuse/);
    },
  },
  {
    file: '.claude/agents/empty.md',
    make: write(''),
    check: (m) => {
      has(m, 'frontmatter-schema', { line: 1, column: 1 }, /no frontmatter/);
      for (const x of m) expect([x.line, x.column]).toEqual([1, 1]);
    },
  },
  {
    file: '.claude/agents/unclosed-frontmatter.md',
    make: write('---\nname: unclosed\ndescription: d\n\nThe body, with no closing line above it.\n'),
    check: (m) => has(m, 'frontmatter-valid', { line: 1, column: 1, endLine: 1, endColumn: 4 }, /never closed/),
  },
  {
    file: '.claude/agents/yaml-tabs.md',
    make: write('---\nname: tabs\n\tdescription: indented with a tab\n---\nbody\n'),
    check: (m) => has(m, 'frontmatter-valid', { line: 3, column: 1 }, /^frontmatter field `description` is indented with a tab$/),
  },
  {
    file: '.claude/agents/yaml-anchors.md',
    make: write('---\nname: anchors\ndescription: &d Reviews code\ntools: &t Read, Grep\n---\nbody\n'),
    check: (m) => none(m, 'frontmatter-valid'),
  },
  {
    file: '.claude/agents/yaml-alias-bomb.md',
    make: write('---\nname: bomb\ndescription: d\n' + alias9() + '---\nbody\n'),
    check: (m) => has(m, 'frontmatter-valid', { line: 2, column: 1 }, /alias/i),
  },
  {
    file: '.claude/agents/yaml-duplicate-keys.md',
    make: write('---\nname: dup\ndescription: first\nname: dup-again\n---\nbody\n'),
    check: (m) => has(m, 'frontmatter-valid', { line: 4, column: 1 }, /^`name` is defined twice in the frontmatter, first at line 2$/),
  },
  {
    file: '.claude/agents/yaml-huge-scalar.md',
    make: write('---\nname: huge\ndescription: ' + 'x'.repeat(3_000_000) + '\n---\nbody\n'),
    // Flat `key: value` frontmatter is read by the linear fast path, whatever its size.
    check: (m) => none(m, 'frontmatter-valid'),
  },
  {
    file: '.claude/agents/yaml-large-scalar.md',
    // Under the 64 KB bound: parsed normally.
    make: write('---\nname: large\ndescription: ' + 'word '.repeat(11_000) + '\n---\nbody\n'),
    check: (m) => none(m, 'frontmatter-valid'),
  },
  {
    file: '.claude/agents/yaml-deep-flow.md',
    make: write('---\nname: deep\ndescription: ' + '['.repeat(5000) + '\n---\nbody\n'),
    // The 65th bracket passes the nesting bound: 'description: ' is 13 characters.
    check: (m) => has(m, 'frontmatter-valid', { line: 3, column: 13 + 65 }, /nest more than 64/),
  },
  {
    file: '.claude/agents/yaml-deep-block.md',
    make: write('---\nname: deep\nitems:\n' + '- '.repeat(5000) + 'x\n---\nbody\n'),
    check: (m) => has(m, 'frontmatter-valid', { line: 4, column: 1 }, /nests more than 64 block collections/),
  },
  {
    file: '.claude/agents/json-deep.md',
    make: write(fm('json-deep') + '```json\n' + '['.repeat(DEEP) + ']'.repeat(DEEP) + '\n```\n'),
    check: (m) => none(m, 'internal-error'),
  },
  {
    file: '.claude/agents/json-deep-return.md',
    make: write(fm('json-deep-return') + '```json\n' + RETURN_PREFIX + '['.repeat(DEEP) + ']'.repeat(DEEP) + '}\n```\n'),
    // The object is depth 1, so the 1,000th `[` is the first too deep.
    check: (m) => has(m, 'return-format-json', { line: 6, column: RETURN_PREFIX.length + 1000 }, /nesting deeper than 1000/),
  },
  {
    file: '.claude/agents/long-line.md',
    make: write(fm('long-line') + 'word {"a": '.repeat(5 * 1024 * 1024 / 11) + '\n'),
    check: (m) => none(m, 'internal-error'),
  },
  {
    file: '.claude/agents/unterminated-fence.md',
    make: write(fm('unterminated-fence') + 'Return:\n\n```json\n{\n  "status": "completed",\n  "artifacts": [],\n  "summary": "never closed\n'),
    check: (m) => has(m, 'return-format-json', { line: 11, column: 14 }, /unterminated string/),
  },
  {
    file: '.claude/agents/unterminated-string.md',
    make: write(fm('unterminated-string') + '```json\n{\n  "status": "completed",\n  "summary": "oops,\n  "artifacts": []\n}\n```\n\nMore text.\n'),
    check: (m) => has(m, 'return-format-json', { line: 8, column: 14 }, /unterminated string/),
  },
  {
    file: '.claude/agents/xml-unclosed.md',
    make: write(fm('xml-unclosed') + '<stage id="1" name="Plan">\n<process>\n'.repeat(10_000)),
    check: (m) => none(m, 'internal-error'),
  },
  {
    file: '.claude/agents/loop-a.md',
    make: (abs) => {
      symlinkSync('loop-b.md', abs);
      symlinkSync('loop-a.md', path.join(path.dirname(abs), 'loop-b.md'));
    },
    check: (m) => {
      expect(m).toHaveLength(1);
      has(m, 'file-unreadable', { line: 1, column: 1, fatal: true }, /symlink loop/);
    },
    skip: IS_WINDOWS,
  },
  {
    file: '.claude/agents/loop-b.md',
    make: () => {},
    check: (m) => has(m, 'file-unreadable', { line: 1, column: 1 }, /symlink loop/),
    skip: IS_WINDOWS,
  },
  {
    file: '.claude/agents/dangling.md',
    make: (abs) => symlinkSync('nowhere.md', abs),
    check: (m) => {
      expect(m).toHaveLength(1);
      has(m, 'file-unreadable', { line: 1, column: 1, fatal: true }, /dangling symlink: it points to nowhere\.md/);
      // The help says what to do about a link (not to make the file readable).
      expect(m[0]!.help).toMatch(/^Point the link at an existing file, or remove it\. If it is not a spec/);
    },
    skip: IS_WINDOWS,
  },
  {
    file: '.claude/agents/dangling-far.md',
    make: (abs) => symlinkSync(`${'archived-research-notes/'.repeat(4)}nowhere.md`, abs),
    check: (m) => {
      expect(m).toHaveLength(1);
      expect(m[0]!.message.length).toBeLessThanOrEqual(100);
      // The message cuts the target; the help has the whole reason.
      expect(m[0]!.help).toContain(`In full: dangling symlink: it points to ${'archived-research-notes/'.repeat(4)}nowhere.md, which does not exist.`);
    },
    skip: IS_WINDOWS,
  },
  {
    file: '.claude/agents/linked-good.md',
    make: (abs) => symlinkSync('good-b.md', abs),
    // A symlink to a good spec is linted like the spec (good-b has no finding).
    check: (m) => expect(m).toEqual([]),
    skip: IS_WINDOWS,
  },
  {
    file: '.claude/agents/fifo.md',
    make: (abs) => execFileSync('mkfifo', [abs]),
    check: (m) => {
      expect(m).toHaveLength(1);
      has(m, 'file-unreadable', { line: 1, column: 1 }, /not a regular file/);
    },
    skip: IS_WINDOWS,
  },
  {
    file: '.claude/agents/device.md',
    make: (abs) => symlinkSync('/dev/zero', abs),
    check: (m) => has(m, 'file-unreadable', { line: 1, column: 1 }, /not a regular file/),
    skip: IS_WINDOWS,
  },
  {
    file: '.claude/agents/no-permission.md',
    make: (abs) => {
      writeFileSync(abs, fm('no-permission'));
      chmodSync(abs, 0);
    },
    check: (m) => has(m, 'file-unreadable', { line: 1, column: 1 }, /permission denied/),
    // Root reads a file whatever its mode: the case cannot be made here.
    skip: IS_ROOT || IS_WINDOWS,
  },
  {
    file: '.claude/agents/folder.md',
    make: (abs) => {
      mkdirSync(abs);
      writeFileSync(path.join(abs, 'inner.md'), GOOD_B.replace('name: good-b', 'name: inner'));
    },
    // A folder named like a spec is not a file: not listed; the spec inside it is linted.
    listed: false,
    check: () => {},
  },
];

const active = CASES.filter((c) => !c.skip);

// ---------------------------------------------------------------------------------------------

const project = path.join(tmp, 'project');
const clean = path.join(tmp, 'clean');
const rel = (r: { filePath: string }, root: string) => path.relative(root, r.filePath).split(path.sep).join('/');

function writeProject(dir: string, withHostile: boolean) {
  writeFiles(dir, GOOD_FILES);
  if (withHostile) for (const c of active) c.make(path.join(dir, c.file));
}

function textOf(file: string): string | null {
  try {
    if (!statSync(path.join(project, file)).isFile()) return null; // a FIFO would block the read
    const buf = readFileSync(path.join(project, file));
    const t = new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return t.includes('\0') ? null : t;
  } catch {
    return null;
  }
}

const strip = (m: LintMessage) => ({ ruleId: m.ruleId, line: m.line, column: m.column, endLine: m.endLine, endColumn: m.endColumn, message: m.message });

let cliResults: JsonResult[] = [];
let cleanResults: JsonResult[] = [];
let cliMs = 0;

beforeAll(() => {
  writeProject(clean, false);
  writeProject(project, true);
  const c = cliJson(['.'], clean);
  cleanResults = c.results;
  const h = cliJson(['.'], project);
  cliResults = h.results;
  cliMs = h.run.ms;
  expect(h.run.status, h.run.stderr).toBe(1); // errors found, no crash
  expect(h.run.stderr).toBe('');
}, 120_000);

describe('hostile files among good ones (CLI, one run over the project)', () => {
  it('lists every file, and only files', () => {
    const listed = cliResults.map((r) => rel(r, project)).sort();
    const expected = [
      ...Object.keys(GOOD_FILES),
      ...active.filter((c) => c.listed !== false).map((c) => c.file),
      '.claude/agents/folder.md/inner.md',
    ].sort();
    expect(listed).toEqual(expected);
  });

  it('leaves the good files\' findings as they are without the hostile files', () => {
    const byFile = (rs: JsonResult[], root: string) =>
      Object.fromEntries(rs.filter((r) => rel(r, root) in GOOD_FILES).map((r) => [rel(r, root), r.messages.map(strip)]));
    const without = byFile(cleanResults, clean);
    expect(Object.keys(without).sort()).toEqual(Object.keys(GOOD_FILES).sort());
    expect(byFile(cliResults, project)).toEqual(without);
    // good-a's findings are the ones the CRLF + BOM copy must reproduce.
    const a = without['.claude/agents/good-a.md']!;
    expect(a).toContainEqual(expect.objectContaining({ ruleId: 'depth-path-mismatch', ...DEPTH_AT }));
    expect(a).toContainEqual(expect.objectContaining({ ruleId: 'frontmatter-schema', line: COLOR_LINE, column: 8, endColumn: 18 }));
  });

  it('finishes the whole run in reasonable time', () => {
    expect(cliMs).toBeLessThan(30_000);
  });

  for (const c of CASES) {
    if (c.listed === false) continue;
    it.skipIf(!!c.skip)(`${c.file}: a clear diagnostic, at a position inside the file, no internal error`, () => {
      const r = cliResults.find((x) => rel(x, project) === c.file);
      expect(r, `${c.file} is missing from the results`).toBeDefined();
      const messages = r!.messages;
      expect(messages.filter((m) => m.ruleId === 'internal-error').map((m) => m.message)).toEqual([]);
      const text = textOf(c.file);
      if (text !== null) expect(badPositions(text, messages)).toEqual([]);
      for (const m of messages) expect(m.message.length, m.ruleId).toBeGreaterThan(10);
      c.check(messages, text);
    });
  }
});

describe('hostile files one at a time (library, timed)', () => {
  for (const c of CASES) {
    if (c.listed === false) continue;
    it.skipIf(!!c.skip)(`${c.file} is linted in under ${PER_FILE_MS} ms with the same findings`, () => {
      // As a glob (`x.m[d]`), so the file is found the way a walk finds it: a looping or dangling
      // link named on the command line is an unreadable argument instead (tested below).
      const t0 = performance.now();
      const run = lintWithLibrary(project, [c.file.replace(/\.md$/, '.m[d]')]);
      const ms = performance.now() - t0;
      expect(ms).toBeLessThan(PER_FILE_MS);
      expect(run.unreadable).toEqual([]);
      expect(run.results).toHaveLength(1);
      const fromCli = cliResults.find((x) => rel(x, project) === c.file)!;
      expect(run.results[0]!.messages.map(strip)).toEqual(fromCli.messages.map(strip));
    });
  }
});

describe('a rule that throws', () => {
  const boom = defineRule({
    meta: { id: 'test-boom', description: 'throws on files that mention BOOM', severity: 'error' },
    check({ doc }) {
      if (doc.text.includes('BOOM')) throw new TypeError('cannot read properties of undefined (reading "x")');
    },
  });
  const badRange = defineRule({
    meta: { id: 'test-bad-range', description: 'reports past the end of files that mention RANGE', severity: 'error', messages: { past: { message: 'past the end' } } },
    check({ doc, report }) {
      if (doc.text.includes('RANGE')) report({ messageId: 'past', range: { start: 0, end: doc.text.length + 10 } });
    },
  });
  const projectBoom = defineRule({
    meta: { id: 'test-project-boom', description: 'a cross-file check that throws', severity: 'error', kinds: ['agent'] },
    checkProject() {
      throw new Error('graph exploded');
    },
  });
  const rules = [...ALL_RULES, boom, badRange, projectBoom];
  const dir = path.join(tmp, 'throwing');

  let results: LintResult[] = [];
  beforeAll(() => {
    writeProject(dir, false);
    writeFileSync(path.join(dir, '.claude/agents/boom.md'), GOOD_A.replace('name: good-a', 'name: boom').replace('# Good A', '# BOOM and RANGE'));
    results = lintWithLibrary(dir, [], rules).results;
  });
  const of = (f: string) => results.find((r) => rel(r, dir) === f)!;

  it('becomes internal-error on that file only; its other rules still run', () => {
    const boomFile = of('.claude/agents/boom.md');
    const internal = boomFile.messages.filter((m) => m.ruleId === 'internal-error');
    expect(internal.map((m) => m.message.match(/rule "([a-z-]+)"/)?.[1]).sort()).toEqual(['test-bad-range', 'test-boom', 'test-project-boom']);
    const boom = internal.find((m) => m.message.includes('test-boom'))!;
    expect(boom.message).toMatch(/cannot read properties of undefined/);
    expect(boom.help).toMatch(/bug in agent-lint.*cannot read properties of undefined/);
    expect(internal.find((m) => m.message.includes('test-bad-range'))!.message).toMatch(/outside the file/);
    for (const m of internal) expect({ line: m.line, column: m.column, severity: m.severity, fatal: m.fatal }).toEqual({ line: 1, column: 1, severity: 2, fatal: true });
    // The same findings as good-a from the real rules.
    expect(boomFile.messages.some((m) => m.ruleId === 'depth-path-mismatch' && m.line === DEPTH_AT.line)).toBe(true);
  });

  it('leaves the other files alone (the cross-file rule fails on the agents it applies to)', () => {
    const alone = lintWithLibrary(dir, []).results;
    for (const f of Object.keys(GOOD_FILES)) {
      const withBoom = of(f).messages.filter((m) => !(m.ruleId === 'internal-error' && m.message.includes('test-project-boom')));
      expect(withBoom.map(strip)).toEqual(alone.find((r) => rel(r, dir) === f)!.messages.map(strip));
    }
    expect(of('.claude/commands/review.md').messages.some((m) => m.ruleId === 'internal-error')).toBe(false);
    expect(of('.claude/agents/good-b.md').messages.filter((m) => m.ruleId === 'internal-error')).toHaveLength(1);
  });
});

describe('command-line problems: one clear message, exit 2', () => {
  const dir = path.join(tmp, 'cli');
  beforeAll(() => writeProject(dir, false));

  it('a path that does not exist', () => {
    const r = runCli(['.claude/agents/missing.md'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('agent-lint: cannot read ".claude/agents/missing.md": no such file or directory\n');
    expect(r.stdout).toBe('');
  });

  it.skipIf(IS_WINDOWS)('a dangling symlink named on the command line', () => {
    symlinkSync('gone.md', path.join(dir, '.claude/agents/link.md'));
    const r = runCli(['.claude/agents/link.md'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('agent-lint: cannot read ".claude/agents/link.md": dangling symlink: it points to gone.md, which does not exist\n');
    rmSync(path.join(dir, '.claude/agents/link.md'));
  });

  it('a glob that matches nothing: exit 2, or a warning and exit 0 with --no-error-on-unmatched-pattern', () => {
    const r = runCli(['.claude/nothing/**/*.md'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('agent-lint: error: no spec files match ".claude/nothing/**/*.md"\n');
    const w = runCli(['--no-error-on-unmatched-pattern', '.claude/nothing/**/*.md'], dir);
    expect(w.status).toBe(0);
    expect(w.stderr).toBe('agent-lint: warning: no spec files match ".claude/nothing/**/*.md"\n');
  });

  it('a folder with no specs in it', () => {
    mkdirSync(path.join(dir, 'docs'), { recursive: true });
    writeFileSync(path.join(dir, 'docs/readme.md'), '# not a spec\n');
    const r = runCli(['docs'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^agent-lint: error: no agent, command or skill specs found in "docs" \(looked in .*\)\n$/);
  });

  const badConfigs: Array<[string, string, RegExp]> = [
    ['invalid JSON', '{"rules": ', /config error in bad\.json: config is not valid JSON/],
    ['an unknown rule', '{"rules": {"frontmatter-vaild": "error"}}', /unknown rule "frontmatter-vaild"; did you mean "frontmatter-valid"\?/],
    ['a bad severity', '{"rules": {"frontmatter-valid": "loud"}}', /config error in bad\.json: .*frontmatter-valid/],
    ['not an object', '[1, 2]', /config must be an object/],
  ];
  for (const [what, text, re] of badConfigs) {
    it(`a config with ${what}`, () => {
      writeFileSync(path.join(dir, 'bad.json'), text);
      const r = runCli(['-c', 'bad.json', '.'], dir);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(re);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout).toBe('');
    });
  }

  it('a config file that does not exist', () => {
    const r = runCli(['-c', 'nope.json', '.'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^agent-lint: config error in nope\.json: config file not found\n$/);
  });

  it.skipIf(IS_WINDOWS)('a config found by lookup that is a FIFO (a read would block)', () => {
    const d = path.join(tmp, 'fifo-config');
    cpSync(dir, d, { recursive: true });
    execFileSync('mkfifo', [path.join(d, '.agent-lint.json')]);
    const r = runCli(['.'], d);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/\.agent-lint\.json: cannot read config: it is not a regular file \(a FIFO, socket or device\), so it is not read\n$/);
  });
});

describe('a file with 20,000 findings', () => {
  const dir = path.join(tmp, 'many');
  const block = (i: number) =>
    (i % 2 ? '<!-- agent-lint-disable depth-path-mismatch -->\n' : '') +
    '```json\n{"status": "completed", "summary": "s", "artifacts": [], "metadata": {"session_id": "sess_1700000000_abc123", "duration_seconds": 1, "agent_type": "many", "delegation_depth": 4, "delegation_path": ["a", "b", "c"]}}\n```\n' +
    (i % 2 ? '<!-- agent-lint-enable depth-path-mismatch -->\n' : '');
  beforeAll(() => {
    mkdirSync(path.join(dir, '.claude/agents'), { recursive: true });
    writeFileSync(path.join(dir, '.claude/agents/many.md'), fm('many') + Array.from({ length: 20_000 }, (_, i) => block(i)).join(''));
  });

  // Each format once; before the fixes stylish split the 4 MB source once per finding (78 s) and
  // every finding read all 20,000 disable comments (2 min).
  for (const format of ['json', 'stylish', 'sarif', 'github']) {
    it(`--format ${format} finishes, with the 10,000 findings not disabled`, { timeout: 60_000 }, () => {
      const r = runCli(['--format', format, '.'], dir);
      expect(r.status, r.stderr).toBe(1);
      expect(r.ms).toBeLessThan(20_000);
      if (format === 'json') {
        const [res] = JSON.parse(r.stdout) as JsonResult[];
        expect(res!.messages.filter((m) => m.ruleId === 'depth-path-mismatch')).toHaveLength(10_000);
      }
      if (format === 'stylish') expect(r.stdout.match(/ {2}depth-path-mismatch$/gm) ?? []).toHaveLength(10_000);
    });
  }
});
