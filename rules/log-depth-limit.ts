import { defineRule, optionsSchema } from '../src/engine/rule.js';
import { clip } from '../src/util/clip.js';
import { at, num } from '../src/log/entry.js';

interface Options {
  maxDepth?: number;
}

export default defineRule<Options>({
  meta: {
    id: 'log-depth-limit',
    description: 'No logged delegation is deeper than the depth limit.',
    severity: 'error',
    checks: 'logs',
    messages: {
      deep: {
        message: '{{who}} ran at depth {{depth}}, above {{whose}} of {{limit}}',
        help: "A caller at depth {{limit}} must not delegate further: the orchestrator's depth check should have refused this delegation (MAX_DEPTH_EXCEEDED).",
      },
    },
    schema: optionsSchema({
      maxDepth: { type: 'integer', minimum: 0, description: "The deepest allowed depth (default: the profile's: 2 in bounded, 3 in v2 and v1); never above the profile's hard maximum." },
    }),
  },
  checkLog({ options, profile, report }) {
    const asked = options.maxDepth ?? profile.maxDepth;
    const limit = Math.min(asked, profile.hardMaxDepth);
    const whose = asked > profile.hardMaxDepth ? `the ${profile.name} hard maximum` : options.maxDepth !== undefined ? 'the configured limit (maxDepth)' : `the ${profile.name} limit`;
    return {
      entry(e, facts) {
        const key = e.shape === 'registry' ? 'delegation_depth' : 'depth';
        if (e.shape !== 'registry' && (!facts || facts.link === 'repeat')) return;
        const d = num(e, key);
        if (d === undefined || d <= limit) return;
        const who = facts ? facts.child : `session ${e.sessionId ?? '(no id)'}`;
        report(e, { messageId: 'deep', data: { who: clip(who), depth: d, whose, limit }, range: at(e, key) });
      },
    };
  },
});
