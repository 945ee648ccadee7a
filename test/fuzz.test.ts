/**
 * Property-based tests (fast-check): spec files made at random never crash the linter (no
 * internal-error, nothing thrown), never hang, and every finding points inside its file
 * (1 <= line <= lineCount, 1 <= column <= line length + 1, end not before start).
 *
 * Four sources of files:
 * - generated specs: frontmatter (known and odd fields, YAML oddities), prose, fences (JSON
 *   templates of return formats and delegation contexts, indented, unclosed), stage XML,
 *   task() calls with escaped JSON prompts, `[delegate:...]` markers, disable comments; LF or
 *   CRLF, with or without a BOM; one to three files per project, all kinds;
 * - the fixtures in fixtures/, mutated (tokens inserted, ranges deleted or doubled, lines
 *   swapped, truncated, CRLF, a BOM);
 * - token soup: syntax tokens mixed with arbitrary characters;
 * - the same projects under each standard profile.
 *
 * `npm test` runs a few thousand cases (FUZZ_RUNS per property, default 1000); `npm run fuzz`
 * runs many more (vitest.fuzz.config.ts; FUZZ_RUNS=n to choose, FUZZ_SEED=n to replay).
 */
import fc from 'fast-check';
import fg from 'fast-glob';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StandardName } from '../src/types.js';
import { lintMemory, type MemFile } from './helpers/in-memory-project.js';
import { fixLoop } from '../src/fix/apply.js';
import { badPositions, ROOT } from './helpers/lint-run.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? '') || 1000;
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : undefined;
/** A hang check per project (typical: a few milliseconds). */
const HANG_MS = 3000;
const TIMEOUT = Math.max(60_000, RUNS * 200);

// ---------------------------------------------------------------------------------------------
// Pieces

const TOKENS = [
  '---', '...', '```', '```json', '```xml', '~~~', '    ```json', '{', '}', '[', ']', '"', "'", '\\"', '\\\\', '\\n', ':', ': ', ',', '|',
  '\n', '\r\n', '\r', '\t', ' ', '  ', '<stage id="1">', '</stage>', '<process>', '</process>', '<!--', '-->', '#', '- ', '* ', '> ',
  'task(', ')', 'Task(subagent_type="x", prompt="', '[delegate:', '[delegate:fix tests:2]', '{x}', '${x}', '{{x}}', '<path>', 'N', '…',
  '"status"', '"summary"', '"artifacts"', '"metadata"', '"errors"', '"session_id"', '"delegation_depth"', '"delegation_path"',
  'completed', 'failed|partial', 'null', 'true', '1', '-1', '3.5', '1e99', '&a', '*a', '!!str', '? ', '$ARGUMENTS', '@agent',
  '\uFEFF', '\u00a0', '\u2028', '\u{1F600}', 'é', '\0',
  '<!-- agent-lint-disable-next-line -->', '<!-- agent-lint-disable frontmatter-schema -->', '# agent-lint-disable-line',
];
const token = fc.constantFrom(...TOKENS);
const word = fc.constantFrom('review', 'plan', 'research', 'implement', 'x', 'agent-1', 'Code Reviewer', 'a_b', '', 'ünïcode', '😀');
const soup = fc.string({ unit: fc.oneof({ weight: 3, arbitrary: token }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) }), maxLength: 60 });

const KEYS = [
  'name', 'description', 'tools', 'allowed-tools', 'disallowedTools', 'model', 'color', 'mode', 'permissionMode', 'argument-hint',
  'temperature', 'permission', 'skills', 'hooks', 'version', 'x-odd', 'Name', 'tool', 'description ',
];
const yamlValue: fc.Arbitrary<string> = fc.oneof(
  word,
  fc.constantFrom('Read, Grep, Glob', '[Read, Bash(git *)]', 'sonnet', 'inherit', 'gpt-4', 'red', 'chartreuse', 'primary', 'subagent', '0.2', 'true', '', '~', 'null'),
  fc.constantFrom('|\n  block text\n  more', '>-\n  folded', '\n  - Read\n  - Edit', '\n  edit: deny\n  bash: ask', '"quoted: value"', "'single'", '&anchor value', '*anchor', '{a: 1, b: [2]}', '"unterminated', '[unclosed'),
  soup,
);
const frontmatter = fc
  .record({
    fields: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), word), yamlValue), { maxLength: 6 }),
    close: fc.constantFrom('---', '---', '---', '...', '', '--- '),
    junk: fc.option(soup, { nil: undefined }),
  })
  .map(({ fields, close, junk }) => `---\n${fields.map(([k, v]) => `${k}: ${v}`).join('\n')}${junk ? `\n${junk}` : ''}\n${close}\n`);

