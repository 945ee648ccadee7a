/**
 * Keys that the file's table does not have: a field of another format (OpenCode's `mode` in a
 * Claude Code agent), a typo of a known field (with a rename fix when the guess is unambiguous),
 * or a key the reader ignores.
 */
import { FIELD_TABLES, type FieldTable, type FrontmatterKind } from '../../standard/frontmatter-fields.js';
import type { FrontmatterField } from '../../model/frontmatter.js';
import { editDistance } from '../../util/suggest.js';
import { KIND_LABEL, readerOf, type Finding } from './finding.js';

/** Same meaning under another name in this kind of file. */
const RENAMES: Partial<Record<FrontmatterKind, Record<string, string>>> = {
  agent: { 'allowed-tools': 'tools', 'disallowed-tools': 'disallowedTools' },
  command: { tools: 'allowed-tools', disallowedTools: 'disallowed-tools' },
  skill: { tools: 'allowed-tools', disallowedTools: 'disallowed-tools' },
  'copilot-scoped-instructions': { globs: 'applyTo', paths: 'applyTo', fileMatchPattern: 'applyTo' },
  'copilot-prompt': { 'allowed-tools': 'tools' },
  'cursor-rule': { applyTo: 'globs', paths: 'globs', fileMatchPattern: 'globs' },
  'windsurf-rule': { applyTo: 'globs', paths: 'globs', fileMatchPattern: 'globs' },
  'kiro-steering': { globs: 'fileMatchPattern', applyTo: 'fileMatchPattern', paths: 'fileMatchPattern' },
  'claude-rule': { applyTo: 'paths', fileMatchPattern: 'paths' },
};

/** What to write instead of another tool's activation field, where no single key means the same. */
const INSTEAD: Partial<Record<FrontmatterKind, Record<string, string>>> = {
  'cursor-rule': { trigger: '`alwaysApply: true`, `globs` or `description`', inclusion: '`alwaysApply: true`, `globs` or `description`' },
  'windsurf-rule': { alwaysApply: '`trigger: always_on`', inclusion: '`trigger`' },
  'kiro-steering': { alwaysApply: '`inclusion: always`', trigger: '`inclusion`' },
  'claude-rule': { alwaysApply: 'no frontmatter (a rule without `paths` always loads)' },
};

/**
 * Keys any tool's file may carry as its own metadata: in the other tools' files, where unknown
 * keys are ignored, such a key is not reported as another tool's field.
 */
const GENERIC_KEYS = new Set(['name', 'description']);

/** The other tables a key may come from, nearest first. */
const OTHERS: Record<FrontmatterKind, FrontmatterKind[]> = {
  agent: ['command', 'opencode-agent', 'opencode-command'],
  command: ['agent', 'opencode-agent', 'opencode-command'],
  skill: ['agent', 'opencode-agent', 'opencode-command'],
  'opencode-agent': [],
  'opencode-command': ['opencode-agent', 'command', 'agent'],
  'opencode-skill': [],
  'copilot-scoped-instructions': ['cursor-rule', 'claude-rule', 'kiro-steering', 'windsurf-rule'],
  'copilot-prompt': ['copilot-agent', 'command'],
  'copilot-agent': ['agent', 'opencode-agent', 'copilot-prompt'],
  'cursor-rule': ['windsurf-rule', 'copilot-scoped-instructions', 'claude-rule', 'kiro-steering'],
  'windsurf-rule': ['cursor-rule', 'copilot-scoped-instructions', 'claude-rule', 'kiro-steering'],
  'kiro-steering': ['cursor-rule', 'windsurf-rule', 'copilot-scoped-instructions', 'claude-rule'],
  'claude-rule': ['cursor-rule', 'copilot-scoped-instructions', 'windsurf-rule', 'kiro-steering'],
};

const PLURAL: Record<FrontmatterKind, string> = {
  agent: 'Claude Code subagents',
  command: 'Claude Code commands and skills',
  skill: 'Claude Code commands and skills',
  'opencode-agent': 'OpenCode agents',
  'opencode-command': 'OpenCode commands',
  'opencode-skill': 'OpenCode skills',
  'copilot-scoped-instructions': 'Copilot instructions files',
  'copilot-prompt': 'Copilot prompt files',
  'copilot-agent': 'Copilot custom agents',
  'cursor-rule': 'Cursor rules',
  'windsurf-rule': 'Windsurf rules',
  'kiro-steering': 'Kiro steering files',
  'claude-rule': 'Claude Code rules',
};

/** Whether keys outside the table are reported at all (OpenCode agents hand them to the model). */
export function reportsUnknownKeys(table: FieldTable): boolean {
  return table.unknownKeys === 'unknown' || table.unknownKeys === 'typos';
}

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

/**
 * A key the file's table does not have, or null when it is not worth a finding (a table of
 * `typos` reports only misspellings and other tools' fields).
 */
export function checkUnknownKey({ kind, field, present }: UnknownKeyContext): Finding | null {
  const key = field.key;
  const reader = readerOf(kind);
  const at = field.keyRange;
  const rename = RENAMES[kind]?.[key];
  const typosOnly = FIELD_TABLES[kind].unknownKeys === 'typos';
  const other = typosOnly && GENERIC_KEYS.has(key) ? undefined : OTHERS[kind].find((k) => fieldNames(k).includes(key));
  if (other) {
    const instead = INSTEAD[kind]?.[key];
    const data = { key, other: PLURAL[other], kinds: PLURAL[kind], reader, label: KIND_LABEL[kind] };
    if (rename) return { messageId: 'renamed-field', data: { ...data, rename }, range: at, warn: true };
    if (instead) return { messageId: 'foreign-field-instead', data: { ...data, instead }, range: at, warn: true };
    return { messageId: 'foreign-field', data, range: at, warn: true };
  }
  const guesses = guessField(key, fieldNames(kind));
  if (guesses.length === 1) {
    const guess = guesses[0]!;
    // The field it meant is set too: renaming would duplicate it.
    if (present.has(guess)) return { messageId: 'misspelled-set-field', data: { key, guess, reader }, range: at, warn: true };
    return {
      messageId: 'misspelled-field',
      data: { key, guess, reader },
      range: at,
      warn: true,
      // A guess: likely, not certain (the key may be the project's own), so a suggestion.
      suggest: [{ desc: `Rename \`${key}\` to \`${guess}\``, messageId: 'rename', fix: { range: [at.start, at.end], text: guess } }],
    };
  }
  if (guesses.length > 1) return { messageId: 'ambiguous-field', data: { key, guesses: guesses.map((g) => `\`${g}\``).join(' or '), reader }, range: at, warn: true };
  if (typosOnly) return null;
  return { messageId: kind === 'skill' ? 'skill-unknown-field' : 'unknown-field', data: { key, kinds: PLURAL[kind], reader }, range: at, warn: true };
}
