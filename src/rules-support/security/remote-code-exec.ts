/**
 * What the remote-code-exec rule reads in a shell command: a download handed to an interpreter
 * (`curl ... | sh`, `bash <(curl ...)`, `sh -c "$(curl ...)"`, `iex (iwr ...)`, a download saved
 * and then run), and a package runner started on a package whose version floats (`npx -y pkg`,
 * `npx pkg@latest`, `uvx pkg`). Every scan is linear in the command's length.
 */

/** A word of a simple command: its text with the quotes taken off, where it is, and what it substitutes. */
export interface Word {
  /** The word with quotes and backslash escapes removed. */
  text: string;
  /** Offsets of the word as written (quotes included) in the analysed string. */
  start: number;
  end: number;
  /** `$( ... )`, `<( ... )` and backquoted commands inside the word: their inner text's offsets. */
  subs: Array<{ kind: '$(' | '<(' | '`'; start: number; end: number }>;
}

/** A simple command: its words (`VAR=x` assignments and wrappers such as `sudo` included). */
export type Simple = Word[];

/** A statement: simple commands joined by `|`, in order. */
export type Pipeline = Simple[];

const MAX_DEPTH = 4;

/**
 * Splits a shell command string into pipelines (at `;`, `&&`, `||`, `&` and line breaks) of
 * simple commands (at `|`), each a list of words. Quotes, backslashes, `$(...)`, `<(...)` and
 * backquotes keep what they hold in one word. A sketch of the shell grammar, good enough to find
 * commands: no aliases, functions, here-documents or redirections are interpreted.
 */
export function splitShell(s: string, from = 0, to = s.length): Pipeline[] {
  const out: Pipeline[] = [];
  let pipeline: Pipeline = [];
  let simple: Simple = [];
  let word: Word | null = null;
  let quote: '"' | "'" | null = null;
  /** The quote open inside a substitution (the outer `quote` stays as it was). */
  let innerQuote: '"' | "'" | null = null;
  let depth = 0;
  let subStart = -1;
  let subKind: '$(' | '<(' = '$(';
  let inBackquote = -1;
  const endWord = (at: number) => {
    if (word) {
      word.end = at;
      simple.push(word);
      word = null;
    }
  };
  const endSimple = () => {
    if (simple.length) pipeline.push(simple);
    simple = [];
  };
  const endPipeline = () => {
    endSimple();
    if (pipeline.length) out.push(pipeline);
    pipeline = [];
  };
  const add = (i: number, text: string) => {
    if (!word) word = { text: '', start: i, end: i, subs: [] };
    word.text += text;
  };
  for (let i = from; i < to; i++) {
    const c = s[i]!;
    const next = i + 1 < to ? s[i + 1]! : '';
    if (depth > 0) {
      // Inside $( ... ) or <( ... ): kept whole in the word, quotes followed so that a `)` in them does not close it.
      add(i, c);
      if (innerQuote) {
        if (c === '\\' && innerQuote === '"' && next) {
          add(i, next);
          i++;
        } else if (c === innerQuote) innerQuote = null;
      } else if (c === "'" || c === '"') innerQuote = c;
      else if (c === '\\' && next) {
        add(i, next);
        i++;
      } else if (c === '(') depth++;
      else if (c === ')') {
        depth--;
        if (depth === 0) word!.subs.push({ kind: subKind, start: subStart, end: i });
      }
      continue;
    }
    if (inBackquote !== -1) {
      add(i, c);
      if (c === '\\' && next) {
        add(i, next);
        i++;
      } else if (c === '`') {
        word!.subs.push({ kind: '`', start: inBackquote, end: i });
        inBackquote = -1;
      }
      continue;
    }
    if (quote === "'") {
      if (c === "'") quote = null;
      else add(i, c);
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && next && '"\\$`'.includes(next)) {
        add(i, next);
        i++;
      } else if (c === '$' && next === '(') {
        add(i, '$(');
        i++;
        depth = 1;
        subKind = '$(';
        subStart = i + 1;
      } else if (c === '`') {
        add(i, c);
        inBackquote = i + 1;
      } else add(i, c);
      continue;
    }
    if (c === "'" || c === '"') {
      if (!word) add(i, '');
      quote = c;
      continue;
    }
    if (c === '\\' && next) {
      if (next === '\n') {
        // A line continuation: the command goes on.
        i++;
        continue;
      }
      add(i, next);
      i++;
      continue;
    }
    if ((c === '$' || c === '<' || c === '>') && next === '(') {
      add(i, c + '(');
      i++;
      depth = 1;
      subKind = c === '$' ? '$(' : '<(';
      subStart = i + 1;
      continue;
    }
    if (c === '`') {
      add(i, c);
      inBackquote = i + 1;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      endWord(i);
      continue;
    }
    if (c === '\n' || c === ';') {
      endWord(i);
      endPipeline();
      continue;
    }
    if (c === '&' && (s[i - 1] === '>' || s[i - 1] === '<')) {
      add(i, c); // `2>&1`, `>&2`: a redirection
      continue;
    }
    if (c === '(' || c === ')' || (!word && (c === '{' || c === '}') && (next === '' || /\s|;/.test(next)))) {
      // A subshell or a group: its commands are commands like the others (`${VAR}` stays in its word).
      endWord(i);
      continue;
    }
    if (c === '&') {
      endWord(i);
      if (next === '&') i++;
      else if (next === '>') {
        i++;
        continue;
      }
      endPipeline();
      continue;
    }
    if (c === '|') {
      endWord(i);
      if (next === '|') {
        i++;
        endPipeline();
      } else {
        if (next === '&') i++;
        endSimple();
      }
      continue;
    }
    if (c === '#' && !word) {
      // A comment runs to the end of the line.
      while (i + 1 < to && s[i + 1] !== '\n') i++;
      continue;
    }
    add(i, c);
  }
  if (word) endWord(to);
  endPipeline();
  return out;
}

