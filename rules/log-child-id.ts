import { defineRule } from '../src/engine/rule.js';
import { quoted } from '../src/util/clip.js';
import { at, storyKeys } from '../src/log/entry.js';

export default defineRule({
  meta: {
    id: 'log-child-id',
    description: "A delegated story's id extends its parent's id (US-007-DEL-001 under US-007).",
    details:
      'Bounded delegation names each child story after its parent: US-007 delegates US-007-DEL-001, which delegates US-007-DEL-001-DEL-001 (seed 004). A child id that does not start with its parent\'s id and a dash breaks cost attribution and the cycle checks that read ancestry from ids, and usually means the parent was logged wrong. Each delegation is judged once (its first event).',
    severity: 'error',
    checks: 'logs',
    standard: 'bounded',
  },
  checkLog({ report }) {
    return {
      entry(e, facts) {
        if (!facts || facts.link !== 'new') return;
        if (facts.child.startsWith(facts.parent + '-')) return;
        report(e, {
          message: `child id ${quoted(facts.child, 30)} does not extend its parent's id ${quoted(facts.parent, 30)}`,
          help: `Expected "${facts.parent}-DEL-NNN": a delegated story's id is its parent's id with -DEL- and a number.`,
          range: at(e, storyKeys(e).child),
        });
      },
    };
  },
});
