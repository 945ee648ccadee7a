/**
 * TIMING=1 (as ESLint's): after a run, the rules that took the most time, with their share.
 * Printed to standard error so that a `--format json` report on standard output stays whole.
 */

/** How many rules the table shows: `TIMING=all` shows every rule, a number that many, else 10. */
export function timingRows(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (value === 'all') return Infinity;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.max(n, 10) : 10;
}

export function timingTable(timing: ReadonlyMap<string, number>, rows: number): string {
  const all = [...timing].sort((a, b) => b[1] - a[1]);
  const total = all.reduce((s, [, ms]) => s + ms, 0);
  const shown = all.slice(0, rows);
  const width = Math.max(4, ...shown.map(([id]) => id.length));
  const lines = [`${'Rule'.padEnd(width)} | Time (ms) | Relative`, `${'-'.repeat(width)} | --------: | -------:`];
  for (const [id, ms] of shown) {
    const rel = total > 0 ? `${((100 * ms) / total).toFixed(1)}%` : '0.0%';
    lines.push(`${id.padEnd(width)} | ${ms.toFixed(3).padStart(9)} | ${rel.padStart(8)}`);
  }
  return `${lines.join('\n')}\n`;
}
