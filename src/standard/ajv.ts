/** How schemas are compiled: ajv's options, and a schema's validator compiled on first use. */
import type { Options as AjvOptions, ValidateFunction } from 'ajv';
import { loadAjv } from '../platform/host.js';

/** The ajv options every compile uses (the build's precompiled validators too). */
export const AJV_OPTIONS: AjvOptions = { allErrors: true, strict: false, verbose: true };

/**
 * The validator of `schema`, compiled by the first call (by an ajv instance of its own: a
 * project schema's `$id` must not clash with the standard's). The call throws with ajv's reason
 * when the schema is not one ajv can compile.
 */
export function validatorOnFirstUse(schema: object): () => ValidateFunction {
  let fn: ValidateFunction | undefined;
  return () => (fn ??= new (loadAjv())(AJV_OPTIONS).compile(schema));
}
