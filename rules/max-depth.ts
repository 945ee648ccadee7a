import { defineRule, optionsSchema } from '../src/engine/rule.js';
import { findProperty } from '../src/model/json/parse.js';
import { forEachObject } from '../src/standard/objects.js';

interface Options {
  maxDepth?: number;
}

export default defineRule<Options>({
  meta: {
    id: 'max-depth',
    description: 'delegation_depth is not negative and not above the profile\'s depth limit.',
    severity: 'error',
    requiresStandard: true,
    messages: {
      negative: {
        message: 'delegation_depth is {{depth}}, below 0',
        help: 'Expected 0 or more: orchestrator -> command is depth 0, command -> subagent 1, subagent -> specialist 2.',
      },
      deep: {
        message: 'delegation_depth is {{depth}}, above {{whose}} of {{limit}}',
        help: 'Expected at most {{limit}}: a caller at depth {{limit}} must not delegate further and returns MAX_DEPTH_EXCEEDED instead. Shorten the chain, or set maxDepth if the project allows deeper delegation.',
      },
    },
    schema: optionsSchema({
      maxDepth: { type: 'integer', minimum: 0, description: 'The deepest allowed delegation_depth (default: the profile\'s: 3 in v2 and v1, 2 in bounded).' },
    }),
  },
  check({ doc, profile, options, report }) {
    if (!doc.text.includes('delegation_depth')) return;
    const limit = options.maxDepth ?? profile.maxDepth;
    const whose = options.maxDepth !== undefined ? 'the configured limit (maxDepth)' : `the ${profile.name} limit`;
    forEachObject(doc.json.blocks, (o) => {
      const d = findProperty(o, 'delegation_depth')?.value;
      if (d?.type !== 'number') return;
      if (d.value < 0) {
        report({ messageId: 'negative', data: { depth: d.value }, range: d.range });
      } else if (d.value > limit) {
        report({ messageId: 'deep', data: { depth: d.value, whose, limit }, range: d.range });
      }
    });
  },
});
