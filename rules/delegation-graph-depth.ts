import { defineRule } from '../src/engine/rule.js';
import { findDeepChains } from '../src/graph/analysis.js';
import { nodeLabel, relatedOf, showChain } from '../src/graph/describe.js';

interface Options {
  maxDepth?: number;
}

export default defineRule<Options>({
  meta: {
    id: 'delegation-graph-depth',
    description: 'No chain of delegations from a command goes deeper than the depth limit.',
    details:
      'The standard counts command -> subagent as depth 1, subagent -> specialist 2, specialist -> helper 3, and caps it (3 in v2 and v1, 2 in bounded): an agent at the limit must refuse to delegate (MAX_DEPTH_EXCEEDED). This rule follows the delegations the specs write across files, from every command, along the longest chain, and reports the delegation that goes past the limit, naming the chain. A skill adds a level only when it runs in its own context (`context: fork`); a delegation back into a command starts a new chain; a loop counts once (delegation-graph-cycle reports it).',
    severity: 'error',
    kinds: ['agent', 'command', 'skill'],
    requiresStandard: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxDepth: { type: 'integer', minimum: 0, description: 'The deepest allowed delegation (default: the profile\'s: 3 in v2 and v1, 2 in bounded).' },
      },
    },
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
          message: `delegation chain from ${nodeLabel(chain[0]!)} reaches depth ${depth} here, above ${whose} of ${limit}`,
          help: `The chain: ${showChain(chain)} (command -> subagent is depth 1). ${nodeLabel(edge.from)} is already at depth ${depth - 1} and must not delegate further (MAX_DEPTH_EXCEEDED).`,
          range: edge.range,
          related: before.map((e) => relatedOf(e, `${nodeLabel(e.from)} delegates to ${nodeLabel(e.to)}`)),
        });
      }
    }
  },
});
