/** The kinds table of docs/kinds.md and of the README, generated from src/model/kinds.ts and the rules' metadata. */
import type { Rule } from '../engine/rule.js';
import { ALL_KINDS, kindEntry, type FileKind } from '../model/kinds.js';

export const KINDS_START = '<!-- kinds-table -->';
export const KINDS_END = '<!-- /kinds-table -->';

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The configurable rules that run on a kind: those that name it, or the default set. */
export function rulesOfKind(kind: FileKind, rules: readonly Rule[]): string[] {
  const e = kindEntry(kind);
  return rules
    .filter((r) => !r.meta.internal && (r.meta.kinds ? r.meta.kinds.includes(kind) : e.defaultRules === true))
    .map((r) => r.meta.id)
    .sort();
}

/** docs/kinds.md's table: every kind, where it is found, and the rules that check it. */
export function kindsTable(rules: readonly Rule[]): string {
  const defaults = rules.filter((r) => !r.meta.internal && !r.meta.kinds).length;
  const rows = ALL_KINDS.map((k) => {
    const e = kindEntry(k);
    const named = rulesOfKind(k, rules).filter((id) => rules.find((r) => r.meta.id === id)!.meta.kinds);
    const ruleCell = [e.defaultRules ? `the ${defaults} spec rules` : '', ...named.map((id) => `[${id}](rules/${id}.md)`)].filter(Boolean).join(', ');
    const title = e.docs ? `[${cell(e.title)}](${e.docs})` : cell(e.title);
    return `| \`${k}\` | ${cell(e.tool) || '—'} | ${title} | ${cell(e.where)} | ${e.format} | ${ruleCell} |`;
  });
  return ['| kind | tool | what | where it is found | format | rules |', '| --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
}

/** The README's short table: one row per tool, its kinds linked to docs/kinds.md. */
export function kindsByTool(): string {
  const byTool = new Map<string, FileKind[]>();
  for (const k of ALL_KINDS) {
    const tool = kindEntry(k).tool;
    if (!tool) continue;
    byTool.set(tool, [...(byTool.get(tool) ?? []), k]);
  }
  const rows = [...byTool].map(([tool, kinds]) => `| ${cell(tool)} | ${kinds.map((k) => `[\`${k}\`](docs/kinds.md)`).join(', ')} |`);
  return ['| tool | kinds |', '| --- | --- |', ...rows].join('\n');
}

/** A page with the text between the kinds-table markers replaced. */
export function withKindsTable(page: string, table: string, name: string): string {
  const a = page.indexOf(KINDS_START);
  const b = page.indexOf(KINDS_END);
  if (a === -1 || b === -1 || b < a) throw new Error(`${name} has no ${KINDS_START} ... ${KINDS_END} markers`);
  return `${page.slice(0, a + KINDS_START.length)}\n${table}\n${page.slice(b)}`;
}
