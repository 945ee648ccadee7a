import { defineRule } from '../src/engine/rule.js';
import { clip } from '../src/util/clip.js';
import { at, num } from '../src/log/entry.js';

export default defineRule({
  meta: {
    id: 'log-depth-step',
    description: "A delegated story's depth is its parent's depth plus one, in every event of it.",
    severity: 'error',
    checks: 'logs',
    standard: 'bounded',
    messages: {
      step: {
        message: '{{child}} is at depth {{depth}}, but its parent {{parent}} is at depth {{parentDepth}}',
        help: 'Expected {{want}}: a delegation is one level deeper than the story that makes it.',
      },
      changed: {
        message: '{{child}} is logged at depth {{depth}} here and at depth {{first}} in its first event',
        help: "Expected depth {{first}} in every event of {{childId}}: a story's depth does not change.",
      },
    },
  },
  checkLog({ stories, report }) {
    return {
      entry(e, facts) {
        if (!facts) return;
        const d = num(e, 'depth');
        if (d === undefined) return;
        if (facts.link === 'new' && facts.parentDepth !== undefined && d !== facts.parentDepth + 1) {
          report(e, {
            messageId: 'step',
            data: { child: clip(facts.child, 26), depth: d, parent: clip(facts.parent, 26), parentDepth: facts.parentDepth, want: facts.parentDepth + 1 },
            range: at(e, 'depth'),
          });
        } else if (facts.link === 'repeat') {
          const first = stories.loggedDepth(facts.child);
          if (first !== undefined && first !== d) {
            report(e, { messageId: 'changed', data: { child: clip(facts.child), depth: d, first, childId: facts.child }, range: at(e, 'depth') });
          }
        }
      },
    };
  },
});
