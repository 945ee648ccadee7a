/**
 * Node.js built-in modules loaded on first use. A bundled CommonJS file requires its imports at
 * start-up, and some built-ins cost milliseconds to load (`node:crypto` about 3 ms) that a run on
 * one file never needs.
 */
import { createRequire } from 'node:module';

/** A `require` for built-ins, made on first use. */
let req: NodeJS.Require | undefined;
const load = (id: string): unknown => (req ??= createRequire(import.meta.url))(id);

export const crypto = (): typeof import('node:crypto') => load('node:crypto') as typeof import('node:crypto');
export const workerThreads = (): typeof import('node:worker_threads') => load('node:worker_threads') as typeof import('node:worker_threads');
export const tty = (): typeof import('node:tty') => load('node:tty') as typeof import('node:tty');
