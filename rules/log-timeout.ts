import { defineRule } from '../src/engine/rule.js';
import { clip } from '../src/util/clip.js';
import { commandTimeout } from '../src/rules-support/command-timeouts.js';
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
    details:
      'The Delegation Guide sets a maximum timeout per command: /research 7200 s, /plan 3600, /implement 14400, /revise 3600, /review 7200. A registry entry with a longer timeout lets a hung delegation block its caller longer than the standard allows, and one whose deadline is not start_time + timeout (within toleranceMs, default 1000) is timed out at the wrong moment. Commands outside the table (and maxTimeouts) are only checked for their deadline.',
    severity: 'error',
    checks: 'logs',
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxTimeouts: {
          type: 'object',
          additionalProperties: { type: 'number', exclusiveMinimum: 0 },
          description: "Maximum timeout in seconds per command name without the slash (merged over the profile's table).",
        },
        toleranceMs: { type: 'integer', minimum: 0, description: 'How far the deadline may be from start_time + timeout, in ms (default 1000).' },
      },
    },
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
          report(e, {
            message: `timeout ${timeout} s is above the ${limit} s maximum for /${clip(command, 30)}`,
            help: `Expected at most ${limit} s for /${command} (the standard's table, or the maxTimeouts option).`,
            range: at(e, 'timeout'),
            messageId: 'max',
          });
        }
        const start = time(e, 'start_time');
        const deadline = time(e, 'deadline');
        if (start === undefined || deadline === undefined) return;
        const want = start + timeout * 1000;
        if (Math.abs(deadline - want) > tolerance) {
          report(e, {
            message: `deadline ${clock(deadline)} is not start_time + timeout`,
            help: `Expected ${clock(want)}: ${clock(start)} + ${timeout} s.`,
            range: at(e, 'deadline'),
            messageId: 'deadline',
          });
        }
      },
    };
  },
});
