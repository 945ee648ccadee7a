import { defineRule, optionsSchema, fillTemplate, type RuleMessage } from '../src/engine/rule.js';
import { nameMatcher } from '../src/graph/build.js';
import { viaText } from '../src/graph/describe.js';
import type { GraphEdge } from '../src/graph/types.js';
import { MAX_MESSAGE, quoted } from '../src/util/clip.js';

interface Options {
  knownAgents?: string[];
  knownSkills?: string[];
}

const MESSAGES: Record<string, RuleMessage> = {
  'not-a-skill': {
    message: '{{via}} names {{target}} as a skill, but it is {{found}}',
    help: 'The Skill tool cannot run it: delegate to it with the Agent (Task) tool, or add a skill of that name.',
  },
  'not-an-agent': {
    message: '{{via}} names {{target}} as an agent, but it is {{found}}',
    help: 'subagent_type and the task tool need an agent or a built-in type (general-purpose, Explore, Plan, ...){{skillTool}}.',
  },
  'not-a-command': {
    message: '{{via}} names {{target}} as a command, but it is {{found}}',
    help: 'Expected a command here.',
  },
  'two-colons': {
    message: '{{via}} names {{target}}, with two colons',
    help: "Plugin {{plugin}} calls it {{suggestion}}: Claude Code calls a plugin's {{expected}}s <plugin>:<name>, with one colon.",
  },
  'not-in-plugin': {
    message: '{{via}} names {{target}}, which plugin {{plugin}} does not have',
    help: "{{mean}}Claude Code calls a plugin's {{expected}}s <plugin>:<name>, with one colon.",
  },
  'plugin-only': {
    message: '{{via}} names {{expected}} {{target}}, which only plugin {{sibling}} has',
    help: 'Claude Code knows it only by its plugin id: write {{suggestion}}.',
  },
  'missing-skill': {
    message: '{{via}} names skill {{target}}, which the project does not have',
    help: '{{mean}}Expected a skill folder with a SKILL.md in the project, or a skill installed elsewhere and listed in knownSkills.',
  },
  'missing-command': {
    message: '{{via}} names command {{target}} after the orchestrator, which the project does not have',
    help: "{{mean}}A delegation_path's second name is the command the orchestrator delegates to: expected one of the project's commands.",
  },
  'missing-agent': {
    message: '{{via}} names agent {{target}}, which the project does not have',
    help: "{{mean}}Expected one of the project's agents, a built-in type (general-purpose, Explore, Plan, statusline-setup, fork), or an agent listed in knownAgents or found with --agents-dir.",
  },
};

const KIND_WORD = { agent: 'an agent', command: 'a command', skill: 'a skill' } as const;
const OTHER_KIND = { agent: 'not-an-agent', command: 'not-a-command', skill: 'not-a-skill' } as const;

interface Finding {
  messageId: string;
  data: Record<string, string>;
  severity?: 'warn';
}

/**
 * The finding for an edge, its message held to one row: a target name too long for it is cut
 * in the message (the help names what to write in full).
 */
function describe(e: GraphEdge): Finding | null {
  const d = describeWith(e, Infinity);
  if (!d) return d;
  const length = fillTemplate(MESSAGES[d.messageId]!.message, d.data).length;
  if (length <= MAX_MESSAGE) return d;
  // The quoted name's room, its escapes counted (a name with quotes or backslashes is longer quoted).
  return describeWith(e, Math.max(12, JSON.stringify(e.target).length - (length - MAX_MESSAGE)));
}

/** Which finding it is (what was written and what is missing), and its data. */
function describeWith(e: GraphEdge, quotedMax: number): Finding | null {
  const r = e.resolution;
  const via = viaText(e.via);
  const target = quoted(e.target, quotedMax);
  if (r.status === 'other-kind') {
    const skillTool = e.expected === 'agent' && r.found === 'skill' ? '; run a skill with the Skill tool' : '';
    return { messageId: OTHER_KIND[e.expected], data: { via, target, found: KIND_WORD[r.found], skillTool } };
  }
  if (r.status !== 'missing') return null;
  // The likely name leads the help (the message stays one short sentence).
  const mean = r.suggestion ? `Did you mean ${JSON.stringify(r.suggestion)}? ` : '';
  const data = { via, target, mean, expected: e.expected, suggestion: String(JSON.stringify(r.suggestion)) };
  if (r.plugin && r.suggestion && e.target.includes('::') && r.suggestion === e.target.replace(/::+/, ':')) {
    // The plugin has the name: only the id's form is off (two colons).
    return { messageId: 'two-colons', data: { ...data, plugin: JSON.stringify(r.plugin) }, severity: 'warn' };
  }
  if (r.plugin) return { messageId: 'not-in-plugin', data: { ...data, plugin: quoted(r.plugin, 30) } };
  if (r.sibling) return { messageId: 'plugin-only', data: { ...data, sibling: quoted(r.sibling, 30) } };
  return { messageId: e.expected === 'skill' ? 'missing-skill' : e.expected === 'command' ? 'missing-command' : 'missing-agent', data };
}

export default defineRule<Options>({
  meta: {
    id: 'unknown-delegation-target',
    description: 'Every agent, skill and command a spec delegates to exists in the project (or is built in or known to live outside it).',
    severity: 'error',
    standard: false,
    kinds: ['agent', 'command', 'skill'],
    messages: MESSAGES,
    schema: optionsSchema({
      knownAgents: { type: 'array', items: { type: 'string' }, description: 'Agents that exist outside the project (names or globs such as "team-*").' },
      knownSkills: { type: 'array', items: { type: 'string' }, description: 'Skills that exist outside the project (names or globs).' },
    }),
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