/** Prefixes that run the command after them, with their options that take a value (`sudo -u root`). */
const WRAPPERS: Record<string, string[]> = {
  sudo: ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-T', '--user', '--group', '--chdir', '--prompt', '--host'],
  doas: ['-u', '-C'],
  env: ['-u', '-C', '--unset', '--chdir'],
  time: ['-f', '-o'],
  nohup: [],
  nice: ['-n', '--adjustment'],
  command: [],
  exec: ['-a'],
  builtin: [],
  noglob: [],
  stdbuf: ['-i', '-o', '-e'],
  timeout: ['-s', '-k', '--signal', '--kill-after'],
};

/** Where the command word of a simple command is (after assignments and wrappers), or -1. */
export function commandIndex(cmd: Simple): number {
  let i = 0;
  while (i < cmd.length) {
    const w = cmd[i]!.text;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w) || (i === 0 && cmd.length > 1 && (w === '$' || w === '%' || w === '>' || w === '❯' || /^PS\b.*>$/.test(w)))) {
      // An assignment, or a shell prompt written before a command (`$ curl ...`).
      i++;
      continue;
    }
    const valueOpts = Object.hasOwn(WRAPPERS, w) ? WRAPPERS[w]! : null;
    if (valueOpts) {
      i++;
      while (i < cmd.length && cmd[i]!.text.startsWith('-') && cmd[i]!.text !== '-') {
        const opt = cmd[i]!.text;
        i++;
        if (opt === '--') break;
        if (valueOpts.includes(opt)) i++;
      }
      if (w === 'timeout' && i < cmd.length && /^\d/.test(cmd[i]!.text)) i++;
      continue;
    }
    return i;
  }
  return -1;
}

function base(word: string): string {
  const slash = word.lastIndexOf('/');
  return (slash === -1 ? word : word.slice(slash + 1)).toLowerCase();
}

