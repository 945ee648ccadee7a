import { defineRule } from '../src/engine/rule.js';
import { clip } from '../src/util/clip.js';
import { at, num } from '../src/log/entry.js';

interface Options {
  maxDepth?: number;
}

export default defineRule<Options>({
  meta: {
    id: 'log-depth-limit',
    description: 'No logged delegation is deeper than the depth limit.',
    details:
      'A delegation log records the depth of every delegation ("depth" of the bounded log, "delegation_depth" of a registry entry). The bounded-delegation variant allows depth 2 (MAX_DELEGATION_DEPTH, configurable up to its hard maximum 3); Delegation Standard 2.0 allows 3. A deeper delegation shows that the depth check of the orchestrator did not hold. Each delegation is judged once (its first event).',
    severity: 'error',
    checks: 'logs',
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxDepth: { type: 'integer', minimum: 0, description: "The deepest allowed depth (default: the profile's: 2 in bounded, 3 in v2 and v1); never above the profile's hard maximum." },
      },
    },
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
        report(e, {
          message: `${clip(who)} ran at depth ${d}, above ${whose} of ${limit}`,
          help: `A caller at depth ${limit} must not delegate further: the orchestrator's depth check should have refused this delegation (MAX_DEPTH_EXCEEDED).`,
          range: at(e, key),
        });
      },
    };
  },
});
