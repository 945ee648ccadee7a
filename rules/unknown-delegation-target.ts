import { defineRule } from '../src/engine/rule.js';
import { nameMatcher } from '../src/graph/build.js';
import { viaText } from '../src/graph/describe.js';
import type { GraphEdge } from '../src/graph/types.js';
import { MAX_MESSAGE, quoted } from '../src/util/clip.js';

interface Options {
  knownAgents?: string[];
  knownSkills?: string[];
}

const KIND_WORD = { agent: 'an agent', command: 'a command', skill: 'a skill' } as const;

/**
 * The finding for an edge, its message held to one row: a target name too long for it is cut
 * in the message (the help names what to write in full).
 */
function describe(e: GraphEdge): { message: string; help: string; severity?: 'warn' } | null {
  const d = describeWith(e, Infinity);
  if (!d || d.message.length <= MAX_MESSAGE) return d;
  // The quoted name's room, its escapes counted (a name with quotes or backslashes is longer quoted).
  return describeWith(e, Math.max(12, JSON.stringify(e.target).length - (d.message.length - MAX_MESSAGE)));
}

/** The short message (what was written and what is missing) and the help (what was expected). */
function describeWith(e: GraphEdge, quotedMax: number): { message: string; help: string; severity?: 'warn' } | null {
  const r = e.resolution;
  const via = viaText(e.via);
  const q = quoted(e.target, quotedMax);
  if (r.status === 'other-kind') {
    const help =
      e.expected === 'skill'
        ? 'The Skill tool cannot run it: delegate to it with the Agent (Task) tool, or add a skill of that name.'
        : e.expected === 'agent'
          ? `subagent_type and the task tool need an agent or a built-in type (general-purpose, Explore, Plan, ...)${r.found === 'skill' ? '; run a skill with the Skill tool' : ''}.`
          : 'Expected a command here.';
    return { message: `${via} names ${q} as ${KIND_WORD[e.expected]}, but it is ${KIND_WORD[r.found]}`, help };
  }
  if (r.status !== 'missing') return null;
  // The likely name leads the help (the message stays one short sentence).
  const mean = r.suggestion ? `Did you mean ${JSON.stringify(r.suggestion)}? ` : '';
  if (r.plugin && r.suggestion && e.target.includes('::') && r.suggestion === e.target.replace(/::+/, ':')) {
    // The plugin has the name: only the id's form is off (two colons).
    return {
      message: `${via} names ${q}, with two colons`,
      help: `Plugin ${JSON.stringify(r.plugin)} calls it ${JSON.stringify(r.suggestion)}: Claude Code calls a plugin's ${e.expected}s <plugin>:<name>, with one colon.`,
      severity: 'warn',
    };
  }
  if (r.plugin) {
    return {
      message: `${via} names ${q}, which plugin ${quoted(r.plugin, 30)} does not have`,
      help: `${mean}Claude Code calls a plugin's ${e.expected}s <plugin>:<name>, with one colon.`,
    };
  }
  if (r.sibling) {
    return {
      message: `${via} names ${e.expected} ${q}, which only plugin ${quoted(r.sibling, 30)} has`,
      help: `Claude Code knows it only by its plugin id: write ${JSON.stringify(r.suggestion)}.`,
    };
  }
  if (e.expected === 'skill') {
    return {
      message: `${via} names skill ${q}, which the project does not have`,
      help: mean + 'Expected a skill folder with a SKILL.md in the project, or a skill installed elsewhere and listed in knownSkills.',
    };
  }
  if (e.expected === 'command') {
    return {
      message: `${via} names command ${q} after the orchestrator, which the project does not have`,
      help: mean + "A delegation_path's second name is the command the orchestrator delegates to: expected one of the project's commands.",
    };
  }
  return {
    message: `${via} names agent ${q}, which the project does not have`,
    help: mean + "Expected one of the project's agents, a built-in type (general-purpose, Explore, Plan, statusline-setup, fork), or an agent listed in knownAgents or found with --agents-dir.",
  };
}

export default defineRule<Options>({
  meta: {
    id: 'unknown-delegation-target',
    description: 'Every agent, skill and command a spec delegates to exists in the project (or is built in or known to live outside it).',
    details:
      'A delegation to a name that does not exist fails at run time ("Agent type not found"), usually after the caller has done half its work. Checked: task/Agent calls and `subagent_type` values, "invoke X via the task tool", `@agent-x`, frontmatter routing tables and `delegation.can_delegate_to`, `Skill(x)` and "use the x skill", and the names of `delegation_path` examples. Built-in agent types are accepted (general-purpose, Explore, Plan, statusline-setup, fork, claude-code-guide; OpenCode\'s general, explore, build, plan). A `plugin:name` id is checked against the plugin when the project (or the marketplace it sits in) holds it, and accepted otherwise. Agents that live outside the project count when listed in the `knownAgents` option or config, or found with `--agents-dir`; skills when listed in `knownSkills`. A project that defines no agent of its own calls agents installed elsewhere: its agent targets are judged only once knownAgents or --agents-dir says which exist. Templated targets (`${target_agent}`, `{agent}`) are skipped.',
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
    // A project that defines no agent of its own calls agents installed elsewhere (the user's
    // ~/.claude/agents, plugins, a companion repository): which exist cannot be known from it,
    // so its agent targets are judged only when knownAgents or --agents-dir names them.
    const ownAgents = project.targetGraph.nodes.some((n) => n.kind === 'agent' && n.docs.length > 0);
    const agentsKnowable = ownAgents || project.externalAgents.length > 0;
    const matchers = new Map<Options, { agents: (n: string) => boolean; skills: (n: string) => boolean }>();
    for (const e of project.targetGraph.edges) {
      const status = e.resolution.status;
      if (status !== 'missing' && status !== 'other-kind') continue;
      if (!project.isTarget(e.doc) || !enabledFor(e.doc)) continue;
      const options = optionsFor(e.doc);
      if (e.expected === 'agent' && status === 'missing' && !e.resolution.plugin && !e.resolution.sibling && !agentsKnowable && !(options.knownAgents ?? []).length) continue;
      let m = matchers.get(options);
      if (!m) matchers.set(options, (m = { agents: nameMatcher(options.knownAgents ?? []), skills: nameMatcher(options.knownSkills ?? []) }));
      if ((e.expected === 'skill' ? m.skills : m.agents)(e.target)) continue;
      const d = describe(e);
      if (d) report(e.doc, { ...d, range: e.range });
    }
  },
});
