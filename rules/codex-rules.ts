import { defineRule, type RuleContext } from '../src/engine/rule.js';
import { parseCalls, type StarArg, type StarCall, type StarValue } from '../src/model/starlark-calls.js';
import { closest } from '../src/util/suggest.js';
import { clip } from '../src/util/clip.js';

type Ctx = RuleContext;

/** The functions a rules file calls (Codex's execpolicy language). */
const FUNCTIONS = ['prefix_rule', 'host_executable', 'network_rule'];
const PREFIX_ARGS = ['pattern', 'decision', 'justification', 'match', 'not_match'];
const DECISIONS = ['allow', 'prompt', 'forbidden'];

/** Every help ends with the page it rests on. */
const DOCS = '(Codex docs: Rules)';
const EXAMPLE_HELP = `Codex checks the examples when it loads the rules and refuses the file when one fails: fix the example or the pattern ({{pattern}}). ${DOCS}`;
const DECISION_HELP = `Codex's decisions are "allow", "prompt" and "forbidden"; it fails to load a rules file with another. ${DOCS}`;

const MESSAGES = {
  function: {
    message: '"{{name}}" is not a function of Codex rules',
    help: `Did you mean "{{near}}"? Codex fails to load a rules file that calls an unknown function. ${DOCS}`,
  },
  argument: {
    message: 'prefix_rule has no argument "{{name}}"',
    help: `{{suggestion}}Codex fails to load a rules file that passes it; prefix_rule takes {{args}}. ${DOCS}`,
  },
  'no-pattern': { message: 'prefix_rule has no "pattern"', help: `Write the command prefix the rule matches: pattern = ["gh", "pr", "view"]. ${DOCS}` },
  pattern: {
    message: 'the pattern is not a list of command tokens',
    help: `Expected a non-empty list of strings, a list of strings standing for alternatives: ["git", ["push", "pull"]]. ${DOCS}`,
  },
  decision: { message: 'decision "{{value}}" is not one Codex knows', help: `{{suggestion}}${DECISION_HELP}` },
  'decision-type': { message: 'the decision is not a string', help: DECISION_HELP },
  justification: { message: 'the justification is not a string', help: `Expected a sentence saying why the rule exists. ${DOCS}` },
  examples: { message: '"{{name}}" is not a list', help: `Expected a list of example commands: strings, or lists of tokens. ${DOCS}` },
  'match-example': { message: 'match example "{{example}}" does not start with the pattern', help: EXAMPLE_HELP },
  'not-match-example': { message: 'not_match example "{{example}}" starts with the pattern', help: EXAMPLE_HELP },
};

/** "Did you mean ...?" before a help, or nothing. */
const suggestion = (near: string | undefined): string => (near ? `Did you mean "${near}"? ` : '');

/** A command line split as POSIX shlex splits it (Codex tokenizes string examples so); null when a quote is left open. */
function shlexSplit(s: string): string[] | null {
  const out: string[] = [];
  let cur = '';
  let has = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote === "'") {
      if (c === "'") quote = null;
      else cur += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && i + 1 < s.length && '"\\$`\n'.includes(s[i + 1]!)) cur += s[++i];
      else cur += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      has = true;
    } else if (c === '\\' && i + 1 < s.length) {
      cur += s[++i];
      has = true;
    } else if (/\s/.test(c)) {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
    } else cur += c;
  }
  if (quote) return null;
  if (has || cur) out.push(cur);
  return out;
}

/** A pattern as token alternatives: `["git", ["push", "pull"]]`; null when it is not one. */
function patternOf(v: StarValue): string[][] | null {
  if (v.type !== 'list' || v.items.length === 0) return null;
  const out: string[][] = [];
  for (const item of v.items) {
    if (item.type === 'string') out.push([item.value]);
    else if (item.type === 'list' && item.items.length > 0 && item.items.every((i) => i.type === 'string')) out.push(item.items.map((i) => (i as { value: string }).value));
    else return null;
  }
  return out;
}

