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
import internalError from './internal-error.js';
import returnFormatJson from './return-format-json.js';
import returnFormatPresent from './return-format-present.js';
import returnFormatSchema from './return-format-schema.js';

export const ALL_RULES: readonly Rule[] = [
  frontmatterValid,
  frontmatterSchema,
  depthPathMismatch,
  returnFormatJson,
  returnFormatSchema,
  returnFormatPresent,
  internalError,
  fileUnreadable,
  fileEncoding,
];
