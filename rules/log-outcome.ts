import { defineRule } from '../src/engine/rule.js';
import { clip } from '../src/util/clip.js';
import { at, bool, prop, str, time } from '../src/log/entry.js';
import { clock } from '../src/log/time-text.js';

/** Keys that say why a delegation failed. */
const ERROR_KEYS = ['error', 'errors', 'error_message', 'failure_reason'];

export default defineRule({
  meta: {
    id: 'log-outcome',
    description: 'A failed delegation says why, and no child completes after its parent has completed.',
    severity: 'error',
    messages: {
      'no-error': {
        message: '{{child}} failed and no "error" says why',
        help: 'Expected an "error" (or "errors", "error_message", "failure_reason") that says why it failed, so the caller can act on it.',
      },
      'after-parent': {
        message: '{{child}} ended after its parent {{parent}} completed',
        help: 'It ended at {{at}}, its parent completed at {{parentAt}}: the parent never saw its result. Expected a story to end before its parent does.',
      },
    },
    checks: 'logs',
  },
  checkLog({ report }) {
    /** When each story completed (status events), for its children's completions. */
    const done = new Map<string, number>();
    return {
      entry(e, facts) {
        if (e.shape === 'registry') return;
        const status = str(e, 'status');
        const ev = str(e, 'event');
        const ending = status === 'completed' || status === 'failed' || ev === 'delegation_completed' || ev === 'delegation_failed';
        if (!ending) return;
        const failed = bool(e, 'success') === false || status === 'failed' || ev === 'delegation_failed';
        if (failed && !ERROR_KEYS.some((k) => prop(e, k))) {
          const where = prop(e, 'success') ? 'success' : e.shape === 'status' ? 'status' : 'event';
          report(e, { messageId: 'no-error', data: { child: clip(str(e, e.shape === 'status' ? 'child_story' : 'child') ?? '') }, range: at(e, where) });
        }
        if (e.shape !== 'status' || !facts) return;
        const ts = time(e, 'timestamp');
        if (ts === undefined) return;
        if (!done.has(facts.child)) done.set(facts.child, ts);
        const parentDone = done.get(facts.parent);
        if (parentDone !== undefined && parentDone < ts) {
          report(e, {
            messageId: 'after-parent',
            data: { child: clip(facts.child, 32), parent: clip(facts.parent, 32), at: clock(ts), parentAt: clock(parentDone) },
            range: at(e, 'timestamp'),
          });
        }
      },
    };
  },
});
