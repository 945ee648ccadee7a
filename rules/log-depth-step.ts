import { defineRule } from '../src/engine/rule.js';
import { clip } from '../src/util/clip.js';
import { at, num } from '../src/log/entry.js';

export default defineRule({
  meta: {
    id: 'log-depth-step',
    description: "A delegated story's depth is its parent's depth plus one, in every event of it.",
    details:
      'Each delegation goes one level deeper: US-007 (depth 0) delegates US-007-DEL-001 at depth 1, which delegates US-007-DEL-001-DEL-001 at depth 2 (seed 004). The parent\'s depth is the depth logged when the parent itself was delegated; a story that was never delegated in the log is a root at depth 0 (unless its id says it is a delegated one, `-DEL-`, whose depth the log does not show: then nothing is checked). A later event of the same delegation must log the same depth as its first one.',
    severity: 'error',
    checks: 'logs',
    standard: 'bounded',
  },
  checkLog({ stories, report }) {
    return {
      entry(e, facts) {
        if (!facts) return;
        const d = num(e, 'depth');
        if (d === undefined) return;
        if (facts.link === 'new' && facts.parentDepth !== undefined && d !== facts.parentDepth + 1) {
          report(e, {
            message: `${clip(facts.child, 26)} is at depth ${d}, but its parent ${clip(facts.parent, 26)} is at depth ${facts.parentDepth}`,
            help: `Expected ${facts.parentDepth + 1}: a delegation is one level deeper than the story that makes it.`,
            range: at(e, 'depth'),
            messageId: 'step',
          });
        } else if (facts.link === 'repeat') {
          const first = stories.loggedDepth(facts.child);
          if (first !== undefined && first !== d) {
            report(e, {
              message: `${clip(facts.child)} is logged at depth ${d} here and at depth ${first} in its first event`,
              help: `Expected depth ${first} in every event of ${facts.child}: a story's depth does not change.`,
              range: at(e, 'depth'),
              messageId: 'changed',
            });
          }
        }
      },
    };
  },
});
