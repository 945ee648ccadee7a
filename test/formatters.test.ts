/**
 * Formatters are pure functions of the results: fixed inputs, compared byte for byte with the
 * golden files in test/golden/. Run with UPDATE_GOLDEN=1 to rewrite them (then read the diff).
 */
import { Ajv } from 'ajv';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { summarize } from '../src/engine/engine.js';
import type { RuleMeta } from '../src/engine/rule.js';
import { escapeData, escapeProperty, formatGithub } from '../src/formatters/github.js';
import { FORMATTERS, type FormatContext } from '../src/formatters/index.js';
import { codeFrame } from '../src/formatters/stylish.js';
import { paint } from '../src/formatters/paint.js';
import { Chalk } from 'chalk';
import { VERSION } from '../src/meta.js';
import type { LintMessage, LintResult } from '../src/types.js';
import { SHARED } from './helpers/shared.js';

const REPO = path.resolve(import.meta.dirname, '..');
const GOLDEN = path.join(REPO, 'test/golden');
const SARIF_SCHEMA = path.join(SHARED, 'schemas/sarif-2.1.0.json');
const ROOT = path.resolve('/virtual/project');

/** The location of the `nth` occurrence of `needle` in `source` (one-based, end exclusive). */
function at(source: string, needle: string, nth = 1): Pick<LintMessage, 'line' | 'column' | 'endLine' | 'endColumn'> {
  let i = -1;
  for (let k = 0; k < nth; k++) i = source.indexOf(needle, i + 1);
  if (i === -1) throw new Error(`"${needle}" not in source`);
  const pos = (o: number) => {
    const before = source.slice(0, o);
    const line = before.split('\n').length;
    return { line, column: o - before.lastIndexOf('\n') };
  };
  const a = pos(i);
  const b = pos(i + needle.length);
  return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
}

const LONG_PROMPT =
  'Delegate the research to the specialist and pass along everything it needs: the topic, the sources already read, the budget in tokens, and a "delegation_path": ["orchestrator", "research", "researcher"] so the depth checks work, then wait for its return.';

const AGENT = [
  '---',
  'name: researcher',
  'description: Finds and ranks sources',
  'argument-hint: [topic] [--depth n]',
  '---',
  '',
  '<metadata>',
  '\t\t"delegation_depth": 2,',
  '</metadata>',
  '',
  LONG_PROMPT,
  '',
  '```json',
  '{',
  '  "status": "done",',
  '  "summary": "ok"',
  '}',
  '```',
  '',
].join('\n');

const COMMAND = ['---', 'description: Plans work', '---', 'Run the planner.  ', ''].join('\r\n');

const WEIRD_NAME = 'notes, v2: draft%.md';
const WEIRD = ['# Notes', 'Use 100% of the budget.', ''].join('\n');

function result(rel: string, source: string | undefined, messages: LintMessage[], suppressed: LintMessage[] = []): LintResult {
  return summarize({ filePath: path.join(ROOT, rel), source, messages, suppressedMessages: suppressed });
}

