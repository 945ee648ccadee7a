import { defineRule, optionsSchema } from '../src/engine/rule.js';
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
    severity: 'error',
    requiresStandard: true,
    messages: {
      case: {
        message: 'error code {{code}} is not UPPER_SNAKE_CASE',
        help: 'Expected {{expected}}: the standard\'s codes are upper-case words joined by "_".',
      },
      unknown: {
        message: 'error code {{code}} is not one of the {{list}}',
        help: '{{near}}Expected one of the {{whose}}: {{codes}}, or add it to the extraCodes option.',
      },
    },
    schema: optionsSchema({
      knownCodes: { type: 'array', items: { type: 'string' }, description: 'Replace the profile\'s list of standardized codes.' },
      extraCodes: { type: 'array', items: { type: 'string' }, description: 'Codes the project adds to the standardized ones.' },
    }),
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
            report({ messageId: 'case', data: { code: JSON.stringify(value), expected: JSON.stringify(toUpperSnake(value) || 'UNKNOWN_ERROR') }, range: c.range });
            continue;
          }
          if (checkKnown && !knownSet.has(value)) {
            const near = closest(value, known);
            report({
              messageId: 'unknown',
              data: { code: JSON.stringify(value), list: format ? "project's return format codes" : whose, near: near ? `Did you mean ${JSON.stringify(near)}? ` : '', whose, codes: known.join(', ') },
              range: c.range,
              severity: 'warn',
            });
          }
        }
      }
    }
  },
});
