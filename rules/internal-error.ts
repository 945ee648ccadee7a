import { defineRule } from '../src/engine/rule.js';

/** Reported by the engine when a rule throws on a file; never run itself. */
export default defineRule({
  meta: {
    id: 'internal-error',
    description: 'A rule failed on this file (a bug in agent-lint); the other rules still ran.',
    severity: 'error',
    internal: true,
  },
});
