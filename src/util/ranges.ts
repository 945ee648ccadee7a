/** Membership in a set of ranges, asked many times: sorted once, then a binary search per question. */
import type { Range } from '../types.js';

/** A test "is offset `o` inside one of `ranges`" (ranges may overlap), in O(log n) per call. */
export function rangeSet(ranges: readonly Range[]): (o: number) => boolean {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  // maxEnd[i]: the furthest end among sorted[0..i].
  const maxEnd: number[] = [];
  let m = -Infinity;
  for (const r of sorted) maxEnd.push((m = Math.max(m, r.end)));
  return (o) => {
    let lo = 0;
    let hi = sorted.length - 1;
    let last = -1; // the last range that starts at or before o
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.start <= o) {
        last = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return last >= 0 && maxEnd[last]! > o;
  };
}
