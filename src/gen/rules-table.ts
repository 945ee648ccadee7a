/** The README's rules table, generated from the rules' metadata. */
import type { Rule } from '../engine/rule.js';

export const TABLE_START = '<!-- rules-table -->';
export const TABLE_END = '<!-- /rules-table -->';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

export function rulesTable(rules: readonly Rule[]): string {
  const sorted = [...rules].sort((a, b) => a.meta.id.localeCompare(b.meta.id));
  const rows = sorted
    .filter((r) => !r.meta.internal)
    .map((r) => {
      const m = r.meta;
      const profiles = m.profiles || m.requiresStandard ? `${(m.profiles ?? ['v2', 'v1', 'bounded']).join(', ')}${m.requiresStandard ? ' (projects that use the standard)' : ''}` : 'all';
      return `| [${m.id}](docs/rules/${m.id}.md) | ${m.severity} | ${profiles} | ${m.fixable ? 'yes' : ''} | ${cell(m.description)} |`;
    });
  const internal = sorted.filter((r) => r.meta.internal).map((r) => `\`${r.meta.id}\``);
  return [
    '| rule | default | profiles | fixable | what it checks |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Always on, reported by agent-lint itself (not configurable): ${internal.join(', ')}.`,
  ].join('\n');
}

/** The README with the text between the table markers replaced. */
export function withRulesTable(readme: string, table: string): string {
  const a = readme.indexOf(TABLE_START);
  const b = readme.indexOf(TABLE_END);
  if (a === -1 || b === -1 || b < a) throw new Error(`README.md has no ${TABLE_START} ... ${TABLE_END} markers`);
  return `${readme.slice(0, a + TABLE_START.length)}\n${table}\n${readme.slice(b)}`;
}
