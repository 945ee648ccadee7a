/**
 * The rule registry: every rule agent-lint ships. The command line hands this list to the
 * engine; the engine itself imports no rule.
 */
import type { Rule } from '../src/engine/rule.js';
import depthPathMismatch from './depth-path-mismatch.js';
import fileEncoding from './file-encoding.js';
import fileUnreadable from './file-unreadable.js';
import frontmatterValid from './frontmatter-valid.js';
import internalError from './internal-error.js';
import stageStructure from './stage-structure.js';
import stageTimeoutHandling from './stage-timeout-handling.js';
import stageXmlWellformed from './stage-xml-wellformed.js';

export const ALL_RULES: readonly Rule[] = [
  frontmatterValid,
  depthPathMismatch,
  internalError,
  fileUnreadable,
  fileEncoding,
  stageXmlWellformed,
  stageStructure,
  stageTimeoutHandling,
];
