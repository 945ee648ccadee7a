import { defineRule } from '../src/engine/rule.js';

/** Reported by the engine when a rule throws on a file; never run itself. */
export default defineRule({
  meta: {
    id: 'internal-error',
    description: 'A rule failed on this file (a bug in agent-lint); the other rules still ran.',
    details: 'When a rule throws while checking a file, the engine reports it as this diagnostic for that file and goes on with the other rules and files. Please report it with the file that triggers it.',
    severity: 'error',
    internal: true,
  },
});
