import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { PROFILES, SCHEMA_FILES, getProfile, isStandardName, loadSchema } from '../src/standard/profiles.js';
import {
  AGENT_FIELDS,
  BUILTIN_AGENT_TYPES,
  FIELD_TABLES,
  MODEL_ALIASES,
  REMOVED_TOOLS,
  TOOL_ALIASES,
  TOOL_NAMES,
  TOOL_PATTERNS,
  getFieldSpec,
} from '../src/standard/frontmatter-fields.js';

type Json = Record<string, any>;

function compile(file: string) {
  const ajv = new Ajv({ allErrors: true, strict: true });
  return ajv.compile(loadSchema(file));
}

const clone = <T>(v: T): T => structuredClone(v);

/** A v2 return in the shape of the standard's examples (values are our own). */
const v2Completed: Json = {
  status: 'completed',
  summary: 'Surveyed the parser options. Picked the incremental one. Wrote the report.',
  artifacts: [{ type: 'research', path: 'specs/12_parser/reports/research-001.md', summary: 'Parser survey' }],
  metadata: {
    session_id: 'sess_1767225600_x1y2z3',
    duration_seconds: 300,
    agent_type: 'researcher',
    delegation_depth: 1,
    delegation_path: ['orchestrator', 'research', 'researcher'],
  },
  errors: [],
  next_steps: 'Write a plan for the parser change.',
};

const v2Partial: Json = {
  status: 'partial',
  summary: 'Phase one done, then the time ran out.',
  artifacts: [{ type: 'implementation', path: 'src/parser.ts' }],
  metadata: {
    session_id: 'sess_20260101_abc999',
    duration_seconds: 7200,
    agent_type: 'implementer',
    delegation_depth: 2,
    delegation_path: ['orchestrator', 'implement', 'task-executor', 'implementer'],
    task_number: 12,
  },
  errors: [
    {
      type: 'timeout',
      message: 'Stopped after 7200s',
      code: 'TIMEOUT',
      recoverable: true,
      recommendation: 'Run the command again to resume',
    },
  ],
  task_number: 12,
};

const v2Failed: Json = {
  status: 'failed',
  summary: 'The language server was not configured.',
  artifacts: [],
  metadata: {
    session_id: 'sess_1767225600_q9w8e7',
    duration_seconds: 12.5,
    agent_type: 'prover',
    delegation_depth: 1,
    delegation_path: ['orchestrator', 'implement', 'prover'],
  },
  errors: [{ type: 'tool_unavailable', message: 'lsp server missing', code: 'TOOL_UNAVAILABLE', recoverable: true }],
};

/** A v1 return: metadata with the three required fields only. */
const v1Completed: Json = {
  status: 'completed',
  summary: 'Wrote the format document and linked it from the index.',
  artifacts: [
    { type: 'documentation', path: 'docs/format.md', summary: 'Format description' },
    { type: 'test', path: 'test/format.test.ts' },
  ],
  metadata: { session_id: 'writer_7_20260101T080000_zz9', duration_seconds: 30, agent_type: 'writer' },
  errors: [],
  next_steps: null,
};

const v1Cycle: Json = {
  status: 'failed',
  summary: 'Routing would loop back to the executor.',
  artifacts: [],
  metadata: { session_id: 'router_8_20260101_002', duration_seconds: 0, agent_type: 'router' },
  errors: [{ type: 'cycle', message: 'a -> b -> a', code: 'DELEGATION_CYCLE', recoverable: false }],
};

const context: Json = {
  session_id: 'sess_1767225600_a0b1c2',
  delegation_depth: 1,
  delegation_path: ['orchestrator', 'plan', 'planner'],
  timeout: 1800,
  caller: 'plan',
  task_context: { task_number: 5, language: 'typescript' },
};

