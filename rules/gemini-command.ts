import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonProperty } from '../src/model/json/ast.js';
import { decodeString } from '../src/model/toml/tree.js';
import { ARGS_PLACEHOLDER, GEMINI_COMMAND_KEYS } from '../src/standard/gemini-config.js';
import { prop } from '../src/rules-support/json/file.js';
import { describeToml, eachKey, TOML_FILE_MESSAGES, tomlRoot } from '../src/rules-support/toml.js';
import { citing, withTypo } from '../src/rules-support/messages.js';
import { clip } from '../src/util/clip.js';
import type { Range } from '../src/types.js';

type Ctx = RuleContext;

const ARGS = { args: ARGS_PLACEHOLDER };

/** At most this many `@{path}` are looked up per command. */
const MAX_LOOKUPS = 200;

/** `{{ args }}`, `{{ARGS}}`, `{{arguments}}`: the placeholder written as Gemini CLI does not replace it. */
const NEAR_ARGS = /\{\{\s*(?:args?|arguments?)\s*\}\}/gi;
/** Claude Code's and OpenCode's placeholder, copied over. */
const DOLLAR_ARGS = /\$\{?ARGUMENTS\b\}?/g;
/** `{args}` in prose (not in `{{args}}`, `${args}`, an f-string or a word). */
const SINGLE_ARGS = /(?<![{$\w"'`])\{args\}(?!\})/g;

/** A `!{...}` or `@{...}` block as Gemini CLI finds it: braces counted, no escapes; `end` null when it is never closed. */
interface Injection {
  start: number;
  end: number | null;
  content: string;
}

function injections(prompt: string, trigger: '!{' | '@{'): Injection[] {
  const out: Injection[] = [];
  let from = 0;
  for (;;) {
    const start = prompt.indexOf(trigger, from);
    if (start === -1) return out;
    let depth = 1;
    let i = start + 2;
    for (; i < prompt.length && depth > 0; i++) {
      if (prompt[i] === '{') depth++;
      else if (prompt[i] === '}') depth--;
    }
    if (depth > 0) {
      out.push({ start, end: null, content: prompt.slice(start + 2) });
      return out;
    }
    out.push({ start, end: i, content: prompt.slice(start + 2, i - 1) });
    from = i;
  }
}

/** Offsets in `content` of `{{args}}` written inside shell quotes. */
function quotedArgs(content: string): number[] {
  const out: number[] = [];
  let quote: string | null = null;
  for (let i = 0; i < content.length; i++) {
    const c = content[i]!;
    if (content.startsWith(ARGS_PLACEHOLDER, i)) {
      if (quote) out.push(i);
      i += ARGS_PLACEHOLDER.length - 1;
    } else if (c === '\\' && quote !== "'") i++;
    else if (quote === null && (c === '"' || c === "'")) quote = c;
    else if (c === quote) quote = null;
  }
  return out;
}

/** The project folder a project command's relative `@{path}` is read from: the one holding `.gemini/commands/`; null for other commands. */
function workspaceOf(relPath: string): string | null {
  const segs = relPath.split('/');
  for (let i = 0; i + 1 < segs.length - 1; i++) if (segs[i] === '.gemini' && segs[i + 1] === 'commands') return segs.slice(0, i).join('/');
  return null;
}

class PromptCheck {
  readonly offsets: number[];
  /** Paths looked up so far (each is a stat or two). */
  lookups = 0;
  constructor(
    readonly ctx: Ctx,
    readonly prompt: string,
    offsets: number[],
  ) {
    this.offsets = offsets;
  }

  /** The text range of characters `index .. index + length` of the prompt. */
  at(index: number, length: number): Range {
    const o = this.offsets;
    return { start: o[index]!, end: o[Math.min(index + length, o.length - 1)]! };
  }

  run(): void {
    const { prompt } = this;
    if (prompt.includes('{')) this.placeholders();
    if (prompt.includes('$')) {
      for (const m of prompt.matchAll(DOLLAR_ARGS)) {
        this.ctx.report({ messageId: 'claude-placeholder', data: { ...ARGS, text: m[0] }, range: this.at(m.index, m[0].length) });
      }
    }
    if (!prompt.includes('@{') && !prompt.includes('!{')) return;
    // File injection runs first, over the whole prompt; shell injection then reads what is left.
    const files = injections(prompt, '@{');
    // The prompt with its file blocks blanked, as the shell injection reads it.
    const parts: string[] = [];
    let last = 0;
    for (const f of files) {
      if (f.end === null) {
        this.unclosed('@{', f.start);
        return;
      }
      this.fileInjection(f);
      parts.push(prompt.slice(last, f.start), ' '.repeat(f.end - f.start));
      last = f.end;
    }
    parts.push(prompt.slice(last));
    for (const s of injections(parts.join(''), '!{')) {
      if (s.end === null) {
        this.unclosed('!{', s.start);
        return;
      }
      for (const q of quotedArgs(s.content)) {
        this.ctx.report({ messageId: 'quoted-args', data: ARGS, severity: 'warn', range: this.at(s.start + 2 + q, ARGS_PLACEHOLDER.length) });
      }
    }
  }

  placeholders(): void {
    for (const m of this.prompt.matchAll(NEAR_ARGS)) {
      if (m[0] === ARGS_PLACEHOLDER) continue;
      this.ctx.report({ messageId: 'placeholder', data: { ...ARGS, text: m[0] }, range: this.at(m.index, m[0].length) });
    }
    for (const m of this.prompt.matchAll(SINGLE_ARGS)) {
      this.ctx.report({ messageId: 'single-brace', data: ARGS, range: this.at(m.index, m[0].length) });
    }
  }

  unclosed(trigger: string, index: number): void {
    this.ctx.report({ messageId: 'unclosed', data: { trigger }, range: this.at(index, 2) });
  }

  fileInjection(f: Injection): void {
    const path = f.content.trim();
    const argsAt = f.content.indexOf(ARGS_PLACEHOLDER);
    if (argsAt !== -1) {
      this.ctx.report({ messageId: 'args-in-file', data: { ...ARGS, path: clip(path, 40) }, range: this.at(f.start + 2 + argsAt, ARGS_PLACEHOLDER.length) });
      return;
    }
    const files = this.ctx.project.files;
    const workspace = workspaceOf(this.ctx.doc.relPath);
    if (this.lookups++ >= MAX_LOOKUPS) return;
    if (!files || workspace === null || path === '' || /^(?:[/~\\]|[A-Za-z]:)|[$*?[\]{}!]/.test(path)) return;
    const root = files.resolve(this.ctx.project.root, workspace || '.');
    const abs = files.resolve(root, path);
    const rel = files.relative(root, abs);
    if (rel === '..' || rel.startsWith('../') || files.stat(abs) !== null) return;
    // A file in a folder that is not there may be made at run time (a task's output folder).
    if (files.stat(files.dirname(abs)) !== 'dir') return;
    this.ctx.report({ messageId: 'missing-file', data: { path: clip(path, 60) }, range: this.at(f.start, (f.end ?? f.start) - f.start) });
  }
}

function checkField(ctx: Ctx, p: JsonProperty): void {
  if (p.value.type === 'string') return;
  ctx.report({ messageId: p.key === 'prompt' ? 'prompt-type' : 'type', data: { key: p.key, value: describeToml(p.value) }, range: p.value.range });
}

export default defineRule({
  meta: {
    id: 'gemini-command',
    description: 'A Gemini CLI command (TOML) parses, has a prompt string, and writes {{args}}, !{...} and @{...} as Gemini CLI reads them.',
    severity: 'error',
    standard: false,
    kinds: ['gemini-command'],
    // `{{args}}` in these texts is a placeholder filled with itself (data `args`), so that it reads as the text Gemini CLI replaces.
    messages: citing('(Gemini CLI docs: Custom commands)', {
      ...TOML_FILE_MESSAGES,
      ...withTypo('unknown', { message: '"{{key}}" is not a command field', help: 'Gemini CLI reads "prompt" and "description" and ignores the rest.' }),
      prompt: { message: 'the command has no "prompt"', help: 'Gemini CLI skips a command file without a prompt: prompt = "..." at the top of the file.' },
      'prompt-type': {
        message: '"{{key}}" is {{value}}',
        help: 'Expected a string (on one line, or between """ for several): Gemini CLI skips a command file whose fields have another type.',
      },
      type: { message: '"{{key}}" is {{value}}', help: 'Expected a string (one line): Gemini CLI skips a command file whose fields have another type.' },
      'claude-placeholder': {
        message: '"{{text}}" is Claude Code\'s placeholder, not Gemini CLI\'s',
        help: 'Gemini CLI replaces only {{args}}: "{{text}}" reaches the model as written (and is an unset variable in a shell command).',
      },
      placeholder: {
        message: '"{{text}}" is not Gemini CLI\'s placeholder',
        help: 'Gemini CLI replaces only {{args}}, written exactly so: "{{text}}" reaches the model as written.',
      },
      'single-brace': {
        message: '"{args}" is not Gemini CLI\'s placeholder',
        help: 'Gemini CLI replaces only {{args}}, with two braces: "{args}" reaches the model as written.',
      },
      'quoted-args': {
        message: '{{args}} is quoted inside !{...}',
        help: 'Gemini CLI shell-escapes the arguments it puts in a !{...} command, quotes and all, so quotes around {{args}} become part of the argument: write it bare, as in !{grep -r {{args}} .}.',
      },
      unclosed: {
        message: '"{{trigger}}" is never closed',
        help: 'Gemini CLI counts braces to find where a {{trigger}}...} block ends and refuses to run the command when it does not; a command or path with unbalanced braces belongs in a script.',
      },
      'args-in-file': {
        message: '{{args}} inside @{...} is not replaced',
        help: 'Gemini CLI injects @{...} files before it puts the arguments in, so it looks for a file named "{{path}}"; read the file with a tool instead, or name it outright.',
      },
      'missing-file': {
        message: '@{{{path}}} names no file or folder of the project',
        help: 'Gemini CLI looks the path up from the workspace, fails to inject it, and leaves the placeholder in the prompt: fix the path or add the file.',
      },
    }),
  },
  check(ctx) {
    const root = tomlRoot(ctx, 'the command file', 'Gemini CLI');
    if (!root) return;
    eachKey(ctx, root, GEMINI_COMMAND_KEYS, (p) => checkField(ctx, p));
    const prompt = prop(root, 'prompt');
    if (!prompt) {
      if (!prop(root, 'run')) ctx.report({ messageId: 'prompt', range: { start: 0, end: Math.min(1, ctx.doc.text.length) } });
      return;
    }
    if (prompt.value.type !== 'string') return;
    const decoded = decodeString(ctx.doc.text, prompt.value.range.start);
    // A prompt the scan cannot place is checked as a whole, at its key.
    const offsets = decoded?.value === prompt.value.value ? decoded.offsets : Array.from({ length: prompt.value.value.length + 1 }, () => prompt.keyRange.start);
    new PromptCheck(ctx, prompt.value.value, offsets).run();
  },
});
