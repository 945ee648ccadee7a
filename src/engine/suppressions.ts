/**
 * Inline disable comments, resolved once per file into a lookup by line:
 *   <!-- agent-lint-disable rule-a rule-b -->   ... <!-- agent-lint-enable rule-a -->
 *   <!-- agent-lint-disable-next-line rule-a -->
 *   <!-- agent-lint-disable-line rule-a -->
 *   <!-- agent-lint-disable-file rule-a -->
 * and the same as YAML comments in frontmatter (`# agent-lint-disable-next-line rule-a`).
 * No rule list means every rule. Text after ` -- ` is the justification.
 * Comments inside fenced code blocks are examples, not directives (when the caller says where
 * the blocks are); `#` comments count only inside the frontmatter (when the caller says where
 * it is), so a markdown heading is never a directive.
 */
import type { LineIndex } from '../model/lines.js';
import type { Range } from '../types.js';

export type DirectiveKind = 'disable' | 'enable' | 'disable-next-line' | 'disable-line' | 'disable-file';

export interface Directive {
  kind: DirectiveKind;
  /** One-based line of the comment. */
  line: number;
  /** Rule ids, or null for every rule. */
  rules: string[] | null;
  justification: string;
}

const DIRECTIVE = /(<!--|#)[ \t]*agent-lint-(disable-next-line|disable-line|disable-file|disable|enable)\b([^\n]*?)(?:-->|$)/gm;

export interface Suppressions {
  /** The directive that suppresses a rule's finding starting at `line`, or null. */
  match(ruleId: string, line: number): Directive | null;
  isSuppressed(ruleId: string, line: number): boolean;
  readonly count: number;
}

export interface SuppressionScope {
  /** Where the frontmatter's YAML is: `#` directives count only there. */
  frontmatter?: Range | null;
  /** Ranges whose comments are not directives (fenced code blocks). */
  skip?: readonly Range[];
}

const NONE: Suppressions = { match: () => null, isSuppressed: () => false, count: 0 };

const inside = (ranges: readonly Range[], offset: number) => ranges.some((r) => offset >= r.start && offset < r.end);

export function parseSuppressions(text: string, lines: LineIndex, scope?: SuppressionScope): Suppressions {
  if (!text.includes('agent-lint-')) return NONE;
  const directives: Directive[] = [];
  DIRECTIVE.lastIndex = 0;
  for (let m = DIRECTIVE.exec(text); m; m = DIRECTIVE.exec(text)) {
    if (scope) {
      if (m[1] === '#' && !(scope.frontmatter && inside([scope.frontmatter], m.index))) continue;
      if (scope.skip && inside(scope.skip, m.index)) continue;
    }
    const rest = m[3]!;
    const cut = rest.search(/(^|\s)--(\s|$)/);
    const list = (cut === -1 ? rest : rest.slice(0, cut)).trim();
    const justification = cut === -1 ? '' : rest.slice(cut).replace(/^\s*--/, '').trim();
    const rules = list ? list.split(/[\s,]+/).filter(Boolean) : null;
    directives.push({ kind: m[2] as DirectiveKind, line: lines.position(m.index).line, rules, justification });
  }
  if (directives.length === 0) return NONE;
  const applies = (d: Directive, id: string) => d.rules === null || d.rules.includes(id);
  const match = (ruleId: string, line: number): Directive | null => {
    let open: Directive | null = null;
    for (const d of directives) {
      if (!applies(d, ruleId)) continue;
      switch (d.kind) {
        case 'disable-file':
          return d;
        case 'disable-next-line':
          if (d.line + 1 === line) return d;
          break;
        case 'disable-line':
          if (d.line === line) return d;
          break;
        case 'disable':
          if (d.line <= line) open = d;
          break;
        case 'enable':
          if (d.line <= line) open = null;
          break;
      }
    }
    return open;
  };
  return { count: directives.length, match, isSuppressed: (ruleId, line) => match(ruleId, line) !== null };
}
