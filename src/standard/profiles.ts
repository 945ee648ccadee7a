/**
 * The standard profiles as plain data: Delegation Standard 2.0 ("v2"), Subagent Return Format
 * Standard 1.0 ("v1") and the bounded-delegation variant ("bounded").
 *
 * Sources (the seeds in ../shared/seeds, cited by section):
 * - v2: Delegation Standard 2.0 and the Delegation Guide that follows it (seed 000).
 * - v1: Subagent Return Format Standard 1.0 (seed 001).
 * - bounded: Bounded Delegation, US-007 (seed 004); it keeps the v2 return format.
 *
 * No rule logic lives here; rules read these values (and let options override them).
 */
import { schemaText } from '../platform/host.js';
import type { StandardName } from '../types.js';
import { deepFreeze } from '../util/deep-freeze.js';
import type { ReturnFormat } from './return-format/format.js';

/** A default and a maximum timeout, in seconds. */
export interface TimeoutPair {
  readonly default: number;
  readonly max: number;
}

/** The `[delegate:description:hours]` marker of the bounded-delegation variant (seed 004). */
export interface DelegateMarkerSpec {
  /** The syntax as documented (Usage > Delegation Syntax). */
  readonly syntax: string;
  /**
   * A RegExp source (use with the `g` flag) matching one marker; group 1 is the description,
   * group 2 the estimated hours. Lenient on the hours so that a rule can report bad values.
   */
  readonly pattern: string;
  /** Longest allowed description (Security Considerations > validate_delegation_description). */
  readonly descriptionMaxChars: number;
  /**
   * Substrings that make the description "suspicious" (same function: the command-injection
   * check `[$\`]|&&|\|\||;` and the path-traversal check `\.\./|/etc/|/root/`).
   */
  readonly forbiddenSubstrings: readonly string[];
  /** Estimated hours that make a good subtask (Best Practices > Subtask Design: 3-8 ideal). */
  readonly idealHours: { readonly min: number; readonly max: number };
  /** Below this the overhead is not worth it (Subtask Design: "Too small (<1 hour)"). */
  readonly minWorthwhileHours: number;
  /** Above this a subtask should be broken down (Subtask Design: "Too large (>12 hours)"). */
  readonly maxHours: number;
}

export interface Profile {
  readonly name: StandardName;
  readonly title: string;
  /** The version of the document the profile follows. */
  readonly version: string;
  /** File name under ./schemas of the return-format JSON Schema (see {@link loadSchema}). */
  readonly returnSchemaFile: string;
  /**
   * The project's own documented return format, when one is in force: returns are validated
   * against its schema instead of `returnSchemaFile` (see return-format/format.ts).
   */
  readonly returnFormat?: ReturnFormat;
  /** File name under ./schemas of the delegation-context JSON Schema, if the profile has one. */
  readonly delegationContextSchemaFile?: string;
  /** Top-level fields every return must have. */
  readonly requiredReturnFields: readonly string[];
  /** Fields `metadata` must have. */
  readonly requiredMetadataFields: readonly string[];
  readonly statusValues: readonly string[];
  readonly artifactTypes: readonly string[];
  readonly errorTypes: readonly string[];
  /** Error codes the profile names. */
  readonly knownErrorCodes: readonly string[];
  /** True when `knownErrorCodes` is a standardized list (v2), false when it only lists examples (v1). */
  readonly errorCodesStandardized: boolean;
  /** Default delegation-depth limit: the deepest depth a delegation may reach. */
  readonly maxDepth: number;
  /** The highest value the depth-limit option may be raised to. */
  readonly hardMaxDepth: number;
  /** `delegation_path.length === delegation_depth + pathOffset` in every example. */
  readonly pathOffset: number;
  /** Shortest summary, in characters. */
  readonly summaryMinChars: number;
  /** Longest summary, in characters (error above this). */
  readonly summaryMaxChars: number;
  /** Summary length that earns a warning (about 100 tokens). */
  readonly summaryWarnChars: number;
  /** Longest artifact summary, in characters, when the profile sets one. */
  readonly artifactSummaryMaxChars?: number;
  /** Longest error message, in characters, when the profile sets one. */
  readonly errorMessageMaxChars?: number;
  /** Longest next_steps, in characters, when the profile sets one. */
  readonly nextStepsMaxChars?: number;
  /** RegExp source a session id must match. */
  readonly sessionIdPattern: string;
  /** The documented session id format, for messages. */
  readonly sessionIdFormat: string;
  /** A well-formed id (made up, not from the seeds), for messages. */
  readonly sessionIdExample: string;
  /** Default and maximum timeout per command, keyed by command name without the slash. */
  readonly commandTimeouts: Readonly<Record<string, TimeoutPair>>;
  /** Default timeout per kind of operation, in seconds. */
  readonly operationTimeouts: Readonly<Record<string, number>>;
  /** Timeout to assume when nothing more specific applies, in seconds. */
  readonly defaultTimeout: number;
  /** At most this many delegations per story (bounded only). */
  readonly maxDelegationsPerStory?: number;
  /** Context budget per agent, in tokens (bounded only). */
  readonly maxContextTokensPerAgent?: number;
  /** The delegate marker (bounded only). */
  readonly delegateMarker?: DelegateMarkerSpec;
}

