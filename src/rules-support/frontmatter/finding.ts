/** What the frontmatter checks hand back to the rule: a message id at a range, maybe softer, maybe a fix. */
import type { Fix, Range, Suggestion } from '../../types.js';
import type { FieldTable, FrontmatterKind } from '../../standard/frontmatter-fields.js';
import type { FrontmatterField } from '../../model/frontmatter.js';
import { show, typeName } from './yaml-nodes.js';

export interface Finding {
  /** The id of the finding in frontmatter-schema's `meta.messages`. */
  messageId: string;
  /** The values of its `{{placeholders}}`. */
  data?: Record<string, string | number>;
  range: Range;
  /** Report as a warning whatever the rule's level (uncertain or cosmetic findings). */
  warn?: boolean;
  /** A repair that is certainly right (--fix applies it). */
  fix?: Fix;
  /** Repairs a person chooses (a guess, such as the field a typo meant). */
  suggest?: Suggestion[];
}

/** A value's type and its text, as a value of the wrong type is shown: `a number (3)`. */
export function typeAndValue(v: unknown): string {
  return `${typeName(v)} (${show(v)})`;
}

/** A value's text and its type: `"yes" (a string)`. */
export function valueAndType(v: unknown): string {
  return `${show(v)} (${typeName(v)})`;
}

/** What a field check needs to know about the file. */
export interface FieldContext {
  kind: FrontmatterKind;
  table: FieldTable;
  /** The document's text. */
  text: string;
  /** Offset of the frontmatter content (yaml node ranges are relative to it). */
  base: number;
  field: FrontmatterField;
  /** Keys present in the frontmatter (a rename onto one of them would duplicate it). */
  present?: ReadonlySet<string>;
}

/** How a kind is called in messages. */
export const KIND_LABEL: Record<FrontmatterKind, string> = {
  agent: 'Claude Code subagent',
  command: 'Claude Code command',
  skill: 'Claude Code skill',
  'opencode-agent': 'OpenCode agent',
  'opencode-command': 'OpenCode command',
  'opencode-skill': 'OpenCode skill',
  'copilot-scoped-instructions': 'Copilot instructions file',
  'copilot-prompt': 'Copilot prompt file',
  'copilot-agent': 'Copilot custom agent',
  'cursor-rule': 'Cursor rule',
  'windsurf-rule': 'Windsurf rule',
  'kiro-steering': 'Kiro steering file',
  'claude-rule': 'Claude Code rule',
};

const READER: Partial<Record<FrontmatterKind, string>> = {
  'opencode-agent': 'OpenCode',
  'opencode-command': 'OpenCode',
  'opencode-skill': 'OpenCode',
  'copilot-scoped-instructions': 'Copilot',
  'copilot-prompt': 'Copilot',
  'copilot-agent': 'Copilot',
  'cursor-rule': 'Cursor',
  'windsurf-rule': 'Windsurf',
  'kiro-steering': 'Kiro',
};

/** The program that reads the file, for messages. */
export function readerOf(kind: FrontmatterKind): string {
  return READER[kind] ?? 'Claude Code';
}

/** `a, b or c`. */
export function orList(values: readonly string[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}
