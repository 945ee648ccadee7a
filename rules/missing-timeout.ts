import { defineRule } from '../src/engine/rule.js';

export default defineRule({
  meta: {
    id: 'missing-timeout',
    description: 'A spec that delegates states a timeout for its delegations.',
    severity: 'error',
    requiresStandard: true,
    messages: {
      missing: {
        message: 'this {{kind}} delegates{{more}} but states no timeout',
        help:
          'The standard requires a timeout on every delegation. Add `timeout: {{seconds}}`{{why}} to the frontmatter, ' +
          'a "timeout" field to the delegation context, a timeout= argument, or a sentence where it delegates ("with a {{seconds}}s timeout").',
      },
    },
  },
  check({ doc, profile, report }) {
    const { sites, timeouts } = doc.delegations;
    // A [delegate:...] marker is run by the loop that reads it, with the loop's own timeout.
    const counted = sites.filter((s) => s.kind !== 'marker');
    if (counted.length === 0 || timeouts.length > 0) return;
    const first = counted[0]!;
    const more = counted.length > 1 ? ` (${counted.length} delegations)` : '';
    const pair = doc.kind === 'command' ? profile.commandTimeouts[doc.fileStem] : undefined;
    const seconds = pair?.default ?? profile.defaultTimeout;
    const why = pair ? ` (the standard's default for /${doc.fileStem}; at most ${pair.max})` : '';
    report({ messageId: 'missing', data: { kind: doc.kind === 'other' ? 'file' : doc.kind, more, seconds, why }, range: first.anchor });
  },
});
