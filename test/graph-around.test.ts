/**
 * A run on some files of a project makes only the part of the delegation graph their findings
 * depend on (src/graph/around.ts). It must give exactly what the whole graph gives: on projects
 * made at random (names shared between agents, commands and skills, delegations written as calls,
 * mentions, Skill invocations, frontmatter lists and delegation_path examples, cycles and deep
 * chains), each file linted alone, and a few together, get the same findings from the graph
 * around them as from the whole graph.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { runRules } from '../src/engine/engine.js';
import { ProjectView } from '../src/model/project.js';
import { graphAround, holdsName, SEARCH_BUDGET } from '../src/graph/around.js';
import { GraphIndex } from '../src/graph/build.js';
import { referencesOf } from '../src/graph/references.js';
import { DocumentModel } from '../src/model/document.js';
import { kindFromPath } from '../src/discovery/kind.js';
import { getProfile } from '../src/standard/profiles.js';
import type { LintMessage } from '../src/types.js';
import { resolveConfig } from '../src/config/resolve.js';
import { everyRuleOn, type MemFile } from './helpers/in-memory-project.js';

const NAMES = ['lead', 'builder', 'tester', 'review', 'plan', 'deploy', 'planner', 'reviewer'];
const GRAPH_RULES = new Set(['delegation-graph-cycle', 'delegation-graph-depth', 'unknown-delegation-target', 'depth-path-mismatch']);

type Delegation = { how: 'task' | 'prose' | 'mention' | 'skill' | 'list' | 'path'; to: string; path?: string[]; depth?: number };

const delegation: fc.Arbitrary<Delegation> = fc.oneof(
  fc.record({ how: fc.constantFrom('task', 'prose', 'mention', 'skill', 'list') as fc.Arbitrary<Delegation['how']>, to: fc.constantFrom(...NAMES, 'nobody') }),
  fc.record({ how: fc.constant('path' as const), to: fc.constant(''), path: fc.array(fc.constantFrom('orchestrator', ...NAMES), { minLength: 2, maxLength: 5 }), depth: fc.integer({ min: 0, max: 4 }) }),
);

const spec = fc.record({
  kind: fc.constantFrom('agent', 'command', 'skill'),
  file: fc.constantFrom(...NAMES),
  /** An agent's frontmatter name when it differs from its file's. */
  name: fc.option(fc.constantFrom(...NAMES), { nil: undefined }),
  delegations: fc.array(delegation, { maxLength: 4 }),
});

function render(s: { kind: string; file: string; name: string | undefined; delegations: Delegation[] }): MemFile {
  const path = s.kind === 'agent' ? `.claude/agents/${s.file}.md` : s.kind === 'command' ? `.claude/commands/${s.file}.md` : `.claude/skills/${s.file}/SKILL.md`;
  const list = s.delegations.filter((d) => d.how === 'list').map((d) => d.to);
  // Commands go by their file name, which their text need not hold.
  const fm = s.kind === 'command' ? [`description: Runs the work`] : [`name: ${s.name ?? s.file}`, `description: The ${s.file} spec`];
  if (list.length) fm.push('delegation:', `  can_delegate_to: [${list.join(', ')}]`);
  const body: string[] = [];
  for (const d of s.delegations) {
    if (d.how === 'task') body.push(`Then Task(subagent_type="${d.to}", prompt="Do it").`);
    else if (d.how === 'prose') body.push(`Then invoke ${d.to} via the task tool.`);
    else if (d.how === 'mention') body.push(`Ask @agent-${d.to} for help.`);
    else if (d.how === 'skill') body.push(`Use Skill(${d.to}) first.`);
    else if (d.how === 'path') {
      body.push('```json', JSON.stringify({ session_id: 'sess_1_abc', delegation_depth: d.depth, delegation_path: d.path }), '```');
    }
  }
  return { path, text: `---\n${fm.join('\n')}\n---\n\n${body.join('\n\n')}\n` };
}

const project = fc.uniqueArray(spec, { minLength: 2, maxLength: 9, selector: (s) => `${s.kind}/${s.file}` }).map((specs) => specs.map(render));

