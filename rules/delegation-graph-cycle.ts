import { defineRule } from '../src/engine/rule.js';
import { findCycles } from '../src/graph/analysis.js';
import { clip, MAX_MESSAGE } from '../src/util/clip.js';
import { nodeLabel, relatedOf, showChain } from '../src/graph/describe.js';

export default defineRule({
  meta: {
    id: 'delegation-graph-cycle',
    description: 'Agents, commands and skills do not delegate to each other in a loop across files.',
    details:
      'When a delegates to b and b (directly or through others) delegates back to a, the chain never ends on its own: the standard\'s cycle detection refuses the delegation at run time (CYCLE_DETECTED), and a system without it loops until a timeout or the depth limit. Every delegation the project\'s specs write counts (task calls, subagent_type, routing tables, can_delegate_to, Skill invocations, @agent- mentions, delegation_path examples). Each loop is reported once, at one of its delegations (the first, from the spec whose name sorts first, among the files being linted), with the other delegations of the loop as related locations. A spec that names itself is not a loop.',
    severity: 'error',
    kinds: ['agent', 'command', 'skill'],
  },
  checkProject({ project, enabledFor, report }) {
    if (!project.targetsDelegate) return; // nothing to report in the linted files
    for (const cycle of findCycles(project.targetGraph)) {
      const n = cycle.edges.length;
      const at = cycle.edges.findIndex((e) => project.isTarget(e.doc) && enabledFor(e.doc));
      if (at === -1) continue;
      // Name the loop from the delegation reported.
      const nodes = [...cycle.nodes.slice(at), ...cycle.nodes.slice(0, at)];
      const edges = [...cycle.edges.slice(at), ...cycle.edges.slice(0, at)];
      const files = new Set(edges.map((e) => e.doc.filePath)).size;
      const others = cycle.group.filter((g) => !nodes.includes(g));
      const more = others.length ? ` ${others.length} more (${others.slice(0, 5).map(nodeLabel).join(', ')}${others.length > 5 ? ', ...' : ''}) ${others.length === 1 ? 'takes' : 'take'} part in loops with these.` : '';
      const [first] = edges;
      const chain = showChain([...nodes, nodes[0]!]);
      const across = `across ${files} file${files === 1 ? '' : 's'}`;
      // A loop too long for a short message names where it starts there, and is whole in the help.
      const fits = `delegation cycle ${across}: `.length + chain.length <= MAX_MESSAGE;
      report(first!.doc, {
        message: fits ? `delegation cycle ${across}: ${chain}` : `${clip(nodeLabel(nodes[0]!), 60)} delegates in a loop ${across}`,
        help:
          `${nodeLabel(nodes[0]!)} delegates to ${nodeLabel(nodes[1 % n]!)} here and the chain comes back to it${fits ? '' : ` (${chain})`}, so it never ends: a caller that checks delegation_path refuses it with CYCLE_DETECTED. ` +
          `Expected a chain that ends: remove one delegation of the loop, or have its callee return instead of delegating back.${more}`,
        range: first!.range,
        related: edges.slice(1).map((e) => relatedOf(e, `${nodeLabel(e.from)} delegates to ${nodeLabel(e.to)}`)),
      });
    }
  },
});
