/**
 * Where a markdown spec tells the model (or Claude Code itself) to run a shell command, for
 * remote-code-exec: shell code blocks, a command's `` !`cmd` `` lines and ```` ```! ```` blocks,
 * and an inline code span after "run" or "execute". Prose that warns against a command (`never
 * pipe curl to sh`, a "Bad" heading, a `# don't` comment) is not an instruction to run it.
 */
import type { DocumentModel } from '../../model/document.js';
import type { FencedBlock } from '../../model/fences.js';
import { findRemoteExec, mayDownload, type RemoteExec } from './remote-code-exec.js';

/** Info strings of blocks that hold shell commands (and `!`, a command's block run on invocation). */
const SHELL_LANGS = new Set([
  'bash', 'sh', 'shell', 'zsh', 'ksh', 'fish', 'console', 'terminal', 'shell-session', 'sh-session', 'shellsession',
  'powershell', 'pwsh', 'ps1', 'ps', 'posh', 'cmd', 'bat', 'batch', 'bash-session', 'commandline', 'command-line', '!',
]);

/** Words that mark the text as a warning or a counter-example, not an instruction. */
const NEGATIVE =
  /\b(?:never|don'?t|do not|avoid|not recommended|bad|wrong|insecure|unsafe|dangerous|risky|anti-?patterns?|incorrect|vulnerab\w*|malicious|attack\w*|exploit\w*|instead of|rather than|should ?n[o']t|must ?n[o']t|forbidden|prohibited|block(?:ed|s)?|deny|denied|detect\w*|flag(?:s|ged)?|look for|scan for|check for|search for|suspicious|untrusted|unverified|threats?)\b|❌|⛔|🚫|✗|✘/i;

/** An instruction to run what follows: "Run `...`", "execute: `...`", "install it with `...`". */
const RUN_VERB = /\b(?:run|execute|exec|invoke|install(?:\s+\w+){0,3}\s+(?:with|using|via|by running))\b/i;

export interface SpecExec extends RemoteExec {
  /** Where in the spec: a shell block the model is told to run, a command's `!` line or block (run on invocation), an inline instruction. */
  where: 'block' | 'bang' | 'inline';
}

/** The text of line `l` (zero-based). */
function lineText(doc: DocumentModel, l: number): string {
  return doc.lines.lineText(l);
}

/**
 * The nearest markdown heading above block `index` (within 60 lines, outside code blocks), or ''.
 * Blocks are in order, so the blocks above are walked down from `index - 1`.
 */
function headingAbove(doc: DocumentModel, index: number, fences: readonly FencedBlock[]): string {
  const from = fences[index]!.openLine - 1;
  let k = index - 1;
  for (let l = from; l >= Math.max(0, from - 60); l--) {
    const start = doc.lines.starts[l]!;
    while (k >= 0 && fences[k]!.range.start > start) k--;
    if (k >= 0 && start < fences[k]!.range.end) continue;
    const t = lineText(doc, l);
    if (/^#{1,6}\s/.test(t)) return t;
  }
  return '';
}

/** The prose right above block `index`: up to three non-blank lines (stopping at the block before or a heading). */
function proseAbove(doc: DocumentModel, index: number, fences: readonly FencedBlock[]): string {
  const openLine = fences[index]!.openLine;
  const prevEnd = index > 0 ? fences[index - 1]!.range.end : -1;
  const out: string[] = [];
  for (let l = openLine - 1; l >= 0 && out.length < 3 && openLine - l <= 8; l--) {
    if (doc.lines.starts[l]! < prevEnd) break;
    const t = lineText(doc, l).trim();
    if (!t) continue;
    out.push(t);
    if (/^#{1,6}\s/.test(t)) break;
  }
  return out.join('\n');
}

/** Comment lines right above line `l` inside a block (up to two), and the line itself. */
function commentsAndLine(doc: DocumentModel, l: number, firstLine: number): string {
  const out = [lineText(doc, l)];
  for (let k = l - 1; k >= firstLine && out.length < 3; k--) {
    const t = lineText(doc, k).trim();
    if (!/^(?:#|\/\/|REM\b|<#|::)/i.test(t)) break;
    out.push(t);
  }
  return out.join('\n');
}

/** Ranges of a block's content that hold commands: here-document bodies (file contents) left out. */
function commandRanges(doc: DocumentModel, block: FencedBlock): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  const { lines } = doc;
  const first = block.openLine + 1;
  const endOffset = block.contentRange.end;
  let start = block.contentRange.start;
  let delimiter: string | null = null;
  for (let l = first; l < lines.lineCount && lines.starts[l]! < endOffset; l++) {
    const t = lines.lineText(l);
    if (delimiter !== null) {
      if (t.trim() === delimiter) {
        delimiter = null;
        start = lines.starts[l + 1] ?? endOffset;
      }
      continue;
    }
    const here = /<<-?[ \t]*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1/.exec(t);
    if (here) {
      delimiter = here[2]!;
      out.push({ start, end: lines.lineEnd(l) });
    }
  }
  if (delimiter === null && start < endOffset) out.push({ start, end: endOffset });
  return out;
}

/** The block is a YAML workflow or a Dockerfile written in a block without a language: its commands are file content. */
function fileContentLine(t: string): boolean {
  return /^\s*(?:-\s+)?(?:run|script|command|entrypoint|cmd)\s*:/i.test(t) || /^\s*(?:RUN|CMD|ENTRYPOINT)\s/.test(t);
}

/** Code spans of a line (`x`, ``x``): their inner offsets within the line. */
function codeSpans(line: string): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  let i = 0;
  while (i < line.length) {
    const open = line.indexOf('`', i);
    if (open === -1) break;
    let n = 1;
    while (line[open + n] === '`') n++;
    const fence = '`'.repeat(n);
    const close = line.indexOf(fence, open + n);
    if (close === -1) break;
    out.push({ start: open + n, end: close });
    i = close + n;
  }
  return out;
}

/**
 * Every download run as code that the spec's body tells the model to run (or that a command runs
 * on invocation). `bang`: the file is a Claude Code command or skill, whose `` !`cmd` `` lines
 * and ```` ```! ```` blocks run when it is invoked.
 */
export function specRemoteExecs(doc: DocumentModel, bang: boolean): SpecExec[] {
  const text = doc.text;
  const out: SpecExec[] = [];
  if (!mayDownload(text)) return out;
  const fences = doc.fences;
  const bodyStart = doc.bodyStart;

  for (let index = 0; index < fences.length; index++) {
    const block = fences[index]!;
    const lang = block.lang;
    if (lang === '!' && !bang) continue;
    if (!(SHELL_LANGS.has(lang) || lang === '')) continue;
    if (!mayDownload(text.slice(block.contentRange.start, block.contentRange.end))) continue;
    const where: SpecExec['where'] = lang === '!' ? 'bang' : 'block';
    const context = where === 'bang' ? '' : `${proseAbove(doc, index, fences)}\n${headingAbove(doc, index, fences)}`;
    const contextNegative = NEGATIVE.test(context);
    for (const r of commandRanges(doc, block)) {
      for (const found of findRemoteExec(text, r.start, r.end)) {
        const l = doc.lines.lineOf(found.start);
        if (lang === '' && fileContentLine(lineText(doc, l))) continue;
        if (where !== 'bang' && (contextNegative || NEGATIVE.test(commentsAndLine(doc, l, block.openLine + 1)))) continue;
        out.push({ ...found, where });
      }
    }
  }

  // Lines outside blocks: a command's `!` lines, and inline instructions.
  const firstLine = doc.lines.lineOf(bodyStart);
  let f = 0;
  for (let l = bodyStart === 0 ? 0 : firstLine; l < doc.lines.lineCount; l++) {
    const start = doc.lines.starts[l]!;
    if (start < bodyStart) continue;
    while (f < fences.length && fences[f]!.range.end <= start) f++;
    if (f < fences.length && fences[f]!.range.start <= start) continue;
    const t = lineText(doc, l);
    if (!t.includes('`') || !mayDownload(t)) continue;
    for (const span of codeSpans(t)) {
      const bangLine = bang && span.start >= 2 && t[span.start - 2] === '!' && (span.start === 2 || /\s/.test(t[span.start - 3]!));
      const found = findRemoteExec(text, start + span.start, start + span.end);
      if (!found.length) continue;
      if (!bangLine) {
        // Only where the sentence around it tells the model to run it, and does not warn against it.
        const before = t.slice(0, span.start - 1);
        const sentence = before.slice(Math.max(before.lastIndexOf('. '), before.lastIndexOf('|'), 0));
        if (!RUN_VERB.test(sentence) || NEGATIVE.test(t)) continue;
      }
      for (const r of found) out.push({ ...r, where: bangLine ? 'bang' : 'inline' });
    }
  }
  return out;
}
