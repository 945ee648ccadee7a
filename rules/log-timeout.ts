import { defineRule, optionsSchema } from '../src/engine/rule.js';
import { clip } from '../src/util/clip.js';
import { commandTimeout, MAX_TIMEOUTS_OPTION } from '../src/rules-support/command-timeouts.js';
import { at, num, str, time } from '../src/log/entry.js';
import { clock } from '../src/log/time-text.js';

interface Options {
  maxTimeouts?: Record<string, number>;
  toleranceMs?: number;
}

export default defineRule<Options>({
  meta: {
    id: 'log-timeout',
    description: "A registry entry's timeout is within its command's maximum, and its deadline is start_time + timeout.",
    severity: 'error',
    checks: 'logs',
    messages: {
      max: {
        message: 'timeout {{timeout}} s is above the {{limit}} s maximum for /{{command}}',
        help: "Expected at most {{limit}} s for /{{commandName}} (the standard's table, or the maxTimeouts option).",
      },
      deadline: {
        message: 'deadline {{deadline}} is not start_time + timeout',
        help: 'Expected {{want}}: {{start}} + {{timeout}} s.',
      },
    },
    schema: optionsSchema({
      maxTimeouts: MAX_TIMEOUTS_OPTION,
      toleranceMs: { type: 'integer', minimum: 0, description: 'How far the deadline may be from start_time + timeout, in ms (default 1000).' },
    }),
    defaultOptions: { toleranceMs: 1000 },
  },
  checkLog({ options, profile, report }) {
    const tolerance = options.toleranceMs ?? 1000;
    return {
      entry(e) {
        if (e.shape !== 'registry') return;
        const timeout = num(e, 'timeout');
        const command = (str(e, 'command') ?? '').replace(/^\//, '');
        if (timeout === undefined) return;
        const limit = commandTimeout(profile, options.maxTimeouts, command, 'max');
        if (limit !== undefined && timeout > limit) {
          report(e, { messageId: 'max', data: { timeout, limit, command: clip(command, 30), commandName: command }, range: at(e, 'timeout') });
        }
        const start = time(e, 'start_time');
        const deadline = time(e, 'deadline');
        if (start === undefined || deadline === undefined) return;
        const want = start + timeout * 1000;
        if (Math.abs(deadline - want) > tolerance) {
          report(e, { messageId: 'deadline', data: { deadline: clock(deadline), want: clock(want), start: clock(start), timeout }, range: at(e, 'deadline') });
        }
      },
    };
  },
});