/** Return Format > Field Specifications: status values (same in v1 "status (required)"). */
const STATUS_VALUES = ['completed', 'failed', 'partial', 'blocked'] as const;

/** Delegation Guide > Timeout Configuration (seed 000): per command default and maximum. */
const COMMAND_TIMEOUTS: Readonly<Record<string, TimeoutPair>> = Object.freeze({
  research: Object.freeze({ default: 3600, max: 7200 }),
  plan: Object.freeze({ default: 1800, max: 3600 }),
  implement: Object.freeze({ default: 7200, max: 14400 }),
  revise: Object.freeze({ default: 1800, max: 3600 }),
  review: Object.freeze({ default: 3600, max: 7200 }),
});

/** Delegation Patterns > 4. Timeout Enforcement > Default Timeouts (seed 000). */
const OPERATION_TIMEOUTS: Readonly<Record<string, number>> = Object.freeze({
  research: 3600,
  planning: 1800,
  implementation: 7200,
  simple: 300,
});

const V2: Profile = {
  name: 'v2',
  title: 'Delegation Standard 2.0',
  version: '2.0',
  returnSchemaFile: 'return-format-v2.json',
  delegationContextSchemaFile: 'delegation-context.json',
  /** Validation Framework > validate_return: the required list. */
  requiredReturnFields: ['status', 'summary', 'artifacts', 'metadata'],
  /** Field Specifications > metadata (required) > Required Fields. */
  requiredMetadataFields: ['session_id', 'duration_seconds', 'agent_type', 'delegation_depth', 'delegation_path'],
  statusValues: STATUS_VALUES,
  /** Field Specifications > artifacts. */
  artifactTypes: ['research', 'plan', 'implementation', 'summary', 'documentation'],
  /** Field Specifications > errors. */
  errorTypes: ['timeout', 'validation', 'execution', 'tool_unavailable'],
  /** Error Codes (the rollback example's SUBTASK_CREATION_FAILED is not in this list). */
  knownErrorCodes: [
    'TIMEOUT',
    'VALIDATION_FAILED',
    'TOOL_UNAVAILABLE',
    'BUILD_ERROR',
    'FILE_NOT_FOUND',
    'CYCLE_DETECTED',
    'MAX_DEPTH_EXCEEDED',
    'STATUS_SYNC_FAILED',
    'GIT_COMMIT_FAILED',
    'UNKNOWN_ERROR',
  ],
  errorCodesStandardized: true,
  /**
   * Delegation Patterns > 2. Delegation Depth Limits: "Specialist → Helper: depth = 3 (max)",
   * and the guide's "Maximum depth: 3 levels". The same section's enforcement line and
   * Stage 1 ("if new_depth >= 3: return error") would make 2 the deepest; 3 is the default and
   * rules take the limit as an option.
   */
  maxDepth: 3,
  hardMaxDepth: 3,
  /** Examples 1-3 and the delegation context: path = [orchestrator, command, ...agents]. */
  pathOffset: 2,
  /** validate_return: "Summary cannot be empty". */
  summaryMinChars: 1,
  /** validate_return: "max 500 chars". */
  summaryMaxChars: 500,
  /** Field Specifications > summary: "max 100 tokens (~400 characters)". */
  summaryWarnChars: 400,
  /**
   * Delegation Patterns > 1. Session ID Tracking: `sess_{timestamp}_{random_6char}`. Fits both
   * the 2.0 example (a date as timestamp) and the guide's (Unix seconds).
   */
  sessionIdPattern: '^sess_\\d+_[a-z0-9]{6}$',
  sessionIdFormat: 'sess_{timestamp}_{random_6char}',
  sessionIdExample: 'sess_1767225600_q7x2m9',
  commandTimeouts: COMMAND_TIMEOUTS,
  operationTimeouts: OPERATION_TIMEOUTS,
  /** Validation Framework > Delegation Validation: "Set timeout (default 3600s)". */
  defaultTimeout: 3600,
};

