/**
 * The glob fields of the other tools' files, split into patterns as each tool splits them, and
 * the patterns that cannot match what they say: a brace or bracket that never closes (the glob
 * then matches only names holding that character), an empty `applyTo` (VS Code: "must be a
 * valid glob pattern"), or two patterns separated by a space instead of a comma (one pattern
 * with a space in it, which matches no path).
 */
import type { FrontmatterField } from '../../model/frontmatter.js';
import type { FrontmatterKind } from '../../standard/frontmatter-fields.js';
import type { Range } from '../../types.js';

/**
 * The field holding globs per kind, and whether one string holds several patterns separated by
 * commas (VS Code's `applyTo`, Cursor's and Windsurf's `globs`, Claude Code's `paths`) or is one
 * pattern (Kiro's `fileMatchPattern`, which writes alternatives as `{a,b}`).
 */
export const GLOB_FIELDS: Partial<Record<FrontmatterKind, { fields: readonly string[]; commas: boolean; docs: string }>> = {
  'copilot-scoped-instructions': { fields: ['applyTo'], commas: true, docs: 'https://code.visualstudio.com/docs/agent-customization/custom-instructions' },
  'cursor-rule': { fields: ['globs'], commas: true, docs: 'https://cursor.com/docs/context/rules' },
  'windsurf-rule': { fields: ['globs'], commas: true, docs: 'https://docs.windsurf.com/windsurf/cascade/memories' },
  'kiro-steering': { fields: ['fileMatchPattern'], commas: false, docs: 'https://kiro.dev/docs/steering/' },
  'claude-rule': { fields: ['paths', 'globs'], commas: true, docs: 'https://code.claude.com/docs/en/memory' },
};

export interface GlobPattern {
  text: string;
  /** Where the pattern is in the document, when its text is written there as is. */
  range: Range;
}

/** Splits at commas outside `{}` and `[]` (a comma in `*.{ts,tsx}` is the glob's own). */
export function splitPatterns(s: string, offset: number): GlobPattern[] {
  const out: GlobPattern[] = [];
  let depth = 0;
  let start = 0;
  const push = (end: number) => {
    const raw = s.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    out.push({ text, range: { start: offset + start + lead, end: offset + start + lead + text.length } });
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === '{' || c === '[') depth++;
    else if ((c === '}' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      push(i);
      start = i + 1;
    }
  }
  push(s.length);
  return out;
}

/** The patterns of a glob field's value, each with its place in the document. */
export function patternsOf(field: FrontmatterField, text: string, commas: boolean): GlobPattern[] {
  const v = field.value;
  const place = (s: string, r: Range): number | null => {
    const raw = text.slice(r.start, r.end);
    if (raw === s) return r.start;
    // A quoted value without escapes: the text is inside the quotes.
    if (raw.length === s.length + 2 && /^["']/.test(raw) && raw.slice(1, -1) === s) return r.start + 1;
    return null;
  };
  const one = (s: string, r: Range): GlobPattern[] => {
    const at = place(s, r);
    if (!commas) return [{ text: s.trim(), range: at === null ? r : { start: at, end: at + s.length } }];
    const parts = splitPatterns(s, at ?? 0);
    return at === null ? parts.map((p) => ({ text: p.text, range: r })) : parts;
  };
  if (typeof v === 'string') return one(v, field.valueRange);
  if (Array.isArray(v)) return v.flatMap((item, i) => (typeof item === 'string' ? one(item, field.items?.[i] ?? field.valueRange) : []));
  return [];
}

/**
 * Why a pattern cannot match what it says (instruction-glob's message id, and the bracket at
 * fault), or null.
 */
export function globProblem(p: string): { messageId: 'closes-nothing' | 'never-closed'; bracket: string } | { messageId: 'space-separated' } | null {
  const stack: string[] = [];
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{' || c === '[') stack.push(c);
    else if (c === '}' || c === ']') {
      const open = c === '}' ? '{' : '[';
      if (stack[stack.length - 1] !== open) return { messageId: 'closes-nothing', bracket: c };
      stack.pop();
    }
  }
  if (stack.length) return { messageId: 'never-closed', bracket: stack[stack.length - 1]! };
  // `**/*.ts **/*.tsx`: two patterns, each with a wildcard or a slash, written with a space.
  const words = p.split(/\s+/);
  if (words.length > 1 && words.every((w) => /[*/]/.test(w) && /\w/.test(w)) && !/[{[]/.test(p))
    return { messageId: 'space-separated' };
  return null;
}
