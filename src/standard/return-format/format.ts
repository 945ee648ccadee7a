/**
 * A project's own return format: the JSON Schema its returns are checked against instead of the
 * standard's, with where it is documented (for messages and --print-config) and the values the
 * rules read (statuses, artifact and error types, required fields).
 *
 * It comes from a JSON Schema file or from a markdown format document's ```json template (see
 * ./template.ts), named in config (`returnFormat`) or referenced by the project's specs.
 */
import type { ValidateFunction } from 'ajv';
import type { Profile } from '../profiles.js';
import { validatorOnFirstUse } from '../ajv.js';

/**
 * Annotations of a format's string schemas (ajv ignores unknown keywords): the document leaves
 * the field's values open ("contextual values", `"a|b|..."`), or shows one example value of it.
 * Merging reads them: an open field stays open, an example joins the other documents' list.
 */
export const OPEN = 'x-open';
export const EXAMPLE = 'x-example';

/** A value a format document forbids: `Never use "completed"` under `### status`. */
export interface ForbiddenValue {
  /** The template path of the field (`status`, `artifacts/type`). */
  readonly path: string;
  readonly value: string;
  /** The document that forbids it, as shown in messages, and the 1-based line. */
  readonly file?: string;
  readonly line: number;
  /** The sentence, trimmed. */
  readonly text: string;
}

export interface ReturnFormat {
  /** The JSON Schema (draft-07) returns are validated against. */
  readonly schema: Readonly<Record<string, unknown>>;
  /** The file the format comes from, as shown in messages (relative to the project root). */
  readonly file: string;
  /** The 1-based line of the template (or 1 for a schema file). */
  readonly line: number;
  /** A JSON Schema file, or a markdown document holding a JSON template. */
  readonly kind: 'schema' | 'document';
  /** How it came in force: named in config, or referenced by the project's specs. */
  readonly origin: 'config' | 'referenced';
  /** The document describes a return written to a file (a metadata file), not a console reply. */
  readonly describesFile?: boolean;
  /** Its title names the file it describes ("Return Metadata File Schema"): the file's own document. */
  readonly titledFile?: boolean;
  /**
   * Lines of the template's keys, by path without array indices (`status`, `artifacts/type`,
   * `metadata/session_id`), so that a message can cite the line that declares the value.
   */
  readonly lines: Readonly<Record<string, number>>;
  readonly statusValues?: readonly string[];
  readonly artifactTypes?: readonly string[];
  readonly errorTypes?: readonly string[];
  /** The error codes the format enumerates (`errors[].code`), if it does. */
  readonly errorCodes?: readonly string[];
  readonly requiredReturnFields: readonly string[];
  readonly requiredMetadataFields: readonly string[];
  /** Values its documents forbid. */
  readonly forbidden?: readonly ForbiddenValue[];
  /**
   * `file:line` by template path when the format merges several documents (the path's first
   * declaration); `lines` then holds the first document's.
   */
  readonly sites?: Readonly<Record<string, string>>;
  /** Every document merged into the format, the first one `file`. */
  readonly sources?: readonly string[];
  /** Of `sources`, the documents whose structure and required keys the format has. */
  readonly structureFrom?: readonly string[];
  /** The validator of `schema`, compiled by the first call (which throws when ajv cannot compile it). */
  readonly validator: () => ValidateFunction;
}

/** `file:line` of the format, or of the template line that declares `path` (`artifacts/type`). */
export function formatSite(format: ReturnFormat, path = ''): string {
  const site = path ? format.sites?.[path] : undefined;
  if (site) return site;
  const line = (path && format.lines[path]) || format.line;
  return `${format.file}:${line}`;
}

/** How messages name the format: `the project's return format, docs/return.md:21`. */
export function formatLabel(format: ReturnFormat, path = ''): string {
  return `the project's return format, ${formatSite(format, path)}`;
}

/** A short description for --print-config. */
export function describeFormat(format: ReturnFormat): { file: string; line: number; kind: string; origin: string } {
  return { file: format.file, line: format.line, kind: format.kind, origin: format.origin };
}

/**
 * The profile with the project's return format in force: the standard's other rules (depth,
 * timeouts, session ids) stay; what a return holds comes from the format.
 */
export function withReturnFormat(profile: Profile, format: ReturnFormat | undefined): Profile {
  if (!format) return profile;
  return Object.freeze({
    ...profile,
    returnFormat: format,
    statusValues: format.statusValues ?? profile.statusValues,
    artifactTypes: format.artifactTypes ?? profile.artifactTypes,
    errorTypes: format.errorTypes ?? profile.errorTypes,
    requiredReturnFields: format.requiredReturnFields,
    requiredMetadataFields: format.requiredMetadataFields,
  });
}

/** Resolves a local `$ref` (`#/definitions/x`) once; anything else is returned as is. */
export function deref(root: Record<string, unknown>, node: unknown): Record<string, unknown> | undefined {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref !== 'string') return node as Record<string, unknown>;
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const seg of ref.slice(2).split('/')) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return at && typeof at === 'object' ? (at as Record<string, unknown>) : undefined;
}

/** The subschema of a property (`metadata`), or of an array property's items (`artifacts`). */
export function propertySchema(root: Record<string, unknown>, of: Record<string, unknown> | undefined, key: string, items = false): Record<string, unknown> | undefined {
  const props = of?.['properties'];
  if (!props || typeof props !== 'object') return undefined;
  const p = deref(root, (props as Record<string, unknown>)[key]);
  return items ? deref(root, p?.['items']) : p;
}

function stringEnum(s: Record<string, unknown> | undefined): string[] | undefined {
  const e = s?.['enum'];
  return Array.isArray(e) && e.every((x) => typeof x === 'string') ? (e as string[]) : undefined;
}

function requiredOf(s: Record<string, unknown> | undefined): string[] {
  const r = s?.['required'];
  return Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string') : [];
}

/** What a format takes from its schema: the values the rules read, and its validator. */
export function valuesOfSchema(schema: Record<string, unknown>): Pick<ReturnFormat, 'statusValues' | 'artifactTypes' | 'errorTypes' | 'errorCodes' | 'requiredReturnFields' | 'requiredMetadataFields' | 'validator'> {
  const root = deref(schema, schema) ?? {};
  const artifact = propertySchema(schema, root, 'artifacts', true);
  const error = propertySchema(schema, root, 'errors', true);
  return {
    statusValues: stringEnum(propertySchema(schema, root, 'status')),
    artifactTypes: stringEnum(propertySchema(schema, artifact, 'type')),
    errorTypes: stringEnum(propertySchema(schema, error, 'type')),
    errorCodes: stringEnum(propertySchema(schema, error, 'code')),
    requiredReturnFields: requiredOf(root),
    requiredMetadataFields: requiredOf(propertySchema(schema, root, 'metadata')),
    validator: validatorOnFirstUse(schema),
  };
}