export const RESULTS: LintResult[] = [
  result('.claude/agents/researcher.md', AGENT, [
    {
      ruleId: 'frontmatter-valid',
      severity: 2,
      message: 'frontmatter is not valid YAML: text after the list in argument-hint',
      messageId: 'UNEXPECTED_TOKEN',
      help: 'Quote the value: argument-hint: "[topic] [--depth n]"',
      ...at(AGENT, ' [--depth n]'),
      fix: { range: [AGENT.indexOf('[topic]'), AGENT.indexOf('[topic]') + '[topic] [--depth n]'.length], text: '"[topic] [--depth n]"' },
    },
    {
      ruleId: 'depth-path-mismatch',
      severity: 2,
      message: 'delegation_depth is 2, but a path of 3 names is depth 1',
      help: 'delegation_path holds delegation_depth + 2 names (orchestrator -> research -> researcher):\nset the depth to 1, or add the missing names to the path.',
      ...at(AGENT, '2,'),
      endColumn: at(AGENT, '2,').column + 1,
      // Two alternatives a person chooses between (ESLint's suggestions), no fix.
      suggestions: [
        { desc: "Set delegation_depth to 1 (the path's length)", messageId: 'setDepth', fix: { range: [AGENT.indexOf('2,'), AGENT.indexOf('2,') + 1], text: '1' } },
        { desc: 'Add "planner" to delegation_path', fix: { range: [AGENT.indexOf('"researcher"]'), AGENT.indexOf('"researcher"]')], text: '"planner", ' } },
      ],
    },
    {
      ruleId: 'depth-path-mismatch',
      severity: 1,
      message: 'delegation_path is written inside a prompt sentence; the depth is not given next to it',
      ...at(AGENT, '["orchestrator", "research", "researcher"]'),
      related: [{ filePath: path.join(ROOT, '.claude/commands/plan.md'), message: 'the command that delegates here', line: 4, column: 5, endLine: 4, endColumn: 12 }],
    },
    {
      // A range over several lines: marked from its start to the end of its first line.
      ruleId: 'return-format',
      severity: 1,
      message: 'return object has no "artifacts" or "metadata"',
      ...at(AGENT, '{\n  "status": "done",\n  "summary": "ok"\n}'),
    },
    {
      ruleId: 'return-status',
      severity: 2,
      message: 'status is "done"; expected one of "completed", "partial", "failed", "blocked"',
      ...at(AGENT, '"done"'),
    },
  ]),
  result('.claude/agents/clean.md', '---\nname: clean\ndescription: Nothing to see\n---\n', []),
  result(
    '.claude/commands/plan.md',
    COMMAND,
    [
      { ruleId: 'file-unreadable', severity: 2, fatal: true, message: 'cannot read file: permission denied', line: 1, column: 1, endLine: 1, endColumn: 1 },
      // Zero-width, at the end of a CRLF line: one caret just past the text.
      { ruleId: 'return-format', severity: 2, message: 'description should say when to use the command', line: 2, column: 24, endLine: 2, endColumn: 24 },
      // Trailing spaces of a CRLF line: the \r is not part of the line.
      { ruleId: 'trailing-space', severity: 1, message: 'line ends with 2 spaces', line: 4, column: 17, endLine: 4, endColumn: 19 },
    ],
    [
      {
        ruleId: 'depth-path-mismatch',
        severity: 2,
        message: 'delegation_depth is 0 but delegation_path has 3 entries',
        line: 2,
        column: 1,
        endLine: 2,
        endColumn: 5,
        suppressions: [{ kind: 'directive', justification: 'example of a wrong path' }],
      },
    ],
  ),
  result(WEIRD_NAME, WEIRD, [
    { ruleId: 'frontmatter-valid', severity: 1, message: 'budget is 100%\nof the tokens: too much, really', ...at(WEIRD, '100%') },
  ]),
];

const META: RuleMeta[] = [
  { id: 'frontmatter-valid', description: 'Frontmatter is valid YAML.', severity: 'error' },
  { id: 'depth-path-mismatch', description: 'delegation_path has delegation_depth + 2 entries.', severity: 'error', fixable: true },
  { id: 'return-status', description: 'status is one of the standard values.', severity: 'error' },
  { id: 'return-format', description: 'A return has the standard fields.', severity: 'warn' },
  { id: 'trailing-space', description: 'No trailing spaces.', severity: 'off' },
  { id: 'file-unreadable', description: 'The file could not be read.', severity: 'error', internal: true },
];

const ctx = (over: Partial<FormatContext> = {}): FormatContext => ({
  cwd: ROOT,
  root: ROOT,
  rules: new Map(META.map((m) => [m.id, m])),
  color: false,
  ...over,
});

/** Absolute paths and the version made stable: the root becomes `<root>`. */
function stable(text: string): string {
  const url = pathToFileURL(ROOT + path.sep).href;
  return text
    .split(`"${VERSION}"`)
    .join('"<version>"').split(url).join('file:///<root>/').split(JSON.stringify(ROOT).slice(1, -1)).join('<root>').split(ROOT).join('<root>');
}

