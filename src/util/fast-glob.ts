/**
 * fast-glob, loaded on first use: most runs never expand a glob, and loading it costs a tenth of
 * a one-file run's start-up.
 */
import { createRequire } from 'node:module';
import type FastGlob from 'fast-glob';

let loaded: typeof FastGlob | undefined;

export function fastGlob(): typeof FastGlob {
  loaded ??= createRequire(import.meta.url)('fast-glob') as typeof FastGlob;
  return loaded;
}
