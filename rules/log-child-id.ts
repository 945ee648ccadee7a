import { defineRule } from '../src/engine/rule.js';
import { quoted } from '../src/util/clip.js';
import { at, storyKeys } from '../src/log/entry.js';

export default defineRule({
  meta: {
    id: 'log-child-id',
    description: "A delegated story's id extends its parent's id (US-007-DEL-001 under US-007).",
    severity: 'error',
    checks: 'logs',
    standard: 'bounded',
    messages: {
      'not-extended': {
        message: "child id {{child}} does not extend its parent's id {{parent}}",
        help: 'Expected "{{parentId}}-DEL-NNN": a delegated story\'s id is its parent\'s id with -DEL- and a number.',
      },
    },
  },
  checkLog({ report }) {
    return {
      entry(e, facts) {
        if (!facts || facts.link !== 'new') return;
        if (facts.child.startsWith(facts.parent + '-')) return;
        report(e, {
          messageId: 'not-extended',
          data: { child: quoted(facts.child, 30), parent: quoted(facts.parent, 30), parentId: facts.parent },
          range: at(e, storyKeys(e).child),
        });
      },
    };
  },
});
