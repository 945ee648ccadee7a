/**
 * The upward search: from a folder through the folders above it, nearest first, until one
 * answers. A file's project root, its config, its plugin, a project's marketplace and the
 * repository root are all found this way. Paths are absolute, in the platform's form.
 */
import { path } from '../platform/host.js';
import { isWithin } from './paths.js';

export interface UpwardBounds {
  /** The highest folder to look at: the walk ends there, and at once when it starts outside it. */
  stop?: string;
  /** How many folders above the first one to look at (none: up to the filesystem root). */
  maxUp?: number;
}

/**
 * Asks `look` about `dir` and then each folder above it; the first answer that is not undefined
 * ends the walk and is returned. Undefined when no folder within the bounds answers.
 */
export function searchUp<T>(dir: string, look: (dir: string) => T | undefined, bounds: UpwardBounds = {}): T | undefined {
  const { stop, maxUp = Infinity } = bounds;
  for (let d = dir, steps = 0; ; steps++) {
    const answer = look(d);
    if (answer !== undefined) return answer;
    const up = path.dirname(d);
    if (up === d || steps >= maxUp || (stop !== undefined && (d === stop || !isWithin(stop, d)))) return undefined;
    d = up;
  }
}

/** The nearest folder from `dir` up that `holds`, or null. */
export function findUp(dir: string, holds: (dir: string) => boolean, bounds?: UpwardBounds): string | null {
  return searchUp(dir, (d) => (holds(d) ? d : undefined), bounds) ?? null;
}

/**
 * One upward search with its answers kept per folder, for an owner that asks it about many
 * files (a run's project roots, its config lookup, a project's plugins). A folder's answer is its
 * own, else its parent's, so a deep tree costs one look per folder, not one per folder per file.
 * Only a stop folder bounds it: a bound on steps would make an answer depend on where the walk
 * began.
 */
export class UpwardCache<T> {
  readonly #byDir = new Map<string, T | null>();
  readonly #own: (dir: string) => T | null;
  readonly #bounds: UpwardBounds;

  /** `own`: what a folder itself holds (null: ask its parent). */
  constructor(own: (dir: string) => T | null, stop?: string) {
    this.#own = own;
    this.#bounds = { stop };
  }

  /** The answer of `dir` (absolute) or of the nearest folder above it; null when none has one. */
  nearest(dir: string): T | null {
    // Looked up as given first: resolving costs a new string, and most folders asked about are resolved.
    const known = this.#byDir.get(dir);
    if (known !== undefined) return known;
    const walked: string[] = [];
    const found =
      searchUp(
        path.resolve(dir),
        (d) => {
          const hit = this.#byDir.get(d);
          if (hit !== undefined) return hit;
          walked.push(d);
          return this.#own(d) ?? undefined;
        },
        this.#bounds,
      ) ?? null;
    for (const d of walked) this.#byDir.set(d, found);
    return found;
  }

  /** Forgets every answer (what the folders hold has changed). */
  clear(): void {
    this.#byDir.clear();
  }
}
