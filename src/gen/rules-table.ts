/** The rules table of docs/rules/README.md, generated from the rules' metadata. */
import type { Rule, RuleMeta } from '../engine/rule.js';

export const TABLE_START = '<!-- rules-table -->';
export const TABLE_END = '<!-- /rules-table -->';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** Marks a rule that runs only in projects that use the delegation standard. */
export const ONLY_WITH_STANDARD = '†';

/**
 * The profile column: the standard profiles a rule runs under (`all`, or the list), the one
 * whose syntax it checks everywhere, or that it is no standard rule.
 */
export function profileCell(m: RuleMeta): string {
  if (m.standard === false) return 'not a standard rule';
  if (m.standard) return `${m.standard} (checked wherever its syntax occurs, under any profile)`;
  const list = m.profiles ? m.profiles.join(', ') : 'all';
  return m.requiresStandard ? `${list} ${ONLY_WITH_STANDARD}` : list;
}

export function rulesTable(rules: readonly Rule[]): string {
  const sorted = [...rules].sort((a, b) => a.meta.id.localeCompare(b.meta.id));
  const rows = sorted
    .filter((r) => !r.meta.internal)
    .map((r) => {
      const m = r.meta;
      return `| [${m.id}](${m.id}.md) | ${m.severity} | ${profileCell(m)} | ${m.fixable ? 'yes' : m.hasSuggestions ? 'suggestions' : ''} | ${cell(m.description)} |`;
    });
  const internal = sorted.filter((r) => r.meta.internal).map((r) => `\`${r.meta.id}\``);
  return [
    '| rule | default | profile | fixable | what it checks |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `${ONLY_WITH_STANDARD} Only in projects that use the delegation standard (see above); the other rules run in every project. ` +
      'The profile is the `standard` a project sets: `v2` (Delegation Standard 2.0, the default), `v1` (Return Format 1.0) or `bounded`; ' +
      'what each profile says and where its documents contradict themselves is in [standard.md](../standard.md).',
    '',
    `Always on, reported by agent-lint itself (not configurable): ${internal.join(', ')}.`,
  ].join('\n');
}

/** The rules index page (docs/rules/README.md) with the text between the table markers replaced. */
export function withRulesTable(readme: string, table: string): string {
  const a = readme.indexOf(TABLE_START);
  const b = readme.indexOf(TABLE_END);
  if (a === -1 || b === -1 || b < a) throw new Error(`docs/rules/README.md has no ${TABLE_START} ... ${TABLE_END} markers`);
  return `${readme.slice(0, a + TABLE_START.length)}\n${table}\n${readme.slice(b)}`;
}
