/*
 * Generated from src/standard/schemas/*.json by src/build/schema-types.ts: do not edit.
 * Run `npm run generate:types` after changing a schema (a test fails when this file is stale).
 */

// return-format-v2.json

/**
 * Subagent return (Delegation Standard 2.0): The JSON object a subagent returns to its caller under Delegation Standard 2.0 (section 'Return Format'). Structure only: length limits (summary size), status/errors consistency, session id format, depth limits and the delegation_path/delegation_depth relation are checked by agent-lint rules, not by this schema.
 */
export interface ReturnFormatV2 {
  /**
   * Status: Overall outcome. completed: all work finished; failed: no usable results; partial: some results (e.g. after a timeout); blocked: cannot proceed without external resolution.
   */
  status: "completed" | "failed" | "partial" | "blocked";
  /**
   * Summary: Brief outcome-focused summary, 2-5 sentences, about 100 tokens at most. Length limits are checked by a rule (the standard's validation code caps it at 500 characters; the prose suggests about 400).
   */
  summary: string;
  /**
   * Artifacts: Files created or changed, as paths relative to the project root. Required; may be an empty array.
   */
  artifacts: ReturnFormatV2Artifact[];
  metadata: ReturnFormatV2Metadata;
  /**
   * Errors: Errors met during execution. Optional; should be empty when status is completed and non-empty when status is failed, partial or blocked (checked by a rule).
   */
  errors?: ReturnFormatV2Error[];
  /**
   * Next steps: Optional recommended follow-up actions, 1-2 sentences.
   */
  next_steps?: string;
  [key: string]: unknown;
}

/**
 * Artifact: One file produced or modified by the subagent.
 */
export interface ReturnFormatV2Artifact {
  /**
   * Artifact type: Category of the artifact; should match its purpose.
   */
  type: "research" | "plan" | "implementation" | "summary" | "documentation";
  /**
   * Artifact path: Path relative to the project root; must exist or be created during execution.
   */
  path: string;
  /**
   * Artifact summary: Optional one-sentence description of the artifact.
   */
  summary?: string;
  [key: string]: unknown;
}

/**
 * Metadata: Execution metadata for tracking, cycle prevention and debugging. Further keys are allowed.
 */
export interface ReturnFormatV2Metadata {
  /**
   * Session id: The id the caller generated for this delegation, echoed back; format sess_{timestamp}_{random 6 chars} (format checked by a rule).
   */
  session_id: string;
  /**
   * Duration in seconds: Execution time in seconds.
   *
   * Minimum: 0.
   */
  duration_seconds: number;
  /**
   * Agent type: Name of the agent returning the result.
   */
  agent_type: string;
  /**
   * Delegation depth: Depth in the delegation chain: command to subagent is 1, subagent to specialist 2, specialist to helper 3. The limit is checked by a rule.
   *
   * An integer.
   *
   * Minimum: 0.
   */
  delegation_depth: number;
  /**
   * Delegation path: Agent names from the orchestrator down to this agent; in every example its length is delegation_depth + 2 (checked by a rule).
   */
  delegation_path: string[];
  [key: string]: unknown;
}

/**
 * Error: One error met during execution.
 */
export interface ReturnFormatV2Error {
  /**
   * Error type: Error category.
   */
  type: "timeout" | "validation" | "execution" | "tool_unavailable";
  /**
   * Error message: Human-readable description of the error.
   */
  message: string;
  /**
   * Error code: Machine-readable code, normally one of the standardized codes (TIMEOUT, VALIDATION_FAILED, TOOL_UNAVAILABLE, BUILD_ERROR, FILE_NOT_FOUND, CYCLE_DETECTED, MAX_DEPTH_EXCEEDED, STATUS_SYNC_FAILED, GIT_COMMIT_FAILED, UNKNOWN_ERROR).
   */
  code?: string;
  /**
   * Recoverable: Whether retrying or resuming may succeed.
   */
  recoverable?: boolean;
  /**
   * Recommendation: Suggested fix or next step.
   */
  recommendation?: string;
  [key: string]: unknown;
}

// return-format-v1.json

/**
 * Subagent return (Subagent Return Format Standard 1.0): The JSON object a subagent returns to its caller under Return Format Standard 1.0. Structure only: length limits, session id format, duplicate artifact paths and path style are checked by agent-lint rules, not by this schema.
 */