const key = (m: LintMessage) => `${m.ruleId} ${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.message} | ${m.help ?? ''} | ${JSON.stringify(m.related ?? [])} | ${JSON.stringify(m.suggestions ?? [])}`;

function docsOf(files: MemFile[]): DocumentModel[] {
  return files.map((f) => new DocumentModel({ filePath: `/project/${f.path}`, relPath: f.path, kind: kindFromPath(f.path), text: f.text }));
}

/** A chain from a command, ship -> lead -> builder -> tester, beside four specs that take no part. */
const CHAIN: MemFile[] = [
  { path: '.claude/commands/ship.md', text: '---\ndescription: Ships\n---\n\nTask(subagent_type="lead", prompt="Ship it")\n' },
  { path: '.claude/agents/lead.md', text: '---\nname: lead\ndescription: Leads\n---\n\nTask(subagent_type="builder", prompt="Build")\n' },
  { path: '.claude/agents/builder.md', text: '---\nname: builder\ndescription: Builds\n---\n\nTask(subagent_type="tester", prompt="Test")\n' },
  { path: '.claude/agents/tester.md', text: '---\nname: tester\ndescription: Tests\n---\n\nRuns the tests.\n' },
  ...['one', 'two', 'three', 'four'].map((n) => ({ path: `.claude/agents/${n}.md`, text: `---\nname: ${n}\ndescription: Helps\n---\n\nHelps.\n` })),
];

/** The graph around the documents at `targets`, and the documents whose delegations it read. */
function around(docs: DocumentModel[], targets: number[]) {
  const index = new GraphIndex({ root: '/project', documents: docs });
  const scanned = new Set<string>();
  const edgesOf = index.edgesOf.bind(index);
  index.edgesOf = (d) => (scanned.add(d.relPath), edgesOf(d));
  return { g: graphAround(index, targets.map((i) => docs[i]!), docs), scanned };
}

/** The view a run had before: the rules get the whole graph, whatever is linted. */
class WholeGraphView extends ProjectView {
  override get targetGraph() {
    return this.graph;
  }
}

/** Findings per file with only `targets` linted and the rest read for context: from the graph around them, or from the whole graph. */
function lintSome(files: MemFile[], targets: number[], whole: boolean, known: number[] = []): Map<string, string[]> {
  const config = everyRuleOn('bounded');
  const docs = docsOf(files);
  // Documents whose delegations were read before (a language server keeps them): taken in unsearched.
  for (const i of known) referencesOf(docs[i]!);
  const linted = targets.map((i) => docs[i]!);
  const rest = docs.filter((d) => !linted.includes(d));
  const View = whole ? WholeGraphView : ProjectView;
  const view = new View({ root: '/project', documents: linted, loadContext: () => rest, configuredStandard: config.configuredStandard, usesStandard: config.usesStandard });
  const results = runRules({ project: view, profile: getProfile(config.standard), rules: ALL_RULES, targets: linted, settingsFor: (d) => config.settingsFor(d.relPath) });
  return new Map(results.map((r) => [r.filePath, r.messages.filter((m) => GRAPH_RULES.has(m.ruleId ?? '')).map(key).sort()]));
}

/** delegation-graph-depth's findings with `maxDepth`, the files at `targets` linted (those at `known` read before). */
function depthFindings(files: MemFile[], maxDepth: number, targets: number[], View: typeof ProjectView, known: number[] = []): string[] {
  const config = resolveConfig({ file: null, dir: '/project', raw: { standard: 'bounded', rules: { 'delegation-graph-depth': ['error', { maxDepth }] } } }, ALL_RULES);
  const docs = docsOf(files);
  for (const i of known) referencesOf(docs[i]!);
  const linted = targets.map((i) => docs[i]!);
  const view = new View({ root: '/project', documents: linted, loadContext: () => docs.filter((d) => !linted.includes(d)), configuredStandard: config.configuredStandard });
  return runRules({ project: view, profile: getProfile(config.standard), rules: ALL_RULES, targets: linted, settingsFor: (d) => config.settingsFor(d.relPath) })
    .flatMap((r) => r.messages.filter((m) => m.ruleId === 'delegation-graph-depth').map((m) => `${r.filePath.slice(9)} ${m.line}:${m.column}`));
}

