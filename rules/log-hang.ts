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
    severity: 'error',
    checks: 'logs',
    messages: {
      'never-ended': {
        message: '{{child}} {{what}} and never completed or failed in this log',
        help: 'It {{what}} at {{at}}. Expected a completed or failed event for it: a delegation that never ends keeps its caller waiting until its timeout.',
      },
      'past-deadline': {
        message: 'session {{session}} is still "running" {{late}} after its deadline',
        help: 'Its deadline was {{deadline}}: expected the orchestrator to have ended it (a timeout) by then.',
      },
    },
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
          const open = (what: string, child: string, o: Open) => reportAt(o.mark.loc, o.mark.lineText, { messageId: 'never-ended', data: { child: clip(child), what, at: clock(o.at) } });
          for (const [child, o] of started) open('started', child, o);
          for (const [child, o] of created) open('was created', child, o);
        }
        for (const s of running.values()) {
          if (s.deadline >= now) continue;
          reportAt(s.mark.loc, s.mark.lineText, {
            messageId: 'past-deadline',
            data: { session: clip(s.sessionId ?? '(no id)'), late: span(now - s.deadline), deadline: clock(s.deadline) },
          });
        }
      },
    };
  },
});