function golden(name: string, actual: string) {
  const file = path.join(GOLDEN, name);
  if (process.env['UPDATE_GOLDEN']) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(file, actual);
  }
  expect(existsSync(file), `${name} is missing: run UPDATE_GOLDEN=1 npx vitest run test/formatters.test.ts`).toBe(true);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('golden output', () => {
  it('stylish (no colour)', () => golden('stylish.txt', stable(FORMATTERS['stylish']!(RESULTS, ctx()))));
  it('json', () => golden('json.json', stable(FORMATTERS['json']!(RESULTS, ctx()))));
  it('sarif', () => golden('sarif.json', stable(FORMATTERS['sarif']!(RESULTS, ctx()))));
  it('github', () => golden('github.txt', stable(FORMATTERS['github']!(RESULTS, ctx()))));
});

describe('stylish', () => {
  const out = FORMATTERS['stylish']!(RESULTS, ctx());
  const lines = out.split('\n');

  it('prints line:col severity message rule-id, then the source line and a marker under the token', () => {
    const i = lines.findIndex((l) => l.includes('return-status'));
    expect(lines[i]).toBe('  15:13  error  status is "done"; expected one of "completed", "partial", "failed", "blocked"  return-status');
    expect(lines[i + 1]).toBe('    15 |   "status": "done",');
    expect(lines[i + 2]).toBe('       |             ^~~~~~');
  });

  it('keeps tabs in the marker line so it lines up under tabbed source', () => {
    const i = lines.findIndex((l) => l.includes('delegation_depth is 2'));
    expect(lines[i + 1]).toBe('    8 | \t\t"delegation_depth": 2,');
    expect(lines[i + 2]).toBe('      | \t\t                    ^');
  });

  it('prints the help under the code frame (one line), dimmed in colour', () => {
    const i = lines.findIndex((l) => l.includes('delegation_depth is 2'));
    expect(lines[i]).toBe('  8:23  error  delegation_depth is 2, but a path of 3 names is depth 1  depth-path-mismatch');
    expect(lines[i + 3]).toBe('    help: delegation_path holds delegation_depth + 2 names (orchestrator -> research -> researcher): set the depth to 1, or add the missing names to the path.');
    const coloured = FORMATTERS['stylish']!(RESULTS, ctx({ color: true }));
    expect(coloured).toContain('\u001b[2m    help: delegation_path holds');
    // A message without help has none.
    const j = lines.findIndex((l) => l.includes('return-status'));
    expect(lines[j + 3]).not.toMatch(/help:/);
  });

  it('fits code frames to the terminal width (80 when unknown)', () => {
    for (const width of [40, 80, 200]) {
      const framed = FORMATTERS['stylish']!(RESULTS, ctx({ width })).split('\n').filter((l) => / \| /.test(l));
      for (const l of framed) expect([...l].length, `${width}: ${l}`).toBeLessThanOrEqual(width);
    }
    const narrow = FORMATTERS['stylish']!(RESULTS, ctx({ width: 40 })).split('\n');
    const i = narrow.findIndex((l) => l.includes('written inside a prompt sentence'));
    expect(narrow[i + 1]).toBe('    11 | …path": ["orchestrator", "rese…');
    expect(narrow[i + 2]!.indexOf('^')).toBe(narrow[i + 1]!.indexOf('['));
    expect(FORMATTERS['stylish']!(RESULTS, ctx()).split('\n').filter((l) => / \| /.test(l)).every((l) => [...l].length <= 80)).toBe(true);
  });

  it('cuts a long line to a window around the token, with … where it was cut', () => {
    const i = lines.findIndex((l) => l.includes('written inside a prompt sentence'));
    const [src, marker] = [lines[i + 1]!.slice('    11 | '.length), lines[i + 2]!.slice('       | '.length)];
    expect(src.startsWith('…')).toBe(true);
    expect(src.endsWith('…')).toBe(true);
    const col = marker.indexOf('^');
    expect(src.slice(col, col + 42)).toBe('["orchestrator", "research", "researcher"]');
    expect(marker.trim()).toBe('^' + '~'.repeat(41));
  });

  it('marks a multi-line range to the end of its first line', () => {
    const i = lines.findIndex((l) => l.includes('return-format'));
    expect(lines[i + 1]).toBe('    14 | {');
    expect(lines[i + 2]).toBe('       | ^');
  });

  it('skips clean files, shows no frame for fatal messages, and ends with a summary', () => {
    expect(out).not.toContain('clean.md');
    const i = lines.findIndex((l) => l.includes('file-unreadable'));
    expect(lines[i + 1]).not.toContain('|');
    expect(out).toContain('✖ 9 problems (5 errors, 4 warnings)\n  1 error and 0 warnings potentially fixable with the `--fix` option.\n  1 problem has suggestions: repairs to choose from, shown by `--fix-dry-run` and offered in the editor.\n');
    expect(FORMATTERS['stylish']!([RESULTS[3]!], ctx())).not.toContain('--fix');
  });

  it('prints nothing when there is nothing to report', () => {
    expect(FORMATTERS['stylish']!([RESULTS[1]!], ctx())).toBe('');
  });

  it('colours only when asked', () => {
    // eslint-disable-next-line no-control-regex
    const ansi = /\u001b\[/;
    expect(out).not.toMatch(ansi);
    expect(FORMATTERS['stylish']!(RESULTS, ctx({ color: true }))).toMatch(ansi);
  });

  it('without colour gives what chalk gives at level 0 (the text unchanged), with colour an ANSI style for each', () => {
    const off = paint(false);
    const on = paint(true);
    const level0 = new Chalk({ level: 0 });
    const styles = (p: InstanceType<typeof Chalk>, t: string) => [p.underline(t), p.dim(t), p.cyan(t), p.red(t), p.yellow(t), p.red.bold(t), p.yellow.bold(t)];
    for (const t of ['', 'error', '  3:5  a \u001b[31m b', '\u2716 2 problems']) {
      expect(styles(off, t)).toEqual(styles(level0, t));
      expect(styles(off, t)).toEqual(Array(7).fill(t));
    }
    // Each style with colour wraps the text in its own escape codes.
    const coloured = styles(on, 'x');
    for (const c of coloured) expect(c).toMatch(/^\u001b\[\d+m.*x/);
    expect(new Set(coloured).size).toBe(7);
  });

  it('codeFrame handles a position past the last line and a range ending before it starts', () => {
    expect(codeFrame(['a'], { line: 3, column: 1, endLine: 3, endColumn: 1 })).toEqual([]);
    expect(codeFrame(['abc'], { line: 1, column: 2, endLine: 1, endColumn: 1 })).toEqual(['abc', ' ^']);
  });
});

describe('json', () => {
  const parsed = JSON.parse(FORMATTERS['json']!(RESULTS, ctx())) as Array<Record<string, unknown>>;
  it("is ESLint's shape", () => {
    expect(parsed).toHaveLength(RESULTS.length);
    for (const r of parsed) {
      expect(Object.keys(r).sort()).toEqual(
        ['errorCount', 'fatalErrorCount', 'filePath', 'fixableErrorCount', 'fixableWarningCount', 'messages', 'suppressedMessages', 'usedDeprecatedRules', 'warningCount'].sort(),
      );
      expect(path.isAbsolute(r['filePath'] as string)).toBe(true);
    }
    const m = (parsed[0]!['messages'] as Array<Record<string, unknown>>)[1]!;
    expect(m).toMatchObject({ ruleId: 'depth-path-mismatch', severity: 2, line: 8, column: 23, endLine: 8, endColumn: 24 });
    // ESLint's `message` is the short one; the help is a field of its own, only where there is one.
    expect(m['message']).toBe('delegation_depth is 2, but a path of 3 names is depth 1');
    expect(m['help']).toMatch(/^delegation_path holds delegation_depth \+ 2 names/);
    expect((parsed[0]!['messages'] as Array<Record<string, unknown>>)[4]).not.toHaveProperty('help');
    expect(m['fix']).toBeUndefined();
    // ESLint's suggestion shape: desc, messageId where the rule gives one, and fix {range, text}.
    const at = AGENT.indexOf('2,');
    const p = AGENT.indexOf('"researcher"]');
    expect(m['suggestions']).toEqual([
      { desc: "Set delegation_depth to 1 (the path's length)", messageId: 'setDepth', fix: { range: [at, at + 1], text: '1' } },
      { desc: 'Add "planner" to delegation_path', fix: { range: [p, p], text: '"planner", ' } },
    ]);
    const first = (parsed[0]!['messages'] as Array<Record<string, unknown>>)[0]!;
    expect(first['fix']).toEqual({ range: [AGENT.indexOf('[topic]'), AGENT.indexOf('[topic]') + 19], text: '"[topic] [--depth n]"' });
    expect(first).not.toHaveProperty('suggestions');
  });
  it('keeps the justification of a suppression', () => {
    expect((parsed[2]!['suppressedMessages'] as Array<Record<string, unknown>>)[0]!['suppressions']).toEqual([
      { kind: 'directive', justification: 'example of a wrong path' },
    ]);
  });
});

describe('sarif', () => {
  it("keeps the short message as the result's text and adds the help in its markdown", () => {
    const log = JSON.parse(FORMATTERS['sarif']!(RESULTS, ctx()));
    const [first, second] = log.runs[0].results;
    expect(first.message).toEqual({ text: 'frontmatter is not valid YAML: text after the list in argument-hint', markdown: 'frontmatter is not valid YAML: text after the list in argument-hint\n\nQuote the value: argument-hint: "[topic] [--depth n]"' });
    expect(second.message.text).toBe('delegation_depth is 2, but a path of 3 names is depth 1');
    expect(log.runs[0].results[4].message).toEqual({ text: 'status is "done"; expected one of "completed", "partial", "failed", "blocked"' });
  });
  it('writes tags in its markdown so that a viewer shows them, not takes them for HTML', () => {
    const stage: LintResult[] = [
      result('.claude/commands/plan.md', 'x\n', [
        { ruleId: 'stage-structure', severity: 1, message: 'stage "Plan" has no <action>', help: 'Add <timeout_handling> & say it once, a " inside written \\", for **/*.md; `<stage name="x">` stays code.', line: 1, column: 1, endLine: 1, endColumn: 2 },
      ]),
    ];
    const log = JSON.parse(FORMATTERS['sarif']!(stage, ctx()));
    expect(log.runs[0].results[0].message).toEqual({
      text: 'stage "Plan" has no <action>',
      markdown: 'stage "Plan" has no \\<action>\n\nAdd \\<timeout_handling> \\& say it once, a " inside written \\\\", for \\*\\*/\\*.md; `<stage name="x">` stays code.',
    });
  });
  const haveSchema = existsSync(SARIF_SCHEMA);
  const validate = () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const isUrl = (s: string, base?: string) => {
      try {
        new URL(s, base);
        return true;
      } catch {
        return false;
      }
    };
    ajv.addFormat('uri', (s: string) => isUrl(s));
    ajv.addFormat('uri-reference', (s: string) => isUrl(s, 'file:///'));
    ajv.addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
    return ajv.compile(JSON.parse(readFileSync(SARIF_SCHEMA, 'utf8')) as object);
  };

  it.skipIf(!haveSchema)('validates against the SARIF 2.1.0 schema, with findings and when clean', () => {
    const v = validate();
    for (const input of [RESULTS, [RESULTS[1]!], []]) {
      const log = JSON.parse(FORMATTERS['sarif']!(input, ctx({ rules: new Map(ALL_RULES.map((r) => [r.meta.id, r.meta])) })));
      expect(v(log), JSON.stringify(v.errors, null, 2)).toBe(true);
    }
  });

  it.skipIf(!haveSchema)('the schema check catches a broken log', () => {
    const v = validate();
    const log = JSON.parse(FORMATTERS['sarif']!(RESULTS, ctx()));
    log.runs[0].results[0].level = 'fatal';
    expect(v(log)).toBe(false);
  });

  it('has results: [] when clean', () => {
    const log = JSON.parse(FORMATTERS['sarif']!([RESULTS[1]!], ctx()));
    expect(log.runs[0].results).toEqual([]);
  });

  it('describes every rule agent-lint ships: shortDescription, fullDescription, help.text, helpUri', () => {
    const log = JSON.parse(FORMATTERS['sarif']!([], ctx({ rules: new Map(ALL_RULES.map((r) => [r.meta.id, r.meta])) })));
    const rules = log.runs[0].tool.driver.rules as Array<Record<string, any>>;
    expect(rules.map((r) => r.id).sort()).toEqual(ALL_RULES.map((r) => r.meta.id).sort());
    for (const r of rules) {
      expect(r.shortDescription.text, r.id).toMatch(/\S/);
      expect(r.fullDescription.text, r.id).toMatch(/\S/);
      expect(r.help.text, r.id).toMatch(/\S/);
      expect(r.helpUri, r.id).toMatch(new RegExp(`^https://.*/docs/rules/${r.id}\\.md$`));
    }
  });

  it('gives paths relative to the repository root, and absolute URIs outside it', () => {
    const outside = result('../elsewhere/x.md', 'x\n', [{ ruleId: 'return-format', severity: 1, message: 'm', line: 1, column: 1, endLine: 1, endColumn: 2 }]);
    const log = JSON.parse(FORMATTERS['sarif']!([RESULTS[0]!, RESULTS[3]!, outside], ctx({ cwd: path.join(ROOT, '.claude') })));
    const uris = log.runs[0].results.map((r: any) => r.locations[0].physicalLocation.artifactLocation);
    expect(uris[0]).toEqual({ uri: '.claude/agents/researcher.md', uriBaseId: '%SRCROOT%' });
    expect(uris.at(-2)).toEqual({ uri: 'notes%2C%20v2%3A%20draft%25.md', uriBaseId: '%SRCROOT%' });
    expect(uris.at(-1).uri).toBe(pathToFileURL(path.resolve(ROOT, '../elsewhere/x.md')).href);
    expect(log.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe(pathToFileURL(ROOT + path.sep).href);
  });
});

describe('github', () => {
  it('escapes %, CR and LF in the message', () => {
    expect(escapeData('100%\r\nnext')).toBe('100%25%0D%0Anext');
  });
  it('also escapes : and , in properties', () => {
    expect(escapeProperty('a, b: 50%\n')).toBe('a%2C b%3A 50%25%0A');
  });
  it('writes one workflow command per finding, paths relative to the repository root', () => {
    const out = formatGithub([RESULTS[3]!], ctx({ cwd: path.join(ROOT, 'sub') }));
    expect(out).toBe(
      '::warning file=notes%2C v2%3A draft%25.md,line=2,col=5,endLine=2,endColumn=9,title=agent-lint(frontmatter-valid)::budget is 100%25%0Aof the tokens: too much, really\n',
    );
  });
  it('puts the help on a line of its own in the annotation', () => {
    expect(formatGithub([RESULTS[0]!], ctx()).split('\n')[0]).toBe(
      '::error file=.claude/agents/researcher.md,line=4,col=23,endLine=4,endColumn=35,title=agent-lint(frontmatter-valid)::frontmatter is not valid YAML: text after the list in argument-hint%0AQuote the value: argument-hint: "[topic] [--depth n]"',
    );
  });
  it('prints nothing when clean', () => {
    expect(formatGithub([RESULTS[1]!], ctx())).toBe('');
  });
});
