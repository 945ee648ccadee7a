/**
 * One return format from several documents that declare it (a `subagent-return.md` and a
 * `return-metadata-file.md` for the same file): what any of them allows is allowed, what all of
 * them require is required.
 *
 * - Properties: the union, merged key by key.
 * - Enumerations: the union; a field one document leaves open (a plain string) stays open.
 * - Required keys: those every document that declares the object requires.
 * - Types that differ: either is allowed.
 */
import { EXAMPLE, OPEN, valuesOfSchema, type ForbiddenValue, type ReturnFormat } from './format.js';

type Schema = Record<string, unknown>;

const isObj = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

/** The values two documents allow a string field: one list with the other's values or example, open if either leaves it open. */
function mergeValues(a: Schema, b: Schema): Schema {
  if (a[OPEN] || b[OPEN]) {
    const out: Schema = { ...a, [OPEN]: true };
    delete out['enum'];
    delete out[EXAMPLE];
    return out;
  }
  const ea = a['enum'];
  const eb = b['enum'];
  const values = (e: unknown, x: unknown): string[] | undefined => (Array.isArray(e) ? (e as string[]) : typeof x === 'string' ? [x] : undefined);
  const va = values(ea, a[EXAMPLE]);
  const vb = values(eb, b[EXAMPLE]);
  // Neither lists values: a plain string stays one.
  if (!Array.isArray(ea) && !Array.isArray(eb)) return { ...a };
  // A plain string without an example says nothing of the values: the list stands.
  const out: Schema = { ...a };
  delete out[EXAMPLE];
  out['enum'] = [...new Set([...(va ?? []), ...(vb ?? [])])];
  return out;
}

function mergeSchema(a: Schema, b: Schema, depth = 0): Schema {
  if (depth > 50) return {};
  // A schema with no type allows anything: so does the merge.
  if (a['type'] === undefined || b['type'] === undefined) return {};
  if (a['type'] !== b['type']) return { type: [...new Set([a['type'], b['type']].flat())] };
  const out: Schema = { ...a };
  if (a['type'] === 'string') return mergeValues(a, b);
  if (a['type'] === 'array') {
    if (isObj(a['items']) && isObj(b['items'])) out['items'] = mergeSchema(a['items'], b['items'], depth + 1);
    else delete out['items'];
    return out;
  }
  if (a['type'] === 'object') {
    const pa = isObj(a['properties']) ? a['properties'] : {};
    const pb = isObj(b['properties']) ? b['properties'] : {};
    const props: Schema = { ...pa };
    for (const [k, v] of Object.entries(pb)) props[k] = k in pa && isObj(pa[k]) && isObj(v) ? mergeSchema(pa[k] as Schema, v, depth + 1) : v;
    out['properties'] = props;
    const rb = new Set(Array.isArray(b['required']) ? (b['required'] as string[]) : []);
    const required = (Array.isArray(a['required']) ? (a['required'] as string[]) : []).filter((k) => rb.has(k));
    if (required.length) out['required'] = required;
    else delete out['required'];
  }
  return out;
}

/**
 * `a` with the enumerations of `b` added where both declare a field (a closed list made open
 * when `b` leaves the field open), and the fields only `b` declares, without their required
 * keys; the required keys of `a` do not change.
 */
function addVocabulary(a: Schema, b: Schema, depth = 0): Schema {
  if (depth > 50 || a['type'] !== b['type']) return a;
  if (a['type'] === 'string') return mergeValues(a, b);
  if (a['type'] === 'array') {
    return isObj(a['items']) && isObj(b['items']) ? { ...a, items: addVocabulary(a['items'], b['items'], depth + 1) } : a;
  }
  if (a['type'] === 'object' && isObj(a['properties']) && isObj(b['properties'])) {
    const props: Schema = { ...a['properties'] };
    for (const [k, v] of Object.entries(b['properties'])) {
      if (!isObj(v)) continue;
      if (isObj(props[k])) props[k] = addVocabulary(props[k] as Schema, v, depth + 1);
      else if (!(k in props)) props[k] = withoutRequired(v, depth + 1);
    }
    return { ...a, properties: props };
  }
  return a;
}

/** A field another document declares, with its values and types but none of its required keys. */
function withoutRequired(s: Schema, depth: number): Schema {
  if (depth > 50) return {};
  const out: Schema = { ...s };
  delete out['required'];
  if (isObj(out['items'])) out['items'] = withoutRequired(out['items'], depth + 1);
  if (isObj(out['properties'])) {
    const props: Schema = {};
    for (const [k, v] of Object.entries(out['properties'])) props[k] = isObj(v) ? withoutRequired(v, depth + 1) : v;
    out['properties'] = props;
  }
  return out;
}

