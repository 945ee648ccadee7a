/**
 * Growth checks: how the time of some work grows when its input grows 4 and 16 times. Linear work
 * takes about 4 and 16 times as long (n log n about 4.5 and 20); quadratic work 16 and 256 times.
 * The verdict is "super-linear" when 16x takes over `ratio` (7) times as long as 4x (the 1x time is
 * reported, not judged: at small sizes fixed costs dominate). The 1x job runs once before timing (compilation), and the verdict uses and the minimum of several repetitions, taken only
 * while a measurement looks super-linear: on a busy shared machine one slow run is noise, a
 * minimum that stays slow is not. Times below `floorMs` count as `floorMs` (fixed costs and timer
 * noise dominate there).
 */
export interface GrowthResult {
  /** Minimum times at 1x, 4x and 16x, in milliseconds. */
  ms: [number, number, number];
  superLinear: boolean;
  /** For failure messages: "1x 2 ms, 4x 9 ms, 16x 40 ms (3 runs)". */
  summary: string;
}

const SCALES = [1, 4, 16] as const;

export function growth(prepare: (scale: number) => () => void, opts: { floorMs?: number; maxReps?: number; ratio?: number } = {}): GrowthResult {
  const floor = opts.floorMs ?? 5;
  const maxReps = opts.maxReps ?? 4;
  const ratio = opts.ratio ?? 7;
  const jobs = SCALES.map((s) => prepare(s));
  jobs[0]!(); // warm-up: the first run compiles the code
  const best = [Infinity, Infinity, Infinity] as [number, number, number];
  const verdict = () => {
    const [, b, c] = best.map((t) => Math.max(t, floor)) as [number, number, number];
    return c > ratio * b;
  };
  let reps = 0;
  do {
    reps++;
    jobs.forEach((job, i) => {
      const t0 = performance.now();
      job();
      best[i] = Math.min(best[i]!, performance.now() - t0);
    });
  } while (verdict() && reps < maxReps);
  const superLinear = verdict();
  return { ms: best, superLinear, summary: `${SCALES.map((s, i) => `${s}x ${best[i]!.toFixed(1)} ms`).join(', ')} (${reps} run${reps > 1 ? 's' : ''})` };
}
