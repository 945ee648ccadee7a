import { defineRule, optionsSchema } from '../src/engine/rule.js';
import { commandTimeout, MAX_TIMEOUTS_OPTION, secondsByCommand } from '../src/rules-support/command-timeouts.js';
import type { DocumentModel } from '../src/model/document.js';
import { findProperty } from '../src/model/json/parse.js';
import { concreteString } from '../src/standard/objects.js';
import { clip, quoted } from '../src/util/clip.js';
import type { Range } from '../src/types.js';

interface Options {
  maxTimeouts?: Record<string, number>;
  defaultTimeouts?: Record<string, number>;
}

interface Report {
  messageId: string;
  data: Record<string, string | number>;
  range: Range;
  severity?: 'warn' | 'error';
}

/** `task(`, `Task(` or `Agent(`: an invocation of the task tool. */
const CALL = /\b(?:task|Task|Agent)\s*\(/g;
/** A `timeout=N` argument (not `--timeout=300s`, not `x.timeout=`). */
const ARG = /(?<![\w.-])timeout\s*=\s*(-?\d+(?:\.\d+)?)(?![\w.])/g;
const MAX_CALL_CHARS = 8000;

/** The range of a call's arguments: from `(` to its matching `)` (bounded). */
function callRange(text: string, open: number): Range | undefined {
  let depth = 0;
  const end = Math.min(text.length, open + MAX_CALL_CHARS);
  for (let i = open; i < end; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return { start: open, end: i + 1 };
  }
  return undefined;
}

/** The `timeout=` arguments of the task-tool calls in the text. */
function timeoutArguments(doc: DocumentModel): Array<{ value: number; range: Range }> {
  const text = doc.text;
  const out: Array<{ value: number; range: Range }> = [];
  CALL.lastIndex = doc.bodyStart;
  for (let m = CALL.exec(text); m; m = CALL.exec(text)) {
    const open = m.index + m[0].length - 1;
    const r = callRange(text, open);
    if (!r) {
      // Not closed within the bound: skip what was scanned, so each character is read once.
      CALL.lastIndex = Math.min(text.length, open + MAX_CALL_CHARS);
      continue;
    }
    const args = text.slice(r.start, r.end);
    ARG.lastIndex = 0;
    for (let a = ARG.exec(args); a; a = ARG.exec(args)) {
      const start = r.start + a.index + a[0].length - a[1]!.length;
      out.push({ value: Number(a[1]), range: { start, end: start + a[1]!.length } });
    }
    CALL.lastIndex = r.end;
  }
  return out;
}

export default defineRule<Options>({
  meta: {
    id: 'timeout-range',
    description: 'Timeouts are positive and within the standard\'s maximum for their command; command defaults match the table.',
    severity: 'error',
    requiresStandard: true,
    messages: {
      'not-positive': {
        message: '{{what}} is {{value}}, not a positive number of seconds',
        help: "Expected a positive number of seconds: the standard's defaults run from 300 to 7200.",
      },
      'above-max': {
        message: '{{what}} is {{value}} s, above the maximum of {{max}} s for /{{command}}',
        help: '{{via}}Expected at most {{max}} s for /{{commandName}} (default {{default}}), or set maxTimeouts if the project allows longer on purpose.',
      },
      'not-number': {
        message: 'frontmatter timeout is {{value}}, not a number of seconds',
        help: 'Expected a positive number of seconds such as 3600.',
      },
      'not-default': {
        message: "frontmatter timeout of /{{command}} is {{value}} s, not the standard's default of {{default}} s",
        help: "Expected {{default}} (the standard's default for /{{commandName}}, maximum {{max}} s), or set defaultTimeouts if the project differs on purpose.",
      },
    },
    schema: optionsSchema({
      maxTimeouts: MAX_TIMEOUTS_OPTION,
      defaultTimeouts: secondsByCommand("Default timeout in seconds per command name (merged over the profile's table)."),
    }),
  },
  check({ doc, profile, options, report }) {
    const maxOf = (cmd: string | undefined): number | undefined => (cmd === undefined ? undefined : commandTimeout(profile, options.maxTimeouts, cmd, 'max'));
    const defaultOf = (cmd: string): number | undefined => commandTimeout(profile, options.defaultTimeouts, cmd, 'default');
    const ownCommand = doc.kind === 'command' ? doc.fileStem : undefined;
    const out: Report[] = [];

    const checkValue = (value: number, range: Range, what: string, cmd: string | undefined, via = '') => {
      if (!(value > 0)) {
        out.push({ messageId: 'not-positive', data: { what, value }, range });
        return false;
      }
      const max = maxOf(cmd);
      if (max !== undefined && value > max) {
        out.push({ messageId: 'above-max', data: { what, value, max, command: clip(cmd!, 30), via, commandName: cmd!, default: defaultOf(cmd!) ?? max }, range });
        return false;
      }
      return true;
    };

    // Delegation contexts.
    for (const { node } of doc.delegationContexts) {
      const t = findProperty(node, 'timeout')?.value;
      if (t?.type !== 'number') continue;
      const path = findProperty(node, 'delegation_path')?.value;
      const named = path?.type === 'array' ? concreteString(path.items[1])?.replace(/^\//, '') : undefined;
      checkValue(t.value, t.range, 'timeout', named ?? ownCommand, named !== undefined ? `The command is /${named}, named by delegation_path[1]. ` : '');
    }

    // Frontmatter.
    const field = doc.frontmatter?.fields.find((f) => f.key === 'timeout');
    if (field) {
      const v = field.value;
      const cmd = ownCommand;
      if (typeof v !== 'number') {
        if (v !== null && v !== undefined && v !== '') {
          out.push({ messageId: 'not-number', data: { value: typeof v === 'string' ? quoted(v) : clip(JSON.stringify(v)) }, range: field.valueRange });
        }
      } else if (checkValue(v, field.valueRange, 'frontmatter timeout', cmd) && cmd !== undefined) {
        const def = defaultOf(cmd);
        if (def !== undefined && v !== def) {
          out.push({
            messageId: 'not-default',
            data: { command: clip(cmd, 30), value: v, default: def, commandName: cmd, max: String(maxOf(cmd)) },
            range: field.valueRange,
            severity: 'warn',
          });
        }
      }
    }

    // timeout= arguments of task-tool calls.
    if (doc.text.includes('timeout')) {
      const args = timeoutArguments(doc);
      for (const a of args) checkValue(a.value, a.range, 'timeout argument', ownCommand);
      // A timeout written in prose or as a field of the body ("Timeout: 2.5 hours", "(timeout:
      // 9000s)"), outside the JSON and call arguments already checked.
      // Code in a fence is the code's own timeouts (`requests.get(url, timeout=9000)`).
      const checked = [...args.map((a) => a.range), ...doc.delegationContexts.map((c) => c.node.range), ...doc.fences.map((f) => f.range)];
      for (const t of doc.delegations.timeouts) {
        if ((t.source !== 'prose' && t.source !== 'field') || t.seconds === null) continue;
        if (t.source === 'field' && !/^timeout$/i.test(t.key ?? '')) continue;
        if (checked.some((r) => t.range.start < r.end && t.range.end > r.start)) continue;
        checkValue(t.seconds, t.range, 'timeout', ownCommand);
      }
    }

    for (const r of out) report(r);
  },
});
