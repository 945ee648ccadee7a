/** The library API: lint files with the rules agent-lint ships, and format the results. */
export { lint, type LintRequest, type LintRun } from './lint.js';
export { ConfigLookup, type ConfigLookupOptions } from './config/lookup.js';
export { ConfigError, loadConfig, findConfigFile } from './config/load.js';
export { resolveConfig, type ResolvedConfig } from './config/resolve.js';
export { buildConfigSchema } from './config/schema.js';
export { FORMATTERS, type Formatter, type FormatContext } from './formatters/index.js';
export { defineRule, type Rule, type RuleMeta, type RuleContext } from './engine/rule.js';
export { ALL_RULES } from '../rules/index.js';
export { VERSION } from './meta.js';
export type * from './types.js';
