/**
 * How much of an instruction file each tool reads, or its docs advise: one budget per kind, each
 * taken from the tool's own documentation (quoted in `says`), and where in a text a budget ends.
 */
import type { FileKind } from '../../model/kinds.js';

export interface Budget {
  /** What is counted: lines, UTF-8 bytes, or characters (code points). */
  unit: 'line' | 'byte' | 'character';
  max: number;
  /** `cut`: the tool reads no further; `skip`: it leaves the whole file out; `advice`: its docs advise staying under. */
  effect: 'cut' | 'skip' | 'advice';
  tool: string;
  /** What the file is, in the message ("this memory file"). */
  what: string;
  /** For advice: what the docs advise ("under 200"). */
  advise?: string;
  /** The tool's documentation page (without the scheme), and what it says. */
  docs: string;
  says: string;
  /** What to do instead. */
  instead: string;
}

const CLAUDE_DOCS = 'code.claude.com/docs/en/memory';
const CLAUDE_LINES: Budget = {
  unit: 'line', max: 200, effect: 'advice', tool: 'Claude Code', what: 'this memory file', advise: 'under 200', docs: `${CLAUDE_DOCS}#write-effective-instructions`,
  says: '"target under 200 lines per CLAUDE.md file. Longer files consume more context and reduce adherence", and Claude Code warns at startup about an instruction file over the recommended length',
  instead: 'move what matters for part of the code into path-scoped rules (.claude/rules/ with `paths`), or trim what Claude can read from the code',
};
const CLAUDE_SKIP: Budget = {
  unit: 'byte', max: 4 * 1024 * 1024, effect: 'skip', tool: 'Claude Code', what: 'this memory file', docs: `${CLAUDE_DOCS}#my-claude-md-is-too-large`,
  says: '"Claude Code skips a file over 4 MiB"', instead: 'split it into path-scoped rules and skills',
};
/** Codex's `project_doc_max_bytes`, unless a config raises it. */
export const CODEX_DEFAULT_BYTES = 32 * 1024;
const CODEX: Budget = {
  unit: 'byte', max: CODEX_DEFAULT_BYTES, effect: 'cut', tool: 'Codex', what: 'AGENTS.md', docs: 'developers.openai.com/codex/guides/agents-md',
  says: 'Codex joins the AGENTS.md files from the project root down and "stops adding files once the combined size reaches the limit defined by project_doc_max_bytes (32 KiB by default)"',
  instead: 'split the instructions across the AGENTS.md files of nested folders, or raise project_doc_max_bytes in .codex/config.toml',
};
const COPILOT: Budget = {
  unit: 'line', max: 1000, effect: 'advice', tool: 'GitHub Copilot', what: 'this instructions file', advise: 'about 1,000 at most', docs: 'docs.github.com/en/copilot/tutorials/use-custom-instructions',
  says: '"Limit any single instruction file to a maximum of about 1,000 lines. Beyond this, the quality of responses may deteriorate"',
  instead: 'split it into path-specific .github/instructions/*.instructions.md files with `applyTo`',
};
const CURSOR: Budget = {
  unit: 'line', max: 500, effect: 'advice', tool: 'Cursor', what: 'this rule', advise: 'under 500', docs: 'cursor.com/docs/context/rules',
  says: '"Keep rules under 500 lines" and "Split large rules into multiple, composable rules"', instead: 'split it into several rules, each with the globs it applies to',
};
const WINDSURF: Budget = {
  unit: 'character', max: 12_000, effect: 'cut', tool: 'Windsurf', what: 'this rule', docs: 'docs.windsurf.com/windsurf/cascade/memories',
  says: '"Workspace rule files are limited to 12,000 characters each"', instead: 'split it into several rule files',
};

export const BUDGETS: Readonly<Partial<Record<FileKind, readonly Budget[]>>> = {
  'claude-memory': [CLAUDE_SKIP, CLAUDE_LINES],
  'agents-md': [CODEX],
  'copilot-instructions': [COPILOT],
  'copilot-scoped-instructions': [COPILOT],
  'cursor-rule': [CURSOR],
  cursorrules: [CURSOR],
  'windsurf-rule': [WINDSURF],
};

/** How many lines a text has (a final line break ends the last line; it starts none). */
export function lineCount(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n - 1 : n;
}

/** The UTF-8 length of a text. */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** How many code points a text has. */
export function characterCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!(c >= 0xd800 && c <= 0xdbff && i + 1 < text.length)) n++;
  }
  return n;
}

/** The size of a text in a budget's unit. */
export function sizeIn(unit: Budget['unit'], text: string): number {
  return unit === 'line' ? lineCount(text) : unit === 'byte' ? utf8Bytes(text) : characterCount(text);
}

/** The offset in `text` where the first `max` units end (the first unit past the budget starts there). */
export function offsetAfter(unit: Budget['unit'], text: string, max: number): number {
  if (unit === 'line') {
    let i = -1;
    for (let n = 0; n < max; n++) {
      i = text.indexOf('\n', i + 1);
      if (i === -1) return text.length;
    }
    return i + 1;
  }
  let used = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length;
    const size = unit === 'character' ? 1 : c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (used + size > max) return i;
    used += size;
    if (pair) i++;
  }
  return text.length;
}
