/**
 * Suggestions as --fix-dry-run shows them: each one a unified diff of its own, under a line that
 * says where it comes from and what it does. Suggestions of one finding are alternatives (the
 * depth or the path), so each diff is made against the text the finding was reported on.
 */
import type { LintResult, Suggestion } from '../types.js';
import { unifiedDiff } from './diff.js';

/** The text with one suggestion applied. */
export function applySuggestion(text: string, s: Pick<Suggestion, 'fix'>): string {
  const [a, b] = s.fix.range;
  return text.slice(0, a) + s.fix.text + text.slice(b);
}

/** The suggestions of the results as labelled diffs (empty when there are none). */
export function suggestionDiffs(results: readonly LintResult[], shown: (filePath: string) => string): string {
  let out = '';
  for (const r of results) {
    if (r.source === undefined) continue;
    for (const m of r.messages) {
      for (const s of m.suggestions ?? []) {
        const file = shown(r.filePath);
        out += `# suggestion for ${file}:${m.line}:${m.column} (${m.ruleId}): ${s.desc}\n`;
        out += unifiedDiff(file, r.source, applySuggestion(r.source, s));
      }
    }
  }
  return out;
}