const JSON_KEYS = [
  'status', 'summary', 'artifacts', 'metadata', 'errors', 'session_id', 'delegation_depth', 'delegation_path', 'duration_seconds',
  'agent_type', 'type', 'path', 'message', 'recoverable', 'recommendation', 'timeout', 'next_steps', 'x',
];
const jsonScalar = fc.oneof(
  fc.constantFrom('"completed"', '"failed"', '"partial|completed|failed"', '"{summary}"', '"<path>"', '"sess_1700000000_abc123"', '"x"', '""'),
  fc.constantFrom('0', '1', '2', '3', '-1', '1.5', '1e3', 'true', 'false', 'null', 'N', '{duration}', '{delegation_depth + 1}', '"a" | "b"', '...'),
  soup.map((s) => JSON.stringify(s)),
  soup,
);
const { json } = fc.letrec<{ json: string; object: string; array: string }>((tie) => ({
  json: fc.oneof({ depthSize: 'small', withCrossShrink: true }, jsonScalar, tie('object'), tie('array')),
  object: fc
    .record({
      props: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...JSON_KEYS), word), tie('json')), { maxLength: 6 }),
      ellipsis: fc.boolean(),
      trailing: fc.boolean(),
      comment: fc.boolean(),
      indent: fc.constantFrom('', '\n  ', '\n\t'),
    })
    .map(({ props, ellipsis, trailing, comment, indent }) => {
      const items = props.map(([k, v]) => `"${k}": ${v}${comment ? ' // note' : ''}`);
      if (ellipsis) items.push('...');
      return `{${indent}${items.join(`,${indent}`)}${trailing && items.length ? ',' : ''}${indent ? '\n' : ''}}`;
    }),
  array: fc.array(tie('json'), { maxLength: 4 }).map((items) => `[${items.join(', ')}]`),
}));
const returnFormat = fc
  .record({
    status: fc.constantFrom('"completed"', '"completed|partial|failed"', '"done"', '{status}', '1'),
    depth: fc.constantFrom('0', '1', '2', '3', '5', 'N', '-1', '"1"'),
    path: fc.array(word.map((w) => JSON.stringify(w)), { maxLength: 6 }).map((a) => `[${a.join(', ')}]`),
    extra: fc.array(fc.tuple(fc.constantFrom(...JSON_KEYS), json), { maxLength: 3 }),
  })
  .map(
    ({ status, depth, path: p, extra }) =>
      `{\n  "status": ${status},\n  "summary": "Did the work",\n  "artifacts": [{"type": "report", "path": "out.md", "summary": "x"}],\n  "metadata": {\n    "session_id": "sess_1700000000_abc123",\n    "duration_seconds": 12,\n    "agent_type": "x",\n    "delegation_depth": ${depth},\n    "delegation_path": ${p}${extra.map(([k, v]) => `,\n    "${k}": ${v}`).join('')}\n  }\n}`,
  );
const escapeForPrompt = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

