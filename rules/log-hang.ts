import { defineRule } from '../src/engine/rule.js';
import { clip } from '../src/util/clip.js';
import { at, str, time, type LogEntry } from '../src/log/entry.js';
import { clock, span } from '../src/log/time-text.js';

export default defineRule({
  meta: {
    id: 'log-hang',
    description: 'Every delegation that started also completed or failed, and no registry entry is still running past its deadline.',
    details:
      'A delegation that starts ("status": "started", or a delegation_created audit event) and is neither completed nor failed by the end of the log hung, or its worker died without a word: the parent waits for a result that never comes. A registry entry whose status is still "running" after its deadline is a delegation the orchestrator should have timed out (Delegation Standard 2.0, Timeout Enforcement). "Now" is the clock, or --now. The registry is judged by each session\'s latest entry. When a log is followed as it is written, delegations still open are not hangs.',
    severity: 'error',
    checks: 'logs',
  },
  checkLog({ now, following, report }) {
    /** Open delegations by child story: status events and audit events apart. */
    const started = new Map<string, LogEntry>();
    const created = new Map<string, LogEntry>();
    const sessions = new Map<string, LogEntry>();
    return {
      entry(e) {
        if (e.shape === 'status') {
          const child = str(e, 'child_story')!;
          const status = str(e, 'status');
          if (status === 'started') {
            if (!started.has(child)) started.set(child, e);
          } else started.delete(child);
        } else if (e.shape === 'audit') {
          const ev = str(e, 'event');
          const child = str(e, 'child');
          if (child === undefined) return;
          if (ev === 'delegation_created') {
            if (!created.has(child)) created.set(child, e);
          } else if (ev === 'delegation_completed' || ev === 'delegation_failed') created.delete(child);
        } else {
          sessions.set(e.sessionId ?? `line ${e.line}`, e);
        }
      },
      end() {
        if (!following) {
          const help = (what: string, e: LogEntry) =>
            `It ${what} at ${clock(time(e, 'timestamp'))}. Expected a completed or failed event for it: a delegation that never ends keeps its caller waiting until its timeout.`;
          for (const [child, e] of started) report(e, { message: `${clip(child)} started and never completed or failed in this log`, help: help('started', e), range: at(e, 'status') });
          for (const [child, e] of created) report(e, { message: `${clip(child)} was created and never completed or failed in this log`, help: help('was created', e), range: at(e, 'event') });
        }
        for (const [, e] of sessions) {
          if (str(e, 'status') !== 'running') continue;
          const deadline = time(e, 'deadline');
          if (deadline === undefined || deadline >= now) continue;
          report(e, {
            message: `session ${clip(e.sessionId ?? '(no id)')} is still "running" ${span(now - deadline)} after its deadline`,
            help: `Its deadline was ${clock(deadline)}: expected the orchestrator to have ended it (a timeout) by then.`,
            range: at(e, 'status'),
          });
        }
      },
    };
  },
});
