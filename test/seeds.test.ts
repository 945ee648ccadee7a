/**
 * The seeds linted as documents under their own profiles: what agent-lint says about the
 * delegation standard itself. Every finding of every seed is pinned (rule, line, column,
 * severity, a piece of the message), so any change in what the linter says about the standard
 * shows up here. The findings are the standard's own contradictions, each checked by hand
 * against the seed text and described for users in docs/standard.md:
 *  - 2.0 (000): the bulk-operation delegation payloads lack `timeout` (delegation-context-schema),
 *    their returns lack required metadata fields (return-format-schema), and the rollback example
 *    uses an error code outside the standardized list (error-code-known, a warning);
 *  - 1.0 (001): the error-handling patterns omit `metadata` (return-format-schema);
 *  - the guide revisions (002, 003) and bounded delegation (004): nothing.
 * The main examples (2.0's Examples 1-3 and its delegation context, 1.0's examples by agent
 * type) give nothing, and that is asserted on their own lines too.
 *
 * Each seed is linted as kind `other` (a config override on a spec path): the seeds are
 * standard documents that show the returns of many agents, not one agent's spec, so the rules
 * about being an agent file (frontmatter-schema: no frontmatter; return-format-present;
 * agent-type-match) do not apply; every rule about the standard does. All rules run at their
 * recommended severity, with only `standard` set.
 *
 * The seeds live in ../shared, which a fresh clone does not have: then this file skips.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintFiles, type RuleEntry } from '../src/api/lint.js';
import { ALL_RULES } from '../rules/index.js';
import { validateConfig } from '../src/config/resolve.js';
import { DocumentModel } from '../src/model/document.js';
import type { LintMessage, StandardName } from '../src/types.js';
import { REPO_ROOT, SHARED } from './helpers/shared.js';

const SEEDS = path.join(SHARED, 'seeds');
const HAVE_SEEDS = existsSync(SEEDS);

type Finding = [ruleId: string, line: number, column: number, severity: 'error' | 'warn', fragment: string];

interface Seed {
  file: string;
  standard: StandardName;
  /** The spec path it is copied to. */
  name: string;
  findings: Finding[];
}

const CONTEXT_NO_TIMEOUT = 'delegation context is missing "timeout"';
const METADATA_2_0 = 'metadata is missing required fields duration_seconds, agent_type, delegation_depth, delegation_path';
const NO_METADATA_1_0 = 'return format is missing required field "metadata"';

const SEED_LIST: Seed[] = [
  {
    file: '000_400eb7cd7c9dff91.txt',
    standard: 'v2',
    name: 'delegation-standard',
    findings: [
      // Bulk recovery: the payload, then its return.
      ['delegation-context-schema', 515, 1, 'error', CONTEXT_NO_TIMEOUT],
      ['return-format-schema', 530, 3, 'error', METADATA_2_0],
      // Bulk sync with git blame.
      ['delegation-context-schema', 544, 1, 'error', CONTEXT_NO_TIMEOUT],
      ['return-format-schema', 567, 3, 'error', METADATA_2_0],
      // Bulk abandonment.
      ['delegation-context-schema', 589, 1, 'error', CONTEXT_NO_TIMEOUT],
      ['return-format-schema', 605, 3, 'error', METADATA_2_0],
      // Task division: the payload, the success return, the failure (rollback) return.
      ['delegation-context-schema', 621, 1, 'error', CONTEXT_NO_TIMEOUT],
      ['return-format-schema', 647, 3, 'error', METADATA_2_0],
      ['return-format-schema', 663, 3, 'error', METADATA_2_0],
      ['error-code-known', 673, 15, 'warn', 'is not one of the v2 standardized codes'],
    ],
  },
  {
    file: '001_22a254e9b34a7378.txt',
    standard: 'v1',
    name: 'return-format',
    findings: [
      // Error Handling Patterns: on timeout, on validation error, on delegation cycle.
      ['return-format-schema', 443, 1, 'error', NO_METADATA_1_0],
      ['return-format-schema', 462, 1, 'error', NO_METADATA_1_0],
      ['return-format-schema', 481, 1, 'error', NO_METADATA_1_0],
    ],
  },
  { file: '002_09888f65201b29a2.txt', standard: 'v2', name: 'delegation-guide', findings: [] },
  { file: '003_4d0597e0758c61cd.txt', standard: 'v2', name: 'delegation-guide-earlier', findings: [] },
  { file: '004_f88b8580306986b6.txt', standard: 'bounded', name: 'bounded-delegation', findings: [] },
];

