import { defineRule } from '../src/engine/rule.js';
import { nameMatcher } from '../src/graph/build.js';
import { viaText } from '../src/graph/describe.js';
import type { GraphEdge } from '../src/graph/types.js';

interface Options {
  knownAgents?: string[];
  knownSkills?: string[];
}

const KIND_WORD = { agent: 'an agent', command: 'a command', skill: 'a skill' } as const;

function describe(e: GraphEdge): string {
  const r = e.resolution;
  const via = viaText(e.via);
  const q = JSON.stringify(e.target);
  if (r.status === 'other-kind') {
    const fix =
      e.expected === 'skill'
        ? `the Skill tool cannot run it: delegate to it with the Agent (Task) tool, or add a skill of that name`
        : e.expected === 'agent'
          ? `subagent_type and the task tool need an agent or a built-in type (general-purpose, Explore, Plan, ...)${r.found === 'skill' ? '; run a skill with the Skill tool' : ''}`
          : 'expected a command here';
    return `${via} names ${q} as ${KIND_WORD[e.expected]}, but ${q} is ${KIND_WORD[r.found]} of this project, not ${KIND_WORD[e.expected]}; ${fix}`;
  }
  if (r.status !== 'missing') return '';
  const mean = r.suggestion ? `; did you mean ${JSON.stringify(r.suggestion)}?` : '';
  if (r.plugin) {
    return `${via} names ${q}, but plugin ${JSON.stringify(r.plugin)} has no ${e.expected} of that id${mean} (Claude Code calls a plugin's ${e.expected}s <plugin>:<name>, with one colon)`;
  }
  if (r.sibling) {
    return `${via} names ${e.expected} ${q}, which this project does not have; plugin ${JSON.stringify(r.sibling)} of the marketplace has it, and Claude Code knows it only by its plugin id ${JSON.stringify(r.suggestion)}`;
  }
  if (e.expected === 'skill') {
    return `${via} names skill ${q}, but the project has no skill of that name; expected a skill folder with a SKILL.md in the project, or one installed elsewhere and listed in knownSkills${mean}`;
  }
  if (e.expected === 'command') {
    return `${via} names command ${q} after the orchestrator, but the project has no command of that name${mean}`;
  }
  return `${via} names agent ${q}, but the project has no agent of that name; expected one of its agents, a built-in type (general-purpose, Explore, Plan, statusline-setup, fork), or an agent listed in knownAgents or found with --agents-dir${mean}`;
}

export default defineRule<Options>({
  meta: {
    id: 'unknown-delegation-target',
    description: 'Every agent, skill and command a spec delegates to exists in the project (or is built in or known to live outside it).',
    details:
      'A delegation to a name that does not exist fails at run time ("Agent type not found"), usually after the caller has done half its work. Checked: task/Agent calls and `subagent_type` values, "invoke X via the task tool", `@agent-x`, frontmatter routing tables and `delegation.can_delegate_to`, `Skill(x)` and "use the x skill", and the names of `delegation_path` examples. Built-in agent types are accepted (general-purpose, Explore, Plan, statusline-setup, fork, claude-code-guide; OpenCode\'s general, explore, build, plan). A `plugin:name` id is checked against the plugin when the project (or the marketplace it sits in) holds it, and accepted otherwise. Agents that live outside the project count when listed in the `knownAgents` option or config, or found with `--agents-dir`; skills when listed in `knownSkills`. Templated targets (`${target_agent}`, `{agent}`) are skipped.',
    severity: 'error',
    standard: false,
    kinds: ['agent', 'command', 'skill'],
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        knownAgents: { type: 'array', items: { type: 'string' }, description: 'Agents that exist outside the project (names or globs such as "team-*").' },
        knownSkills: { type: 'array', items: { type: 'string' }, description: 'Skills that exist outside the project (names or globs).' },
      },
    },
    defaultOptions: { knownAgents: [], knownSkills: [] },
  },
  checkProject({ project, optionsFor, enabledFor, report }) {
    if (!project.targetsDelegate) return; // nothing to report in the linted files
    const matchers = new Map<Options, { agents: (n: string) => boolean; skills: (n: string) => boolean }>();
    for (const e of project.graph.edges) {
      const status = e.resolution.status;
      if (status !== 'missing' && status !== 'other-kind') continue;
      if (!project.isTarget(e.doc) || !enabledFor(e.doc)) continue;
      const options = optionsFor(e.doc);
      let m = matchers.get(options);
      if (!m) matchers.set(options, (m = { agents: nameMatcher(options.knownAgents ?? []), skills: nameMatcher(options.knownSkills ?? []) }));
      if ((e.expected === 'skill' ? m.skills : m.agents)(e.target)) continue;
      report(e.doc, { message: describe(e), range: e.range });
    }
  },
});
