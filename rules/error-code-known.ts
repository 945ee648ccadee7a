import { defineRule } from '../src/engine/rule.js';
import { findProperty } from '../src/model/json/parse.js';
import { closest } from '../src/util/suggest.js';
import { returnsOf } from '../src/standard/objects.js';

interface Options {
  knownCodes?: string[];
  extraCodes?: string[];
}

/** Upper-case words joined by single underscores (two flat tests: no nested quantifier). */
const UPPER_SNAKE = { test: (s: string) => /^[A-Z][A-Z0-9_]*$/.test(s) && !/__|_$/.test(s) };
/** The standard's own stand-ins for a code: `ERROR_CODE` (2.0) and `ERROR_CODE_UPPERCASE` (1.0). */
const TEMPLATE_CODE = /^ERROR_CODE(?:_UPPERCASE)?$/;

function toUpperSnake(s: string): string {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

export default defineRule<Options>({
  meta: {
    id: 'error-code-known',
    description: 'Error codes in returns are UPPER_SNAKE_CASE and, under 2.0, one of the standardized codes.',
    details:
      'Callers branch on errors[].code, so a code must be machine-matchable: UPPER_SNAKE_CASE in both versions of the standard. Delegation Standard 2.0 also lists the standardized codes (TIMEOUT, VALIDATION_FAILED, TOOL_UNAVAILABLE, BUILD_ERROR, FILE_NOT_FOUND, CYCLE_DETECTED, MAX_DEPTH_EXCEEDED, STATUS_SYNC_FAILED, GIT_COMMIT_FAILED, UNKNOWN_ERROR); another code is a warning (add project codes with extraCodes). Error types (errors[].type) are checked by return-format-schema, not here.',
    severity: 'error',
    requiresStandard: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        knownCodes: { type: 'array', items: { type: 'string' }, description: 'Replace the profile\'s list of standardized codes.' },
        extraCodes: { type: 'array', items: { type: 'string' }, description: 'Codes the project adds to the standardized ones.' },
      },
    },
  },
  check({ doc, profile, options, report }) {
    if (doc.returnFormats.length === 0 && doc.fileReturns.length === 0) return;
    // A project's own return format brings its own codes, or none to check against.
    const format = profile.returnFormat;
    const known = [...(options.knownCodes ?? (format ? (format.errorCodes ?? []) : profile.knownErrorCodes)), ...(options.extraCodes ?? [])];
    const knownSet = new Set(known);
    const checkKnown = options.knownCodes !== undefined || (format ? format.errorCodes !== undefined : profile.errorCodesStandardized);
    const whose = format ? `codes of the project's return format (${format.file})` : `${profile.name} standardized codes`;
    for (const { node } of returnsOf(doc, profile)) {
      const errs = findProperty(node, 'errors')?.value;
      if (errs?.type !== 'array') continue;
      for (const e of errs.items) {
        if (e.type !== 'object') continue;
        const c = findProperty(e, 'code')?.value;
        if (c?.type !== 'string' || c.templated) continue;
        for (const value of c.alternatives ?? [c.value]) {
          if (value === '' || TEMPLATE_CODE.test(value)) continue;
          if (!UPPER_SNAKE.test(value)) {
            report({
              message: `error code ${JSON.stringify(value)} is not UPPER_SNAKE_CASE`,
              help: `Expected ${JSON.stringify(toUpperSnake(value) || 'UNKNOWN_ERROR')}: the standard's codes are upper-case words joined by "_".`,
              range: c.range,
            });
            continue;
          }
          if (checkKnown && !knownSet.has(value)) {
            const near = closest(value, known);
            report({
              message: `error code ${JSON.stringify(value)} is not one of the ${format ? "project's return format codes" : whose}`,
              help: `${near ? `Did you mean ${JSON.stringify(near)}? ` : ''}Expected one of the ${whose}: ${known.join(', ')}, or add it to the extraCodes option.`,
              range: c.range,
              severity: 'warn',
            });
          }
        }
      }
    }
  },
});
