/**
 * Subagent replies for the check-return tests, shaped like the standard's examples (written for
 * these tests): a completed research return, a partial one after a timeout, a failed build, and
 * a 1.0 return. `variant` derives broken ones.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Obj = { [key: string]: Json };

export const SESSION = 'sess_1767225600_q7x2m9';

/** Delegation Standard 2.0: a researcher at depth 1 that wrote one report. */
export const RESEARCH_DONE: Obj = {
  status: 'completed',
  summary: 'Compared three caching libraries for the API layer and recommended the in-process LRU. The report lists benchmarks and migration steps.',
  artifacts: [{ type: 'research', path: 'specs/042_api_cache/reports/research-001.md', summary: 'Comparison of caching options' }],
  metadata: {
    session_id: SESSION,
    duration_seconds: 940,
    agent_type: 'researcher',
    delegation_depth: 1,
    delegation_path: ['orchestrator', 'research', 'researcher'],
  },
  errors: [],
  next_steps: 'Review the report, then run /plan 42.',
};

/** 2.0: an implementer that ran out of time with part of the work done. */
export const IMPLEMENT_PARTIAL: Obj = {
  status: 'partial',
  summary: 'Implemented phases 1 and 2 of 4 before the timeout. Phase 3 (migrations) is not started.',
  artifacts: [{ type: 'implementation', path: 'src/cache/lru.ts' }],
  metadata: {
    session_id: 'sess_1767229200_k2m8x4',
    duration_seconds: 7200,
    agent_type: 'implementer',
    delegation_depth: 2,
    delegation_path: ['orchestrator', 'implement', 'task-executor', 'implementer'],
  },
  errors: [
    {
      type: 'timeout',
      code: 'TIMEOUT',
      message: 'Stopped after 7200 s with phases 3 and 4 left.',
      recoverable: true,
      recommendation: 'Resume with /implement 42 to continue from phase 3.',
    },
  ],
};

/** 2.0: a build that failed with no usable result. */
export const BUILD_FAILED: Obj = {
  status: 'failed',
  summary: 'The project does not compile: two type errors in the cache module.',
  artifacts: [],
  metadata: {
    session_id: 'sess_1767232800_p9q3r7',
    duration_seconds: 64.5,
    agent_type: 'builder',
    delegation_depth: 1,
    delegation_path: ['orchestrator', 'implement', 'builder'],
  },
  errors: [{ type: 'execution', code: 'BUILD_ERROR', message: 'tsc reported 2 errors in src/cache/lru.ts.', recoverable: true }],
};

/** Return Format 1.0: only three metadata fields, artifact type `test`, error type `resource`. */
export const V1_TESTS_BLOCKED: Obj = {
  status: 'blocked',
  summary: 'Wrote the integration tests but cannot run them: the staging database is unreachable.',
  artifacts: [{ type: 'test', path: 'tests/cache.integration.test.ts', summary: 'Integration tests for the cache' }],
  metadata: { session_id: 'tester_42_20260101T090000_k3x9q2', duration_seconds: 310, agent_type: 'tester' },
  errors: [{ type: 'resource', code: 'DATABASE_UNREACHABLE', message: 'Connection to staging-db:5432 refused.' }],
  next_steps: null,
};

/** A deep copy of `base` changed by `change`, as pretty JSON text. */
export function variant(base: Obj, change: (r: any) => void = () => {}): string {
  const r = structuredClone(base);
  change(r);
  return JSON.stringify(r, null, 2);
}

/** One-based line and column of the first occurrence of `needle` (after `from`) in `text`. */
export function posOf(text: string, needle: string, from = 0): { line: number; column: number } {
  const i = text.indexOf(needle, from);
  if (i === -1) throw new Error(`${JSON.stringify(needle)} not in the text`);
  const before = text.slice(0, i);
  const line = before.split('\n').length;
  return { line, column: i - before.lastIndexOf('\n') };
}
