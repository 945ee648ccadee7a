/**
 * Vitest setup: the tests run the TypeScript sources, which look for the schemas' precompiled
 * validators beside them (src/standard/validators/), where the build writes them into dist/
 * instead. Without them each config with rule options was compiled by ajv anew (a quarter of a
 * second a fixture). `npm test` builds first, so the validators are the sources' (after editing a
 * shipped schema, run vitest alone only after `npm run build`).
 */
import Module from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = path.join(ROOT, 'src/standard/validators') + path.sep;
const BUILT = path.join(ROOT, 'dist/src/standard/validators') + path.sep;

type Resolve = (request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) => string;
const M = Module as unknown as { _resolveFilename: Resolve };
const resolve = M._resolveFilename;
M._resolveFilename = function (request, parent, ...rest) {
  if (request.includes('validators/') && parent?.filename) {
    const abs = path.resolve(path.dirname(parent.filename), request);
    if (abs.startsWith(SOURCE)) return resolve.call(this, BUILT + abs.slice(SOURCE.length), parent, ...rest);
  }
  return resolve.call(this, request, parent, ...rest);
};
