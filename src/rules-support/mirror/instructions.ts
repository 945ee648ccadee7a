/**
 * Instruction files kept as copies (CLAUDE.md beside AGENTS.md, GEMINI.md, Copilot's
 * instructions): whether two files are copies at all, and where the copies tell an agent to run
 * different commands.
 *
 * Two files are copies when more than half of the longer one's lines (blank lines aside) are
 * the other's, in order; a file that imports the other (`@AGENTS.md`) or points to it in a line
 * or two is not. Between copies, what differs only as the tools require (the title, the tool's
 * name, a section for one tool) is not drift; what is: a place where both copies were edited and
 * each now gives a command the other never gives (`pnpm test` here, `pnpm test:unit` there).
 */
import type { DocumentModel } from '../../model/document.js';
import type { Range } from '../../types.js';

interface Line {
  /** Whitespace collapsed, case kept. */
  text: string;
  start: number;
  end: number;
}

export interface CommandDrift {
  /** The command in the linted copy, and where. */
  here: { command: string; range: Range };
  /** The command the other copy gives at the same place. */
  there: { command: string; range: Range };
}

/** Most copies differ in a few dozen places; two files this far apart are not copies. */
const MAX_EDITS = 1000;

/** Fences whose lines are commands. In a console session, only the lines after a prompt are. */
const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'zsh', 'fish', 'console', 'shellsession', 'terminal', 'powershell', 'pwsh', 'ps1', 'ps', 'cmd', 'bat', 'batch']);
const SESSION_LANGS = new Set(['console', 'shellsession', 'terminal']);

/** Programs whose invocation, in inline code or an untagged fence, is a command. */
const PROGRAMS = new Set(
  (
    'npm npx pnpm yarn bun bunx node deno tsc python python3 pip pip3 uv uvx poetry pipenv hatch pdm rye pytest tox nox ruff mypy black ' +
    'make just cargo rustup go dotnet mvn gradle gradlew ant bazel cmake ctest meson ninja docker docker-compose podman kubectl helm terraform ' +
    'git gh bundle rake rails ruby gem composer php swift xcodebuild mix sbt lein flutter dart turbo nx lerna eslint prettier vitest jest ' +
    'playwright pre-commit nix brew sh bash pwsh'
  ).split(' '),
);

function linesOf(doc: DocumentModel): Line[] {
  const out: Line[] = [];
  const text = doc.text;
  const starts = doc.lines.starts;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    let end = i + 1 < starts.length ? starts[i + 1]! - 1 : text.length;
    if (text.charCodeAt(end - 1) === 13) end--;
    const raw = text.slice(start, end);
    const t = raw.trim().replace(/\s+/g, ' ');
    if (t) out.push({ text: t, start, end });
  }
  return out;
}

/** Whether one file imports the other (`@AGENTS.md`, `@./AGENTS.md`, `@../AGENTS.md`): then it is no copy. */
function imports(doc: DocumentModel, other: DocumentModel): boolean {
  const name = other.relPath.slice(other.relPath.lastIndexOf('/') + 1);
  for (let at = doc.text.indexOf('@'); at !== -1; at = doc.text.indexOf('@', at + 1)) {
    if (at > 0 && !/\s/.test(doc.text[at - 1]!)) continue;
    const path = /^@(\S+)/.exec(doc.text.slice(at, at + 300))?.[1] ?? '';
    if (path === name || path.endsWith('/' + name)) return true;
  }
  return false;
}

/**
 * The edit script between two line lists (Myers' algorithm): the matched pairs, in order, or
 * null when more than MAX_EDITS lines differ.
 */
function matchLines(a: readonly string[], b: readonly string[]): Array<[number, number]> | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // v before each step d, for the walk back.
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return null;
  const pairs: Array<[number, number]> = [];
  let x = n;
  let y = m;
  for (let d = found; d >= 0; d--) {
    // trace[d] holds v[k] for k in -d-1..d+1, from index 0.
    const at = (k: number) => trace[d]![k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      pairs.push([x, y]);
    }
    x = prevX;
    y = prevY;
  }
  return pairs.reverse();
}

interface Command {
  command: string;
  range: Range;
}

/**
 * The commands a line gives: in a shell fence the line itself (after a `$ ` prompt; in a console
 * session only such lines), in an untagged fence the line when it runs a known program, in
 * prose each inline code span that runs one with arguments. Fences of other languages give none.
 */