describe('schema files', () => {
  it.each(SCHEMA_FILES)('%s is a draft-07 schema with $id, titles and descriptions', (file) => {
    const schema = loadSchema(file) as Json;
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.$id).toBe(`https://agent-lint.dev/schemas/${file}`);
    expect(typeof schema.title).toBe('string');
    expect(typeof schema.description).toBe('string');
    // Every property (at any level) has a title and a description, or is a bare $ref.
    const walk = (node: Json, where: string): void => {
      for (const [key, prop] of Object.entries<Json>(node.properties ?? {})) {
        if (prop.$ref) continue;
        expect(prop.title, `${where}.${key} title`).toEqual(expect.any(String));
        expect(prop.description, `${where}.${key} description`).toEqual(expect.any(String));
        walk(prop, `${where}.${key}`);
        if (prop.items && !prop.items.$ref) {
          expect(prop.items.description, `${where}.${key}[] description`).toEqual(expect.any(String));
        }
      }
      for (const [key, def] of Object.entries<Json>(node.definitions ?? {})) {
        expect(def.title, `definition ${key}`).toEqual(expect.any(String));
        expect(def.description, `definition ${key}`).toEqual(expect.any(String));
        walk(def, `${where}#${key}`);
      }
    };
    walk(schema, file);
    expect(() => compile(file)).not.toThrow();
  });

  it('loadSchema caches and refuses odd names', () => {
    expect(loadSchema('return-format-v2.json')).toBe(loadSchema('return-format-v2.json'));
    expect(() => loadSchema('../profiles.ts')).toThrow();
    expect(() => loadSchema('missing.json')).toThrow();
  });
});

describe('return-format-v2.json', () => {
  const validate = compile('return-format-v2.json');
  const ok = (v: Json) => {
    const valid = validate(v);
    expect(valid, JSON.stringify(validate.errors)).toBe(true);
  };
  const bad = (v: Json) => expect(validate(v)).toBe(false);

  it('accepts the example shapes, with extra fields', () => {
    ok(v2Completed);
    ok(v2Partial);
    ok(v2Failed);
    ok({ ...v2Completed, artifacts: [] });
    const { errors: _e, next_steps: _n, ...minimal } = v2Completed;
    ok(minimal);
  });

  it('rejects broken returns', () => {
    for (const field of ['status', 'summary', 'artifacts', 'metadata']) {
      const v = clone(v2Completed);
      delete v[field];
      bad(v);
    }
    for (const field of ['session_id', 'duration_seconds', 'agent_type', 'delegation_depth', 'delegation_path']) {
      const v = clone(v2Completed);
      delete v.metadata[field];
      bad(v);
    }
    bad({ ...v2Completed, status: 'done' });
    bad({ ...v2Completed, status: 'Completed' });
    bad({ ...v2Completed, artifacts: [{ type: 'test', path: 'a.ts' }] });
    bad({ ...v2Completed, artifacts: [{ type: 'plan' }] });
    bad({ ...v2Completed, errors: [{ type: 'resource', message: 'x' }] });
    bad({ ...v2Completed, errors: [{ type: 'cycle', message: 'x' }] });
    bad({ ...v2Completed, errors: [{ type: 'timeout' }] });
    bad({ ...v2Completed, errors: [{ type: 'timeout', message: 'x', recoverable: 'yes' }] });
    bad({ ...v2Completed, next_steps: ['a'] });
    bad({ ...v2Completed, artifacts: {} });
    const depth = clone(v2Completed);
    depth.metadata.delegation_depth = 1.5;
    bad(depth);
    const negative = clone(v2Completed);
    negative.metadata.duration_seconds = -1;
    bad(negative);
    const path = clone(v2Completed);
    path.metadata.delegation_path = 'orchestrator/research';
    bad(path);
  });

  it('rejects the shape of the bulk-operation examples (metadata lacks required fields)', () => {
    bad({
      status: 'completed',
      summary: 'Restored two tasks.',
      artifacts: [],
      metadata: { session_id: 'sess_1767225600_r2d2c3', task_numbers: [1, 2], success_count: 2 },
      errors: [],
    });
  });
});

describe('return-format-v1.json', () => {
  const validate = compile('return-format-v1.json');
  const ok = (v: Json) => {
    const valid = validate(v);
    expect(valid, JSON.stringify(validate.errors)).toBe(true);
  };
  const bad = (v: Json) => expect(validate(v)).toBe(false);

  it('accepts v1 shapes, including test artifacts and cycle errors', () => {
    ok(v1Completed);
    ok(v1Cycle);
    ok({ ...v1Cycle, errors: [{ type: 'resource', message: 'missing report' }] });
  });

  it('accepts v2 returns that use only shared enum values', () => {
    ok(v2Completed);
    ok(v2Partial);
  });

  it('rejects broken v1 returns', () => {
    for (const field of ['session_id', 'duration_seconds', 'agent_type']) {
      const v = clone(v1Completed);
      delete v.metadata[field];
      bad(v);
    }
    bad({ ...v1Completed, errors: [{ type: 'tool_unavailable', message: 'x' }] });
    bad({ ...v1Completed, artifacts: [{ type: 'notes', path: 'x.md' }] });
    bad({ ...v1Completed, metadata: { ...v1Completed.metadata, session_id: '' } });
    bad({ ...v1Completed, metadata: { ...v1Completed.metadata, agent_type: '' } });
    // The error-handling pattern examples have no metadata.
    const { metadata: _m, ...noMetadata } = v1Cycle;
    bad(noMetadata);
  });
});

