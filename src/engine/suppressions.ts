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
  return {
    count: directives.length,
    isSuppressed(ruleId: string, line: number): boolean {
      let disabled = false;
      for (const d of directives) {
        if (!matches(d, ruleId)) continue;
        switch (d.kind) {
          case 'disable-file':
            return true;
          case 'disable-next-line':
            if (d.line + 1 === line) return true;
            break;
          case 'disable-line':
            if (d.line === line) return true;
            break;
          case 'disable':
            if (d.line <= line) disabled = true;
            break;
          case 'enable':
            if (d.line <= line) disabled = false;
            break;
        }
      }
      return disabled;
    },
  };
}
