/**
 * The build's precompiled validators (dist/src/standard/validators) agree with validators
 * compiled at run time, on valid and broken returns and contexts.
 */
import { Ajv } from 'ajv';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchema, SCHEMA_FILES } from '../src/standard/profiles.js';
import { validatorModuleName } from '../src/standard/validate.js';
import { AJV_OPTIONS } from '../src/standard/ajv.js';

const DIR = path.resolve(import.meta.dirname, '../dist/src/standard/validators');
const require = createRequire(import.meta.url);

const samples: unknown[] = [
  { status: 'completed', summary: 'ok', artifacts: [], metadata: { session_id: 'sess_1_abcdef', duration_seconds: 1, agent_type: 'a', delegation_depth: 1, delegation_path: ['o', 'c', 'a'] } },
  { status: 'done', summary: 3, artifacts: [{ type: 'x' }], metadata: { delegation_depth: -1 }, errors: [{ type: 'nope' }] },
  { session_id: 'sess_1_abcdef', delegation_depth: 1, delegation_path: ['o', 'c', 'a'], timeout: 0 },
  {},
  [],
];

describe('precompiled validators', () => {
  it.each([...SCHEMA_FILES])('%s matches a run-time compile', (file) => {
    const modPath = path.join(DIR, validatorModuleName(file));
    expect(existsSync(modPath), `${modPath} is built by npm run build`).toBe(true);
    const pre = require(modPath) as (d: unknown) => boolean & { errors?: unknown };
    const live = new Ajv(AJV_OPTIONS).compile(loadSchema(file));
    for (const s of samples) {
      const a = pre(s);
      const b = live(s);
      expect(a).toBe(b);
      const strip = (errs: unknown) => JSON.parse(JSON.stringify(errs ?? null));
      expect(strip((pre as unknown as { errors: unknown }).errors)).toEqual(strip(live.errors));
    }
  });
});

describe('precompiled config validator', () => {
  it('was built from the config schema of the shipped rules, and judges configs as a run-time compile does', async () => {
    const { ALL_RULES } = await import('../rules/index.js');
    const { buildConfigSchema } = await import('../src/config/schema.js');
    const { CONFIG_AJV_OPTIONS, CONFIG_VALIDATOR } = await import('../src/config/resolve.js');
    const modPath = path.join(DIR, CONFIG_VALIDATOR);
    expect(existsSync(modPath), `${modPath} is built by npm run build`).toBe(true);
    const pre = require(modPath) as ((d: unknown) => boolean) & { errors?: unknown; schemaJson: string };
    const schema = buildConfigSchema(ALL_RULES);
    expect(pre.schemaJson).toBe(JSON.stringify(schema));
    const live = new Ajv(CONFIG_AJV_OPTIONS).compile(schema);
    const configs: unknown[] = [
      { standard: 'v2', rules: { 'max-depth': ['error', { maxDepth: 2 }] } },
      { standard: 'v3' },
      { rules: { 'max-depth': ['error', { maxDepth: 'two' }] } },
      { overrides: [{ files: '**/x.md', rules: { 'missing-timeout': 'off' } }], extends: 'agent-lint:strict' },
      { unknownKey: true },
    ];
    for (const c of configs) {
      expect(pre(c)).toBe(live(c));
      expect(JSON.parse(JSON.stringify(pre.errors ?? null))).toEqual(JSON.parse(JSON.stringify(live.errors ?? null)));
    }
  });
});
