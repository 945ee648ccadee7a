/** Did-you-mean suggestions by edit distance. */

/** Levenshtein distance, computed with two rows of the table; `max + 1` once it must exceed `max`. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[b.length]!;
}

/**
 * The closest candidate, if it is close enough to be a likely typo: at most a third of the
 * word's length in edits (at least 1, at most 3), compared case-insensitively.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  const max = Math.min(3, Math.max(1, Math.floor(w.length / 3)));
  let best: string | undefined;
  let bestD = max + 1;
  for (const c of candidates) {
    const d = editDistance(w, c.toLowerCase(), max);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

