/**
 * Checks of Claude Code tool fields: each entry is a known tool, an alias, a `Tool(specifier)`
 * of a known tool, an MCP name or `*`. Reports at the exact entry.
 */
import { orList, type FieldContext, type Finding } from './finding.js';
import { classifyTool, looksLikeCopilot, resolves, toolEntries, type ToolVerdict } from './tool-list.js';
import { show, typeName } from './yaml-nodes.js';
import type { ProjectView } from '../../model/project.js';

/** The tool fields of Claude Code files. */
export const TOOL_FIELDS = new Set(['tools', 'disallowedTools', 'allowed-tools', 'disallowed-tools']);

/** What an unusable list means, per field. */
function consequence(field: string): string {
  if (field === 'tools') return 'Claude Code resolves no tool from the list and fails to launch the agent';
  if (field === 'allowed-tools') return 'the list pre-approves nothing';
  return 'the list blocks nothing';
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
    return [
      {
        messageId: 'type',
        message: `\`${field.key}\` is ${typeName(v)} (${show(v)}), expected a comma-separated string of tool names (e.g. "Read, Grep, Bash(git status:*)") or a list`,
        range: field.valueRange,
      },
    ];
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
      messageId: 'no-known-tool',
      message: `none of the ${names.length} entries of \`${field.key}\` is a Claude Code tool`,
      help: `The entries: ${listed}.${copilot} ${consequence(field.key).replace(/^./, (c) => c.toUpperCase())}. Use Claude Code names such as Read, Edit, Write, Bash, Grep, Glob, WebFetch.`,
      range: field.valueRange,
      warn: true,
    });
    return out;
  }

  for (const { entry, verdict } of bad) {
    const f = describe(field.key, entry.text, verdict, agentNames);
    if (!f) continue;
    const nameEnd = entry.range.end - entry.range.start === entry.text.length ? entry.range.start + Math.min(f.length, entry.text.length) : entry.range.end;
    out.push({ messageId: f.id, message: f.message, help: f.help, range: { start: entry.range.start, end: nameEnd }, warn: true });
  }
  return out;
}

/** VS Code's `server/tool` MCP syntax. */
const SLASHED = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+|\*)$/;

function describe(key: string, text: string, v: ToolVerdict, agentNames: () => ReadonlySet<string>): { id: string; message: string; help?: string; length: number } | null {
  switch (v.kind) {
    case 'removed':
      return {
        id: 'removed-tool',
        length: v.nameLength,
        message: `\`${v.name}\` in \`${key}\` is a tool Claude Code no longer has${v.replacement ? `: use \`${v.replacement}\` instead` : ''}`,
        help: v.replacement ? 'The entry is ignored.' : 'It was removed without a replacement; the entry is ignored.',
      };
    case 'case':
      return {
        id: 'tool-case',
        length: v.nameLength,
        message: `\`${v.name}\` in \`${key}\` is not a Claude Code tool: tool names are case-sensitive; did you mean \`${v.suggestion}\`?`,
      };
    case 'unknown': {
      if (v.malformed)
        return { id: 'malformed-tool', length: text.length, message: `\`${text}\` in \`${key}\` is not a tool name nor a \`Tool(specifier)\` pattern: check the parentheses` };
      // The project's agents are read only now, for an unknown name (a cross-file lookup).
      if (agentNames().has(v.name))
        return {
          id: 'agent-as-tool',
          length: v.nameLength,
          message: `\`${v.name}\` in \`${key}\` is an agent, not a tool: to let this one delegate to it, list \`Agent\` (or \`Agent(${v.name})\`)`,
        };
      const slashed = SLASHED.exec(v.name);
      const hint = v.suggestion
        ? `; did you mean \`${v.suggestion}\`?`
        : slashed
          ? `; \`server/tool\` is VS Code's way to name an MCP tool, Claude Code's is \`mcp__${slashed[1]}__${slashed[2]}\``
          : `; expected a tool such as ${orList(['Read', 'Edit', 'Bash', 'Grep'])}, a \`Tool(specifier)\` pattern or an MCP name \`mcp__server__tool\``;
      return { id: 'unknown-tool', length: v.nameLength, message: `\`${v.name}\` in \`${key}\` is not a known Claude Code tool${hint}` };
    }
    default:
      return null;
  }
}