function commandsOn(doc: DocumentModel, line: Line, fenceLang: string | null): Command[] {
  const raw = doc.text.slice(line.start, line.end);
  if (fenceLang !== null) {
    if (fenceLang !== '' && !SHELL_LANGS.has(fenceLang)) return [];
    let at = line.start + (raw.length - raw.trimStart().length);
    let cmd = raw.trim();
    if ((cmd.startsWith('$ ') || cmd.startsWith('% ')) && cmd.length > 2) {
      cmd = cmd.slice(2);
      at += 2;
    } else if (SESSION_LANGS.has(fenceLang)) return []; // output, not a command
    if (!cmd || cmd.startsWith('#') || cmd.startsWith('REM ')) return [];
    if (fenceLang === '' && !PROGRAMS.has(programOf(cmd))) return [];
    // A trailing comment is not part of the command.
    const comment = cmd.search(/\s#\s/);
    const written = (comment === -1 ? cmd : cmd.slice(0, comment)).trimEnd();
    return [{ command: written.replace(/\s+/g, ' '), range: { start: at, end: at + written.length } }];
  }
  const out: Command[] = [];
  for (const span of codeSpans(raw)) {
    const inside = raw.slice(span.start, span.end);
    const code = inside.trim();
    if (!/\s/.test(code) || !PROGRAMS.has(programOf(code))) continue;
    const start = line.start + span.start + (inside.length - inside.trimStart().length);
    out.push({ command: code.replace(/\s+/g, ' '), range: { start, end: start + code.length } });
  }
  return out;
}

/** The contents of a line's inline code spans (a run of backticks closed by a run of the same length). */
function codeSpans(line: string): Range[] {
  const out: Range[] = [];
  let i = line.indexOf('`');
  while (i !== -1) {
    let j = i;
    while (line[j] === '`') j++;
    const fence = line.slice(i, j);
    // The closing run: the same length, not part of a longer run.
    let close = line.indexOf(fence, j);
    while (close !== -1 && line[close + fence.length] === '`') {
      let k = close;
      while (line[k] === '`') k++;
      close = line.indexOf(fence, k);
    }
    if (close === -1) {
      i = line.indexOf('`', j);
      continue;
    }
    out.push({ start: j, end: close });
    i = line.indexOf('`', close + fence.length);
  }
  return out;
}

function programOf(cmd: string): string {
  const space = cmd.search(/\s/);
  const word = space === -1 ? cmd : cmd.slice(0, space);
  return word.startsWith('./') ? word.slice(2) : word;
}

/** Each line's fence: the fence's language for a line inside one, '' for an untagged fence, null outside. */
function fenceLangs(doc: DocumentModel, lines: readonly Line[]): Array<string | null | undefined> {
  const out: Array<string | null | undefined> = lines.map(() => null);
  const fences = doc.fences;
  let f = 0;
  lines.forEach((line, i) => {
    while (f < fences.length && fences[f]!.range.end < line.start) f++;
    const fence = fences[f];
    if (!fence || line.start < fence.range.start) return;
    // The fence lines themselves are neither prose nor commands.
    if (line.start < fence.contentRange.start || line.start >= fence.contentRange.end) out[i] = undefined;
    else out[i] = fence.lang;
  });
  return out;
}

/** Every command a file gives (whitespace collapsed): a command of the other copy found here is no disagreement. */
function commandSet(doc: DocumentModel, lines: readonly Line[], langs: ReadonlyArray<string | null | undefined>): Set<string> {
  return new Set(collect(doc, lines, langs, 0, lines.length).map((c) => c.command));
}

/**
 * Where two instruction files that are copies give different commands at the same place; empty
 * when they are not copies (see the module's comment).
 */
export function commandDrift(doc: DocumentModel, other: DocumentModel): CommandDrift[] {
  if (doc.text === other.text || imports(doc, other) || imports(other, doc)) return [];
  const a = linesOf(doc);
  const b = linesOf(other);
  const longer = Math.max(a.length, b.length);
  if (Math.min(a.length, b.length) < 3) return [];
  // A cheap bound first: lines in common regardless of order.
  const counts = new Map<string, number>();
  for (const l of a) counts.set(l.text, (counts.get(l.text) ?? 0) + 1);
  let common = 0;
  for (const l of b) {
    const c = counts.get(l.text);
    if (c) {
      common++;
      counts.set(l.text, c - 1);
    }
  }
  if (common * 2 <= longer) return [];
  const pairs = matchLines(
    a.map((l) => l.text),
    b.map((l) => l.text),
  );
  if (!pairs || pairs.length * 2 <= longer) return [];
  const langsA = fenceLangs(doc, a);
  const langsB = fenceLangs(other, b);
  const commandsA = commandSet(doc, a, langsA);
  const commandsB = commandSet(other, b, langsB);
  const out: CommandDrift[] = [];
  let ai = 0;
  let bi = 0;
  for (const [pa, pb] of [...pairs, [a.length, b.length] as [number, number]]) {
    if (pa > ai && pb > bi) {
      // Both copies changed here: lines ai..pa of this one against bi..pb of the other.
      const here = collect(doc, a, langsA, ai, pa).filter((c) => !commandsB.has(c.command));
      const there = collect(other, b, langsB, bi, pb).filter((c) => !commandsA.has(c.command));
      if (here.length && there.length) out.push({ here: here[0]!, there: there[0]! });
    }
    ai = pa + 1;
    bi = pb + 1;
  }
  return out;
}

function collect(doc: DocumentModel, lines: readonly Line[], langs: ReadonlyArray<string | null | undefined>, from: number, to: number): Command[] {
  const out: Command[] = [];
  for (let i = from; i < to; i++) {
    const lang = langs[i];
    if (lang === undefined) continue;
    out.push(...commandsOn(doc, lines[i]!, lang));
  }
  return out;
}
