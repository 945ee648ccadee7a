import { defineRule, optionsSchema } from '../src/engine/rule.js';
import { clip } from '../src/util/clip.js';
import { at, storyKeys } from '../src/log/entry.js';

interface Options {
  maxDelegations?: number;
  countPer?: 'parent' | 'tree';
}

export default defineRule<Options>({
  meta: {
    id: 'log-delegation-count',
    description: 'No story delegates more often than allowed.',
    severity: 'error',
    checks: 'logs',
    standard: 'bounded',
    messages: {
      'too-many': {
        message: '{{what}} {{count}} delegations, above the limit of {{max}}',
        help: 'This delegation (to {{child}}) is number {{count}}: a story holds at most {{max}} delegations (MAX_DELEGATIONS_PER_STORY), so the orchestrator should have refused it.',
      },
    },
    schema: optionsSchema({
      maxDelegations: { type: 'integer', minimum: 0, description: "The most delegations per story (default: the profile's, 10 in bounded; none in v2 and v1)." },
      countPer: { enum: ['parent', 'tree'], description: 'Count the delegations each story makes ("parent", default) or all under a root story ("tree").' },
    }),
    defaultOptions: { countPer: 'parent' },
  },
  checkLog({ options, profile, report }) {
    const max = options.maxDelegations ?? profile.maxDelegationsPerStory;
    const perTree = options.countPer === 'tree';
    const counts = new Map<string, number>();
    const reported = new Set<string>();
    return {
      entry(e, facts) {
        if (max === undefined || !facts || facts.link !== 'new') return;
        const story = perTree ? facts.root : facts.parent;
        const n = perTree ? facts.delegationsInTree : (counts.get(story) ?? 0) + 1;
        if (!perTree) counts.set(story, n);
        if (n <= max || reported.has(story)) return;
        reported.add(story);
        const what = perTree ? `the tree of ${clip(story, 30)} holds` : `${clip(story, 30)} makes`;
        report(e, { messageId: 'too-many', data: { what, count: n, max, child: facts.child }, range: at(e, storyKeys(e).child) });
      },
    };
  },
});
