/**
 * Numbered steps in a block of prose (a `<process>`): lines `N. text` or `N) text`. Only the
 * outermost list level counts: lines indented deeper than the first numbered line are
 * sub-steps, and lettered items (`a.`) are no steps at all.
 */
import type { Range } from '../types.js';
import type { LineIndex } from './lines.js';

export interface NumberedStep {
  value: number;
  /** The number and its `.` or `)`. */
  range: Range;
  /** Indentation of the line, tabs counted as 4 columns. */
  indent: number;
}

const STEP = /^([ \t]*)(\d{1,4})[.)](?=[ \t]|$)/;

/** The numbered lines of `pieces` (sorted ranges of text), at every indentation. */
export function numberedLines(text: string, pieces: readonly Range[]): NumberedStep[] {
  const out: NumberedStep[] = [];
  for (const piece of pieces) {
    let p = piece.start;
    // A piece may start inside a line (after a child element): only whole lines count.
    if (p > 0 && text.charCodeAt(p - 1) !== 10) {
      const nl = text.indexOf('\n', p);
      p = nl === -1 ? piece.end : nl + 1;
    }
    while (p < piece.end) {
      const nl = text.indexOf('\n', p);
      const lineEnd = nl === -1 || nl > piece.end ? piece.end : nl;
      const m = STEP.exec(text.slice(p, Math.min(lineEnd, p + 16)));
      if (m) {
        const indent = m[1]!.replace(/\t/g, '    ').length;
        const start = p + m[1]!.length;
        out.push({ value: Number(m[2]), range: { start, end: start + m[2]!.length + 1 }, indent });
      }
      p = lineEnd + 1;
    }
  }
  return out;
}

export interface NumberingIssue {
  step: NumberedStep;
  /** The step before it at the same level (undefined: it is the first). */
  previous?: NumberedStep;
  kind: 'gap' | 'repeat' | 'backwards' | 'start';
}

/**
 * Checks that the top-level steps run 1, 2, 3 (a list may start at 0 or 1, and a later list
 * may start again at 1). Lines indented two or more columns deeper than the current list are
 * sub-steps; a line indented two or more columns less starts a new list at that level.
 */
export function numberingIssues(steps: readonly NumberedStep[]): NumberingIssue[] {
  const issues: NumberingIssue[] = [];
  let level = -1;
  let prev: NumberedStep | undefined;
  for (const s of steps) {
    // A sub-list is indented at least two columns past its parent's marker (`1. ` is three
    // wide); one column off is the same list written carelessly.
    if (level !== -1 && s.indent >= level + 2) continue;
    if (level === -1 || s.indent <= level - 2) {
      level = s.indent;
      prev = undefined;
    }
    if (!prev) {
      if (s.value > 1) issues.push({ step: s, kind: 'start' });
    } else if (s.value === prev.value + 1 || s.value === 1) {
      // next step, or a new list
    } else if (s.value > prev.value + 1) issues.push({ step: s, previous: prev, kind: 'gap' });
    else if (s.value === prev.value) issues.push({ step: s, previous: prev, kind: 'repeat' });
    else issues.push({ step: s, previous: prev, kind: 'backwards' });
    prev = s;
  }
  return issues;
}

/** A line that starts a step: `2.`, `STEP 7.1:`, `**Step 3**`, a heading, a `<step...>` or `<stage ...>` tag. */
const STEP_START = /^([ \t]*)(?:\d{1,4}[.)](?:[ \t]|$)|\**step[ \t_]*\d|#{1,6}[ \t]|<(?:step|stage)\b)/i;
const STEP_LINES = 40;

/**
 * The step a range belongs to: from the nearest line above it that starts a step (at most 40
 * lines up) to the line before the next step at the same or a lower indentation (at most 40 lines
 * below its end). Without a step line above: from the range to the next step line.
 */
export function stepAround(text: string, lines: LineIndex, range: Range): Range {
  const first = lines.lineOf(range.start);
  const last = lines.lineOf(Math.max(range.start, range.end - 1));
  let head = -1;
  let indent = Infinity;
  for (let l = first; l >= 0 && l >= first - STEP_LINES; l--) {
    const m = STEP_START.exec(lines.lineText(l));
    if (m && (l < first || m[0].trim() !== '')) {
      head = l;
      indent = m[1]!.replace(/\t/g, '    ').length;
      break;
    }
  }
  let end = Math.min(lines.lineCount - 1, last + STEP_LINES);
  for (let l = last + 1; l <= Math.min(lines.lineCount - 1, last + STEP_LINES); l++) {
    const m = STEP_START.exec(lines.lineText(l));
    if (m && (head === -1 || m[1]!.replace(/\t/g, '    ').length <= indent)) {
      end = l - 1;
      break;
    }
  }
  const start = head === -1 ? lines.starts[first]! : lines.starts[head]!;
  return { start, end: Math.max(start, lines.lineEnd(end)) };
}
