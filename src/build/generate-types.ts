/**
 * Build step: writes the TypeScript types generated from the standard's JSON Schemas.
 *
 * Usage: node dist/src/build/generate-types.js <out-file>   (npm run generate:types)
 */
import { writeFileSync } from 'node:fs';
import { generateSchemaTypes } from './schema-types.js';

const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: generate-types <out-file>\n');
  process.exit(2);
}
writeFileSync(out, generateSchemaTypes());
