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
    details:
      'A story that delegates to one of its ancestors (US-007 -> US-007-DEL-001 -> US-007) loops until a limit stops it: the bounded variant refuses it ("Delegation cycle detected"), and Delegation Standard 2.0 checks that the target is not already in delegation_path. Story links are read from the log in order, and a link that would close a cycle is reported where it is logged; each registry entry\'s delegation_path is reported once per name it repeats.',
    severity: 'error',
    checks: 'logs',
  },
  checkLog({ stories, report }) {
    return {
      entry(e, facts) {
        if (facts?.link === 'cycle') {
          report(e, {
            message: `${clip(facts.parent, 34)} delegates back to its ancestor ${clip(facts.child, 34)}`,
            help: `The chain: ${cyclePath(stories, facts.parent, facts.child)}. A story must not delegate to a story above it: the orchestrator should have refused it (CYCLE_DETECTED).`,
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
            report(e, {
              message: `delegation_path names ${quoted(p.value, 42)} twice, at items ${j + 1} and ${i + 1}`,
              help: 'A delegation to an agent already in the path is a cycle: the caller should have refused it (CYCLE_DETECTED). Expected each agent once.',
              range: p.range,
            });
          }
        });
      },
    };
  },
});
