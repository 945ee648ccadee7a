/**
 * The standard's data the browser build generates as a module (src/build/browser.ts): each
 * JSON Schema's text by file name, and each precompiled validator by module name.
 */
declare module 'agent-lint:standard-data' {
  import type { ValidateFunction } from 'ajv';
  export const SCHEMA_TEXTS: Record<string, string>;
  export const VALIDATORS: Record<string, ValidateFunction>;
}
