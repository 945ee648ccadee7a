/**
 * The flat-frontmatter fast path gives exactly what the `yaml` package gives (values, key and
 * value ranges) wherever it answers: checked on hand-made cases, on every fixture, and on every
 * file of ../shared/corpus (skipped when absent).
 */
import fg from 'fast-glob';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFastFrontmatter } from '../src/model/frontmatter-fast.js';
import { frontmatterKeysOfHead, locateFrontmatter, parseYamlFrontmatter } from '../src/model/frontmatter.js';
import { REPO_ROOT, SHARED } from './helpers/shared.js';
import { isMap, isScalar, isSeq } from '../src/util/yaml.js';
import { existsSync } from 'node:fs';

/**
 * Where the fast path reports its one error (`key: [a] b`), yaml reports an error too, its first
 * on the same line, and every field before that line is what yaml gives.
 */
function compareError(text: string): 'error' | 'other' {
  const loc = locateFrontmatter(text);
  if (!loc || !loc.closed) return 'other';
  const fast = parseFastFrontmatter(text, loc.contentRange.start, loc.contentRange.end);
  if (!fast || fast.errors.length === 0) return 'other';
  const slow = parseYamlFrontmatter(text, loc)!;
  expect(slow.errors.length).toBeGreaterThan(0);
  const lineOf = (pos: number) => text.slice(0, pos).split('\n').length;
  const first = fast.errors[0]!;
  const errLine = lineOf(first.range.start);
  expect(lineOf(Math.min(...slow.errors.map((e) => e.range.start)))).toBe(errLine);
  for (const e of fast.errors) expect(text.slice(e.range.start, e.range.end).trim()).toBe(text.slice(e.range.start, e.range.end));
  // One error per line at most.
  expect(new Set(fast.errors.map((e) => lineOf(e.range.start))).size).toBe(fast.errors.length);
  const before = (fs: Array<{ key: string; keyRange: { start: number }; valueRange: unknown; value: unknown }>) =>
    fs.filter((f) => lineOf(f.keyRange.start) < errLine).map((f) => ({ key: f.key, keyRange: f.keyRange, valueRange: f.valueRange, value: f.value }));
  expect(before(fast.fields)).toEqual(before(slow.fields));
  return 'error';
}

/** What rules read of a node (yaml's or a light one), as plain data. */
function shape(node: unknown): unknown {
  if (node === null || node === undefined) return null;
  const n = node as { range?: number[]; value?: unknown; items?: unknown[] };
  const range = n.range ? [n.range[0], n.range[1]] : null;
  if (isMap(node)) return { map: range, pairs: (n.items as Array<{ key: unknown; value: unknown }>).map((p) => [shape(p.key), shape(p.value)]) };
  if (isSeq(node)) return { seq: range, items: n.items!.map(shape) };
  if (isScalar(node)) return { scalar: range, value: n.value };
  return { other: String(node) };
}

function compare(text: string): 'fast' | 'fallback' | 'none' {
  compareError(text);
  const loc = locateFrontmatter(text);
  if (!loc || !loc.closed) return 'none';
  // The fast path's fields, when it reads the text without an error.
  const read = parseFastFrontmatter(text, loc.contentRange.start, loc.contentRange.end);
  const flat = read && read.errors.length === 0 ? read.fields : null;
  if (!flat) return 'fallback';
  const slow = parseYamlFrontmatter(text, loc)!;
  expect(slow.errors).toEqual([]);
  expect(flat.map((f) => ({ key: f.key, keyRange: f.keyRange, valueRange: f.valueRange, value: f.value }))).toEqual(
    slow.fields.map((f) => ({ key: f.key, keyRange: f.keyRange, valueRange: f.valueRange, value: f.value })),
  );
  // A list's item positions are the YAML nodes' ranges.
  expect(flat.map((f) => f.items)).toEqual(slow.fields.map((f) => f.items));
  // A nested value's light node has the YAML node's shape, values and ranges, all the way down.
  flat.forEach((f, i) => {
    if (f.node) expect(shape(f.node)).toEqual(shape(slow.fields[i]!.node));
  });
  const data: Record<string, unknown> = {};
  for (const f of flat) data[f.key] = f.value;
  expect(data).toEqual(slow.data);
  return 'fast';
}

const fm = (body: string) => `---\n${body}\n---\n# x\n`;

