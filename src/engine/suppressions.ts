/**
 * Inline disable comments, resolved once per file into a lookup by line:
 *   <!-- agent-lint-disable rule-a rule-b -->   ... <!-- agent-lint-enable rule-a -->
 *   <!-- agent-lint-disable-next-line rule-a -->
 *   <!-- agent-lint-disable-line rule-a -->
 *   <!-- agent-lint-disable-file rule-a -->
 * and the same as YAML comments in frontmatter (`# agent-lint-disable-next-line rule-a`).
 * No rule list means every rule.
 */
import type { LineIndex } from '../model/lines.js';

type Directive = {
  kind: 'disable' | 'enable' | 'disable-next-line' | 'disable-line' | 'disable-file';
  line: number; // one-based line of the comment
  rules: string[] | null;
};

const DIRECTIVE = /(?:<!--|#)[ \t]*agent-lint-(disable-next-line|disable-line|disable-file|disable|enable)\b([^\n]*?)(?:-->|$)/gm;

export interface Suppressions {
  isSuppressed(ruleId: string, line: number): boolean;
  readonly count: number;
}

const NONE: Suppressions = { isSuppressed: () => false, count: 0 };

export function parseSuppressions(text: string, lines: LineIndex): Suppressions {
  if (!text.includes('agent-lint-')) return NONE;
  const directives: Directive[] = [];
  DIRECTIVE.lastIndex = 0;
  for (let m = DIRECTIVE.exec(text); m; m = DIRECTIVE.exec(text)) {
    const rest = m[2]!.replace(/--.*$/, '').trim();
    const rules = rest ? rest.split(/[\s,]+/).filter(Boolean) : null;
    directives.push({ kind: m[1] as Directive['kind'], line: lines.position(m.index).line, rules });
  }
  if (directives.length === 0) return NONE;
  const matches = (d: Directive, id: string) => d.rules === null || d.rules.includes(id);
  // Indexed once, so that a file with many findings and many comments is not quadratic:
  // one-line directives by the line they cover, and per rule the disable/enable switches in order.
  const byLine = new Map<number, Directive[]>();
  for (const d of directives) {
    const covered = d.kind === 'disable-next-line' ? d.line + 1 : d.kind === 'disable-line' ? d.line : 0;
    if (!covered) continue;
    const list = byLine.get(covered);
    if (list) list.push(d);
    else byLine.set(covered, [d]);
  }
  const perRule = new Map<string, { file: boolean; lines: number[]; disabled: boolean[] }>();
  const forRule = (id: string) => {
    let r = perRule.get(id);
    if (!r) {
      r = { file: false, lines: [], disabled: [] };
      for (const d of directives) {
        if (!matches(d, id)) continue;
        if (d.kind === 'disable-file') r.file = true;
        else if (d.kind === 'disable' || d.kind === 'enable') {
          r.lines.push(d.line);
          r.disabled.push(d.kind === 'disable');
        }
      }
      perRule.set(id, r);
    }
    return r;
  };
  return {
    count: directives.length,
    isSuppressed(ruleId: string, line: number): boolean {
      const r = forRule(ruleId);
      if (r.file) return true;
      if (byLine.get(line)?.some((d) => matches(d, ruleId))) return true;
      // The last disable/enable switch at or before the line decides (directives are in order).
      let lo = 0;
      let hi = r.lines.length - 1;
      let last = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (r.lines[mid]! <= line) {
          last = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      return last >= 0 && r.disabled[last]!;
    },
  };
}