describe('delegation-context.json', () => {
  const validate = compile('delegation-context.json');

  it('accepts a full and a minimal context', () => {
    expect(validate(context), JSON.stringify(validate.errors)).toBe(true);
    const { caller: _c, task_context: _t, ...minimal } = context;
    expect(validate(minimal)).toBe(true);
    expect(validate({ ...context, operation: 'archive_tasks' })).toBe(true);
  });

  it('rejects broken contexts', () => {
    for (const field of ['session_id', 'delegation_depth', 'delegation_path', 'timeout']) {
      const v = clone(context);
      delete v[field];
      expect(validate(v), field).toBe(false);
    }
    expect(validate({ ...context, timeout: 0 })).toBe(false);
    expect(validate({ ...context, timeout: -5 })).toBe(false);
    expect(validate({ ...context, timeout: '3600' })).toBe(false);
    expect(validate({ ...context, delegation_depth: -1 })).toBe(false);
    expect(validate({ ...context, caller: 3 })).toBe(false);
    expect(validate({ ...context, task_context: 'task 5' })).toBe(false);
  });
});

describe('profiles', () => {
  it('has the three profiles, each pointing to an existing schema', () => {
    expect(Object.keys(PROFILES).sort()).toEqual(['bounded', 'v1', 'v2']);
    for (const p of Object.values(PROFILES)) {
      expect(() => loadSchema(p.returnSchemaFile)).not.toThrow();
      expect(getProfile(p.name)).toBe(p);
    }
    expect(PROFILES.bounded.returnSchemaFile).toBe('return-format-v2.json');
    expect(() => getProfile('v3')).toThrow(/v2, v1, bounded/);
    expect(isStandardName('v1')).toBe(true);
    expect(isStandardName('V1')).toBe(false);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(PROFILES.v2)).toBe(true);
    expect(Object.isFrozen(PROFILES.v2.statusValues)).toBe(true);
    expect(Object.isFrozen(PROFILES.bounded.delegateMarker!.forbiddenSubstrings)).toBe(true);
  });

  it('agrees with the schemas on enums and required metadata', () => {
    for (const p of Object.values(PROFILES)) {
      const s = loadSchema(p.returnSchemaFile) as Json;
      expect(s.properties.status.enum).toEqual(p.statusValues);
      expect(s.definitions.artifact.properties.type.enum).toEqual(p.artifactTypes);
      expect(s.definitions.error.properties.type.enum).toEqual(p.errorTypes);
      expect(s.definitions.metadata.required).toEqual(p.requiredMetadataFields);
      expect(s.required).toEqual(p.requiredReturnFields);
    }
  });

  it('holds the depth, summary and timeout numbers', () => {
    expect([PROFILES.v2.maxDepth, PROFILES.v1.maxDepth, PROFILES.bounded.maxDepth]).toEqual([3, 3, 2]);
    expect(PROFILES.bounded.hardMaxDepth).toBe(3);
    expect(PROFILES.v2.pathOffset).toBe(2);
    expect(PROFILES.v2.summaryMaxChars).toBe(500);
    expect(PROFILES.v2.summaryWarnChars).toBe(400);
    expect(PROFILES.v2.commandTimeouts).toEqual({
      research: { default: 3600, max: 7200 },
      plan: { default: 1800, max: 3600 },
      implement: { default: 7200, max: 14400 },
      revise: { default: 1800, max: 3600 },
      review: { default: 3600, max: 7200 },
    });
    expect(PROFILES.v2.operationTimeouts).toEqual({ research: 3600, planning: 1800, implementation: 7200, simple: 300 });
    expect(PROFILES.v2.knownErrorCodes).toHaveLength(10);
    expect(PROFILES.v2.knownErrorCodes).toContain('MAX_DEPTH_EXCEEDED');
    expect(PROFILES.bounded.maxDelegationsPerStory).toBe(10);
    expect(PROFILES.v2.maxDelegationsPerStory).toBeUndefined();
  });

  it('v2 session id pattern', () => {
    const re = new RegExp(PROFILES.v2.sessionIdPattern);
    for (const id of ['sess_20251226_abc123', 'sess_1735460684_a1b2c3', PROFILES.v2.sessionIdExample]) {
      expect(re.test(id), id).toBe(true);
    }
    for (const id of ['session-123', 'sess_abc_123456', 'sess_1735460684_a1b2c', 'sess_1735460684_A1B2C3', 'sess__abc123']) {
      expect(re.test(id), id).toBe(false);
    }
    expect(PROFILES.bounded.sessionIdPattern).toBe(PROFILES.v2.sessionIdPattern);
  });

  it('v1 session id pattern', () => {
    const re = new RegExp(PROFILES.v1.sessionIdPattern);
    for (const id of [
      'task-executor_191_20251226_001',
      'researcher_200_20251226T143022_abc123',
      'batch-orchestrator_132-135_20251226T130000_jkl012',
      PROFILES.v1.sessionIdExample,
    ]) {
      expect(re.test(id), id).toBe(true);
    }
    for (const id of ['session-123', 'researcher_200', 'researcher_200_abc_def', '']) {
      expect(re.test(id), id).toBe(false);
    }
  });

  it('bounded delegate marker', () => {
    const m = PROFILES.bounded.delegateMarker!;
    expect(m.descriptionMaxChars).toBe(500);
    expect([...m.forbiddenSubstrings].sort()).toEqual(['$', '&&', '../', '/etc/', '/root/', ';', '`', '||'].sort());
    const found = [...'Plan: [delegate:Build the cache: Redis:3] and [delegate:Add tests:2]'.matchAll(new RegExp(m.pattern, 'g'))];
    expect(found.map((x) => [x[1], x[2]])).toEqual([
      ['Build the cache: Redis', '3'],
      ['Add tests', '2'],
    ]);
  });
});

