import { defineRule } from '../src/engine/rule.js';
import { MAX_MESSAGE } from '../src/util/clip.js';

/** At most this many of an entry's problems are named in its one finding. */
const NAMED = 3;

export default defineRule({
  meta: {
    id: 'log-event-shape',
    description: 'Each line of a delegation log is JSON, and each event or registry entry has its fields with the right types.',
    details:
      'check-log reads JSON Lines logs (the bounded-delegation log and its audit trail, seed 004) and delegation registries (seed 000). A line that is not JSON, an object of no known shape, a missing field ("timestamp", "parent_story", "child_story", "depth", "status" of a status event; "command", "start_time", "timeout", "deadline", "delegation_depth", "delegation_path" ... of a registry entry) or a value of the wrong type (a depth that is not a whole number, a timestamp that is not ISO 8601) is one finding per line (its message names the first problem, its help says what was expected and names the others), and that entry is not judged by the other log rules. Audit events of a team\'s own are allowed; a misspelt known event name is reported with a did-you-mean.',
    severity: 'error',
    checks: 'logs',
    standard: false,
  },
  checkLog({ report, reportAt }) {
    return {
      unreadable(p) {
        reportAt(p.loc, p.lineText, { message: p.message, help: p.help });
      },
      invalid(e, problems) {
        // One finding per entry: the first problem is the message, the others follow in the help.
        const [first, ...rest] = problems;
        const count = rest.length ? ` (and ${rest.length} more problem${rest.length === 1 ? '' : 's'})` : '';
        const message = first!.message.length + count.length <= MAX_MESSAGE ? first!.message + count : first!.message;
        const others = rest.slice(0, NAMED - 1).map((p) => ` Also, ${p.message}. ${p.help}`);
        const more = rest.length > NAMED - 1 ? ` And ${rest.length - (NAMED - 1)} more.` : '';
        report(e, { message, help: first!.help + others.join('') + more, range: first!.range });
      },
    };
  },
});
