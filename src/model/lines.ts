/**
 * Line index of a text: converts offsets to one-based line and column and back.
 * Columns count UTF-16 code units, one-based; `\r\n` and `\n` both end a line.
 */
import type { Location, Range } from '../types.js';

export class LineIndex {
  /** Offset at which each line starts. */
  readonly starts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.starts = starts;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** Zero-based line number of an offset. */
  lineOf(offset: number): number {
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * One-based line and column of an offset (clamped into the text). An offset between the `\r`
   * and the `\n` of a CRLF line ending counts as the end of the line (column = length + 1).
   */
  position(offset: number): { line: number; column: number } {
    const o = Math.max(0, Math.min(offset, this.text.length));
    const l = this.lineOf(o);
    return { line: l + 1, column: Math.min(o, this.lineEnd(l)) - this.starts[l]! + 1 };
  }

  location(range: Range): Location {
    const a = this.position(range.start);
    const b = this.position(Math.max(range.end, range.start));
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }

  /** Offset of a one-based line and column (clamped to the line). */
  offset(line: number, column: number): number {
    const l = Math.max(1, Math.min(line, this.starts.length)) - 1;
    const start = this.starts[l]!;
    return Math.min(start + Math.max(0, column - 1), this.lineEnd(l));
  }

  /** Offset where a zero-based line's content ends (before `\r\n` or `\n`). */
  lineEnd(line: number): number {
    const next = line + 1 < this.starts.length ? this.starts[line + 1]! - 1 : this.text.length;
    return next > this.starts[line]! && this.text.charCodeAt(next - 1) === 13 ? next - 1 : next;
  }

  /** Text of a zero-based line without its line ending. */
  lineText(line: number): string {
    return this.text.slice(this.starts[line]!, this.lineEnd(line));
  }
}