const tmpRoots: string[] = [];
afterAll(() => {
  for (const d of tmpRoots) rmSync(d, { recursive: true, force: true });
});

const rel = (seed: Seed) => `.claude/agents/${seed.name}.md`;
const seedText = (seed: Seed) => readFileSync(path.join(SEEDS, seed.file), 'utf8');

/** A temporary project holding the seed at a spec path, linted as kind `other` under its profile. */
async function lintSeed(seed: Seed, rules: Record<string, RuleEntry> = {}): Promise<LintMessage[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-seed-'));
  tmpRoots.push(dir);
  mkdirSync(path.join(dir, '.claude/agents'), { recursive: true });
  writeFileSync(path.join(dir, rel(seed)), seedText(seed));
  const config = { extends: 'agent-lint:recommended', standard: seed.standard, overrides: [{ files: rel(seed), kind: 'other' }] };
  writeFileSync(path.join(dir, '.agent-lint.json'), JSON.stringify(config));
  const results = await lintFiles([rel(seed)], { cwd: dir, rules });
  expect(results.map((r) => path.relative(dir, r.filePath).split(path.sep).join('/'))).toEqual([rel(seed)]);
  return results[0]!.messages;
}

const shape = (m: LintMessage) => [m.ruleId, m.line, m.column, m.severity === 2 ? 'error' : 'warn'] as const;

/** 1-based lines [from, to) between two headings (each the start of a line). */
function sectionLines(text: string, startHeading: string, endHeading: string): [number, number] {
  const lines = text.split(/\r?\n/);
  const from = lines.findIndex((l) => l.startsWith(startHeading));
  const to = lines.findIndex((l, i) => i > from && l.startsWith(endHeading));
  expect(from, `heading "${startHeading}"`).toBeGreaterThanOrEqual(0);
  expect(to, `heading "${endHeading}" after "${startHeading}"`).toBeGreaterThan(from);
  return [from + 1, to + 1];
}

/** How many return formats and delegation contexts the document model sees in the lines [from, to). */
function shapesIn(seed: Seed, [from, to]: [number, number]): { returns: number; contexts: number } {
  const doc = new DocumentModel({ filePath: `/seed/${rel(seed)}`, relPath: rel(seed), kind: 'other', text: seedText(seed) });
  const inside = (o: { node: { range: { start: number } } }) => {
    const line = doc.lines.lineOf(o.node.range.start) + 1;
    return line >= from && line < to;
  };
  return { returns: doc.returnFormats.filter(inside).length, contexts: doc.delegationContexts.filter(inside).length };
}