const section: fc.Arbitrary<string> = fc.oneof(
  soup,
  word.map((w) => `## ${w}\n\nSome prose about ${w}: it does things.`),
  fc.tuple(fc.constantFrom('json', 'jsonc', '', 'text', 'xml', 'yaml', 'python', 'JSON'), fc.oneof(json, returnFormat), fc.constantFrom('', '  ', '    ', '\t'), fc.boolean()).map(
    ([lang, body, indent, closed]) => `${indent}\`\`\`${lang}\n${body.split('\n').map((l) => indent + l).join('\n')}\n${closed ? `${indent}\`\`\`` : ''}`,
  ),
  returnFormat.map((r) => `Return this:\n${r}`),
  // Half the calls read JSON from the reply, so missing-json-format-instruction (and its fix) applies to them.
  fc.tuple(word, fc.oneof(returnFormat, json), fc.boolean()).map(([a, j, parse]) => `task(subagent_type="${a}", prompt="Do it. Context: ${escapeForPrompt(j)}")${parse ? '\nParse the return as JSON.' : ''}`),
  fc.tuple(fc.nat(9), word, fc.array(soup, { maxLength: 3 }), fc.boolean()).map(
    ([n, w, body, closed]) => `<stage id="${n}" name="${w}">\n  <action>${body.join('\n  ')}</action>\n${closed ? '</stage>' : ''}`,
  ),
  fc.tuple(word, fc.integer({ min: -2, max: 30 })).map(([d, h]) => `- [delegate:${d}:${h}] then report`),
  fc.constantFrom('<!-- agent-lint-disable-next-line -->', '<!-- agent-lint-disable return-format-present -->', '<!-- agent-lint-enable -->', '<!-- expect: x 1:1 -->'),
);

const document = fc
  .record({
    bom: fc.boolean(),
    fm: fc.option(frontmatter, { nil: undefined, freq: 4 }),
    sections: fc.array(section, { maxLength: 6 }),
    crlf: fc.boolean(),
    trailingNewline: fc.boolean(),
  })
  .map(({ bom, fm, sections, crlf, trailingNewline }) => {
    let t = (fm ?? '') + sections.join('\n\n') + (trailingNewline ? '\n' : '');
    if (crlf) t = t.replace(/\r?\n/g, '\r\n');
    return (bom ? '\uFEFF' : '') + t;
  });

const specPath = fc
  .tuple(
    fc.constantFrom(
      '.claude/agents/NAME.md',
      '.claude/agents/sub/NAME.md',
      '.claude/commands/NAME.md',
      '.claude/skills/NAME/SKILL.md',
      '.opencode/agent/NAME.md',
      '.opencode/command/NAME.md',
      'plugins/p/agents/NAME.md',
      'docs/NAME.md',
    ),
    fc.constantFrom('a', 'b', 'reviewer', 'x-y', 'README'),
  )
  .map(([p, n]) => p.replace('NAME', n));

const standard = fc.constantFrom<StandardName | undefined>(undefined, 'v2', 'v1', 'bounded');

const uniqueByPath = (files: MemFile[]) => [...new Map(files.map((f) => [f.path, f])).values()];
const project = fc.array(fc.record({ path: specPath, text: document }), { minLength: 1, maxLength: 3 }).map(uniqueByPath);

// Mutated fixtures.
const FIXTURES = fg
  .sync('fixtures/**/*.md', { cwd: ROOT, dot: true })
  .sort()
  .map((f) => ({ path: f.replace(/^.*?\/(?:valid|invalid)\/[^/]+\//, ''), text: readFileSync(path.join(ROOT, f), 'utf8') }));

type Mutation = (t: string) => string;
const at = (t: string, n: number) => (t.length === 0 ? 0 : n % (t.length + 1));
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), token).map(([p, s]) => (t: string) => t.slice(0, at(t, p)) + s + t.slice(at(t, p))),
  fc.tuple(fc.nat(), soup).map(([p, s]) => (t: string) => t.slice(0, at(t, p)) + s + t.slice(at(t, p))),
  fc.tuple(fc.nat(), fc.nat(200)).map(([p, n]) => (t: string) => t.slice(0, at(t, p)) + t.slice(at(t, p) + n)),
  fc.tuple(fc.nat(), fc.nat(200)).map(([p, n]) => (t: string) => t.slice(0, at(t, p) + n) + t.slice(at(t, p))),
  fc.nat().map((p) => (t: string) => t.slice(0, at(t, p))),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => (t: string) => {
    const lines = t.split('\n');
    const i = a % lines.length;
    const j = b % lines.length;
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
    return lines.join('\n');
  }),
  fc.constant((t: string) => t.replace(/\r?\n/g, '\r\n')),
  fc.constant((t: string) => '\uFEFF' + t),
  fc.tuple(fc.nat(), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })).map(([p, c]) => (t: string) => t.slice(0, at(t, p)) + c + t.slice(at(t, p) + 1)),
);
const mutatedFixture = fc
  .tuple(fc.constantFrom(...FIXTURES), fc.array(mutation, { minLength: 1, maxLength: 5 }))
  .map(([f, ms]) => ({ path: f.path, text: ms.reduce((t, m) => m(t), f.text) }));
const mutatedProject = fc.array(mutatedFixture, { minLength: 1, maxLength: 3 }).map(uniqueByPath);

// ---------------------------------------------------------------------------------------------
// The property

function lintsCleanly(files: MemFile[], std: StandardName | undefined): void {
  const t0 = performance.now();
  const results = lintMemory(files, { standard: std });
  const ms = performance.now() - t0;
  expect(ms, 'linting took too long (a hang?)').toBeLessThan(HANG_MS);
  expect(results).toHaveLength(files.length);
  for (const [i, r] of results.entries()) {
    const f = files[i]!;
    const internal = r.messages.filter((m) => m.ruleId === 'internal-error').map((m) => m.message);
    expect(internal, `internal-error in ${f.path}`).toEqual([]);
    expect(badPositions(f.text, [...r.messages, ...r.suppressedMessages]), `positions in ${f.path}`).toEqual([]);
  }
}

/**
 * `--fix` on the file settles: after the fix loop (lint, fix, lint again, at most 10 passes) no
 * fixable finding is left, nothing crashed, and every position is inside the fixed text.
 */
function fixesSettle(files: MemFile[], std: StandardName | undefined): void {
  const results = lintMemory(files, { standard: std });
  results.forEach((r, i) => {
    if (!r.messages.some((m) => m.fix)) return;
    // As --fix does: fixes apply to the text after one BOM, and the BOM is written back.
    const f = files[i]!;
    const bom = f.text.startsWith('\uFEFF') ? '\uFEFF' : '';
    const relint = (text: string) => lintMemory(files.map((g, k) => (k === i ? { ...g, text: bom + text } : g)), { standard: std })[i]!.messages;
    const out = fixLoop(f.text.slice(bom.length), r.messages, relint);
    expect(out.messages.filter((m) => m.fix).map((m) => `${m.ruleId} ${m.line}:${m.column} ${m.message}`), `fixable findings left in ${f.path}`).toEqual([]);
    expect(out.messages.filter((m) => m.ruleId === 'internal-error').map((m) => m.message), `internal-error after fixing ${f.path}`).toEqual([]);
    expect(badPositions(out.output, out.messages), `positions in fixed ${f.path}`).toEqual([]);
  });
}

const params = (runs: number) => ({ numRuns: runs, ...(SEED !== undefined ? { seed: SEED } : {}) });

describe(`fuzz: specs never crash the linter and findings stay inside the file (${RUNS} runs per property)`, () => {
  it('generated projects (frontmatter, fences, JSON templates, stage XML, task() calls), any profile', { timeout: TIMEOUT }, () => {
    fc.assert(fc.property(project, standard, (files, std) => lintsCleanly(files, std)), params(RUNS));
  });

  it('mutated fixtures', { timeout: TIMEOUT }, () => {
    expect(FIXTURES.length).toBeGreaterThan(20);
    fc.assert(fc.property(mutatedProject, standard, (files, std) => lintsCleanly(files, std)), params(RUNS));
  });

  it('token soup', { timeout: TIMEOUT }, () => {
    const soupDoc = fc.array(soup, { maxLength: 30 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(specPath, soupDoc, standard, (p, text, std) => lintsCleanly([{ path: p, text }], std)),
      params(RUNS),
    );
  });

  it('--fix settles: the fixed text re-lints with no fixable finding left (generated and mutated projects)', { timeout: TIMEOUT }, () => {
    fc.assert(fc.property(project, standard, (files, std) => fixesSettle(files, std)), params(Math.ceil(RUNS / 2)));
    fc.assert(fc.property(mutatedProject, standard, (files, std) => fixesSettle(files, std)), params(Math.ceil(RUNS / 2)));
  });

  it('the generators make what they claim (so the properties are not vacuous)', () => {
    const sample = fc.sample(project, { numRuns: 200, seed: 42 }).flat();
    const texts = sample.map((f) => f.text);
    expect(texts.some((t) => t.startsWith('---\n') || t.startsWith('\uFEFF---'))).toBe(true);
    expect(texts.some((t) => t.includes('\r\n'))).toBe(true);
    expect(texts.some((t) => t.includes('```json'))).toBe(true);
    expect(texts.some((t) => t.includes('<stage'))).toBe(true);
    expect(texts.some((t) => t.includes('task(subagent_type'))).toBe(true);
    // Some generated projects do find things (the rules are really running).
    const found = sample.reduce((n, f) => n + lintMemory([f], { standard: 'v2' })[0]!.messages.length, 0);
    expect(found).toBeGreaterThan(50);
    // ... and some of them offer fixes, so the --fix property is not vacuous either (suggestions,
    // such as depth-path-mismatch's, are never applied and do not count).
    const fixable = sample.filter((f) => lintMemory([f], { standard: 'v2' })[0]!.messages.some((m) => m.fix)).length;
    expect(fixable).toBeGreaterThan(5);
    expect(sample.some((f) => lintMemory([f], { standard: 'v2' })[0]!.messages.some((m) => m.suggestions?.length))).toBe(true);
    const mutated = fc.sample(mutatedFixture, { numRuns: 100, seed: 7 });
    expect(mutated.filter((m) => !FIXTURES.some((f) => f.text === m.text)).length).toBeGreaterThan(80);
  });
});
