/** What the frontmatter checks hand back to the rule: a message at a range, maybe softer, maybe a fix. */
import type { Fix, Range } from '../../types.js';
import type { FieldTable, FrontmatterKind } from '../../standard/frontmatter-fields.js';
import type { FrontmatterField } from '../../model/frontmatter.js';

export interface Finding {
  messageId: string;
  /** One short sentence: what is wrong. */
  message: string;
  /** What was expected and how to fix it (default: the message's clause after its first `; `). */
  help?: string;
  range: Range;
  /** Report as a warning whatever the rule's level (uncertain or cosmetic findings). */
  warn?: boolean;
  fix?: Fix;
}

/**
 * A finding as the rule reports it: the help it carries, else the message split at its first
 * `; ` (the checks write "what is wrong; what to do") or `, expected `, the part after it
 * becoming the help.
 */
export function withHelp(f: Finding): Finding {
  if (f.help) return f;
  let i = f.message.indexOf('; ');
  let rest = f.message.slice(i + 2);
  if (i < 0) {
    // "`x` is 3 (a number), expected a string": the expectation is the help; else what follows
    // the first ": " outside backticks ("... are missing: Claude Code skips such an agent").
    i = f.message.indexOf(', expected ');
    if (i >= 0) rest = f.message.slice(i + 2);
    else {
      const colon = /^(?:[^`]|`[^`]*`)*?: /.exec(f.message);
      if (!colon) return f;
      i = colon[0].length - 2;
      rest = f.message.slice(i + 2);
    }
  }
  return { ...f, message: f.message.slice(0, i), help: rest.charAt(0).toUpperCase() + rest.slice(1) + (/[.?!)]$/.test(rest) ? '' : '.') };
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
}

/** How a kind is called in messages. */
export const KIND_LABEL: Record<FrontmatterKind, string> = {
  agent: 'Claude Code subagent',
  command: 'Claude Code command',
  skill: 'Claude Code skill',
  'opencode-agent': 'OpenCode agent',
  'opencode-command': 'OpenCode command',
};

/** The program that reads the file, for messages. */
export function readerOf(kind: FrontmatterKind): string {
  return kind.startsWith('opencode') ? 'OpenCode' : 'Claude Code';
}

/** `a, b or c`. */
export function orList(values: readonly string[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}