const DOWNLOADERS = new Set(['curl', 'wget', 'iwr', 'irm', 'invoke-webrequest', 'invoke-restmethod', 'curl.exe', 'wget.exe']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish', 'csh', 'tcsh']);
/**
 * Interpreters: the options whose next word is the program's code (`bash -c`, `python -c`), and
 * those after which the program comes from elsewhere (`python -m module`, `pwsh -File f`).
 */
const CODE_OPTS: Record<string, string[]> = {
  python: ['-c'],
  perl: ['-e', '-E'],
  ruby: ['-e'],
  node: ['-e', '--eval', '-p', '--print'],
  php: ['-r'],
  pwsh: ['-c', '-command'],
  powershell: ['-c', '-command'],
};
const OTHER_PROGRAM_OPTS: Record<string, string[]> = {
  python: ['-m'],
  php: ['-f'],
  pwsh: ['-f', '-file', '-encodedcommand', '-e', '-ec'],
  powershell: ['-f', '-file', '-encodedcommand', '-e', '-ec'],
};

/** The option gives the program's code in the next word: `-c` (and `-ec`, `-xc`) for a shell, `-c` for python, `-e` for perl ... */
function isCodeOpt(name: string, opt: string): boolean {
  if (SHELLS.has(name)) return /^-[A-Za-z]*c[A-Za-z]*$/.test(opt);
  return (CODE_OPTS[name] ?? []).includes(opt.toLowerCase());
}

/** The program in the code option's word is shell (or PowerShell) code that can be read in turn. */
function readsShell(name: string): boolean {
  return SHELLS.has(name) || name === 'pwsh' || name === 'powershell';
}

/** `python3.12` is `python`, `powershell.exe` is `powershell`. */
function interpreterName(word: string): string | null {
  const b = base(word).replace(/\.exe$/, '');
  if (SHELLS.has(b)) return b;
  const m = /^(python|perl|ruby|node|php|pwsh|powershell)(?:[0-9][0-9.]*)?$/.exec(b);
  return m ? m[1]! : null;
}

export interface Download {
  /** The simple command that downloads. */
  cmd: Simple;
  /** Its URL, when it names one (`https://...`), else null. */
  url: string | null;
  /** A placeholder stands in its arguments (`<url>`, `your-domain`): an example, not a command. */
  placeholder: boolean;
}

const PLACEHOLDER = /<[A-Za-z][^<>]*>|\byour[-_]|\bYOUR_|\bexample\.(?:com|org|net)\b|\{\{|(?<!\$)\{[A-Za-z_][\w-]*\}|\[[A-Za-z_ -]+\]|\.\.\.|…|\bxxx\b|\bPLACEHOLDER\b/;

/** Is the word (or the text) a placeholder of documentation rather than a real value? */
export function isPlaceholder(text: string): boolean {
  return PLACEHOLDER.test(text);
}

/** The download a simple command makes (curl, wget, PowerShell's iwr and irm, WebClient.DownloadString), or null. */
export function downloadOf(cmd: Simple, text: string): Download | null {
  const at = commandIndex(cmd);
  if (at === -1) return null;
  const name = base(cmd[at]!.text);
  const raw = text.slice(cmd[0]!.start, cmd[cmd.length - 1]!.end);
  if (!DOWNLOADERS.has(name) && !/\.downloadstring\s*\(/i.test(raw)) return null;
  const args = cmd.slice(at + 1).map((w) => w.text);
  const url = args.find((a) => /^[a-z][a-z0-9+.-]*:\/\//i.test(a)) ?? (/(https?:\/\/[^\s'")]+)/i.exec(raw)?.[1] ?? null);
  return { cmd, url, placeholder: args.some(isPlaceholder) || isPlaceholder(raw) };
}

/**
 * The interpreter a simple command starts that reads its program from standard input (`sh`,
 * `bash -s --`, `sudo bash -`, `python3 -`, `iex`), or null (`python -m json.tool`, `bash x.sh`).
 */
function stdinInterpreter(cmd: Simple): string | null {
  const at = commandIndex(cmd);
  if (at === -1) return null;
  const w = cmd[at]!.text;
  const lower = base(w);
  if (lower === 'iex' || lower === 'invoke-expression') return w;
  const name = interpreterName(w);
  if (!name) return null;
  for (let i = at + 1; i < cmd.length; i++) {
    const a = cmd[i]!.text;
    if (a === '-' || a === '--' || a === '-s') return base(w);
    if (isCodeOpt(name, a) || (OTHER_PROGRAM_OPTS[name] ?? []).includes(a.toLowerCase())) return null;
    if (SHELLS.has(name) && (a === '-o' || a === '+o' || a === '-O' || a === '+O')) {
      i++;
      continue;
    }
    if (a.startsWith('-') || (SHELLS.has(name) && a.startsWith('+'))) continue;
    return null; // a script file
  }
  return base(w);
}

/** The first simple command of a substitution's text downloads: `$(curl -fsSL https://...)`. */
function substitutedDownload(text: string, sub: { start: number; end: number }, depth: number): Download | null {
  if (depth >= MAX_DEPTH) return null;
  const first = splitShell(text, sub.start, sub.end)[0];
  if (!first) return null;
  for (const cmd of first) {
    const d = downloadOf(cmd, text);
    if (d) return d;
  }
  return null;
}

export type ExecKind = 'pipe' | 'substitution' | 'saved';

export interface RemoteExec {
  kind: ExecKind;
  /** What runs the download: `sh`, `bash`, `python3`, `iex`, `eval`. */
  runner: string;
  /** The URL, when the command names one. */
  url: string | null;
  /** Offsets in the analysed string: from the download's start to the runner's end. */
  start: number;
  end: number;
}

const SUBSTITUTING = new Set(['eval', 'source', '.']);
/** Words that start a PowerShell expression running a string as code. */
const PS_EXEC = /\b(?:iex|invoke-expression)\b|\[scriptblock\]::create\b/i;
const PS_DOWNLOAD = /^(?:iwr|irm|invoke-webrequest|invoke-restmethod|curl|wget|\(?\s*new-object\s+(?:system\.)?net\.webclient\s*\)?\s*\.\s*downloadstring)\b/i;

/**
 * PowerShell's `iex (iwr https://...)`, `Invoke-Expression (irm ...)`,
 * `iex ((New-Object Net.WebClient).DownloadString('...'))`, `& ([scriptblock]::Create((irm ...)))`
 * within `text[from, to)`: where each starts and ends.
 */
function powershellExec(text: string, from: number, to: number): RemoteExec[] {
  const out: RemoteExec[] = [];
  const slice = text.slice(from, to);
  if (!PS_EXEC.test(slice)) return out;
  const re = new RegExp(PS_EXEC.source, 'gi');
  for (const m of slice.matchAll(re)) {
    let j = m.index + m[0].length;
    // Skip the opening parentheses, blanks and `&` before the download.
    while (j < slice.length && (slice[j] === '(' || slice[j] === ' ' || slice[j] === '\t' || slice[j] === '&')) j++;
    const rest = slice.slice(j, j + 80);
    const d = PS_DOWNLOAD.exec(rest);
    if (!d) continue;
    const after = slice.slice(j, Math.min(slice.length, j + 400));
    if (isPlaceholder(after.split(/[|;\n]/)[0]!)) continue;
    const url = /(https?:\/\/[^\s'")]+)/i.exec(after)?.[1] ?? null;
    const close = after.search(/[|;\n]/);
    out.push({ kind: 'substitution', runner: m[0].toLowerCase().startsWith('[') ? '[scriptblock]::Create' : m[0], url, start: from + m.index, end: from + j + (close === -1 ? after.length : close) });
  }
  return out;
}

/** Trims trailing blanks off a range's end. */
function trimEnd(text: string, start: number, end: number): number {
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return end;
}

/** Where a downloader saves its file (`curl -o f`, `curl -O url`, `wget -O f`, `wget url`), or null. */
function savedFile(d: Download): string | null {
  const cmd = d.cmd;
  const at = commandIndex(cmd);
  const name = base(cmd[at]!.text);
  let remoteName = false;
  for (let i = at + 1; i < cmd.length; i++) {
    const a = cmd[i]!.text;
    if (name.startsWith('curl')) {
      if ((a === '-o' || a === '--output') && i + 1 < cmd.length) return cmd[i + 1]!.text;
      if (/^-[A-Za-z]*o$/.test(a) && !a.startsWith('--') && i + 1 < cmd.length) return cmd[i + 1]!.text;
      if (a === '-O' || a === '--remote-name' || (/^-[A-Za-z]*O[A-Za-z]*$/.test(a) && !a.startsWith('--'))) remoteName = true;
    } else if (name.startsWith('wget')) {
      if ((a === '-O' || a === '--output-document') && i + 1 < cmd.length) return cmd[i + 1]!.text === '-' ? null : cmd[i + 1]!.text;
      if (/^-[A-Za-z]*O$/.test(a) && !a.startsWith('--') && i + 1 < cmd.length) return cmd[i + 1]!.text === '-' ? null : cmd[i + 1]!.text;
      if (a.startsWith('--output-document=')) return a.slice(18) === '-' ? null : a.slice(18);
    }
    // `curl URL > file`: a redirection of the download.
    if (a === '>' && i + 1 < cmd.length) return cmd[i + 1]!.text;
    if (/^>[^>&]/.test(a)) return a.slice(1);
  }
  if ((remoteName || name.startsWith('wget')) && d.url) {
    const path = d.url.replace(/[?#].*$/, '');
    const file = path.slice(path.lastIndexOf('/') + 1);
    return file || null;
  }
  return null;
}

/** The simple command runs `file`: `sh file`, `bash ./file`, `./file`, `python3 file`. */
function runsFile(cmd: Simple, file: string): string | null {
  const at = commandIndex(cmd);
  if (at === -1) return null;
  const strip = (p: string) => p.replace(/^\.\//, '');
  const target = strip(file);
  const w = cmd[at]!.text;
  if (strip(w) === target && (w.startsWith('./') || w.startsWith('/'))) return w;
  const name = interpreterName(w) ?? (SUBSTITUTING.has(w) ? w : null);
  if (!name) return null;
  for (let i = at + 1; i < cmd.length; i++) {
    const a = cmd[i]!.text;
    if (a.startsWith('-')) {
      if (/^-[A-Za-z]*c[A-Za-z]*$/.test(a) || ['-m', '-e'].includes(a)) return null;
      continue;
    }
    return strip(a) === target ? base(w) : null;
  }
  return null;
}

function downloadIn(text: string, word: Word, kinds: ReadonlyArray<Word['subs'][number]['kind']>, depth: number): Download | null {
  for (const sub of word.subs) {
    if (!kinds.includes(sub.kind)) continue;
    const d = substitutedDownload(text, sub, depth + 1);
    if (d && !d.placeholder) return d;
  }
  return null;
}

/**
 * The simple command runs a download as its program: `eval "$(curl ...)"`, `source <(curl ...)`,
 * `bash -c "$(curl ...)"`, `bash <(curl ...)`, `python3 -c "$(curl ...)"`. A download passed as
 * data (`python3 tool.py --json "$(curl ...)"`) is not.
 */
function substitutedProgram(text: string, cmd: Simple, at: number, depth: number): RemoteExec | null {
  const w = cmd[at]!.text;
  const found = (d: Download, end: Word): RemoteExec => ({ kind: 'substitution', runner: base(w), url: d.url, start: cmd[at]!.start, end: end.end });
  if (w === 'eval') {
    for (let i = at + 1; i < cmd.length; i++) {
      const d = downloadIn(text, cmd[i]!, ['$(', '`'], depth);
      if (d) return found(d, cmd[i]!);
    }
    return null;
  }
  if (w === 'source' || w === '.') {
    const arg = cmd[at + 1];
    const d = arg ? downloadIn(text, arg, ['<('], depth) : null;
    return d ? found(d, arg!) : null;
  }
  const name = interpreterName(w);
  if (!name) return null;
  for (let i = at + 1; i < cmd.length; i++) {
    const a = cmd[i]!.text;
    if (isCodeOpt(name, a)) {
      const program = cmd[i + 1];
      const d = program ? downloadIn(text, program, ['$(', '`'], depth) : null;
      return d ? found(d, program!) : null;
    }
    if ((OTHER_PROGRAM_OPTS[name] ?? []).includes(a.toLowerCase())) return null;
    if (SHELLS.has(name) && (a === '-o' || a === '+o' || a === '-O' || a === '+O')) {
      i++;
      continue;
    }
    if (a.startsWith('-') && a !== '-') continue;
    // The script file: a process substitution that downloads.
    const d = downloadIn(text, cmd[i]!, ['<('], depth);
    return d ? found(d, cmd[i]!) : null;
  }
  return null;
}

/** The quoted program of `bash -c '...'` (or `pwsh -Command "..."`): its offsets inside the quotes, or null. */
function shellProgram(text: string, cmd: Simple, at: number): { start: number; end: number } | null {
  const name = interpreterName(cmd[at]!.text);
  if (!name || !readsShell(name)) return null;
  for (let i = at + 1; i < cmd.length - 1; i++) {
    if (!isCodeOpt(name, cmd[i]!.text)) continue;
    const word = cmd[i + 1]!;
    const q = text[word.start];
    if ((q === "'" || q === '"') && text[word.end - 1] === q && word.end - word.start >= 2) return { start: word.start + 1, end: word.end - 1 };
    return null;
  }
  return null;
}

/**
 * Every place in `text[from, to)` where a download is run as code. `depth` bounds the recursion
 * into `bash -c '...'` strings.
 */
export function findRemoteExec(text: string, from = 0, to = text.length, depth = 0): RemoteExec[] {
  const out: RemoteExec[] = [];
  if (depth >= MAX_DEPTH || !mayDownload(text.slice(from, to))) return out;
  const pipelines = splitShell(text, from, to);
  /** Files saved by a download earlier in the text, and the download. */
  const saved = new Map<string, Download>();
  for (const pipeline of pipelines) {
    // 1. A download piped into an interpreter that reads its program from standard input.
    let download: Download | null = null;
    for (const cmd of pipeline) {
      const d = downloadOf(cmd, text);
      if (d && !download) {
        download = d;
        continue;
      }
      if (!download) continue;
      const runner = stdinInterpreter(cmd);
      if (runner && !download.placeholder) {
        out.push({ kind: 'pipe', runner, url: download.url, start: download.cmd[0]!.start, end: trimEnd(text, 0, cmd[cmd.length - 1]!.end) });
        download = null;
      }
    }
    for (const cmd of pipeline) {
      const at = commandIndex(cmd);
      if (at === -1) continue;
      // 2. A download substituted into the program: `bash -c "$(curl ...)"`, `eval "$(curl ...)"`,
      //    `bash <(curl ...)`, `source <(curl ...)`; and a `bash -c '...'` program read in turn.
      const sub = substitutedProgram(text, cmd, at, depth);
      if (sub) out.push(sub);
      else {
        const program = shellProgram(text, cmd, at);
        if (program) out.push(...findRemoteExec(text, program.start, program.end, depth + 1));
      }
      // 3. A download saved to a file, then the file run: `curl -o i.sh URL && bash i.sh`.
      const d = downloadOf(cmd, text);
      if (d && !d.placeholder) {
        const file = savedFile(d);
        // A few files at a time: the ones a script downloads and then runs are close together.
        if (file && saved.size < 8) saved.set(file.replace(/^\.\//, ''), d);
      } else if (saved.size) {
        for (const [file, dl] of saved) {
          const runner = runsFile(cmd, file);
          if (runner) {
            out.push({ kind: 'saved', runner, url: dl.url, start: dl.cmd[0]!.start, end: trimEnd(text, 0, cmd[cmd.length - 1]!.end) });
            saved.delete(file);
            break;
          }
        }
      }
    }
  }
  // 4. PowerShell: `iex (iwr ...)` and its kin (the pipe form `irm ... | iex` is found above).
  const starts = new Set(out.map((o) => o.start));
  for (const p of powershellExec(text, from, to)) if (!starts.has(p.start)) out.push(p);
  return out.sort((a, b) => a.start - b.start);
}

/** A cheap first look: the text names a downloader at all. */
export function mayDownload(text: string): boolean {
  return /curl|wget|\biwr\b|\birm\b|invoke-(?:webrequest|restmethod)|downloadstring/i.test(text);
}

// ---------------------------------------------------------------------------------------------
// Package runners

export interface UnpinnedRun {
  /** The runner as written: `npx`, `uvx`, `pnpm dlx`. */
  runner: string;
  /** The package as written (`@playwright/mcp@latest`, `mcp-nixos`). */
  spec: string;
  /** The word holding the package spec. */
  word: Word;
  /** `latest`: the spec names a floating tag; `none`: it names no version at all; `range`: a semver range; `git`: a branch of a repository. */
  why: 'latest' | 'tag' | 'none' | 'range' | 'git';
  /** Which registry the package comes from, for the message: `npm`, `PyPI`, `a git repository`. */
  registry: string;
}

/** npm-style runners: the words that start them, and whether they always download (no local install is looked for). */
const NPM_RUNNERS: Array<{ words: string[]; always: boolean }> = [
  { words: ['npx'], always: false },
  { words: ['npm', 'exec'], always: false },
  { words: ['npm', 'x'], always: false },
  { words: ['bunx'], always: false },
  { words: ['bun', 'x'], always: false },
  { words: ['pnpm', 'dlx'], always: true },
  { words: ['pnpx'], always: true },
  { words: ['yarn', 'dlx'], always: true },
];
const NPM_VALUE_OPTS = new Set(['-p', '--package', '--registry', '--cache', '--userconfig', '-c', '--call', '--workspace', '-w', '--prefix', '--loglevel']);
const UV_VALUE_OPTS = new Set([
  '--from', '--with', '--with-editable', '--with-requirements', '-w', '-p', '--python', '--index', '--index-url', '--extra-index-url', '--default-index',
  '-i', '--find-links', '-f', '--python-preference', '--cache-dir', '--directory', '--project', '--config-file', '-c', '--constraints', '--overrides',
  '--env-file', '--exclude-newer', '--refresh-package', '--reinstall-package', '--upgrade-package', '-P', '--index-strategy', '--keyring-provider',
  '--resolution', '--prerelease', '--link-mode', '--color', '--build-constraints', '-b', '--exclude-newer-package', '--torch-backend', '--python-platform',
]);
const PIPX_VALUE_OPTS = new Set(['--spec', '--python', '--pip-args', '--index-url', '-i', '--backend']);

const EXACT_SEMVER = /^v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const COMMIT = /^[0-9a-f]{40}$/i;

function isLocalPath(spec: string): boolean {
  return /^(?:\.{1,2}\/|\/|~\/|file:|[A-Za-z]:\\)/.test(spec) || spec === '.' || spec === '..';
}

/** How an npm package spec floats, or null when it is pinned (or local, or not a package at all). */
export function npmSpecFloat(spec: string): UnpinnedRun['why'] | null {
  if (!spec || isLocalPath(spec) || spec.startsWith('$') || isPlaceholder(spec)) return null;
  if (/^(?:git\+|git:|github:|gitlab:|bitbucket:)/.test(spec) || /^[\w.-]+\/[\w.-]+(?:#.*)?$/.test(spec)) {
    const hash = spec.lastIndexOf('#');
    const ref = hash === -1 ? '' : spec.slice(hash + 1).replace(/^semver:/, '');
    return COMMIT.test(ref) || EXACT_SEMVER.test(ref) ? null : 'git';
  }
  if (/^https?:\/\//.test(spec)) return null; // a tarball URL: a file, not a name that moves
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  if (at === -1) return 'none';
  const version = spec.slice(at + 1);
  if (EXACT_SEMVER.test(version)) return null;
  if (version === '' || version === 'latest') return 'latest';
  if (/^[A-Za-z][\w.-]*$/.test(version)) return 'tag';
  return 'range';
}

/** How a Python requirement given to uvx or pipx floats, or null when pinned (`pkg==1.2.3`, `pkg@1.2.3`). */
export function pySpecFloat(spec: string): UnpinnedRun['why'] | null {
  if (!spec || isLocalPath(spec) || spec.startsWith('$') || isPlaceholder(spec)) return null;
  if (/^git\+/.test(spec) || /\bgit\+https?:/.test(spec)) {
    const at = spec.lastIndexOf('@');
    const ref = at > spec.indexOf('://') ? spec.slice(at + 1).replace(/#.*$/, '') : '';
    return COMMIT.test(ref) || EXACT_SEMVER.test(ref) ? null : 'git';
  }
  if (/^https?:\/\//.test(spec) || /\.(?:whl|tar\.gz|zip)$/.test(spec)) return null;
  if (/===?\s*v?\d[\d.]*(?:[a-z]+\d*)?(?:\.post\d+)?(?:\.dev\d+)?\s*(?:;.*)?$/i.test(spec)) return null;
  const at = spec.indexOf('@');
  if (at !== -1) {
    const v = spec.slice(at + 1).trim();
    if (/^v?\d[\d.]*(?:[a-z]+\d*)?$/i.test(v)) return null;
    if (v === 'latest') return 'latest';
  }
  if (/[<>~!]=?|\^/.test(spec)) return 'range';
  return 'none';
}

/** How a runner's options are read: which name the package, which take a value, which keep it from downloading. */
interface RunnerOptionSet {
  /** Options whose value is the package to run (`--package pkg`, `--package=pkg`). */
  package: readonly string[];
  /** Other options that take the next word as their value. */
  value: ReadonlySet<string>;
  /** Options after which the runner downloads nothing. */
  offline(option: string): boolean;
  /** `--` ends the options (npm's runners). */
  dashDash: boolean;
}

const NPM_OPTIONS: RunnerOptionSet = { package: ['-p', '--package'], value: NPM_VALUE_OPTS, offline: (a) => a === '--no' || a === '--no-install' || a === '--offline', dashDash: true };
const uvOffline = (a: string) => a === '--offline' || a === '--exclude-newer' || a.startsWith('--exclude-newer=');
// uv and pipx take each other's `--from` and `--spec` as the package.
const UV_OPTIONS: RunnerOptionSet = { package: ['--from', '--spec'], value: UV_VALUE_OPTS, offline: uvOffline, dashDash: false };
const PIPX_OPTIONS: RunnerOptionSet = { ...UV_OPTIONS, value: PIPX_VALUE_OPTS };

/**
 * A runner's options from word `from` on: the package an option names, whether `-y` was given,
 * and the index of the first word that is no option (the package, unless an option named it);
 * null when an option keeps the runner offline.
 */
function runnerOptions(cmd: Simple, from: number, set: RunnerOptionSet): { pkg: Word | null; yes: boolean; next: number } | null {
  let pkg: Word | null = null;
  let yes = false;
  let i = from;
  for (; i < cmd.length; i++) {
    const a = cmd[i]!.text;
    if (a === '--' && set.dashDash) return { pkg, yes, next: i + 1 };
    if (set.offline(a)) return null;
    const eq = a.indexOf('=');
    if (a === '-y' || a === '--yes') yes = true;
    else if (set.package.includes(a)) {
      pkg = cmd[i + 1] ?? null;
      i++;
    } else if (a.startsWith('--') && eq !== -1 && set.package.includes(a.slice(0, eq))) pkg = { ...cmd[i]!, text: a.slice(eq + 1) };
    else if (set.value.has(a)) i++;
    else if (!a.startsWith('-')) break;
  }
  return { pkg, yes, next: i };
}

function matchesWords(words: Simple, at: number, seq: string[]): boolean {
  for (let k = 0; k < seq.length; k++) if (words[at + k]?.text !== seq[k]) return false;
  return true;
}

/**
 * A package runner in a simple command that runs a package whose version floats. `always`
 * decides for npx and bunx, which run a locally installed package when there is one: in an MCP
 * server's command they download (`true`), in a hook only when told to install without asking
 * (`-y`) or given a version that moves (`pkg@latest`).
 */
export function unpinnedRunner(cmd: Simple, context: 'mcp' | 'hook'): UnpinnedRun | null {
  const at = commandIndex(cmd);
  if (at === -1) return null;
  const first = cmd[at]!.text;
  const name = base(first).replace(/\.(?:cmd|exe)$/, '');
  for (const r of NPM_RUNNERS) {
    if (name !== r.words[0] || !matchesWords(cmd, at + 1, r.words.slice(1))) continue;
    const o = runnerOptions(cmd, at + r.words.length, NPM_OPTIONS);
    const spec = o?.pkg ?? (o && cmd[o.next]);
    if (!o || !spec) return null;
    const why = npmSpecFloat(spec.text);
    if (!why) return null;
    const runner = r.words.join(' ');
    if (!r.always && context === 'hook' && !o.yes && why === 'none') return null;
    return { runner, spec: spec.text, word: spec, why, registry: why === 'git' ? 'a git repository' : 'npm' };
  }
  const uv = name === 'uvx' ? at + 1 : name === 'uv' && matchesWords(cmd, at + 1, ['tool', 'run']) ? at + 3 : -1;
  const pipx = name === 'pipx' && cmd[at + 1]?.text === 'run' ? at + 2 : -1;
  if (uv !== -1 || pipx !== -1) {
    const o = uv !== -1 ? runnerOptions(cmd, uv, UV_OPTIONS) : runnerOptions(cmd, pipx, PIPX_OPTIONS);
    const spec = o?.pkg ?? (o && cmd[o.next]);
    if (!spec) return null;
    const why = pySpecFloat(spec.text);
    if (!why) return null;
    return { runner: uv !== -1 ? (name === 'uvx' ? 'uvx' : 'uv tool run') : 'pipx run', spec: spec.text, word: spec, why, registry: why === 'git' ? 'a git repository' : 'PyPI' };
  }
  return null;
}

/** Unpinned runs in a shell command string (each simple command of it, and `sh -c '...'` programs within). */
export function findUnpinnedRuns(text: string, context: 'mcp' | 'hook', from = 0, to = text.length, depth = 0): UnpinnedRun[] {
  const out: UnpinnedRun[] = [];
  if (depth >= MAX_DEPTH || !/npx|npm|bunx|bun|pnpm|pnpx|yarn|uvx|uv|pipx/.test(text.slice(from, to))) return out;
  for (const pipeline of splitShell(text, from, to)) {
    for (const cmd of pipeline) {
      const r = unpinnedRunner(cmd, context);
      if (r) {
        out.push(r);
        continue;
      }
      const at = commandIndex(cmd);
      if (at === -1 || !SHELLS.has(interpreterName(cmd[at]!.text) ?? '')) continue;
      for (let i = at + 2; i < cmd.length; i++) {
        const prev = cmd[i - 1]!.text;
        const word = cmd[i]!;
        if (/^-[A-Za-z]*c[A-Za-z]*$/.test(prev) && !prev.startsWith('--') && (text[word.start] === "'" || text[word.start] === '"')) {
          out.push(...findUnpinnedRuns(text, context, word.start + 1, word.end - 1, depth + 1));
        }
      }
    }
  }
  return out;
}

/** A URL or a name, cut for a message. */
export function shorten(s: string, max = 40): string {
  return s.length <= max ? s : s.slice(0, max - 1) + '…';
}