export interface ReturnFormatV1 {
  /**
   * Status: Overall execution status, exactly one of the four values (case-sensitive). completed: all objectives met; failed: no usable results; partial: some results available; blocked: requires external input.
   */
  status: "completed" | "failed" | "partial" | "blocked";
  /**
   * Summary: Non-empty summary of what was accomplished or attempted, 2-5 sentences, at most about 100 tokens (the standard suggests 10-500 characters; checked by a rule).
   */
  summary: string;
  /**
   * Artifacts: Files or resources created or modified. Required; may be empty. Paths should be unique (checked by a rule).
   */
  artifacts: ReturnFormatV1Artifact[];
  metadata: ReturnFormatV1Metadata;
  /**
   * Errors: Errors encountered during execution. Optional; defaults to an empty array.
   */
  errors?: ReturnFormatV1Error[];
  /**
   * Next steps: Recommended next actions for the caller, concise (the standard suggests at most 300 characters). May be empty or null.
   */
  next_steps?: string | null;
  [key: string]: unknown;
}

/**
 * Artifact: One file or resource created or modified during execution.
 */
export interface ReturnFormatV1Artifact {
  /**
   * Artifact type: Category: research reports, plans, implementation (source/config), summaries, tests, or documentation.
   */
  type: "research" | "plan" | "implementation" | "summary" | "test" | "documentation";
  /**
   * Artifact path: Relative path from the project root, with forward slashes and no leading slash (path style is checked by a rule).
   */
  path: string;
  /**
   * Artifact summary: Optional one-sentence description (the standard suggests at most 200 characters).
   */
  summary?: string;
  [key: string]: unknown;
}

/**
 * Metadata: Execution metadata for tracking and debugging. Only session_id, duration_seconds and agent_type are required; further keys are allowed.
 */
export interface ReturnFormatV1Metadata {
  /**
   * Session id: Non-empty id of this execution, provided by the caller and echoed back; format {agent_type}_{task_id}_{timestamp}_{random} (format checked by a rule).
   *
   * Minimum length: 1.
   */
  session_id: string;
  /**
   * Duration in seconds: Total execution time in seconds, integer or decimal, non-negative.
   *
   * Minimum: 0.
   */
  duration_seconds: number;
  /**
   * Agent type: Non-empty type of the subagent that executed; should match the agent's defined type.
   *
   * Minimum length: 1.
   */
  agent_type: string;
  /**
   * Delegation depth: Optional depth in the delegation chain (default 0).
   *
   * An integer.
   *
   * Minimum: 0.
   */
  delegation_depth?: number;
  /**
   * Delegation path: Optional chain of agent names leading to this agent.
   */
  delegation_path?: string[];
  /**
   * Retries: Optional number of retry attempts made.
   *
   * An integer.
   *
   * Minimum: 0.
   */
  retries?: number;
  /**
   * Warnings: Optional non-fatal warnings encountered (their shape is not specified).
   */
  warnings?: unknown[];
  [key: string]: unknown;
}

/**
 * Error: One error encountered during execution.
 */
export interface ReturnFormatV1Error {
  /**
   * Error type: Error category: timeout, validation, execution (runtime error), resource (required resource unavailable) or cycle (delegation cycle detected).
   */
  type: "timeout" | "validation" | "execution" | "resource" | "cycle";
  /**
   * Error message: Actionable, specific human-readable description (the standard suggests at most 500 characters).
   */
  message: string;
  /**
   * Error code: Optional machine-readable code in UPPERCASE_SNAKE_CASE, e.g. TIMEOUT_EXCEEDED, VALIDATION_FAILED, DELEGATION_CYCLE.
   */
  code?: string;
  /**
   * Recoverable: Optional; true if a retry might succeed (default false).
   */
  recoverable?: boolean;
  /**
   * Recommendation: Not part of 1.0 (added in 2.0); allowed so that returns written for 2.0 still validate.
   */
  recommendation?: string;
  [key: string]: unknown;
}

// delegation-context.json

/**
 * Delegation context (Delegation Standard 2.0): The context a caller passes to a subagent with every delegation (Delegation Standard 2.0, section 'Delegation Context Schema'). Structure only: session id format, depth limit, cycle detection and the timeout table are checked by agent-lint rules.
 */
export interface DelegationContext {
  /**
   * Session id: Unique id of this delegation, generated by the caller before invoking the subagent; format sess_{timestamp}_{random 6 chars} (format checked by a rule).
   */
  session_id: string;
  /**
   * Delegation depth: Depth of the delegated agent: command to subagent is 1, subagent to specialist 2, specialist to helper 3. The caller increments it before delegating.
   *
   * An integer.
   *
   * Minimum: 0.
   */
  delegation_depth: number;
  /**
   * Delegation path: Agent names in the delegation chain, starting with the orchestrator; used for cycle detection.
   */
  delegation_path: string[];
  /**
   * Timeout in seconds: Maximum wait time in seconds; every delegation must have one (default 3600).
   *
   * Greater than: 0.
   */
  timeout: number;
  /**
   * Caller: Optional name of the calling agent or command.
   */
  caller?: string;
  /**
   * Task context: Optional additional context for the task (task number, language, complexity, ...).
   */
  task_context?: {
    [key: string]: unknown;
  };
  [key: string]: unknown;
}
