/**
 * No regular expression, and no scan, may take more than linear time on what a spec file holds.
 *
 * 1. Timed: every rule (ALL_RULES, all switched on, in a project that uses the standard) runs
 *    through the library on long adversarial text at 1x, 4x and 16x (test/helpers/growth.ts:
 *    the 16x time must not be over 10 times the 4x time, minimum of up to four runs), where 16x
 *    is 100 KB of one repeated unit (`a:`, `{`, `"`,
 *    `<`, `[delegate:`, spaces, `task(`, `\"`, backslashes, `--`, `<!--` ...), as one line and as
 *    many lines, in the body, in a JSON fence, inside a return format's string, in `<stage>` XML
 *    and in frontmatter. A quadratic scan of 100 KB costs seconds; linear work costs
 *    milliseconds, so the bound is generous and the check is still sharp.
 * 2. Static: every regex literal and `new RegExp('...')` in src/ and rules/ is read and checked
 *    for nested quantifiers (`(a+)+`, `(.*)*`, `(\s*\w+)*`); see test/helpers/regex-scan.ts.
 */
import fg from 'fast-glob';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { resolveConfig } from '../src/config/resolve.js';
import type { Rule } from '../src/engine/rule.js';
import { lint } from '../src/lint.js';
import type { StandardName } from '../src/types.js';
import { badPositions, ROOT } from './helpers/lint-run.js';
import { findRegexes, nestedQuantifiers } from './helpers/regex-scan.js';
import { growth } from './helpers/growth.js';

const SIZE = 100_000;
/** Per input, all rules together. Linear work on 100 KB takes ~10 ms. */
const BOUND_MS = 2000;

const UNITS = [
  'a:', 'a: ', ': ', '{', '}', '"', "'", '<', '>', '[', ']', '(', '[delegate:', '[delegate:x:', ' ', '\t', 'task(', 'Task(',
  '\\"', '\\', '\\\\', '--', '-', '<!--', '-->', '{"', '{\\"', ': {"', '"a": ', '{"a": ', '"a|', '|', '`', '```', '~~~', '#',
  '*', '_', '{x}', '{{', '${', '<stage ', '<stage id="1">', '</stage>', '<a>', '"status": ', '"delegation_depth": 1, ',
  'session_id', '...', '…', '//', '/*', ',', '0', '1.', '- ', '> ', '|', '@', '$ARGUMENTS', 'http://', '=', 'x = {',
];

const BODY = '---\nname: x\ndescription: d\n---\n';
const CONTEXTS: Array<{ name: string; wrap: (s: string) => string }> = [
  { name: 'body', wrap: (s) => BODY + s + '\n' },
  { name: 'json fence', wrap: (s) => BODY + '```json\n' + s + '\n```\n' },
  { name: 'return string', wrap: (s) => BODY + '```json\n{"status": "completed", "summary": "' + s + '", "artifacts": []}\n```\n' },
  { name: 'stage xml', wrap: (s) => BODY + '<stage id="1" name="Research">\n<action>' + s + '\n' },
  // Under the 64 KB frontmatter bound, so the YAML parser really reads it.
  { name: 'frontmatter', wrap: (s) => '---\nname: x\ndescription: ' + s.slice(0, 60_000) + '\n---\nbody\n' },
];

/** The rule set is run as a user with every rule on would run it, under each profile. */
const SETUPS: Array<{ file: string; standard: StandardName }> = [
  { file: '.claude/agents/x.md', standard: 'v2' },
  { file: '.claude/commands/x.md', standard: 'bounded' },
  { file: '.claude/skills/x/SKILL.md', standard: 'v1' },
];

const cwd = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-regex-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const configs = new Map<string, ReturnType<typeof resolveConfig>>();
function configFor(standard: StandardName, rules: readonly Rule[]) {
  const key = `${standard} ${rules.map((r) => r.meta.id).join(',')}`;
  let c = configs.get(key);
  if (!c) {
    const on = Object.fromEntries(rules.filter((r) => !r.meta.internal).map((r) => [r.meta.id, 'error']));
    c = resolveConfig({ file: null, dir: cwd, raw: { standard, usesStandard: true, rules: on } }, rules);
    configs.set(key, c);
  }
  return c;
}

function timeLint(text: string, setup: (typeof SETUPS)[number], rules: readonly Rule[] = ALL_RULES) {
  const t0 = performance.now();
  const run = lint({ cwd, patterns: [], rules, config: configFor(setup.standard, rules), stdin: { text, filename: setup.file } });
  return { ms: performance.now() - t0, messages: run.results[0]!.messages };
}

