/**
 * Inline disable comments, resolved once per file into a lookup by line:
 *   <!-- agent-lint-disable rule-a rule-b -->   ... <!-- agent-lint-enable rule-a -->
 *   <!-- agent-lint-disable-next-line rule-a -->
 *   <!-- agent-lint-disable-line rule-a -->
 *   <!-- agent-lint-disable-file rule-a -->
 * and the same as `#` comments: YAML's in frontmatter, TOML's, Starlark's
 * (`# agent-lint-disable-next-line rule-a`).
 * No rule list means every rule. Text after ` -- ` is the justification.
 * Comments inside fenced code blocks are examples, not directives (when the caller says where
 * the blocks are); `#` comments count only where `#` starts a comment (when the caller says
 * where: a markdown file's frontmatter), so a markdown heading is never a directive.
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
  /** Where `#` starts a comment (a markdown file's frontmatter, all of a TOML file): `#` directives count only there. */
  hashComments?: Range | null;
  /** Ranges whose comments are not directives (fenced code blocks). */
  skip?: readonly Range[];
}

const NONE: Suppressions = { match: () => null, isSuppressed: () => false, count: 0 };

const inside = (ranges: readonly Range[], offset: number) => ranges.some((r) => offset >= r.start && offset < r.end);

/** The inline disable comments of a file, resolved into a lookup by line. */
export function parseDisableComments(text: string, lines: LineIndex, scope?: SuppressionScope): Suppressions {
  if (!text.includes('agent-lint-')) return NONE;
  const directives: Directive[] = [];
  DIRECTIVE.lastIndex = 0;
  for (let m = DIRECTIVE.exec(text); m; m = DIRECTIVE.exec(text)) {
    if (scope) {
      if (m[1] === '#' && !(scope.hashComments && inside([scope.hashComments], m.index))) continue;
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
  // Indexed once, so that a file with many findings and many comments is not quadratic:
  // one-line directives by the line they cover, and per rule the file-wide directive and the
  // disable/enable switches in order.
  const byLine = new Map<number, Directive[]>();
  for (const d of directives) {
    const covered = d.kind === 'disable-next-line' ? d.line + 1 : d.kind === 'disable-line' ? d.line : 0;
    if (!covered) continue;
    const list = byLine.get(covered);
    if (list) list.push(d);
    else byLine.set(covered, [d]);
  }
  const perRule = new Map<string, { file: Directive | null; switches: Directive[] }>();
  const forRule = (id: string) => {
    let r = perRule.get(id);
    if (!r) {
      r = { file: null, switches: [] };
      for (const d of directives) {
        if (!applies(d, id)) continue;
        if (d.kind === 'disable-file') r.file ??= d;
        else if (d.kind === 'disable' || d.kind === 'enable') r.switches.push(d);
      }
      perRule.set(id, r);
    }
    return r;
  };
  const match = (ruleId: string, line: number): Directive | null => {
    const r = forRule(ruleId);
    if (r.file) return r.file;
    const one = byLine.get(line)?.find((d) => applies(d, ruleId));
    if (one) return one;
    // The last disable/enable switch at or before the line decides (directives are in order).
    let lo = 0;
    let hi = r.switches.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (r.switches[mid]!.line <= line) {
        last = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const d = last >= 0 ? r.switches[last]! : null;
    return d && d.kind === 'disable' ? d : null;
  };
  return { count: directives.length, match, isSuppressed: (ruleId, line) => match(ruleId, line) !== null };
}
