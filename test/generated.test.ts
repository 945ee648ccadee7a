/**
 * Files generated from the rules' metadata must match it: docs/config.schema.json and the rules
 * table of docs/rules/README.md. When this fails after a rule changed, run `npm run gen`.
 */
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { validateConfig } from '../src/config/resolve.js';
import { buildConfigSchema } from '../src/config/schema.js';
import { ONLY_WITH_STANDARD, profileCell, rulesTable, TABLE_END, TABLE_START, withRulesTable } from '../src/gen/rules-table.js';
import { kindsByTool, kindsTable, rulesOfKind, withKindsTable } from '../src/gen/kinds-table.js';
import { kindFileGlobs } from '../src/model/kinds.js';
import { REPO_ROOT } from './helpers/shared.js';

const read = (rel: string) => readFileSync(path.join(REPO_ROOT, rel), 'utf8');
const STALE = 'is stale: run `npm run gen` and commit the result';

describe('docs/config.schema.json', () => {
  const committed = read('docs/config.schema.json');

  it(`is what the rules generate (${STALE})`, () => {
    expect(committed, `docs/config.schema.json ${STALE}`).toBe(JSON.stringify(buildConfigSchema(ALL_RULES), null, 2) + '\n');
  });

  it('names every configurable rule, and accepts [severity, options] for each', () => {
    const schema = JSON.parse(committed);
    const ids = ALL_RULES.filter((r) => !r.meta.internal).map((r) => r.meta.id).sort();
    expect(Object.keys(schema.properties.rules.properties).sort()).toEqual(ids);
    const validate = new Ajv({ strict: false }).compile(schema);
    for (const r of ALL_RULES.filter((x) => !x.meta.internal)) {
      expect(validate({ rules: { [r.meta.id]: ['warn', r.meta.defaultOptions ?? {}] } }), r.meta.id).toBe(true);
    }
    expect(validate({ rules: { 'no-such-rule': 'warn' } })).toBe(false);
    expect(validate({ rulez: {} })).toBe(false);
  });
});

describe('docs/rules/README.md', () => {
  const index = read('docs/rules/README.md');

  it(`has the rules table the rules generate (${STALE})`, () => {
    expect(index.includes(TABLE_START) && index.includes(TABLE_END)).toBe(true);
    expect(index, `the rules table of docs/rules/README.md ${STALE}`).toBe(withRulesTable(index, rulesTable(ALL_RULES)));
  });

  it('says under which profile each rule runs: the standard\'s rules by profile, the others as no standard rule', () => {
    const cell = (id: string) => profileCell(ALL_RULES.find((r) => r.meta.id === id)!.meta);
    const withStd = (p: string) => `${p} ${ONLY_WITH_STANDARD}`;
    expect(cell('delegation-context-schema')).toBe(withStd('v2, bounded'));
    expect(cell('delegate-syntax')).toMatch(/^bounded \(checked wherever its syntax occurs, under any profile\)$/);
    for (const id of ['return-format-schema', 'return-format-present', 'return-status-errors', 'return-summary-length', 'return-artifact-paths', 'max-depth', 'session-id-format', 'error-code-known']) {
      expect(cell(id), id).toBe(withStd('all'));
    }
    for (const id of ['return-format-json', 'depth-path-mismatch', 'stage-structure', 'delegation-graph-cycle']) expect(cell(id), id).toBe('all');
    for (const id of ['frontmatter-schema', 'frontmatter-valid', 'unknown-delegation-target']) expect(cell(id), id).toBe('not a standard rule');
    // Every row agrees with the metadata the engine acts on.
    for (const r of ALL_RULES.filter((x) => !x.meta.internal && x.meta.standard === undefined)) {
      const c = cell(r.meta.id);
      expect(c.endsWith(ONLY_WITH_STANDARD), r.meta.id).toBe(!!r.meta.requiresStandard);
      expect(c.replace(` ${ONLY_WITH_STANDARD}`, ''), r.meta.id).toBe(r.meta.profiles ? r.meta.profiles.join(', ') : 'all');
    }
    expect(index).toContain(`| [delegation-context-schema](delegation-context-schema.md) | error | ${withStd('v2, bounded')} |`);
  });
});

describe('README.md', () => {
  const readme = read('README.md');

  it('starts with the commands that install and lint the sample project, then npm test', () => {
    const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.trim());
    expect(readme.indexOf('```sh')).toBeLessThan(200);
    expect(blocks[0]).toMatch(/^git clone \S+ agent-lint && cd agent-lint && npm install && npx agent-lint fixtures\/sample-project$/);
    expect(blocks[1]).toBe('npm test');
  });
});

describe('docs/config.md', () => {
  const doc = read('docs/config.md');

  it('shows a config example that agent-lint accepts', () => {
    const section = doc.slice(doc.indexOf('# Config'));
    const example = /```json\n([\s\S]*?)```/.exec(section)![1]!;
    const config = JSON.parse(example) as Record<string, unknown>;
    // Every rule the example names must exist (and the whole example must validate).
    expect(() => validateConfig(config, ALL_RULES, 'docs/config.md')).not.toThrow();
  });
});

describe('the kinds tables', () => {
  it(`of docs/kinds.md and README.md are what the kinds table generates (${STALE})`, () => {
    expect(read('docs/kinds.md'), `docs/kinds.md ${STALE}`).toBe(withKindsTable(read('docs/kinds.md'), kindsTable(ALL_RULES), 'docs/kinds.md'));
    expect(read('README.md'), `README.md ${STALE}`).toBe(withKindsTable(read('README.md'), kindsByTool(), 'README.md'));
    expect(read('editors/vscode/files.json'), `editors/vscode/files.json ${STALE}`).toBe(`${JSON.stringify(kindFileGlobs(), null, 2)}\n`);
  });

  it('name the rules that check each kind', () => {
    expect(rulesOfKind('copilot-agent', ALL_RULES)).toContain('secret-in-spec');
    expect(rulesOfKind('copilot-agent', ALL_RULES)).toContain('frontmatter-schema');
    expect(rulesOfKind('agents-md', ALL_RULES)).not.toContain('frontmatter-schema');
    expect(rulesOfKind('agent', ALL_RULES)).toContain('frontmatter-schema');
  });
});
