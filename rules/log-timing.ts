import { defineRule, optionsSchema } from '../src/engine/rule.js';
import { clip } from '../src/util/clip.js';
import { at, num, str, time } from '../src/log/entry.js';
import { clock } from '../src/log/time-text.js';

interface Options {
  toleranceMs?: number;
}

interface Start {
  at: number;
  line: number;
}

export default defineRule<Options>({
  meta: {
    id: 'log-timing',
    description: "A delegation completes after it starts, and its duration_ms agrees with its timestamps.",
    severity: 'error',
    checks: 'logs',
    messages: {
      order: {
        message: '{{child}} {{ended}} before it {{what}}',
        help: 'It {{ended}} at {{at}}, but {{what}} at {{start}} (line {{line}}): expected the end after the start.',
      },
      duration: {
        message: 'duration_ms {{duration}} disagrees with the timestamps, {{elapsed}} ms apart',
        help: 'From {{start}} (line {{line}}) to {{at}} is {{elapsed}} ms: {{expected}}.',
      },
    },
    schema: optionsSchema({
      toleranceMs: { type: 'integer', minimum: 0, description: 'How far duration_ms may be from the timestamps, in ms (default 2000).' },
    }),
    defaultOptions: { toleranceMs: 2000 },
  },
  checkLog({ options, report }) {
    const tolerance = options.toleranceMs ?? 2000;
    const started = new Map<string, Start>();
    const created = new Map<string, Start>();
    return {
      entry(e) {
        if (e.shape === 'registry') return;
        const ts = time(e, 'timestamp');
        if (ts === undefined) return;
        const status = e.shape === 'status' ? str(e, 'status') : undefined;
        const ev = e.shape === 'audit' ? str(e, 'event') : undefined;
        const child = str(e, e.shape === 'status' ? 'child_story' : 'child');
        if (child === undefined) return;
        if (status === 'started' || ev === 'delegation_created') {
          const into = status ? started : created;
          if (!into.has(child)) into.set(child, { at: ts, line: e.line });
          return;
        }
        const done = status === 'completed' || status === 'failed' || ev === 'delegation_completed' || ev === 'delegation_failed';
        if (!done) return;
        const from = status ? started : created;
        const start = from.get(child);
        if (!start) return;
        from.delete(child);
        const what = status ? 'started' : 'was created';
        if (ts < start.at) {
          const ended = status ?? (ev === 'delegation_failed' ? 'failed' : 'completed');
          report(e, { messageId: 'order', data: { child: clip(child), ended, what, at: clock(ts), start: clock(start.at), line: start.line }, range: at(e, 'timestamp') });
          return;
        }
        const d = num(e, 'duration_ms');
        if (d === undefined) return;
        const elapsed = ts - start.at;
        if (status ? Math.abs(d - elapsed) > tolerance : d > elapsed + tolerance) {
          report(e, {
            messageId: 'duration',
            data: { duration: d, elapsed, start: clock(start.at), line: start.line, at: clock(ts), expected: status ? 'expected duration_ms to match' : 'expected a duration_ms of at most that' },
            range: at(e, 'duration_ms'),
          });
        }
      },
    };
  },
});
