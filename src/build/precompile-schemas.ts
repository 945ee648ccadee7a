/**
 * Build step: compiles the standard's JSON Schemas, and the config schema of the shipped rules, to
 * standalone validator modules with ajv, so
 * that a run validates without loading ajv's compiler or compiling at start-up. The modules are
 * written next to every place a runtime module looks for them (`validators/` beside
 * src/standard/validate.js, and beside the bundled CLI).
 *
 * Usage: node dist/src/build/precompile-schemas.js <out-dir> [<out-dir> ...]
 */
import { Ajv } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_RULES } from '../../rules/index.js';
import { CONFIG_AJV_OPTIONS, CONFIG_VALIDATOR } from '../config/resolve.js';
import { buildConfigSchema } from '../config/schema.js';
import { loadSchema, SCHEMA_FILES } from '../standard/profiles.js';
import { validatorModuleName } from '../standard/validate.js';
import { AJV_OPTIONS } from '../standard/ajv.js';

const outDirs = process.argv.slice(2);
if (outDirs.length === 0) {
  process.stderr.write('usage: precompile-schemas <out-dir> [<out-dir> ...]\n');
  process.exit(2);
}
type Standalone = (ajv: Ajv, fn: unknown) => string;
const standalone: Standalone = ((standaloneCode as unknown as { default?: Standalone }).default ?? standaloneCode) as unknown as Standalone;
function write(name: string, code: string): void {
  for (const dir of outDirs) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, name), code);
  }
}
for (const file of SCHEMA_FILES) {
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true, esm: false } });
  write(validatorModuleName(file), standalone(ajv, ajv.compile(loadSchema(file))));
}
// The config schema of the shipped rules (its compile takes most of a second): the module
// carries the schema it was compiled from, and is used only for that very schema.
const configSchema = buildConfigSchema(ALL_RULES);
const ajv = new Ajv({ ...CONFIG_AJV_OPTIONS, code: { source: true, esm: false } });
write(CONFIG_VALIDATOR, `${standalone(ajv, ajv.compile(configSchema))}\nmodule.exports.schemaJson = ${JSON.stringify(JSON.stringify(configSchema))};\n`);