describe('the graph around the linted files', () => {
  it('gives each file the findings the whole graph gives it', () => {
    const fired = new Map<string, number>();
    let partial = 0;
    fc.assert(
      fc.property(project, fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), (files, picks) => {
        // Each file alone, and a few files together.
        const sets = [...files.map((_, i) => [i]), [...new Set(picks.map((p) => p % files.length))]];
        for (const set of sets) {
          const whole = lintSome(files, set, true);
          for (const list of whole.values()) for (const k of list) fired.set(k.split(' ')[0]!, (fired.get(k.split(' ')[0]!) ?? 0) + 1);
          const some = lintSome(files, set, false, picks.slice(1).map((p) => (p * 7) % files.length));
          expect([...some.keys()]).toEqual([...whole.keys()]);
          for (const [file, got] of some) expect(got, file).toEqual(whole.get(file));
          // The graph made for them leaves some documents out (or the test would prove nothing).
          const docs = docsOf(files);
          const index = new GraphIndex({ root: '/project', documents: docs });
          if (graphAround(index, set.map((i) => docs[i]!), docs).edges.length < index.assemble(docs).edges.length) partial++;
        }
      }),
      { numRuns: 250, seed: 1723 },
    );
    // The projects made hold what the graph rules report, and the graphs made were partial.
    for (const id of GRAPH_RULES) expect(fired.get(id) ?? 0, id).toBeGreaterThan(20);
    expect(partial).toBeGreaterThan(100);
  });

  it('searches for whole names: a file that names `researcher` does not name `research`', () => {
    expect(holdsName('Ask the researcher first.', 'research')).toBe(false);
    expect(holdsName('Ask the researcher, then run /research.', 'research')).toBe(true);
    expect(holdsName('Ask @agent-research.', 'research')).toBe(true);
    // A written name may end at a hyphen or a dot (`research-`, `research.md`), not at a letter, digit or underscore.
    expect(holdsName('see research.md', 'research')).toBe(true);
    expect(holdsName('research_v2 and research2', 'research')).toBe(false);
    expect(holdsName('research', 'research')).toBe(true);
    // A very long name may be cut by the scan (at 80 characters in prose): looked for anywhere.
    const long = 'a-very-long-agent-name-that-goes-on-and-on-well-past-what-anyone-writes';
    expect(holdsName(`invoke ${long}x via the task tool`, long)).toBe(true);
  });

  it('finds an agent called by its path when its file is agents/<folder>/SKILL.md, also from delegations known before the run', () => {
    const filler = (n: number): MemFile => ({ path: `.claude/agents/helper${n}.md`, text: `---\nname: helper${n}\ndescription: Helps\n---\n\nHelps.\n` });
    const files: MemFile[] = [
      { path: '.claude/agents/planner/SKILL.md', text: '---\nname: plan-lead\ndescription: Plans\n---\n\nTask(subagent_type="reviewer", prompt="Review")\n' },
      { path: '.claude/agents/reviewer.md', text: '---\nname: reviewer\ndescription: Reviews\n---\n\nTask(subagent_type="planner/SKILL", prompt="Plan again")\n' },
      ...[1, 2, 3, 4, 5, 6].map(filler),
    ];
    const whole = lintSome(files, [0], true);
    expect(whole.get('/project/.claude/agents/planner/SKILL.md')!.some((k) => k.startsWith('delegation-graph-cycle'))).toBe(true);
    expect(lintSome(files, [0], false)).toEqual(whole);
    // reviewer.md's delegations known (a language server's, or the project index's): the same.
    expect(lintSome(files, [0], false, [1])).toEqual(whole);
  });

  it('takes a delegation_path entry only as written: an escaped name is no delegation (the search finds names in the text)', () => {
    const agent = (name: string, body = 'Works.'): MemFile => ({ path: `.claude/agents/${name}.md`, text: `---\nname: ${name}\ndescription: The ${name}\n---\n\n${body}\n` });
    const files: MemFile[] = [
      { path: '.claude/commands/ship.md', text: '---\ndescription: Ships\n---\n\nTask(subagent_type="builder", prompt="Go")\n' },
      agent('reporter', '```json\n{"session_id": "sess_1_abc", "delegation_depth": 4, "delegation_path": ["orchestrator", "ship", "builder", "fixer", "tester"]}\n```'),
      agent('auditor', '```json\n{"session_id": "sess_2_abc", "delegation_depth": 4, "delegation_path": ["...", "\\u0066ixer", "tester"]}\n```'),
      agent('builder'),
      agent('fixer'),
      agent('tester'),
      ...Array.from({ length: 12 }, (_, i) => agent(`filler${i}`)),
    ];
    const docs = docsOf(files);
    const pathEdges = (d: DocumentModel) => referencesOf(d).filter((r) => r.via === 'delegation-path').map((r) => `${r.from?.name}->${r.target}`);
    expect(pathEdges(docs[1]!)).toContain('fixer->tester');
    expect(pathEdges(docs[2]!)).toEqual([]);
    const whole = lintSome(files, [1], true);
    expect(whole.get('/project/.claude/agents/reporter.md')!.some((k) => k.startsWith('delegation-graph-depth'))).toBe(true);
    expect(lintSome(files, [1], false)).toEqual(whole);
  });

  it('scans only the documents that name a spec on a chain into the linted file', () => {
    const files: MemFile[] = [
      ...CHAIN,
      { path: '.claude/agents/writer.md', text: '---\nname: writer\ndescription: Writes\n---\n\nTask(subagent_type="editor", prompt="Edit")\n' },
      { path: '.claude/agents/editor.md', text: '---\nname: editor\ndescription: Edits\n---\n\nEdits the text.\n' },
    ];
    const { g, scanned } = around(docsOf(files), [2]);
    // builder's callers (lead, then ship): not tester (its file names tester but not builder, so
    // it cannot hold another builder -> tester edge), writer or editor.
    expect([...scanned].sort()).toEqual(['.claude/agents/builder.md', '.claude/agents/lead.md', '.claude/commands/ship.md']);
    expect(g.edges.map((e) => `${e.from.name}->${e.to.name}`).sort()).toEqual(['builder->tester', 'lead->builder', 'ship->lead']);
  });

  it('reports a pair of specs at the same delegation as the whole graph does', () => {
    // ship -> lead is written twice: in ship's own file (which never names ship), and as a
    // delegation_path example in the linted file. The whole graph reports the pair at ship's
    // own delegation, so the linted file has nothing to show, also when it is linted alone.
    const files: MemFile[] = [
      { path: '.claude/commands/ship.md', text: '---\ndescription: Ships the release\n---\n\nTask(subagent_type="lead", prompt="Go")\n' },
      { path: '.claude/agents/lead.md', text: '---\nname: lead\ndescription: Leads\n---\n\nLeads the release.\n' },
      { path: '.claude/agents/notes.md', text: '---\nname: notes\ndescription: Notes\n---\n\n```json\n{"session_id": "sess_1_abc", "delegation_depth": 1, "delegation_path": ["orchestrator", "ship", "lead"]}\n```\n' },
    ];
    expect(depthFindings(files, 0, [0, 1, 2], ProjectView)).toEqual(['.claude/commands/ship.md 5:21']);
    expect(depthFindings(files, 0, [2], WholeGraphView)).toEqual([]);
    expect(depthFindings(files, 0, [2], ProjectView)).toEqual([]);
  });

  it('follows the callers whose delegations were read before the run', () => {
    // lead.md was read before (a language server keeps its documents): it is taken in without a
    // search, and lead, which calls builder in it, is followed up to ship, where the chain starts.
    expect(depthFindings(CHAIN, 2, [2], WholeGraphView, [1])).toEqual(['.claude/agents/builder.md 6:21']);
    expect(depthFindings(CHAIN, 2, [2], ProjectView, [1])).toEqual(['.claude/agents/builder.md 6:21']);
  });

  it('makes the whole graph once the search has read the project more than its budget', () => {
    // A chain longer than the budget, among more unrelated files: each step up searches them again.
    const n = SEARCH_BUDGET * 2;
    const chain = Array.from({ length: n }, (_, i) => `step${String(i).padStart(2, '0')}`);
    const files: MemFile[] = chain.map((name, i) => ({
      path: `.claude/agents/${name}.md`,
      text: `---\nname: ${name}\ndescription: Step ${i}\n---\n\n${i + 1 < n ? `Task(subagent_type="${chain[i + 1]}", prompt="Next")` : 'Done.'}\n`,
    }));
    for (let i = 0; i < 2 * n; i++) files.push({ path: `.claude/agents/other${i}.md`, text: `---\nname: other${i}\ndescription: Unrelated\n---\n\n${'Nothing to do with the chain. '.repeat(20)}\n` });
    const docs = docsOf(files);
    const search = (at: number) => around(docs, [at]);
    // Near the top of the chain the search stays within its budget and leaves the others out:
    // step01 and its caller step00 (step02's file names step02 but not step01).
    expect(search(1).scanned.size).toBe(2);
    // From the bottom it runs out (having found less than half the project), and makes the whole
    // graph instead: the same edges into the file.
    const { g, scanned } = search(n - 2);
    expect(scanned.size).toBe(files.length);
    expect(g.edges).toHaveLength(n - 1);
  });

  it('reads at most its budget of text, also for a spec defined in many files (each file name is searched for)', () => {
    // helper is defined in 150 files, so it goes by 151 names; none is in the 200 other files.
    const filler = 'Some text that calls nobody at all. '.repeat(10);
    const files: MemFile[] = [{ path: '.claude/agents/lead.md', text: '---\nname: lead\ndescription: Leads\n---\n\nTask(subagent_type="helper", prompt="Help")\n' }];
    for (let i = 0; i < 150; i++) files.push({ path: `.claude/agents/helper-${i}.md`, text: `---\nname: helper\ndescription: Helps\n---\n\n${filler}\n` });
    for (let i = 0; i < 200; i++) files.push({ path: `.claude/agents/other-${i}.md`, text: `---\nname: other-${i}\ndescription: Works\n---\n\n${filler}\n` });
    const docs = docsOf(files);
    const project = docs.reduce((n, d) => n + d.text.length, 0);
    // Count what the search reads: every String.prototype.includes call on a document's text.
    const texts = new Set(docs.map((d) => d.text));
    const includes = String.prototype.includes;
    let read = 0;
    String.prototype.includes = function (this: string, ...args: [string, number?]) {
      if (texts.has(this)) read += this.length;
      return includes.apply(this, args);
    };
    let g;
    try {
      g = around(docs, [0]).g;
    } finally {
      String.prototype.includes = includes;
    }
    // 151 names times 200 files would be about 90 reads of the project (what the search did when
    // its budget was counted only once per spec). Now: its budget, then the whole graph, whose
    // scan of every file looks for a few keys (about 3 reads).
    expect(read).toBeLessThanOrEqual((SEARCH_BUDGET + 4) * project);
    expect(g.edges).toHaveLength(1);
  });

  it('makes the whole graph once more than half of the project is to be scanned', () => {
    const files: MemFile[] = ['alpha', 'bravo', 'charlie', 'delta'].map((name, i, all) => ({
      path: `.claude/agents/${name}.md`,
      text: `---\nname: ${name}\ndescription: Calls the next\n---\n\nTask(subagent_type="${all[(i + 1) % all.length]}", prompt="Next")\n`,
    }));
    files.push({ path: '.claude/agents/echo.md', text: '---\nname: echo\ndescription: Alone\n---\n\nWorks alone.\n' });
    const { g, scanned } = around(docsOf(files), [0]);
    // alpha's callers lead round the loop to delta, charlie and bravo: past half of the project,
    // so the whole graph is made, echo's file too.
    expect(scanned.size).toBe(5);
    expect(g.edges).toHaveLength(4);
  });
});
