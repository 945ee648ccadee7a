/**
 * Checks of Claude Code tool fields: each entry is a known tool, an alias, a `Tool(specifier)`
 * of a known tool, an MCP name or `*`. Reports at the exact entry.
 */
import { typeAndValue, type FieldContext, type Finding } from './finding.js';
import { classifyTool, looksLikeCopilot, resolves, toolEntries, type ToolVerdict } from './tool-list.js';
import type { ProjectView } from '../../model/project.js';

/** The tool fields of Claude Code files. */
export const TOOL_FIELDS = new Set(['tools', 'disallowedTools', 'allowed-tools', 'disallowed-tools']);

/** A list of no usable tool, by what it means for the field: nothing launches, nothing is pre-approved, nothing blocked. */
function noKnownTool(field: string): string {
  if (field === 'tools') return 'no-known-tool';
  if (field === 'allowed-tools') return 'no-allowed-tool';
  return 'no-disallowed-tool';
}

/**
 * The project keeps the verdicts of its files' entries (the same few names recur across them, and
 * a suggestion costs edit distances) and its agents' names, to explain an agent listed as if it
 * were a tool.
 */
export function checkToolField(c: FieldContext, project: ProjectView): Finding[] {
  const { field } = c;
  const v = field.value;
  if (v === null || v === undefined) return [];
  const entries = toolEntries(field, c.text, c.base);
  if (!entries) {
    return [{ messageId: 'tools-type', data: { key: field.key, value: typeAndValue(v) }, range: field.valueRange }];
  }
  const known = project.fact('toolVerdicts', () => new Map<string, ToolVerdict>());
  const verdictOf = (entry: string): ToolVerdict => {
    let v = known.get(entry);
    if (!v) known.set(entry, (v = classifyTool(entry)));
    return v;
  };
  const agentNames = () => project.fact('agentNames', (p) => new Set(p.byName('agent').keys()));
  const verdicts = entries.map((e) => ({ entry: e, verdict: verdictOf(e.text) }));
  const bad = verdicts.filter((x) => !resolves(x.verdict));
  const out: Finding[] = [];

  // A whole list written for another assistant: one finding, not one per name.
  if (bad.length >= 3 && bad.length === verdicts.length) {
    const names = bad.map((x) => x.entry.text);
    const listed = names.length > 6 ? `${names.slice(0, 6).join(', ')}, ... (${names.length} in all)` : names.join(', ');
    const copilot = looksLikeCopilot(names) ? ' They look like GitHub Copilot (VS Code) tool names.' : '';
    out.push({
      messageId: noKnownTool(field.key),
      data: { count: names.length, key: field.key, listed, copilot },
      range: field.valueRange,
      warn: true,
    });
    return out;
  }

  for (const { entry, verdict } of bad) {
    const f = describe(entry.text, verdict, agentNames);
    if (!f) continue;
    const nameEnd = entry.range.end - entry.range.start === entry.text.length ? entry.range.start + Math.min(f.length, entry.text.length) : entry.range.end;
    out.push({ messageId: f.id, data: { key: field.key, ...f.data }, range: { start: entry.range.start, end: nameEnd }, warn: true });
  }
  return out;
}

/** VS Code's `server/tool` MCP syntax. */
const SLASHED = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+|\*)$/;

/** Which finding an entry is, its data, and how much of the entry is the tool's name. */
function describe(text: string, v: ToolVerdict, agentNames: () => ReadonlySet<string>): { id: string; data: Record<string, string>; length: number } | null {
  switch (v.kind) {
    case 'removed':
      return v.replacement
        ? { id: 'replaced-tool', length: v.nameLength, data: { name: v.name, replacement: v.replacement } }
        : { id: 'removed-tool', length: v.nameLength, data: { name: v.name } };
    case 'case':
      return { id: 'tool-case', length: v.nameLength, data: { name: v.name, suggestion: v.suggestion } };
    case 'unknown': {
      if (v.malformed) return { id: 'malformed-tool', length: text.length, data: { name: text } };
      // The project's agents are read only now, for an unknown name (a cross-file lookup).
      if (agentNames().has(v.name)) return { id: 'agent-as-tool', length: v.nameLength, data: { name: v.name } };
      if (v.suggestion) return { id: 'misspelled-tool', length: v.nameLength, data: { name: v.name, suggestion: v.suggestion } };
      const slashed = SLASHED.exec(v.name);
      if (slashed) return { id: 'vscode-mcp-tool', length: v.nameLength, data: { name: v.name, server: slashed[1]!, tool: slashed[2]! } };
      return { id: 'unknown-tool', length: v.nameLength, data: { name: v.name } };
    }
    default:
      return null;
  }
}