describe.skipIf(!HAVE_SEEDS)('the seeds, linted under their own profiles', () => {
  const messages = new Map<string, LintMessage[]>();
  beforeAll(async () => {
    for (const seed of SEED_LIST) messages.set(seed.file, await lintSeed(seed));
  });

  it.each(SEED_LIST.map((s) => [`${s.file} (${s.standard})`, s] as const))('%s gives exactly the pinned findings', (_, seed) => {
    const got = messages.get(seed.file)!;
    expect(got.map(shape)).toEqual(seed.findings.map(([id, line, col, sev]) => [id, line, col, sev]));
    seed.findings.forEach(([id, , , , fragment], i) => expect(got[i]!.message, id).toContain(fragment));
  });

  it('2.0: Examples 1-3 and the delegation context give no finding', () => {
    const seed = SEED_LIST[0]!;
    const got = messages.get(seed.file)!;
    const examples = sectionLines(seedText(seed), '### Example 1:', '## Bulk Operation');
    const context = sectionLines(seedText(seed), '## Delegation Context Schema', '## Validation Framework');
    // The linter does see the three returns and the context there.
    expect(shapesIn(seed, examples)).toEqual({ returns: 3, contexts: 0 });
    expect(shapesIn(seed, context)).toEqual({ returns: 0, contexts: 1 });
    for (const [from, to] of [examples, context]) expect(got.filter((m) => m.line >= from && m.line < to)).toEqual([]);
    // Everything reported is in the bulk-operation section that follows.
    const bulk = sectionLines(seedText(seed), '## Bulk Operation', '## Related Documentation');
    expect(got.every((m) => m.line >= bulk[0] && m.line < bulk[1])).toBe(true);
  });

  it('1.0: the examples by agent type give no finding; every finding is an error-handling pattern', () => {
    const seed = SEED_LIST[1]!;
    const got = messages.get(seed.file)!;
    const examples = sectionLines(seedText(seed), '## Examples by Agent Type', '## Usage Guidelines');
    expect(shapesIn(seed, examples)).toEqual({ returns: 4, contexts: 0 });
    expect(got.filter((m) => m.line >= examples[0] && m.line < examples[1])).toEqual([]);
    const patterns = sectionLines(seedText(seed), '## Error Handling Patterns', '## Migration Guide');
    expect(shapesIn(seed, patterns)).toEqual({ returns: 3, contexts: 0 });
    expect(got.every((m) => m.line >= patterns[0] && m.line < patterns[1])).toBe(true);
  });

  it('the same seeds under another profile are judged by that profile', async () => {
    // 1.0's examples have no delegation_depth/delegation_path, which 2.0 requires.
    const v1AsV2 = await lintSeed({ ...SEED_LIST[1]!, standard: 'v2' });
    const examples = sectionLines(seedText(SEED_LIST[1]!), '## Examples by Agent Type', '## Usage Guidelines');
    expect(v1AsV2.some((m) => m.ruleId === 'return-format-schema' && m.line >= examples[0] && m.line < examples[1])).toBe(true);
    // 2.0's Example 2 (depth 2) is within bounded's limit; its bulk contexts still lack a timeout.
    const v2AsBounded = await lintSeed({ ...SEED_LIST[0]!, standard: 'bounded' });
    expect(v2AsBounded.filter((m) => m.ruleId === 'delegation-context-schema').map((m) => m.line)).toEqual([515, 544, 589, 621]);
    expect(v2AsBounded.filter((m) => m.ruleId === 'max-depth')).toEqual([]);
  });

  it('bounded delegation: its markers are read (all valid; counted per file they exceed 10)', async () => {
    // 35 markers: the syntax templates ([delegate:description:hours], [delegate:...]) and the
    // one in an inline code span are not counted; the 11th is reported.
    const seed = SEED_LIST[4]!;
    const got = await lintSeed(seed, { 'delegate-syntax': ['error', { countPer: 'file' }] });
    expect(got.map(shape)).toEqual([['delegate-syntax', 436, 1, 'error']]);
    expect(got[0]!.message).toBe('35 delegation markers in this file, over the limit of 10 per story');
    expect(got[0]!.help).toMatch(/^This is marker 11: /);
  });
});

describe('docs/standard.md', () => {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/standard.md'), 'utf8');

  it('shows config examples that agent-lint accepts', () => {
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(0);
    for (const b of blocks) expect(() => validateConfig(JSON.parse(b), ALL_RULES, 'docs/standard.md')).not.toThrow();
  });

  it('counts the findings of each seed as the pins above do', () => {
    const table = doc.slice(doc.indexOf('## What linting the standard itself reports'), doc.indexOf('## Depth limit'));
    const rows = table.split('\n').filter((l) => /^\| (2\.0|1\.0),/.test(l));
    const counted = (file: string, rule: string) => SEED_LIST.find((s) => s.file === file)!.findings.filter((f) => f[0] === rule).length;
    const stated = (version: string, rule: string) =>
      rows.filter((r) => r.startsWith(`| ${version},`) && r.includes(`| [${rule}](rules/${rule}.md) (`)).reduce((n, r) => n + Number(/, (\d+) times \|$/.exec(r)?.[1] ?? 1), 0);
    for (const rule of ['delegation-context-schema', 'return-format-schema', 'error-code-known']) {
      expect(stated('2.0', rule), `2.0 ${rule}`).toBe(counted('000_400eb7cd7c9dff91.txt', rule));
    }
    expect(stated('1.0', 'return-format-schema')).toBe(counted('001_22a254e9b34a7378.txt', 'return-format-schema'));
    expect(rows).toHaveLength(4);
  });
});
