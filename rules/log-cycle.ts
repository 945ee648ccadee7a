import { defineRule } from '../src/engine/rule.js';
import { clip, quoted } from '../src/util/clip.js';
import { at, storyKeys, strings } from '../src/log/entry.js';
import type { StoryForest } from '../src/log/stories.js';

/** At most this many stories of a cycle are named in its message. */
const NAMED = 8;

/** child -> ... -> parent -> child, walking up from the parent (bounded). */
function cyclePath(stories: StoryForest, parent: string, child: string): string {
  const up: string[] = [parent];
  let cut = false;
  for (let s = stories.parentOf(parent); s !== undefined && s !== child; s = stories.parentOf(s)) {
    if (up.length >= NAMED) {
      cut = true;
      break;
    }
    up.push(s);
  }
  const chain = [child, ...(cut ? ['...'] : []), ...up.reverse(), child];
  return chain.join(' -> ');
}

export default defineRule({
  meta: {
    id: 'log-cycle',
    description: 'No logged delegation goes back to an ancestor, and no registry delegation_path names an agent twice.',
    severity: 'error',
    checks: 'logs',
    messages: {
      'back-to-ancestor': {
        message: '{{parent}} delegates back to its ancestor {{child}}',
        help: 'The chain: {{chain}}. A story must not delegate to a story above it: the orchestrator should have refused it (CYCLE_DETECTED).',
      },
      'path-twice': {
        message: 'delegation_path names {{name}} twice, at items {{first}} and {{second}}',
        help: 'A delegation to an agent already in the path is a cycle: the caller should have refused it (CYCLE_DETECTED). Expected each agent once.',
      },
    },
  },
  checkLog({ stories, report }) {
    return {
      entry(e, facts) {
        if (facts?.link === 'cycle') {
          report(e, {
            messageId: 'back-to-ancestor',
            data: { parent: clip(facts.parent, 34), child: clip(facts.child, 34), chain: cyclePath(stories, facts.parent, facts.child) },
            range: at(e, storyKeys(e).child),
          });
          return;
        }
        if (e.shape !== 'registry') return;
        const path = strings(e, 'delegation_path');
        if (!path) return;
        const first = new Map<string, number>();
        const reported = new Set<string>();
        path.forEach((p, i) => {
          const j = first.get(p.value);
          if (j === undefined) first.set(p.value, i);
          else if (!reported.has(p.value)) {
            reported.add(p.value);
            report(e, { messageId: 'path-twice', data: { name: quoted(p.value, 42), first: j + 1, second: i + 1 }, range: p.range });
          }
        });
      },
    };
  },
});
