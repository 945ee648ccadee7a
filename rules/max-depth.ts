import { defineRule } from '../src/engine/rule.js';
import { findProperty } from '../src/model/json/parse.js';
import { forEachObject } from '../src/standard/objects.js';

interface Options {
  maxDepth?: number;
}

export default defineRule<Options>({
  meta: {
    id: 'max-depth',
    description: 'delegation_depth is not negative and not above the profile\'s depth limit.',
    details:
      'The standard caps delegation depth so that chains cannot run away: Delegation Standard 2.0 allows depth 3 at most (command -> subagent 1, -> specialist 2, -> helper 3), bounded delegation 2 (hard maximum 3). An example deeper than that shows agents a delegation the caller must refuse with MAX_DEPTH_EXCEEDED. The 2.0 text also says "if new_depth >= 3: return error", which would make 2 the deepest; set maxDepth to 2 to follow that reading. Every delegation_depth in the file\'s JSON is checked (return metadata, delegation contexts, registry entries); placeholders such as {depth + 1} are skipped.',
    severity: 'error',
    requiresStandard: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxDepth: { type: 'integer', minimum: 0, description: 'The deepest allowed delegation_depth (default: the profile\'s: 3 in v2 and v1, 2 in bounded).' },
      },
    },
  },
  check({ doc, profile, options, report }) {
    if (!doc.text.includes('delegation_depth')) return;
    const limit = options.maxDepth ?? profile.maxDepth;
    const whose = options.maxDepth !== undefined ? 'the configured limit (maxDepth)' : `the ${profile.name} limit`;
    forEachObject(doc.json.blocks, (o) => {
      const d = findProperty(o, 'delegation_depth')?.value;
      if (d?.type !== 'number') return;
      if (d.value < 0) {
        report({
          message: `delegation_depth is ${d.value}, below 0`,
          help: 'Expected 0 or more: orchestrator -> command is depth 0, command -> subagent 1, subagent -> specialist 2.',
          range: d.range,
        });
      } else if (d.value > limit) {
        report({
          message: `delegation_depth is ${d.value}, above ${whose} of ${limit}`,
          help: `Expected at most ${limit}: a caller at depth ${limit} must not delegate further and returns MAX_DEPTH_EXCEEDED instead. Shorten the chain, or set maxDepth if the project allows deeper delegation.`,
          range: d.range,
        });
      }
    });
  },
});
