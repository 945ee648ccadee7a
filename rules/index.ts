/**
 * The rule registry: every rule agent-lint ships. The command line hands this list to the
 * engine; the engine itself imports no rule.
 */
import type { Rule } from '../src/engine/rule.js';
import depthPathMismatch from './depth-path-mismatch.js';
import fileEncoding from './file-encoding.js';
import fileUnreadable from './file-unreadable.js';
import frontmatterSchema from './frontmatter-schema.js';
import frontmatterValid from './frontmatter-valid.js';
import instructionGlob from './instruction-glob.js';
import deprecatedFile from './deprecated-file.js';
import internalError from './internal-error.js';
import returnFormatJson from './return-format-json.js';
import returnFormatPresent from './return-format-present.js';
import returnFormatSchema from './return-format-schema.js';
import returnStatusErrors from './return-status-errors.js';
import returnSummaryLength from './return-summary-length.js';
import returnArtifactPaths from './return-artifact-paths.js';
import errorCodeKnown from './error-code-known.js';
import sessionIdFormat from './session-id-format.js';
import agentTypeMatch from './agent-type-match.js';
import maxDepth from './max-depth.js';
import delegationCycle from './delegation-cycle.js';
import delegationContextSchema from './delegation-context-schema.js';
import delegationContextPassed from './delegation-context-passed.js';
import returnContractMismatch from './return-contract-mismatch.js';
import timeoutRange from './timeout-range.js';
import delegateSyntax from './delegate-syntax.js';
import missingJsonFormatInstruction from './missing-json-format-instruction.js';
import missingTimeout from './missing-timeout.js';
import stageStructure from './stage-structure.js';
import stageTimeoutHandling from './stage-timeout-handling.js';
import stageXmlWellformed from './stage-xml-wellformed.js';
import unknownDelegationTarget from './unknown-delegation-target.js';
import delegationGraphCycle from './delegation-graph-cycle.js';
import delegationGraphDepth from './delegation-graph-depth.js';
import pluginManifest from './plugin-manifest.js';
import logEventShape from './log-event-shape.js';
import logDepthLimit from './log-depth-limit.js';
import logDepthStep from './log-depth-step.js';
import logChildId from './log-child-id.js';
import logCycle from './log-cycle.js';
import logPathDepth from './log-path-depth.js';
import logDelegationCount from './log-delegation-count.js';
import logHang from './log-hang.js';
import logTiming from './log-timing.js';
import logOutcome from './log-outcome.js';
import logTimeout from './log-timeout.js';
import marketplaceManifest from './marketplace-manifest.js';
import hooksConfig from './hooks-config.js';
import mcpConfig from './mcp-config.js';
import forbiddenValue from './forbidden-value.js';
import jsonDuplicateKey from './json-duplicate-key.js';
import referenceExists from './reference-exists.js';
import returnFileMismatch from './return-file-mismatch.js';
import secretInSpec from './secret-in-spec.js';
import hiddenUnicode from './hidden-unicode.js';
import hiddenInstruction from './hidden-instruction.js';
import dangerousPermission from './dangerous-permission.js';
import remoteCodeExec from './remote-code-exec.js';
import codexConfig from './codex-config.js';
import codexRules from './codex-rules.js';
import geminiCommand from './gemini-command.js';
import geminiConfig from './gemini-config.js';
import instructionImport from './instruction-import.js';
import instructionSize from './instruction-size.js';
import mirrorDrift from './mirror-drift.js';

export const ALL_RULES: readonly Rule[] = [
  frontmatterValid,
  frontmatterSchema,
  instructionGlob,
  deprecatedFile,
  depthPathMismatch,
  returnFormatJson,
  returnFormatSchema,
  forbiddenValue,
  jsonDuplicateKey,
  referenceExists,
  returnFileMismatch,
  returnFormatPresent,
  returnStatusErrors,
  returnSummaryLength,
  returnArtifactPaths,
  errorCodeKnown,
  sessionIdFormat,
  agentTypeMatch,
  maxDepth,
  delegationCycle,
  delegationContextSchema,
  delegationContextPassed,
  returnContractMismatch,
  timeoutRange,
  delegateSyntax,
  missingTimeout,
  missingJsonFormatInstruction,
  internalError,
  fileUnreadable,
  fileEncoding,
  stageXmlWellformed,
  stageStructure,
  stageTimeoutHandling,
  unknownDelegationTarget,
  delegationGraphCycle,
  delegationGraphDepth,
  pluginManifest,
  marketplaceManifest,
  hooksConfig,
  mcpConfig,
  secretInSpec,
  hiddenUnicode,
  hiddenInstruction,
  dangerousPermission,
  remoteCodeExec,
  geminiCommand,
  geminiConfig,
  codexConfig,
  codexRules,
  instructionImport,
  instructionSize,
  mirrorDrift,
  // Delegation logs and registries (agent-lint check-log).
  logEventShape,
  logDepthLimit,
  logDepthStep,
  logChildId,
  logCycle,
  logPathDepth,
  logDelegationCount,
  logHang,
  logTiming,
  logOutcome,
  logTimeout,
];
