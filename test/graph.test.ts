/**
 * The delegation graph: which edges it finds in which text (with exact ranges), how targets
 * resolve, its cycles and deep chains, that the engine builds it once and only for the graph
 * rules, and that it stays linear on a large project.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { runRules, type RuleSetting } from '../src/engine/engine.js';
import { ProjectView } from '../src/model/project.js';
import { findCycles, findDeepChains } from '../src/graph/analysis.js';
import { buildGraph } from '../src/graph/build.js';
import { showChain } from '../src/graph/describe.js';
import { scanSkillRefs } from '../src/graph/skill-refs.js';
import type { GraphEdge, ProjectGraph } from '../src/graph/types.js';
import { DocumentModel } from '../src/model/document.js';
import { getProfile } from '../src/standard/profiles.js';
import type { FileKind } from '../src/types.js';
import { lintCase, RULE_FIXTURES } from './helpers/fixtures.js';
import { HAVE_SHARED, SHARED } from './helpers/shared.js';

const ROOT = '/nonexistent/project';

function kindOf(rel: string): FileKind {
  if (/\/skills\/[^/]+\/SKILL\.md$/.test(rel)) return 'skill';
  if (/\/(agents?)\//.test(rel)) return 'agent';
  if (/\/(commands?)\//.test(rel)) return 'command';
  return 'other';
}

function project(files: Record<string, string>): { docs: DocumentModel[]; graph: ProjectGraph } {
  const docs = Object.entries(files).map(([rel, text]) => new DocumentModel({ filePath: `${ROOT}/${rel}`, relPath: rel, kind: kindOf(rel), text }));
  return { docs, graph: buildGraph({ root: ROOT, documents: docs }) };
}

function edgeList(graph: ProjectGraph): string[] {
  return graph.edges.map((e) => `${e.from.name} -${e.via}-> ${e.target} [${e.resolution.status}] ${JSON.stringify(e.doc.text.slice(e.range.start, e.range.end))}`);
}

const agent = (name: string, body: string, extra = '') => `---\nname: ${name}\ndescription: ${name}\n${extra}---\n\n${body}\n`;

describe('edges', () => {
  it('come from calls, subagent_type data, sentences, mentions, frontmatter and skills, each at the target name', () => {
    const { graph } = project({
      '.claude/commands/ship.md': [
        '---',
        'description: Ship',
        'routing:',
        '  language_based: true',
        '  strategy: by-language',
        '  lean: "lean-builder"',
        '  default: builder',
        '---',
        '',
        'Task(subagent_type="builder", prompt="x")',
        '',
        '```yaml',
        'subagent_type: tester',
        'prompt: run the tests',
        '```',
        '',
        'Then invoke reviewer via the task tool, or ask @agent-reviewer.',
        'Use the `release-notes` skill; Skill(changelog) too. Use this skill wisely.',
      ].join('\n'),
      '.claude/agents/builder.md': agent('builder', 'Build.', 'delegation:\n  can_delegate_to: [tester, "lean-builder"]\n'),
      '.claude/agents/lean-builder.md': agent('lean-builder', 'Build Lean.'),
      '.claude/agents/tester.md': agent('tester', 'Test.'),
      '.claude/agents/reviewer.md': agent('reviewer', 'Review.'),
      '.claude/skills/release-notes/SKILL.md': agent('release-notes', 'Notes.'),
      '.claude/skills/changelog/SKILL.md': agent('changelog', 'Log.'),
    });
    expect(edgeList(graph)).toEqual([
      'builder -can-delegate-to-> tester [found] "tester"',
      'builder -can-delegate-to-> lean-builder [found] "lean-builder"',
      'ship -routing-> lean-builder [found] "lean-builder"',
      'ship -routing-> builder [found] "builder"',
      'ship -call-> builder [found] "builder"',
      'ship -subagent-type-> tester [found] "tester"',
      'ship -prose-> reviewer [found] "reviewer"',
      'ship -mention-> reviewer [found] "reviewer"',
      'ship -skill-> release-notes [found] "release-notes"',
      'ship -skill-> changelog [found] "changelog"',
    ]);
  });

  it('from delegation_path examples: consecutive concrete names, positions lost after a spread', () => {
    const ret = (p: string) => `\`\`\`json\n{"status": "completed", "summary": "s", "artifacts": [], "metadata": {"session_id": "sess_1_abcdef", "delegation_depth": 1, "delegation_path": ${p}}}\n\`\`\`\n`;
    const { graph } = project({
      '.opencode/agent/orchestrator.md': agent('orchestrator', 'Route.'),
      '.opencode/command/plan.md': '---\ndescription: Plan\n---\nPlan.\n',
      '.opencode/agent/planner.md': agent(
        'planner',
        [
          ret('["orchestrator", "plan", "planner", "status-sync"]'),
          ret('[...delegation_path, "git-manager"]'),
          ret('["orchestrator", "{command}", "planner", ..., "helper"]'),
          ret('["orchestrator", "planner", "status-sync"]'),
        ].join('\n'),
      ),
      '.opencode/agent/status-sync.md': agent('status-sync', 'Sync.'),
    });
    expect(edgeList(graph).filter((e) => e.includes('-delegation-path->'))).toEqual([
      'orchestrator -delegation-path-> plan [found] "plan"',
      'plan -delegation-path-> planner [found] "planner"',
      'planner -delegation-path-> status-sync [found] "status-sync"',
      // The path that leaves out the command still names specs.
      'orchestrator -delegation-path-> planner [found] "planner"',
      'planner -delegation-path-> status-sync [found] "status-sync"',
    ]);
  });

  it('leave templates and self-references out', () => {
    const { graph } = project({
      '.claude/agents/router.md': agent(
        'router',
        'task(subagent_type="${target_agent}", prompt=p)\ntask(subagent_type=target_agent, prompt=p)\ntask(subagent_type="{agent}", prompt=p)\nOthers call me as @agent-router; use the `router` skill.',
      ),
    });
    expect(graph.edges).toEqual([]);
  });
});

describe('resolution', () => {
  it('finds OpenCode agents by path, built-ins per system, and reports the other kind', () => {
    const { graph } = project({
      '.opencode/agent/meta.md': agent('meta', 'x', 'delegation:\n  can_delegate_to: ["meta/builder", "general", "pdf-tools", "nobody"]\n'),
      '.opencode/agent/meta/builder.md': '---\ndescription: b\n---\nBuild.\n',
      '.claude/skills/pdf-tools/SKILL.md': agent('pdf-tools', 'x'),
      '.claude/agents/c.md': agent('c', 'Task(subagent_type="general", prompt="x") and Task(subagent_type="Explore", prompt="x")'),
    });
    const status = (e: GraphEdge) => `${e.target}:${e.resolution.status}${e.resolution.status === 'other-kind' ? `:${e.resolution.found}` : ''}`;
    expect(graph.edges.map(status)).toEqual(['general:missing', 'Explore:builtin', 'meta/builder:found', 'general:builtin', 'pdf-tools:other-kind:skill', 'nobody:missing']);
  });

  it('suggests the nearest name', () => {
    const { graph } = project({
      '.claude/agents/code-reviewer.md': agent('code-reviewer', 'x'),
      '.claude/commands/r.md': '---\ndescription: r\n---\nTask(subagent_type="code-reviwer", prompt="x")\n',
    });
    expect(graph.edges[0]!.resolution).toEqual({ status: 'missing', suggestion: 'code-reviewer' });
  });

  it('accepts external agents by name or glob', () => {
    const docs = [new DocumentModel({ filePath: `${ROOT}/.claude/commands/r.md`, relPath: '.claude/commands/r.md', kind: 'command', text: '@agent-team-lead and @agent-outsider and @agent-nobody\n' })];
    const graph = buildGraph({ root: ROOT, documents: docs, externalAgents: ['team-*', 'outsider'] });
    expect(graph.edges.map((e) => e.resolution.status)).toEqual(['external', 'external', 'missing']);
  });
});

describe('skill references', () => {
  it('reads Skill(x), quoted and hyphenated names, and leaves descriptions alone', () => {
    const text = 'Skill(pdf) and Skill(skill="xlsx-tools"). Use the `pdf2` skill, invoke the "b-c" skill, activate d-e Skill.\nUse the debugging skill. Use this skill. Use the Skill tool.';
    expect(scanSkillRefs(text, 0).map((r) => `${r.name}@${text.slice(r.range.start, r.range.end)}`)).toEqual(['pdf@pdf', 'xlsx-tools@xlsx-tools', 'pdf2@pdf2', 'b-c@b-c', 'd-e@d-e']);
  });
});

describe('analysis', () => {
  it('finds each loop once, from the spec that sorts first, through its shortest path', () => {
    const { graph } = project({
      '.claude/agents/a.md': agent('a', '@agent-b'),
      '.claude/agents/b.md': agent('b', '@agent-c and @agent-a'),
      '.claude/agents/c.md': agent('c', '@agent-a'),
      '.claude/agents/d.md': agent('d', '@agent-a'),
    });
    const cycles = findCycles(graph);
    expect(cycles.map((c) => showChain([...c.nodes, c.nodes[0]!]))).toEqual(['a -> b -> a']);
    expect(cycles[0]!.group.map((n) => n.name)).toEqual(['a', 'b', 'c']);
  });

  it('measures chains from commands, skills inline unless forked', () => {
    const { graph } = project({
      '.claude/commands/go.md': '---\ndescription: go\n---\nUse the `inline-skill` skill, then use the `forked-skill` skill.\n',
      '.claude/skills/inline-skill/SKILL.md': agent('inline-skill', '@agent-a'),
      '.claude/skills/forked-skill/SKILL.md': agent('forked-skill', '@agent-d', 'context: fork\n'),
      '.claude/agents/a.md': agent('a', '@agent-b'),
      '.claude/agents/b.md': agent('b', 'Done.'),
      '.claude/agents/d.md': agent('d', '@agent-e'),
      '.claude/agents/e.md': agent('e', 'Done.'),
    });
    // go -> inline-skill (0) -> a (1) -> b (2); go -> forked-skill (1) -> d (2) -> e (3).
    expect(findDeepChains(graph, 3)).toEqual([]);
    expect(findDeepChains(graph, 2).map((d) => `${showChain(d.chain)} @${d.depth}`)).toEqual(['/go -> forked-skill -> d -> e @3']);
  });

  it('is linear: a chain of 5,000 agents and a loop through all of them', () => {
    const files: Record<string, string> = { '.claude/commands/go.md': '---\ndescription: go\n---\n@agent-a0\n' };
    const n = 5000;
    for (let i = 0; i < n; i++) files[`.claude/agents/a${i}.md`] = agent(`a${i}`, `@agent-a${(i + 1) % n}`);
    const t0 = performance.now();
    const { graph } = project(files);
    const cycles = findCycles(graph);
    const deep = findDeepChains(graph, 3);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.nodes).toHaveLength(n);
    // The whole loop is one group: one level below the command.
    expect(deep).toEqual([]);
  });
});

describe('the engine', () => {
  afterEach(() => vi.restoreAllMocks());

  const docs = () => [
    new DocumentModel({ filePath: `${ROOT}/.claude/agents/a.md`, relPath: '.claude/agents/a.md', kind: 'agent', text: agent('a', '@agent-b') }),
    new DocumentModel({ filePath: `${ROOT}/.claude/agents/b.md`, relPath: '.claude/agents/b.md', kind: 'agent', text: agent('b', '@agent-a and @agent-zz') }),
  ];
  const run = (project: ProjectView, enabled: string[]) => {
    const settings = new Map<string, RuleSetting>(enabled.map((id) => [id, { severity: 2, options: {} }]));
    const results = runRules({ project, profile: getProfile('v2'), rules: ALL_RULES, targets: project.documents, settingsFor: () => settings });
    return results.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)} ${m.ruleId}`));
  };

  it('builds the graph once per project and shares it among the graph rules', () => {
    const project = new ProjectView({ root: ROOT, documents: docs() });
    const spy = vi.spyOn(ProjectView.prototype, 'graph', 'get');
    expect(run(project, ['unknown-delegation-target', 'delegation-graph-cycle', 'delegation-graph-depth'])).toEqual(['a.md delegation-graph-cycle', 'b.md unknown-delegation-target']);
    expect(spy).toHaveBeenCalled();
    const built = spy.mock.results.map((r) => r.value as ProjectGraph);
    expect(new Set(built).size).toBe(1);
  });

  it('does not build it when no graph rule is on', () => {
    const project = new ProjectView({ root: ROOT, documents: docs() });
    const spy = vi.spyOn(ProjectView.prototype, 'graph', 'get');
    run(project, ['frontmatter-valid', 'max-depth', 'agent-type-match']);
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('rule messages', () => {
  it('a cycle names the loop and relates the other delegations', () => {
    const [m, ...rest] = lintCase(path.join(RULE_FIXTURES, 'delegation-graph-cycle/invalid/three-files'), ALL_RULES, 'delegation-graph-cycle');
    expect(rest).toEqual([]);
    expect(m!.message).toContain('delegation cycle across 3 files: coder -> reviewer -> planner -> coder');
    expect(m!.related!.map((r) => `${path.basename(r.filePath)}:${r.line}:${r.column}-${r.endColumn} ${r.message}`)).toEqual([
      'reviewer.md:6:41-48 reviewer delegates to planner',
      'planner.md:9:21-26 planner delegates to coder',
    ]);
  });

  it('a deep chain names the chain and the limit', () => {
    const [m] = lintCase(path.join(RULE_FIXTURES, 'delegation-graph-depth/invalid/four-deep'), ALL_RULES, 'delegation-graph-depth');
    expect(m!.message).toBe('delegation chain from /ship reaches depth 4 here, above the v2 limit of 3');
    expect(m!.help).toBe('The chain: /ship -> lead -> builder -> tester -> flake-checker (command -> subagent is depth 1). tester is already at depth 3 and must not delegate further (MAX_DEPTH_EXCEEDED).');
    expect(m!.related).toHaveLength(3);
  });

  it('a target of another kind says what it is', () => {
    const found = lintCase(path.join(RULE_FIXTURES, 'unknown-delegation-target/invalid/other-kind'), ALL_RULES, 'unknown-delegation-target');
    expect(found.map((f) => f.message.split(';')[0])).toEqual([
      'the task call names "pdf-extract" as an agent, but it is a skill',
      'the Skill invocation names "lint-fixer" as a skill, but it is an agent',
    ]);
  });
});

describe.skipIf(!HAVE_SHARED)('ProofChecker (corpus)', () => {
  const dir = path.join(SHARED, 'corpus/benbrastmckie__ProofChecker');
  it('routes the commands to the subagents, and only web-research-specialist is unknown', async () => {
    const { ConfigLookup } = await import('../src/config/lookup.js');
    const { lint } = await import('../src/lint.js');
    const { graphProjects } = await import('../src/cli/graph.js');
    const [p] = graphProjects(dir, dir, new ConfigLookup({ cwd: dir, rules: ALL_RULES, lookup: false }), []);
    const pairs = new Set(p!.graph.edges.map((e) => `${e.from.kind}:${e.from.name} -> ${e.to.kind}:${e.to.name}`));
    for (const pair of [
      'command:research -> agent:researcher',
      'command:research -> agent:lean-research-agent',
      'command:plan -> agent:planner',
      'command:implement -> agent:implementer',
      'command:implement -> agent:lean-implementation-agent',
      'command:errors -> agent:error-diagnostics-agent',
      'command:todo -> agent:todo-manager',
      'agent:meta -> agent:domain-analyzer',
    ]) {
      expect(pairs, pair).toContain(pair);
    }
    const configs = new ConfigLookup({ cwd: dir, rules: ALL_RULES, lookup: false });
    const run = lint({ cwd: dir, patterns: [], rules: ALL_RULES, config: (f) => configs.forFile(f) });
    const unknown = run.results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'unknown-delegation-target').map((m) => `${path.basename(r.filePath)}:${m.line} ${/"([^"]+)"/.exec(m.message)![1]}`));
    expect(unknown.sort()).toEqual(['lean-research-agent.md:41 web-research-specialist', 'researcher.md:37 web-research-specialist']);
  });
});

