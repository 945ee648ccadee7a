import { defineRule } from '../src/engine/rule.js';

export default defineRule({
  meta: {
    id: 'missing-timeout',
    description: 'A spec that delegates states a timeout for its delegations.',
    details:
      'The delegation standard requires a timeout on every delegation ("Never wait indefinitely"): a delegation without one is how a command hangs for good when its subagent never returns. Any timeout statement in the file satisfies the rule: a frontmatter `timeout` (or nested `timeout_default`), a delegation context\'s `timeout`, a `timeout=` argument, a `<timeout>` or `<timeout_handling>` element, or prose such as "with a 3600s timeout". Reported once per file, at the first delegation. Runs only in projects that use the standard: Claude Code\'s own Agent tool takes no timeout.',
    severity: 'error',
    requiresStandard: true,
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
    report({
      message: `this ${doc.kind === 'other' ? 'file' : doc.kind} delegates${more} but states no timeout`,
      help:
        `The standard requires a timeout on every delegation. Add \`timeout: ${seconds}\`${why} to the frontmatter, ` +
        `a "timeout" field to the delegation context, a timeout= argument, or a sentence where it delegates ("with a ${seconds}s timeout").`,
      range: first.anchor,
    });
  },
});
