/**
 * Claude Code tool lists (`tools`, `disallowedTools`, `allowed-tools`, `disallowed-tools`):
 * split into entries with their exact ranges, and classify each entry.
 */
import type { Node as YamlNode } from 'yaml';
import { isScalar, isSeq } from '../../util/yaml.js';
import {
  REMOVED_TOOLS,
  REMOVED_TOOL_SUGGESTIONS,
  TOOL_ALIASES,
  TOOL_NAMES,
  TOOL_PATTERNS,
} from '../../standard/frontmatter-fields.js';
import type { Range } from '../../types.js';
import type { FrontmatterField } from '../../model/frontmatter.js';
import { closest } from '../../util/suggest.js';
import { nodeRange } from './yaml-nodes.js';

export interface ToolEntry {
  text: string;
  range: Range;
}

/**
 * Splits a tool string the way Claude Code does: on commas and whitespace, keeping whatever
 * is inside parentheses together (`Bash(git add:*), Read` gives two entries). Linear time.
 */
export function splitToolString(value: string): Array<{ text: string; offset: number }> {
  const out: Array<{ text: string; offset: number }> = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i <= value.length; i++) {
    const c = i < value.length ? value[i]! : ',';
    if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    const sep = i === value.length || (depth === 0 && (c === ',' || c === ' ' || c === '\t' || c === '\n' || c === '\r'));
    if (sep) {
      if (start !== -1) out.push({ text: value.slice(start, i), offset: start });
      start = -1;
    } else if (start === -1) start = i;
  }
  return out;
}

/**
 * The entries of a tool field with their ranges in the document, or null when the value is
 * neither a string nor a list. An entry's range is found in the source text; when it cannot be
 * (escapes, folded scalars), the whole value's range stands in.
 */
export function toolEntries(field: Pick<FrontmatterField, 'node' | 'items' | 'value' | 'valueRange'>, text: string, base: number): ToolEntry[] | null {
  const { value, valueRange } = field;
  const locate = (token: string, within: Range, from: number): Range & { next: number } => {
    const idx = text.slice(within.start, within.end).indexOf(token, from);
    if (idx === -1) return { ...within, next: from };
    return { start: within.start + idx, end: within.start + idx + token.length, next: idx + token.length };
  };
  if (typeof value === 'string') {
    const entries: ToolEntry[] = [];
    let cursor = 0;
    for (const part of splitToolString(value)) {
      const r = locate(part.text, valueRange, cursor);
      cursor = r.next;
      entries.push({ text: part.text, range: { start: r.start, end: r.end } });
    }
    return entries;
  }
  if (Array.isArray(value) && field.items && field.items.length === value.length) {
    // Items known by position (scalars): no YAML node needed.
    const entries: ToolEntry[] = [];
    field.items.forEach((itemRange, i) => {
      const v = value[i];
      if (v === null || v === undefined) return;
      const s = typeof v === 'object' ? JSON.stringify(v) : String(v).trim();
      if (!s) return;
      const r = locate(s, itemRange, 0);
      entries.push({ text: s, range: { start: r.start, end: r.end } });
    });
    return entries;
  }
  const node = Array.isArray(value) ? field.node : null;
  if (Array.isArray(value) && node && isSeq(node)) {
    const entries: ToolEntry[] = [];
    node.items.forEach((item, i) => {
      const v = value[i];
      const itemRange = nodeRange(item as YamlNode, base, valueRange);
      if (v === null || v === undefined) return;
      const s = typeof v === 'object' ? JSON.stringify(v) : String(v).trim();
      if (!s) return;
      const r = isScalar(item) ? locate(s, itemRange, 0) : itemRange;
      entries.push({ text: s, range: { start: r.start, end: r.end } });
    });
    return entries;
  }
  if (Array.isArray(value)) return value.map((v) => ({ text: String(v), range: valueRange }));
  return null;
}

export type ToolVerdict =
  | { kind: 'ok' }
  | { kind: 'all' }
  | { kind: 'mcp' }
  | { kind: 'alias'; target: string }
  | { kind: 'removed'; name: string; replacement?: string; nameLength: number }
  | { kind: 'case'; name: string; suggestion: string; nameLength: number }
  | { kind: 'unknown'; name: string; suggestion?: string; nameLength: number; malformed?: boolean };

const KNOWN = new Set(TOOL_NAMES);
const REMOVED = new Set(REMOVED_TOOLS);
const BY_LOWER = new Map<string, string>();
for (const n of [...TOOL_NAMES, ...Object.keys(TOOL_ALIASES), ...REMOVED_TOOLS]) BY_LOWER.set(n.toLowerCase(), n);
const SUGGESTABLE = Object.freeze([...TOOL_NAMES, ...Object.keys(TOOL_ALIASES)]);
const WITH_SPECIFIER = new RegExp(TOOL_PATTERNS.withSpecifier);
const MCP = new RegExp(TOOL_PATTERNS.mcp);

function classifyName(name: string): ToolVerdict {
  if (KNOWN.has(name)) return { kind: 'ok' };
  const alias = TOOL_ALIASES[name];
  if (alias) return { kind: 'alias', target: alias };
  if (REMOVED.has(name)) return { kind: 'removed', name, replacement: REMOVED_TOOL_SUGGESTIONS[name], nameLength: name.length };
  const sameLetters = BY_LOWER.get(name.toLowerCase());
  if (sameLetters) return { kind: 'case', name, suggestion: sameLetters, nameLength: name.length };
  return { kind: 'unknown', name, suggestion: closest(name, SUGGESTABLE), nameLength: name.length };
}

/** What Claude Code makes of one tool entry. */
export function classifyTool(entry: string): ToolVerdict {
  if (entry === '*') return { kind: 'all' };
  if (MCP.test(entry)) return { kind: 'mcp' };
  const m = WITH_SPECIFIER.exec(entry);
  if (m) return classifyName(m[1]!);
  if (/^[A-Za-z][A-Za-z0-9]*$/.test(entry)) return classifyName(entry);
  if (entry.includes('(')) {
    const name = entry.slice(0, entry.indexOf('('));
    const v = /^[A-Za-z][A-Za-z0-9]*$/.test(name) ? classifyName(name) : undefined;
    if (v && v.kind !== 'unknown') return { kind: 'unknown', name: entry, nameLength: entry.length, malformed: true };
  }
  return { kind: 'unknown', name: entry, suggestion: closest(entry, SUGGESTABLE), nameLength: entry.length };
}

/** The verdict resolves to a tool (or to all of them). */
export function resolves(v: ToolVerdict): boolean {
  return v.kind === 'ok' || v.kind === 'all' || v.kind === 'mcp' || v.kind === 'alias';
}

/** Tool names of GitHub Copilot / VS Code chat modes, to explain a list written for that tool. */
const COPILOT_HINTS = new Set([
  'codebase', 'editFiles', 'runCommands', 'githubRepo', 'problems', 'usages', 'changes', 'findTestFiles',
  'runTests', 'testFailure', 'terminalLastCommand', 'terminalSelection', 'vscodeAPI', 'openSimpleBrowser',
  'runTasks', 'searchResults', 'extensions', 'fetch', 'search', 'new', 'runNotebooks', 'todo', 'execute',
]);

/** The entries look like a GitHub Copilot (VS Code) tool list. */
export function looksLikeCopilot(entries: readonly string[]): boolean {
  return entries.some((e) => COPILOT_HINTS.has(e) || /^[a-z][A-Za-z]*\/[A-Za-z*]/.test(e));
}
