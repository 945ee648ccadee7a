/**
 * `--list-rules`: the rules in groups (frontmatter, the delegation standard, the delegation
 * graph, manifests, instruction files), `*` on those that run only in projects that use the
 * standard, and the engine's own diagnostics apart. The group comes from what a rule declares: a
 * cross-file check reads the graph, the other tools' markdown kinds are instruction files, their
 * other kinds manifests, `standard: false` is frontmatter and file checks.
 */
import type { Rule, RuleMeta } from '../engine/rule.js';
import { kindEntry } from '../model/kinds.js';

const MARKDOWN_KINDS = new Set(['agent', 'command', 'skill', 'other']);

type Group = 'frontmatter' | 'standard' | 'graph' | 'manifests' | 'instructions' | 'engine';

const TITLES: Record<Group, string> = {
  frontmatter: 'Frontmatter and files',
  standard: 'Delegation standard',
  graph: 'Delegation graph (across files)',
  manifests: 'Manifests (plugin, marketplace, hooks, settings, MCP)',
  instructions: 'Instruction files (CLAUDE.md, AGENTS.md, GEMINI.md, the other tools\' rules)',
  engine: 'Engine diagnostics (always on, reported by agent-lint itself)',
};

export function ruleGroup(rule: Rule): Group {
  const m = rule.meta;
  if (m.internal) return 'engine';
  if (m.kinds?.length && m.kinds.every((k) => !MARKDOWN_KINDS.has(k))) return m.kinds.every((k) => kindEntry(k).format === 'markdown') ? 'instructions' : 'manifests';
  if (rule.checkProject) return 'graph';
  if (m.standard === false) return 'frontmatter';
  return 'standard';
}

function flags(m: RuleMeta): string {
  return m.fixable ? 'fixable' : m.hasSuggestions ? 'suggests' : '-';
}

export function listRules(rules: readonly Rule[]): string {
  const rows = rules.map((r) => ({ group: ruleGroup(r), cells: [r.meta.id + (r.meta.requiresStandard ? ' *' : ''), r.meta.internal ? 'always' : r.meta.severity, flags(r.meta), r.meta.description] }));
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r.cells[i]!.length)));
  const out: string[] = [];
  for (const group of Object.keys(TITLES) as Group[]) {
    const inGroup = rows.filter((r) => r.group === group);
    if (!inGroup.length) continue;
    if (out.length) out.push('');
    out.push(`${TITLES[group]}:`);
    for (const { cells } of inGroup) out.push(`  ${cells[0]!.padEnd(w[0]!)}  ${cells[1]!.padEnd(w[1]!)}  ${cells[2]!.padEnd(w[2]!)}  ${cells[3]}`);
  }
  out.push('', '* runs only in projects that use the delegation standard (a return or delegation context in a file, or `standard` / `usesStandard` in the config).');
  return out.join('\n') + '\n';
}