describe('frontmatter fields', () => {
  it('has a table per kind; command and skill share one', () => {
    expect(FIELD_TABLES.command).toBe(FIELD_TABLES.skill);
    expect(FIELD_TABLES.agent.fields).toBe(AGENT_FIELDS);
    const required = FIELD_TABLES.agent.fields.filter((f) => f.required).map((f) => f.name);
    expect(required).toEqual(['name', 'description']);
    expect(FIELD_TABLES.command.fields.every((f) => !f.required)).toBe(true);
    expect(FIELD_TABLES['opencode-agent'].unknownKeys).toBe('passed-to-model');
    expect(getFieldSpec('agent', 'color')?.enumValues).toContain('cyan');
    expect(getFieldSpec('agent', 'permissionMode')?.enumValues).toContain('bypassPermissions');
    expect(getFieldSpec('command', 'compatibility')?.maxLength).toBe(500);
    expect(getFieldSpec('opencode-command', 'subtask')?.type).toBe('boolean');
    expect(getFieldSpec('agent', 'nope')).toBeUndefined();
  });

  it('every enum field lists its values; names are unique', () => {
    for (const table of Object.values(FIELD_TABLES)) {
      const names = table.fields.map((f) => f.name);
      expect(new Set(names).size).toBe(names.length);
      for (const f of table.fields) {
        if (f.type.startsWith('enum')) expect(f.enumValues?.length, f.name).toBeGreaterThan(0);
      }
    }
  });

  it('tool lists are consistent', () => {
    for (const target of Object.values(TOOL_ALIASES)) expect(TOOL_NAMES).toContain(target);
    for (const alias of Object.keys(TOOL_ALIASES)) expect(TOOL_NAMES).not.toContain(alias);
    for (const removed of REMOVED_TOOLS) {
      expect(TOOL_NAMES).not.toContain(removed);
      expect(Object.keys(TOOL_ALIASES)).not.toContain(removed);
    }
    expect(TOOL_ALIASES.Task).toBe('Agent');
    expect(MODEL_ALIASES).toEqual(['sonnet', 'opus', 'haiku', 'inherit']);
    expect(BUILTIN_AGENT_TYPES).toContain('general-purpose');
  });

  it('tool patterns', () => {
    const spec = new RegExp(TOOL_PATTERNS.withSpecifier);
    expect('Bash(git add:*)'.match(spec)?.slice(1)).toEqual(['Bash', 'git add:*']);
    expect(spec.test('Bash')).toBe(false);
    const mcp = new RegExp(TOOL_PATTERNS.mcp);
    for (const t of ['mcp__github', 'mcp__github__*', 'mcp__github__create_issue']) expect(mcp.test(t), t).toBe(true);
    expect(mcp.test('mcp_github')).toBe(false);
  });
});
