import { defineRule } from '../src/engine/rule.js';
import { clip } from '../src/util/clip.js';
import { at, mark, str, time, type Mark } from '../src/log/entry.js';
import { clock, span } from '../src/log/time-text.js';

interface Open {
  at: number | undefined;
  mark: Mark;
}

interface Running {
  sessionId: string | undefined;
  deadline: number;
  mark: Mark;
}

export default defineRule({
  meta: {
    id: 'log-hang',
    description: 'Every delegation that started also completed or failed, and no registry entry is still running past its deadline.',
    details:
      'A delegation that starts ("status": "started", or a delegation_created audit event) and is neither completed nor failed by the end of the log hung, or its worker died without a word: the parent waits for a result that never comes. A registry entry whose status is still "running" after its deadline is a delegation the orchestrator should have timed out (Delegation Standard 2.0, Timeout Enforcement). "Now" is the clock, or --now. The registry is judged by each session\'s latest entry. When a log is followed as it is written, delegations still open are not hangs.',
    severity: 'error',
    checks: 'logs',
  },
  checkLog({ now, following, reportAt }) {
    /** Open delegations by child story, status events and audit events apart: when each began. */
    const started = new Map<string, Open>();
    const created = new Map<string, Open>();
    /** Each session still running with a deadline, by its latest entry. */
    const running = new Map<string, Running>();
    return {
      entry(e) {
        if (e.shape === 'status') {
          const child = str(e, 'child_story')!;
          const status = str(e, 'status');
          if (status === 'started') {
            if (!started.has(child)) started.set(child, { at: time(e, 'timestamp'), mark: mark(e, at(e, 'status')) });
          } else started.delete(child);
        } else if (e.shape === 'audit') {
          const ev = str(e, 'event');
          const child = str(e, 'child');
          if (child === undefined) return;
          if (ev === 'delegation_created') {
            if (!created.has(child)) created.set(child, { at: time(e, 'timestamp'), mark: mark(e, at(e, 'event')) });
          } else if (ev === 'delegation_completed' || ev === 'delegation_failed') created.delete(child);
        } else {
          const id = e.sessionId ?? `line ${e.line}`;
          const deadline = time(e, 'deadline');
          if (str(e, 'status') === 'running' && deadline !== undefined) running.set(id, { sessionId: e.sessionId, deadline, mark: mark(e, at(e, 'status')) });
          else running.delete(id);
        }
      },
      end() {
        if (!following) {
          const help = (what: string, o: Open) =>
            `It ${what} at ${clock(o.at)}. Expected a completed or failed event for it: a delegation that never ends keeps its caller waiting until its timeout.`;
          for (const [child, o] of started) reportAt(o.mark.loc, o.mark.lineText, { message: `${clip(child)} started and never completed or failed in this log`, help: help('started', o) });
          for (const [child, o] of created) reportAt(o.mark.loc, o.mark.lineText, { message: `${clip(child)} was created and never completed or failed in this log`, help: help('was created', o) });
        }
        for (const s of running.values()) {
          if (s.deadline >= now) continue;
          reportAt(s.mark.loc, s.mark.lineText, {
            message: `session ${clip(s.sessionId ?? '(no id)')} is still "running" ${span(now - s.deadline)} after its deadline`,
            help: `Its deadline was ${clock(s.deadline)}: expected the orchestrator to have ended it (a timeout) by then.`,
          });
        }
      },
    };
  },
});