/** Whether a command's tokens start with the pattern (the program compared by its name, wherever it lives). */
function startsWith(tokens: string[], pattern: string[][]): boolean {
  if (tokens.length < pattern.length) return false;
  return pattern.every((alts, i) => {
    const t = i === 0 ? tokens[0]!.replace(/^.*\//, '') : tokens[i]!;
    return alts.includes(tokens[i]!) || alts.includes(t);
  });
}

function checkExamples(ctx: Ctx, arg: StarArg, pattern: string[][], shouldMatch: boolean): void {
  if (arg.value.type !== 'list') {
    ctx.report({ messageId: 'examples', data: { name: arg.name! }, range: arg.value.range });
    return;
  }
  for (const ex of arg.value.items) {
    const tokens = ex.type === 'string' ? shlexSplit(ex.value) : ex.type === 'list' && ex.items.every((i) => i.type === 'string') ? ex.items.map((i) => (i as { value: string }).value) : null;
    if (!tokens || tokens.length === 0) continue;
    if (startsWith(tokens, pattern) === shouldMatch) continue;
    ctx.report({
      messageId: shouldMatch ? 'match-example' : 'not-match-example',
      data: { example: clip(tokens.join(' '), 50), pattern: pattern.map((a) => (a.length > 1 ? `[${a.join('|')}]` : a[0])).join(' ') },
      range: ex.range,
    });
  }
}

function checkPrefixRule(ctx: Ctx, call: StarCall): void {
  let pattern: string[][] | null = null;
  const byName = new Map<string, StarArg>();
  for (const arg of call.args) {
    if (arg.name === null) continue;
    if (!PREFIX_ARGS.includes(arg.name)) {
      ctx.report({ messageId: 'argument', data: { name: arg.name, suggestion: suggestion(closest(arg.name, PREFIX_ARGS)), args: PREFIX_ARGS.join(', ') }, range: arg.nameRange! });
      continue;
    }
    byName.set(arg.name, arg);
  }
  const p = byName.get('pattern');
  if (!p) {
    if (!call.args.some((a) => a.name === null)) ctx.report({ messageId: 'no-pattern', range: call.nameRange });
  } else {
    pattern = patternOf(p.value);
    if (!pattern) ctx.report({ messageId: 'pattern', range: p.value.range });
  }
  const d = byName.get('decision');
  if (d?.value.type === 'string' && !DECISIONS.includes(d.value.value)) {
    ctx.report({ messageId: 'decision', data: { value: d.value.value, suggestion: suggestion(closest(d.value.value, DECISIONS)) }, range: d.value.range });
  } else if (d && d.value.type !== 'string') ctx.report({ messageId: 'decision-type', range: d.value.range });
  const j = byName.get('justification');
  if (j && j.value.type !== 'string') ctx.report({ messageId: 'justification', range: j.value.range });
  if (!pattern) return;
  const m = byName.get('match');
  if (m) checkExamples(ctx, m, pattern, true);
  const n = byName.get('not_match');
  if (n) checkExamples(ctx, n, pattern, false);
}

export default defineRule({
  meta: {
    id: 'codex-rules',
    description: 'A Codex rules file (.codex/rules/*.rules) calls prefix_rule with a pattern, a decision Codex knows, and examples that match as they say.',
    severity: 'error',
    standard: false,
    kinds: ['codex-rules'],
    messages: MESSAGES,
  },
  check(ctx) {
    const calls = parseCalls(ctx.doc.text);
    if (!calls) return;
    for (const call of calls) {
      if (call.name === 'prefix_rule') checkPrefixRule(ctx, call);
      else if (!FUNCTIONS.includes(call.name)) {
        const near = closest(call.name, FUNCTIONS);
        // A name far from every known function may be one a newer Codex has: left alone.
        if (near) ctx.report({ messageId: 'function', data: { name: call.name, near }, range: call.nameRange });
      }
    }
  },
});
