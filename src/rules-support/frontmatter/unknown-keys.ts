/**
 * Keys that the file's table does not have: a field of another format (OpenCode's `mode` in a
 * Claude Code agent), a typo of a known field (with a rename fix when the guess is unambiguous),
 * or a key the reader ignores.
 */
import { FIELD_TABLES, type FrontmatterKind } from '../../standard/frontmatter-fields.js';
import type { FrontmatterField } from '../../model/frontmatter.js';
import { editDistance } from '../../util/suggest.js';
import { KIND_LABEL, readerOf, type Finding } from './finding.js';

/** Same meaning under another name in this kind of file. */
const RENAMES: Partial<Record<FrontmatterKind, Record<string, string>>> = {
  agent: { 'allowed-tools': 'tools', 'disallowed-tools': 'disallowedTools' },
  command: { tools: 'allowed-tools', disallowedTools: 'disallowed-tools' },
  skill: { tools: 'allowed-tools', disallowedTools: 'disallowed-tools' },
};

/** The other tables a key may come from, nearest first. */
const OTHERS: Record<FrontmatterKind, FrontmatterKind[]> = {
  agent: ['command', 'opencode-agent', 'opencode-command'],
  command: ['agent', 'opencode-agent', 'opencode-command'],
  skill: ['agent', 'opencode-agent', 'opencode-command'],
  'opencode-agent': [],
  'opencode-command': ['opencode-agent', 'command', 'agent'],
  'opencode-skill': [],
};

const PLURAL: Record<FrontmatterKind, string> = {
  agent: 'Claude Code subagents',
  command: 'Claude Code commands and skills',
  skill: 'Claude Code commands and skills',
  'opencode-agent': 'OpenCode agents',
  'opencode-command': 'OpenCode commands',
  'opencode-skill': 'OpenCode skills',
};

const fieldNames = (kind: FrontmatterKind) => FIELD_TABLES[kind].fields.map((f) => f.name);
const normalize = (s: string) => s.toLowerCase().replace(/[-_\s]/g, '');

/**
 * The one field `key` most likely misspells, or the closest ones when several tie. Close means
 * equal once case, `-` and `_` are ignored, or within `closest`'s edit budget.
 */
export function guessField(key: string, candidates: readonly string[]): string[] {
  const n = normalize(key);
  const same = candidates.filter((c) => normalize(c) === n);
  if (same.length) return same;
  const max = Math.min(3, Math.max(1, Math.floor(key.length / 3)));
  let best: string[] = [];
  let bestD = max + 1;
  for (const c of candidates) {
    const d = editDistance(key.toLowerCase(), c.toLowerCase(), max);
    if (d < bestD) {
      best = [c];
      bestD = d;
    } else if (d === bestD && d <= max) best.push(c);
  }
  return best;
}

export interface UnknownKeyContext {
  kind: FrontmatterKind;
  field: FrontmatterField;
  /** Keys present in the frontmatter (a rename onto one of them would duplicate it). */
  present: ReadonlySet<string>;
}

export function checkUnknownKey({ kind, field, present }: UnknownKeyContext): Finding {
  const key = field.key;
  const reader = readerOf(kind);
  const at = field.keyRange;
  const rename = RENAMES[kind]?.[key];
  const other = OTHERS[kind].find((k) => fieldNames(k).includes(key));
  if (other) {
    const data = { key, other: PLURAL[other], kinds: PLURAL[kind], reader, label: KIND_LABEL[kind], rename: rename ?? '' };
    return { messageId: rename ? 'renamed-field' : 'foreign-field', data, range: at, warn: true };
  }
  const guesses = guessField(key, fieldNames(kind));
  if (guesses.length === 1 && !present.has(guesses[0]!)) {
    const g = guesses[0]!;
    return {
      messageId: 'misspelled-field',
      data: { key, guess: g, reader },
      range: at,
      warn: true,
      // A guess: likely, not certain (the key may be the project's own), so a suggestion.
      suggest: [{ desc: `Rename \`${key}\` to \`${g}\``, messageId: 'rename', fix: { range: [at.start, at.end], text: g } }],
    };
  }
  if (guesses.length > 0) {
    // Several guesses, or one that is set already: no rename.
    const taken = guesses.length === 1 ? ` (\`${guesses[0]}\` is also set)` : '';
    return { messageId: 'ambiguous-field', data: { key, guesses: guesses.map((g) => `\`${g}\``).join(' or '), taken, reader }, range: at, warn: true };
  }
  const skillSpec = kind === 'skill' ? ' The Agent Skills spec allows no other top-level keys: put custom data under `metadata:`.' : '';
  return { messageId: 'unknown-field', data: { key, kinds: PLURAL[kind], reader, skillSpec }, range: at, warn: true };
}