describe('flat frontmatter fast path', () => {
  it.each([
    'name: a\ndescription: Does things, well',
    'name: "quoted"\ndescription: \'it\'\'s\'',
    'a: true\nb: False\nc: null\nd: ~\ne: 12\nf: -3\ng: 1.5\nh: 0',
    'model: claude-opus-4-5-20251101\ncolor: blue\nurl: https://example.com/x',
    '# a comment\nname: a   \n\ntools: Read, Grep, Bash(git add:*)',
    'id: 4-sonnet\nx: -flag',
    'a: "x" ',
    'a: b\r\nc: d',
    'description: "Use it when: \\"x\\" happens\\nand \\u00e9 \\\\ \\/"',
    'argument-hint: [--fix TASK_NUMBER]\ntags: [a, b-c, d e]\nnone: []',
    'tools:\n  - Read\n  - Bash(git:*)\nname: x',
    'list:\n- a\n- "b c"\nmodel: sonnet',
    'skills:\r\n  - one\r\n  - two',
    'version: 1.0.0\nv: 10.20.30.4',
    'a: b # note\nc: "q"  # quoted\nd: [x, "y"] # list\ne: \'s\' #c\nf: x#y',
    'a:\n  b: x # note\n  c:\n    - "r.md"  # fast\n    - s',
    'can_delegate_to: \n  - "a"\n  - b\nx: 1',
    'm: \n  k: v',
    'created: 2025-12-29\nat: 2025-12-29T10:00:00Z\nd: 2025-1-2\nm: 4-sonnet\nx: 1-2\ny: 12ab\nz: 1e',
    'allowed-tools: Read\nargument-hint:\ndescription: x',
    'a:   \n\n# c\nb: 1',
    'a:',
    'tools:\n  read: true\n  bash: false\n# c\npermissions:\n  allow:\n    - read: [".x/T.md"]\n    - bash: ["grep", "ls -l"]\n  deny:\n    - bash: ["rm", "sudo"]\n\nname: x',
    'routing:\n  language_based: false\n  target_agent: error-diagnostics-agent\ntimeout: 1800',
    'context_loading:\n  strategy: lazy\n  required:\n    - "core/a.md"\n    - "core/b.md"\n  max_context_size: 50000\ndelegation:\n  can_delegate_to: []\n  max_depth: 3',
    'permission:\n  "rm -rf *": deny\n  edit: ask',
    'hooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: echo hi',
    'tools:\n  - "Read"\n  - Grep',
    'tools:\n  - 1',
    'tools:\n  - a\n  # c\n  - b',
    'argument-hint: [week | month]\nb: [a > b, c|d, e&f, x*y]',
    'argument-hint: --all | --branch claude/name | --dry-run\nx: -v',
    'description: |\n  line one\n    indented more\n\n  last\nname: x',
    'description: |-\n  a\n  b\n\n\nname: x',
    'd: >\n  one\n  two\n\n  para\n\n\n  end\nname: x',
    'd: >-\n  a\n  b\n',
    'd: |\n   deep\n   text',
    'd: |\n\n  after a blank\nn: 1',
    'd: >-\n\n  after a blank (kept as a break when folded)',
    'a: b\n  continued',
    'description: first line  \n\n  <example>\n  more text   \n\n\n      deeper\n  last\nmodel: x',
    'a: 12\n  more\nb: true\n  false',
    'a: x\n    y\n  z\n\n\nb: 1',
    'a: [a,]\nb: [x, "y", ]',
    'tags:\n  [\n    database,\n    sql,\n  ]\ntool_access: [Read, Write]',
    'allowed-tools:\n  ["Read", "Write", "Edit"]',
    'a:\n\n  [x, y]',
    'a:\n  [x,\n   y]  \nb: 1',
    'a:\n  [\n  ]',
  ])('agrees with yaml on %j', (body) => {
    expect(compare(fm(body))).toBe('fast');
  });

  it.each([
    'tools:\n  - a\n    - b',
    'a: [1, 2]',
    'a: [x] [y]',
    'a: [a, [b]]',
    'a: [x #y]',
    'a: [&x, b]',
    'a: [x, *y]',
    'a: ---',
    "a: ['q']",
    'a: [x, true]',
    'a: {b: 1}',
    'a:\n  b: 1\n    c: 2',
    'a:\n  true: 1',
    'a:\n  b:\n  c: 1',
    'a:\n  - b\n  c: 1',
    "a:\n  b: ['q']",
    'a:\n\tb: 1',
    'a:\n  -\n    b: 1',
    'a: |2\n  text',
    'a: |+\n  text\n\n',
    'a: | # c\n  text',
    'a: >\n  x\n    more\n  y',
    'a: |\n  \n  x',
    'a: |\n\tx',
    'a: |\nb: c',
    'a: x: y',
    'a: "bell\\a"',
    'a: &x 1',
    'a: 1\na: 2',
    'a: 0x1F',
    'a: 1e3',
    'a: +1',
    'a: 007',
    'a: 1.',
    'a: .5',
    'a: 0o17',
    'a: -.inf',
    'a:\tb',
    'a: b\n  # c\n  continued',
    'a: b # c\n  continued',
    'a: b\n  x: y',
    'a: b\n  - x',
    'a: "q"\n  continued',
    'a: b\n  [x]',
    'a: [,]',
    'a: [a,,]',
    'a:\n  [x\n   y]',
    'a:\n  ["x\n  y"]',
    'a:\n  [x,\n  # c\n  y]',
    'a:\n  [x,\n\n  y]',
    'a:\n  [x] y',
    'a:\n  [x, [y]]',
    // Blanks JavaScript trims and YAML does not: yaml reads them.
    'description: a\n  \u3000b',
    'description: a\n  \u00a0\n  b',
    'a:\n  \u00a0[a, b]',
    'a: foo\u3000',
    'a: x\u00a0\nb: 1',
    'tools: [Read,\u2003Grep]',
  ])('leaves %j to yaml', (body) => {
    expect(compare(fm(body))).toBe('fallback');
  });

  it.each([
    ['argument-hint: [--dry-run] [--x]', '[--x]'],
    ['name: a\nargument-hint: [DOMAIN] | --analyze | --generate\ndescription: d', '| --analyze | --generate'],
    ['argument-hint: [a] foo: bar', 'foo: bar'],
    ['tools: [Read]x', 'x'],
    ['name: x\ndescription: Use when. Triggers on: GDPR, x\ntools: Read', ':'],
    ['description: a b:c d: e', ':'],
    ['a: b:', ':'],
    ['argument-hint: "description" | --recover N\nb: c', '| --recover N'],
    ["a: 'it''s' rest", 'rest'],
    ['a: "q\\" x"rest', 'rest'],
  ])('reports %j as a YAML error at the text after the list, as yaml does on that line', (body, rest) => {
    const text = fm(body);
    expect(compareError(text)).toBe('error');
    const loc = locateFrontmatter(text)!;
    const fast = parseFastFrontmatter(text, loc.contentRange.start, loc.contentRange.end)!;
    expect(fast.errors).toHaveLength(1);
    const e = fast.errors[0]!;
    expect(text.slice(e.range.start, e.range.end)).toBe(rest);
    expect(fast.fields.map((f) => f.key)).not.toContain(text.slice(0, e.range.start).split('\n').pop()!.split(':')[0]);
  });

  it.each(['a: "q" # c', 'a: "q": b', 'a: "q"#c', 'a: "bad\\q" x', 'a: "open', 'a: b :c', 'a: b # c: d', 'a: "b: c"', 'a: {b: c}', 'a: [x] # note', 'a: [x]: y', 'a: [x], [y]', 'a: [[x]] y', 'a: ["x"] y'])(
    'leaves %j to yaml (a valid line, or more than the one error it knows)',
    (body) => {
      const text = fm(body);
      const loc = locateFrontmatter(text)!;
      const fast = parseFastFrontmatter(text, loc.contentRange.start, loc.contentRange.end);
      expect(fast === null || fast.errors.length === 0).toBe(true);
    },
  );

  it('reports each of several such lines, and the fields of the others', () => {
    const text = fm('allowed-tools: Bash\nargument-hint: [a] [b]\ndescription: Admin SDK: logs\nmodel: x');
    expect(compareError(text)).toBe('error');
    const loc = locateFrontmatter(text)!;
    const fast = parseFastFrontmatter(text, loc.contentRange.start, loc.contentRange.end)!;
    expect(fast.errors.map((e) => [e.code, text.slice(e.range.start, e.range.end)])).toEqual([
      ['UNEXPECTED_TOKEN', '[b]'],
      ['BLOCK_AS_IMPLICIT_KEY', ':'],
    ]);
    expect(fast.fields.map((f) => f.key)).toEqual(['allowed-tools', 'model']);
  });

  it('reads frontmatter of any size in linear time (the size limits guard the YAML parser only)', async () => {
    const { parseFrontmatter, FRONTMATTER_LIMITS } = await import('../src/model/frontmatter.js');
    const n = FRONTMATTER_LIMITS.lines * 20;
    const many = fm(Array.from({ length: n }, (_, i) => `k${i}:\n  b: c\n  d:\n    - x`).join('\n'));
    const r = parseFrontmatter(many)!;
    expect(r.errors).toEqual([]);
    expect(r.fields).toHaveLength(n);
    // The same past the limits when the YAML parser is needed: refused, not parsed.
    const anchored = fm(Array.from({ length: n }, (_, i) => `k${i}: &a${i} v`).join('\n'));
    expect(parseFrontmatter(anchored)!.errors.map((e) => e.code)).toEqual(['TOO_LARGE']);
  });

  it('gives a list field a node with the YAML node\'s range (item positions for the rules)', async () => {
    const { parseFrontmatter } = await import('../src/model/frontmatter.js');
    const text = fm('tools: [Read, Grep]\nname: x');
    const fast = parseFrontmatter(text)!;
    const slow = parseYamlFrontmatter(text)!;
    const node = fast.fields[0]!.node as unknown as { range: number[] };
    expect(node.range).toEqual((slow.fields[0]!.node as unknown as { range: number[] }).range);
    expect(fast.fields[1]!.node).toBeNull();
  });

  it('agrees with yaml on random frontmatter made of the pieces real specs use (property)', () => {
    const KEYS = ['name', 'description', 'tools', 'a', 'b-c', 'x_y', '"q k"', 'true', 'permission', 'k.v'];
    const SEPS = [': ', ':', ' : ', ':  '];
    const VALUES = [
      'word', 'two words', 'Read, Grep', 'a: b', 'Triggers on: x', 'x # c', 'x#y', '"dq"', '"d\\"q: \\u00e9"', "'sq'", "'it''s'", "'a' b",
      '[a, b]', '[a] b', '[x] [y]', '["q", r]', '[a | b]', '[]', '[ ]', '[a,]', '{a: b}', '|', '>', '|-', '>-', '|+', '|2', '12', '-3', '1.5',
      '1.0.0', '0x1F', '1e3', '2025-01-01', '-x', '--all', '---', '- x', '~', 'null', 'True', 'no', '*', '*a', '&a x', '!tag x', '@x', '`x`',
      '', ' ', 'x  ', 'ünï 😀', '"a" | b', "'a' b", '"a"b', '"q" # c', '[a] # c', "'s' #c", 'x #', '# c',
    ];
    const INDENTS = ['', '  ', '    ', '   ', '\t'];
    const line = fc.oneof(
      { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...INDENTS), fc.constantFrom(...KEYS), fc.constantFrom(...SEPS), fc.constantFrom(...VALUES)).map(([i, k, s, v]) => `${i}${k}${s}${v}`) },
      { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...INDENTS), fc.constantFrom(...VALUES)).map(([i, v]) => `${i}- ${v}`) },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...INDENTS), fc.constantFrom(...KEYS)).map(([i, k]) => `${i}${k}:`) },
      { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...INDENTS), fc.constantFrom(...VALUES)).map(([i, v]) => `${i}${v}`) },
      { weight: 1, arbitrary: fc.constantFrom('', '# comment', '  # c', '\r', '- - x') },
    );
    // Entries shaped as real frontmatter is (a key with a value, a nested block, a block scalar),
    // with random lines among them.
    const value = fc.constantFrom(...VALUES);
    const key = fc.constantFrom(...KEYS);
    const entry = fc.oneof(
      { weight: 4, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}: ${v}`) },
      { weight: 2, arbitrary: fc.tuple(key, fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 3 })).map(([k, kv]) => [`${k}:`, ...kv.map(([a, b]) => `  ${a}: ${b}`)].join('\n')) },
      { weight: 2, arbitrary: fc.tuple(key, fc.array(value, { minLength: 1, maxLength: 3 })).map(([k, vs]) => [`${k}:`, ...vs.map((v) => `  - ${v}`)].join('\n')) },
      { weight: 1, arbitrary: fc.tuple(key, key, fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 2 })).map(([k, k2, kv]) => [`${k}:`, `  ${k2}:`, ...kv.map(([a, b]) => `    - ${a}: ${b}`)].join('\n')) },
      { weight: 2, arbitrary: fc.tuple(key, fc.constantFrom('|', '>', '|-', '>-'), fc.array(fc.constantFrom('text', '  more', '', 'a: b', '- x'), { minLength: 1, maxLength: 4 })).map(([k, h, ls]) => [`${k}: ${h}`, ...ls.map((l) => (l ? `  ${l}` : ''))].join('\n')) },
      // A plain value over several lines, and a flow list on the lines below its key.
      { weight: 2, arbitrary: fc.tuple(key, value, fc.array(fc.constantFrom('more words', '', '<tag>x</tag>', 'a: b', '# c', '- x', '  deeper', 'x # y', '[x]', '12'), { minLength: 1, maxLength: 4 })).map(([k, v, ls]) => [`${k}: ${v}`, ...ls.map((l) => (l ? `  ${l}` : ''))].join('\n')) },
      { weight: 2, arbitrary: fc.tuple(key, fc.array(fc.constantFrom('[', ']', 'a,', '"b c",', 'd', 'e, f,', '', '# c', '"g', 'h"]', '[x, y]', '1,'), { minLength: 1, maxLength: 5 })).map(([k, ls]) => [`${k}:`, ...ls.map((l) => (l ? `  ${l}` : ''))].join('\n')) },
      { weight: 1, arbitrary: line },
    );
    // (Values are drawn mostly from the ones real specs write, so that many documents parse.)
    let fast = 0;
    let errors = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 1, arbitrary: fc.array(line, { minLength: 1, maxLength: 8 }) }, { weight: 4, arbitrary: fc.array(entry, { minLength: 1, maxLength: 6 }) }), (lines) => {
        const text = fm(lines.join('\n'));
        if (compare(text) === 'fast') fast++;
        if (compareError(text) === 'error') errors++;
      }),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 5000), seed: Number(process.env['FUZZ_SEED'] ?? 20261122) },
    );
    // The generator must reach both paths, or the property says little.
    if (process.env['FUZZ_REPORT']) console.log({ fast, errors });
    expect(fast).toBeGreaterThan(200);
    expect(errors).toBeGreaterThan(20);
  });

  it('agrees with yaml on every fixture', () => {
    const files = fg.sync('fixtures/**/*.md', { cwd: REPO_ROOT, dot: true, absolute: true });
    let fast = 0;
    for (const f of files) if (compare(readFileSync(f, 'utf8')) === 'fast') fast++;
    expect(fast).toBeGreaterThan(10);
  });

  it.skipIf(!existsSync(path.join(SHARED, 'corpus')))('agrees with yaml on every file of the corpus', () => {
    const files = fg.sync('**/*.md', { cwd: path.join(SHARED, 'corpus'), dot: true, absolute: true });
    const counts = { fast: 0, fallback: 0, none: 0 };
    let errors = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8').replace(/^\uFEFF/, '');
      counts[compare(text)]++;
      if (compareError(text) === 'error') errors++;
    }
    // The `argument-hint: [x] [y]` error is common in real projects.
    expect(errors).toBeGreaterThan(100);
    // Most real frontmatter is flat: the fast path must carry the bulk of it.
    expect(counts.fast).toBeGreaterThan(counts.fallback);
  });
});

describe('frontmatterKeysOfHead', () => {
  it('reads each top-level key once, its value as one line with quotes taken off, at any line break', () => {
    const keys = (text: string) => [...(frontmatterKeysOfHead(text) ?? new Map())];
    expect(keys('---\nname: "a"\nname: b\ndescription:   x: y  \n  nested: no\n---\nname: body\n')).toEqual([
      ['name', 'a'],
      ['description', 'x: y'],
    ]);
    expect(keys('\ufeff---\r\nname: crlf\r\ntools:\r\n---\r\n')).toEqual([
      ['name', 'crlf'],
      ['tools', ''],
    ]);
    // A lone carriage return ends a line, as YAML reads it.
    expect(keys('---\nname: one\rcolor: red\n---\n')).toEqual([
      ['name', 'one'],
      ['color', 'red'],
    ]);
    expect(frontmatterKeysOfHead('# No frontmatter\nname: x\n')).toBeNull();
  });
});
