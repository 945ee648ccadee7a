import { defineRule } from '../src/engine/rule.js';
import { MAX_MESSAGE } from '../src/util/clip.js';

/** At most this many of an entry's problems are named in its one finding. */
const NAMED = 3;

export default defineRule({
  meta: {
    id: 'log-event-shape',
    description: 'Each line of a delegation log is JSON, and each event or registry entry has its fields with the right types.',
    severity: 'error',
    checks: 'logs',
    standard: false,
    messages: {
      // What is wrong is the log reader's to say: it knows the line and the shapes.
      unreadable: { message: '{{message}}', help: '{{help}}' },
      invalid: { message: '{{message}}', help: '{{help}}' },
    },
  },
  checkLog({ report, reportAt }) {
    return {
      unreadable(p) {
        reportAt(p.loc, p.lineText, { messageId: 'unreadable', data: { message: p.message, help: p.help } });
      },
      invalid(e, problems) {
        // One finding per entry: the first problem is the message, the others follow in the help.
        const [first, ...rest] = problems;
        const count = rest.length ? ` (and ${rest.length} more problem${rest.length === 1 ? '' : 's'})` : '';
        const message = first!.message.length + count.length <= MAX_MESSAGE ? first!.message + count : first!.message;
        const others = rest.slice(0, NAMED - 1).map((p) => ` Also, ${p.message}. ${p.help}`);
        const more = rest.length > NAMED - 1 ? ` And ${rest.length - (NAMED - 1)} more.` : '';
        report(e, { messageId: 'invalid', data: { message, help: first!.help + others.join('') + more }, range: first!.range });
      },
    };
  },
});