const V1: Profile = {
  name: 'v1',
  title: 'Subagent Return Format Standard 1.0',
  version: '1.0',
  returnSchemaFile: 'return-format-v1.json',
  /** Validation Rules Summary > Structure; the pseudocode's checks. */
  requiredReturnFields: ['status', 'summary', 'artifacts', 'metadata'],
  /** metadata (required) > Required Fields: only three. */
  requiredMetadataFields: ['session_id', 'duration_seconds', 'agent_type'],
  statusValues: STATUS_VALUES,
  /** artifacts (required) > Artifact Fields: adds `test`. */
  artifactTypes: ['research', 'plan', 'implementation', 'summary', 'test', 'documentation'],
  /**
   * errors (optional) > Error Fields. The schema block at the top of 1.0 omits `cycle`; the
   * field specification and the delegation-cycle example include it.
   */
  errorTypes: ['timeout', 'validation', 'execution', 'resource', 'cycle'],
  /**
   * 1.0 standardizes no codes: `code` is optional UPPERCASE_SNAKE_CASE. These are the codes it
   * names: the three listed under Error Fields, then those used in its examples.
   */
  knownErrorCodes: ['TIMEOUT_EXCEEDED', 'VALIDATION_FAILED', 'DELEGATION_CYCLE', 'ARTIFACT_NOT_FOUND', 'TASK_NOT_FOUND'],
  errorCodesStandardized: false,
  /** 1.0 sets no depth limit (delegation_depth is optional); the 2.0 default is used. */
  maxDepth: 3,
  hardMaxDepth: 3,
  pathOffset: 2,
  /** summary > Validation Rules: "Should be 10-500 characters". */
  summaryMinChars: 10,
  summaryMaxChars: 500,
  /** summary > Validation Rules: "approximate: 400 characters". */
  summaryWarnChars: 400,
  /** artifacts > Artifact Fields > summary: "Max 200 characters". */
  artifactSummaryMaxChars: 200,
  /** errors > Error Fields > message: "Max 500 characters". */
  errorMessageMaxChars: 500,
  /** next_steps > Content Guidelines: "max 300 characters". */
  nextStepsMaxChars: 300,
  /**
   * metadata > session_id: `{agent_type}_{task_id}_{timestamp}_{random}`. The examples use a
   * date or a date-time (`20251226T143022`) as timestamp, a numeric or alphanumeric random
   * part, and a task-id range (`132-135`); the agent part may itself contain `_` or `-`.
   */
  sessionIdPattern: '^[A-Za-z0-9][A-Za-z0-9_-]*_[A-Za-z0-9-]+_\\d+(?:T\\d+)?_[A-Za-z0-9]+$',
  sessionIdFormat: '{agent_type}_{task_id}_{timestamp}_{random}',
  sessionIdExample: 'planner_42_20260101T090000_k3x9q2',
  /** 1.0 has no timeout table (it only says "e.g., 3600s"); the 2.0 tables are used. */
  commandTimeouts: COMMAND_TIMEOUTS,
  operationTimeouts: OPERATION_TIMEOUTS,
  /** Usage Guidelines for Commands > Set timeout "(e.g., 3600s)". */
  defaultTimeout: 3600,
};

