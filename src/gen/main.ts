/**
 * Regenerates the files made from rule metadata and the kinds table: docs/config.schema.json, the
 * rules table of docs/rules/README.md, and the kinds tables of docs/kinds.md and README.md. `npm run gen` (after a build); `--check` only reports what is stale.
 *   node dist/src/gen/main.js [schema|readme|kinds] [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_RULES } from '../../rules/index.js';
import { buildConfigSchema } from '../config/schema.js';
import { rulesTable, withRulesTable } from './rules-table.js';
import { kindsByTool, kindsTable, withKindsTable } from './kinds-table.js';
import { kindFileGlobs } from '../model/kinds.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
const check = args.includes('--check');
const which = args.filter((a) => !a.startsWith('--'));
const want = (w: string) => which.length === 0 || which.includes(w);

const outputs: Array<[string, (old: string) => string]> = [];
if (want('schema')) outputs.push(['docs/config.schema.json', () => JSON.stringify(buildConfigSchema(ALL_RULES), null, 2) + '\n']);
if (want('readme')) outputs.push(['docs/rules/README.md', (old) => withRulesTable(old, rulesTable(ALL_RULES))]);
if (want('kinds')) {
  outputs.push(['docs/kinds.md', (old) => withKindsTable(old, kindsTable(ALL_RULES), 'docs/kinds.md')]);
  outputs.push(['README.md', (old) => withKindsTable(old, kindsByTool(), 'README.md')]);
  outputs.push(['editors/vscode/files.json', () => `${JSON.stringify(kindFileGlobs(), null, 2)}\n`]);
}

let stale = 0;
for (const [rel, make] of outputs) {
  const file = path.join(repo, rel);
  let old = '';
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    /* new file */
  }
  const next = make(old);
  if (next === old) continue;
  stale++;
  if (check) console.error(`${rel} is stale: run npm run gen`);
  else {
    writeFileSync(file, next);
    console.log(`wrote ${rel}`);
  }
}
process.exitCode = check && stale ? 1 : 0;
