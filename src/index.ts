/**
 * agent-lint as a library: lint specs (`lintFiles`, `lintText`), judge a subagent's real reply
 * by the same rules (`checkReturn`), and the standard's JSON Schemas (`schemas`) with the
 * TypeScript types generated from them. See docs/api.md.
 */
export { lintFiles, lintText, type LintOptions, type LintFilesOptions, type LintTextOptions, type RuleEntry } from './api/lint.js';
export { schemas, type StandardSchemas } from './api/schemas.js';
export { checkReturn, type CheckReturnOptions, type CheckReturnResult, type ReturnMessage } from './check-return/check.js';
export { RETURN_RULE_IDS, type ReturnRuleId } from './check-return/rules.js';
export { lintLog, type LintLogOptions, type LintLogResult } from './api/log.js';
export type { LogSummary, StoryNode, SessionNode, LogTotals } from './log/summary.js';
export { ConfigError, loadConfig, findConfigFile } from './config/load.js';
export { PROFILES, STANDARD_NAMES, type Profile } from './standard/profiles.js';
export type {
  DelegationContext,
  ReturnFormatV1,
  ReturnFormatV1Artifact,
  ReturnFormatV1Error,
  ReturnFormatV1Metadata,
  ReturnFormatV2,
  ReturnFormatV2Artifact,
  ReturnFormatV2Error,
  ReturnFormatV2Metadata,
} from './standard/types.generated.js';
export type { FileKind, Fix, LintMessage, LintResult, Location, Range, SeverityName, StandardName, Suggestion } from './types.js';

// Lower-level pieces: the pipeline, config, formatters and rules, for tools built on agent-lint.
export { lint, type LintRequest, type LintRun } from './lint.js';
export { ConfigLookup, type ConfigLookupOptions } from './config/lookup.js';
export { resolveConfig, type ResolvedConfig } from './config/resolve.js';
export { buildConfigSchema } from './config/schema.js';
export { FORMATTERS, type Formatter, type FormatContext } from './formatters/index.js';
export { defineRule, optionsSchema, type Rule, type RuleContext, type RuleMessage, type RuleMeta } from './engine/rule.js';
export { ALL_RULES } from '../rules/index.js';
export { VERSION } from './meta.js';
// The bulk suppressions file's data, whole: parse, apply, record, prune, serialize.
export * from './engine/bulk-suppressions.js';