/** When an input is slow, which rule is it? (each alone, the views rebuilt each time) */
function culprits(text: string, setup: (typeof SETUPS)[number]): string {
  return ALL_RULES.filter((r) => !r.meta.internal)
    .map((r) => [r.meta.id, timeLint(text, setup, [r]).ms] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([id, ms]) => `${id} ${ms.toFixed(0)} ms`)
    .join(', ');
}

describe('every rule on 100 KB of adversarial text runs in linear time', () => {
  for (const ctx of CONTEXTS) {
    it(`${ctx.name}: ${UNITS.length} units, as one line and as many lines, at 1x, 4x and 16x`, () => {
      const slow: string[] = [];
      const superLinear: string[] = [];
      let k = 0;
      for (const unit of UNITS) {
        for (const sep of ['', '\n']) {
          const piece = unit + sep;
          const setup = SETUPS[k++ % SETUPS.length]!;
          const where = `${JSON.stringify(unit)}${sep ? ' + newline' : ''} in ${setup.file} (${setup.standard})`;
          let text = '';
          let result: ReturnType<typeof timeLint> | undefined;
          // 16x is the 100 KB input; 1x and 4x are a sixteenth and a quarter of it.
          const g = growth((scale) => {
            const t = ctx.wrap(piece.repeat(Math.ceil((SIZE * scale) / 16 / piece.length)));
            if (scale === 16) text = t;
            return () => {
              const r = timeLint(t, setup);
              if (scale === 16) result = r;
            };
            // Inputs of milliseconds, 660 of them in one process: garbage collection makes a
            // single input's 16x run noisy, so the margin is wider than growth.test.ts's, and a
            // 4x time under 20 ms counts as 20 ms (a 16x time under 200 ms is never flagged).
          }, { ratio: 10, floorMs: 20 });
          if (g.superLinear) superLinear.push(`${where}: ${g.summary}`);
          if (g.ms[2] > BOUND_MS) slow.push(`${where}: ${g.ms[2].toFixed(0)} ms; slowest rules alone: ${culprits(text, setup)}`);
          const messages = result!.messages;
          expect(messages.filter((m) => m.ruleId === 'internal-error').map((m) => `${where}: ${m.message}`)).toEqual([]);
          expect(badPositions(text, messages).map((b) => `${where}: ${b}`)).toEqual([]);
        }
      }
      expect(superLinear).toEqual([]);
      expect(slow).toEqual([]);
    });
  }
});

describe('no nested quantifiers in the regular expressions of src/ and rules/', () => {
  const files = fg.sync(['src/**/*.ts', 'rules/**/*.ts'], { cwd: ROOT }).sort();
  const found = files.flatMap((f) => findRegexes(readFileSync(path.join(ROOT, f), 'utf8'), f));

  it('finds the regular expressions (the scanner works on this code base)', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(found.length).toBeGreaterThan(30);
    // Known ones: a literal with a class holding '/', and one in a rule.
    expect(found.some((r) => r.file === 'src/model/fences.ts' && r.source.startsWith('^([ \\t]*)'))).toBe(true);
    expect(found.some((r) => r.file.startsWith('rules/'))).toBe(true);
  });

  it('flags none of them', () => {
    const bad = found.flatMap((r) => nestedQuantifiers(r.source).map((why) => `${r.file}:${r.line} /${r.source}/${r.flags}: ${why}`));
    expect(bad).toEqual([]);
  });

  it('the check itself flags nested quantifiers and passes plain repetition', () => {
    for (const s of ['(a+)+', '(a*)*', '(.*)*', '(\\s*\\w+)*', '(?:x+y)+', '((ab)+)+', '(a+){2,}', '([a-z]+)*', '(a{1,3})+', '(?<n>\\d+)+'])
      expect(nestedQuantifiers(s), s).toHaveLength(1);
    for (const s of ['(?:ab)+', '(a|b)*', 'a+b+', '(\\d+\\.)?', '[(a+)+]', '\\(a+\\)+', '(a{2})+', '^\\s*(\\w+)\\s*$', '(?:-\\s*)?'])
      expect(nestedQuantifiers(s), s).toEqual([]);
  });

  it('the scanner tells a regex from a division and skips strings and comments', () => {
    const src = [
      '#!/usr/bin/env node',
      'const a = x / 2 / y; // not /a regex/',
      "const b = '/(a+)+/'; /* nor /this/ */",
      'const c = `t ${ f(/in(side)+/) } /not/`;',
      'if (/^ok$/i.test(s)) return /x+/g;',
      "const d = new RegExp('(b*)*', 'g');",
      'const e = [1] / 2, f = (3) / 4;',
    ].join('\n');
    expect(findRegexes(src).map((r) => [r.line, r.source, r.flags])).toEqual([
      [4, 'in(side)+', ''],
      [5, '^ok$', 'i'],
      [5, 'x+', 'g'],
      [6, '(b*)*', ''],
    ]);
  });
});
