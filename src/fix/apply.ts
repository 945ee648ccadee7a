/**
 * Applying fixes: text edits that rules attach to their findings. Non-overlapping edits apply in
 * one pass (ESLint's way: sorted by position, an edit that overlaps an earlier one waits for the
 * next pass); the caller lints the result again and repeats, at most MAX_PASSES times.
 */
import type { Fix, LintMessage } from '../types.js';

export const MAX_PASSES = 10;

export interface FixPass {
  output: string;
  /** Fixes applied in this pass. */
  applied: Fix[];
  /** Fixes left for a later pass (they overlapped an applied one). */
  deferred: Fix[];
}

/** Applies the non-overlapping fixes of `messages` to `text`. */
export function applyFixesOnce(text: string, messages: readonly Pick<LintMessage, 'fix'>[]): FixPass {
  const fixes = messages
    .map((m) => m.fix)
    .filter((f): f is Fix => !!f)
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  const applied: Fix[] = [];
  const deferred: Fix[] = [];
  let out = '';
  let last = 0;
  let lastEnd = -1;
  for (const f of fixes) {
    const [start, end] = f.range;
    if (start < 0 || end > text.length || start > end) {
      deferred.push(f);
      continue;
    }
    // Touching edits (one ends where the next starts) would be ambiguous when both insert: defer.
    if (start < lastEnd || (start === lastEnd && applied.length > 0)) {
      deferred.push(f);
      continue;
    }
    if (text.slice(start, end) === f.text) continue; // a no-op edit
    out += text.slice(last, start) + f.text;
    last = end;
    lastEnd = end;
    applied.push(f);
  }
  out += text.slice(last);
  return { output: out, applied, deferred };
}

export interface FixLoopResult {
  output: string;
  passes: number;
  fixed: number;
  /** The messages of the last lint of the output. */
  messages: LintMessage[];
}

/**
 * Lints, fixes and lints again until nothing is fixable or MAX_PASSES passes ran.
 * `lintText` lints a version of the file's text and returns its messages.
 */
export function fixLoop(text: string, messages: LintMessage[], lintText: (text: string) => LintMessage[]): FixLoopResult {
  let current = text;
  let msgs = messages;
  let passes = 0;
  let fixed = 0;
  while (passes < MAX_PASSES && msgs.some((m) => m.fix)) {
    const pass = applyFixesOnce(current, msgs);
    if (pass.applied.length === 0) break;
    passes++;
    fixed += pass.applied.length;
    current = pass.output;
    msgs = lintText(current);
  }
  return { output: current, passes, fixed, messages: msgs };
}
