import { defineRule, optionsSchema } from '../src/engine/rule.js';
import { findDeepChains } from '../src/graph/analysis.js';
import { nodeLabel, relatedOf, showChain } from '../src/graph/describe.js';

interface Options {
  maxDepth?: number;
}

export default defineRule<Options>({
  meta: {
    id: 'delegation-graph-depth',
    description: 'No chain of delegations from a command goes deeper than the depth limit.',
    severity: 'error',
    kinds: ['agent', 'command', 'skill'],
    requiresStandard: true,
    messages: {
      deep: {
        message: 'delegation chain from {{start}} reaches depth {{depth}} here, above {{whose}} of {{limit}}',
        help: 'The chain: {{chain}} (command -> subagent is depth 1). {{from}} is already at depth {{callerDepth}} and must not delegate further (MAX_DEPTH_EXCEEDED).',
      },
    },
    schema: optionsSchema({
      maxDepth: { type: 'integer', minimum: 0, description: 'The deepest allowed delegation (default: the profile\'s: 3 in v2 and v1, 2 in bounded).' },
    }),
  },
  checkProject({ project, profile, optionsFor, enabledFor, report }) {
    if (!project.targetsDelegate) return; // nothing to report in the linted files
    const byLimit = new Map<number, ReturnType<typeof findDeepChains>>();
    const seen = new Set<string>();
    // The limit may differ per file (overrides): chains are found once per limit in use.
    for (const doc of project.documents) {
      if (!project.isTarget(doc) || !enabledFor(doc)) continue;
      const limit = optionsFor(doc).maxDepth ?? profile.maxDepth;
      if (!byLimit.has(limit)) byLimit.set(limit, findDeepChains(project.targetGraph, limit));
    }
    for (const [limit, chains] of byLimit) {
      for (const { edge, chain, before, depth } of chains) {
        const doc = edge.doc;
        if (!project.isTarget(doc) || !enabledFor(doc)) continue;
        const options = optionsFor(doc);
        if ((options.maxDepth ?? profile.maxDepth) !== limit) continue;
        const key = `${doc.filePath}\0${edge.range.start}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const whose = options.maxDepth !== undefined ? 'the configured limit (maxDepth)' : `the ${profile.name} limit`;
        report(doc, {
          messageId: 'deep',
          data: { start: nodeLabel(chain[0]!), depth, whose, limit, chain: showChain(chain), from: nodeLabel(edge.from), callerDepth: depth - 1 },
          range: edge.range,
          related: before.map((e) => relatedOf(e, `${nodeLabel(e.from)} delegates to ${nodeLabel(e.to)}`)),
        });
      }
    }
  },
});