/** `file:line` of each template path, from the first document that declares it. */
function sitesOf(formats: readonly ReturnFormat[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of formats) for (const [p, line] of Object.entries(f.lines)) if (!(p in out)) out[p] = `${f.file}:${line}`;
  return out;
}

/**
 * The formats as one (the first names it in messages): the structure and required keys of
 * `primary`, merged; the vocabularies (enumerated values) of every format in `vocabulary` added,
 * and the values any of them forbids.
 */
export function mergeFormats(primary: readonly ReturnFormat[], vocabulary: readonly ReturnFormat[] = primary): ReturnFormat {
  const others = vocabulary.filter((f) => !primary.includes(f));
  if (primary.length === 1 && others.length === 0) return primary[0]!;
  const [first, ...rest] = primary as [ReturnFormat, ...ReturnFormat[]];
  let schema: Schema = { ...first.schema };
  for (const f of rest) schema = mergeSchema(schema, f.schema as Schema);
  for (const f of others) schema = addVocabulary(schema, f.schema as Schema);
  const all = [...primary, ...others];
  schema['description'] = `Merged from the project's format documents: ${all.map((f) => `${f.file}:${f.line}`).join(', ')}.`;
  const forbidden: ForbiddenValue[] = [];
  for (const f of all) for (const v of f.forbidden ?? []) if (!forbidden.some((x) => x.path === v.path && x.value === v.value)) forbidden.push(v);
  return {
    schema,
    file: first.file,
    line: first.line,
    kind: first.kind,
    origin: first.origin,
    describesFile: primary.every((f) => f.describesFile),
    lines: first.lines,
    sites: sitesOf(all),
    sources: all.map((f) => f.file),
    structureFrom: primary.map((f) => f.file),
    forbidden,
    ...valuesOfSchema(schema),
  };
}

/** The subschema at a template path (`metadata/duration_seconds`, `artifacts/type`), through array items; its parent too. */
function at(schema: Schema, pathText: string): { parent?: Schema; key: string; node?: Schema } {
  const parts = pathText.split('/').filter(Boolean);
  let node: Schema | undefined = schema;
  let parent: Schema | undefined;
  for (const key of parts) {
    while (node && node['type'] === 'array' && isObj(node['items'])) node = node['items'] as Schema;
    parent = node;
    const props: unknown = node?.['properties'];
    node = isObj(props) && isObj(props[key]) ? (props[key] as Schema) : undefined;
  }
  while (node && node['type'] === 'array' && isObj(node['items'])) node = node['items'] as Schema;
  return { parent, key: parts[parts.length - 1] ?? '', node };
}

/** Deep copy of a schema (a plain JSON value). */
const copy = (s: Schema): Schema => JSON.parse(JSON.stringify(s)) as Schema;

/**
 * The format with config's corrections (config `protocol`): values allowed or forbidden, fields
 * made optional. `source` names the config in the prohibitions it adds.
 */
export function correctFormat(
  format: ReturnFormat,
  corrections: { allow?: Record<string, string[]>; forbid?: Record<string, string[]>; optional?: string[] },
  source: string,
): ReturnFormat {
  const schema = copy(format.schema as Schema);
  for (const [field, values] of Object.entries(corrections.allow ?? {})) {
    const { node } = at(schema, field);
    if (node && Array.isArray(node['enum'])) node['enum'] = [...new Set([...(node['enum'] as string[]), ...values])];
  }
  const forbidden: ForbiddenValue[] = [...(format.forbidden ?? [])];
  for (const [field, values] of Object.entries(corrections.forbid ?? {})) {
    const { node } = at(schema, field);
    if (node && Array.isArray(node['enum'])) node['enum'] = (node['enum'] as string[]).filter((v) => !values.includes(v));
    for (const value of values) if (!forbidden.some((f) => f.path === field && f.value === value)) forbidden.push({ path: field, value, file: source, line: 1, text: `config protocol.forbid.${field}` });
  }
  for (const field of corrections.optional ?? []) {
    const { parent, key } = at(schema, field);
    const req = parent?.['required'];
    if (parent && Array.isArray(req)) {
      const kept = (req as string[]).filter((k) => k !== key);
      if (kept.length) parent['required'] = kept;
      else delete parent['required'];
    }
  }
  return { ...format, schema, forbidden, ...valuesOfSchema(schema) };
}
