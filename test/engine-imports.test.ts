/**
 * The engine runs whatever rules it is handed over whatever documents and project it is given:
 * it knows no domain. Its modules load nothing of the delegation graph, the standard or the
 * project model (they may name their types, which are what a rule is handed).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/shared.js';

const ENGINE = path.join(REPO_ROOT, 'src/engine');

/** The modules a file imports for their values (not `import type`), as written. */
function valueImports(text: string): string[] {
  return [...text.matchAll(/^import (?!type )[^;]*?from '([^']+)';/gms)].map((m) => m[1]!);
}

describe('the engine', () => {
  it('loads only its own modules and the utilities', () => {
    const found: string[] = [];
    for (const f of readdirSync(ENGINE).filter((n) => n.endsWith('.ts'))) {
      for (const spec of valueImports(readFileSync(path.join(ENGINE, f), 'utf8'))) {
        if (!/^\.\/|^\.\.\/util\//.test(spec)) found.push(`${f}: ${spec}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('names nothing of the delegation graph, even as a type', () => {
    const found = readdirSync(ENGINE).filter((f) => f.endsWith('.ts') && /from '\.\.\/graph\//.test(readFileSync(path.join(ENGINE, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('is told apart by the test above from a module that loads the graph', () => {
    expect(valueImports("import { GraphIndex } from '../graph/build.js';\nimport type { X } from '../model/document.js';\n")).toEqual(['../graph/build.js']);
  });
});
