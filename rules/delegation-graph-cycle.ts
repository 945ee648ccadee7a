import { defineRule } from '../src/engine/rule.js';
import { findCycles } from '../src/graph/analysis.js';
import { clip, MAX_MESSAGE } from '../src/util/clip.js';
import { nodeLabel, relatedOf, showChain } from '../src/graph/describe.js';

const HELP =
  '{{from}} delegates to {{to}} here and the chain comes back to it{{whole}}, so it never ends: a caller that checks delegation_path refuses it with CYCLE_DETECTED. ' +
  'Expected a chain that ends: remove one delegation of the loop, or have its callee return instead of delegating back.{{more}}';

export default defineRule({
  meta: {
    id: 'delegation-graph-cycle',
    description: 'Agents, commands and skills do not delegate to each other in a loop across files.',
    severity: 'error',
    kinds: ['agent', 'command', 'skill'],
    messages: {
      cycle: { message: 'delegation cycle {{across}}: {{chain}}', help: HELP },
      // A loop too long for a short message names where it starts there, and is whole in the help.
      'long-cycle': { message: '{{start}} delegates in a loop {{across}}', help: HELP },
    },
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
      const fits = `delegation cycle ${across}: `.length + chain.length <= MAX_MESSAGE;
      report(first!.doc, {
        messageId: fits ? 'cycle' : 'long-cycle',
        data: { across, chain, start: clip(nodeLabel(nodes[0]!), 60), from: nodeLabel(nodes[0]!), to: nodeLabel(nodes[1 % n]!), whole: fits ? '' : ` (${chain})`, more },
        range: first!.range,
        related: edges.slice(1).map((e) => relatedOf(e, `${nodeLabel(e.from)} delegates to ${nodeLabel(e.to)}`)),
      });
    }
  },
});
