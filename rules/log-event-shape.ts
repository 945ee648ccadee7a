import { defineRule } from '../src/engine/rule.js';

/** At most this many of an entry's problems are named in its one finding. */
const NAMED = 3;

export default defineRule({
  meta: {
    id: 'log-event-shape',
    description: 'Each line of a delegation log is JSON, and each event or registry entry has its fields with the right types.',
    details:
      'check-log reads JSON Lines logs (the bounded-delegation log and its audit trail, seed 004) and delegation registries (seed 000). A line that is not JSON, an object of no known shape, a missing field ("timestamp", "parent_story", "child_story", "depth", "status" of a status event; "command", "start_time", "timeout", "deadline", "delegation_depth", "delegation_path" ... of a registry entry) or a value of the wrong type (a depth that is not a whole number, a timestamp that is not ISO 8601) is one finding per line, and that entry is not judged by the other log rules. Audit events of a team\'s own are allowed; a misspelt known event name is reported with a did-you-mean.',
    severity: 'error',
    checks: 'logs',
    standard: false,
  },
  checkLog({ report, reportAt }) {
    return {
      unreadable(p) {
        reportAt(p.loc, p.lineText, { message: p.message });
      },
      invalid(e, problems) {
        const named = problems.slice(0, NAMED).map((p) => p.message).join('; ');
        const more = problems.length > NAMED ? `; and ${problems.length - NAMED} more` : '';
        report(e, { message: named + more, range: problems[0]!.range });
      },
    };
  },
});