/** Security Considerations > Preventing Malicious Delegations (seed 004). */
const FORBIDDEN_DESCRIPTION_SUBSTRINGS = ['$', '`', '&&', '||', ';', '../', '/etc/', '/root/'] as const;

const BOUNDED: Profile = {
  ...V2,
  name: 'bounded',
  title: 'Bounded delegation (US-007)',
  version: 'US-007',
  /** Bounded delegation defines no return format of its own; the 2.0 one applies. */
  returnSchemaFile: 'return-format-v2.json',
  /**
   * Overview > Safety Constraints: `MAX_DELEGATION_DEPTH=2` (configurable, hard maximum=3);
   * Example 2: "Depth 2 is maximum, cannot delegate further".
   */
  maxDepth: 2,
  hardMaxDepth: 3,
  /** Safety Constraints: `MAX_DELEGATIONS_PER_STORY=10`. */
  maxDelegationsPerStory: 10,
  /** Safety Constraints: `MAX_CONTEXT_PER_AGENT=100k` tokens. */
  maxContextTokensPerAgent: 100000,
  /** Advanced Configuration: `DELEGATION_TIMEOUT_SECONDS=1800` per delegation. */
  defaultTimeout: 1800,
  delegateMarker: {
    syntax: '[delegate:description:hours]',
    pattern: '\\[delegate:([^\\]\\n]*):([^:\\]\\n]*)\\]',
    descriptionMaxChars: 500,
    forbiddenSubstrings: FORBIDDEN_DESCRIPTION_SUBSTRINGS,
    idealHours: { min: 3, max: 8 },
    minWorthwhileHours: 1,
    maxHours: 12,
  },
};

/** The three profiles, by name. Frozen. */
export const PROFILES: Readonly<Record<StandardName, Profile>> = deepFreeze({
  v2: V2,
  v1: V1,
  bounded: BOUNDED,
});

/** The profile names, in the order above. */
export const STANDARD_NAMES: readonly StandardName[] = Object.freeze(['v2', 'v1', 'bounded']);

export function isStandardName(name: unknown): name is StandardName {
  return typeof name === 'string' && (STANDARD_NAMES as readonly string[]).includes(name);
}

/** The profile called `name`; throws on an unknown name. */
export function getProfile(name: StandardName | string): Profile {
  if (!isStandardName(name)) {
    throw new Error(`Unknown standard "${name}"; expected one of: ${STANDARD_NAMES.join(', ')}`);
  }
  return PROFILES[name];
}

/** The JSON Schema files shipped in ./schemas. */
export const SCHEMA_FILES = Object.freeze([
  'return-format-v2.json',
  'return-format-v1.json',
  'delegation-context.json',
] as const);

const schemaCache = new Map<string, object>();

/**
 * Reads and parses a JSON Schema from ./schemas next to this module (the build copies
 * src/standard/schemas to dist/src/standard/schemas). Cached: callers must not mutate the
 * result.
 */
export function loadSchema(file: string): object {
  const cached = schemaCache.get(file);
  if (cached) return cached;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*\.json$/.test(file) || file.includes('..')) {
    throw new Error(`Invalid schema file name: ${file}`);
  }
  const text = schemaText(file);
  const schema = JSON.parse(text) as object;
  schemaCache.set(file, schema);
  return schema;
}
