/**
 * TypeScript types generated from the standard's JSON Schemas, so the library's types for a
 * return and a delegation context are never written twice. `npm run generate:types` writes
 * src/standard/types.generated.ts; a test fails when that file is stale.
 *
 * The schemas use a small part of JSON Schema (draft-07): type (one or a list), enum,
 * properties, required, items, additionalProperties, $ref to #/definitions, and numeric or
 * length bounds. That part is what this generator handles; anything else becomes `unknown`,
 * so a schema that grows beyond it yields looser types, never wrong ones.
 */
import { loadSchema } from '../standard/profiles.js';

interface Schema {
  $ref?: string;
  title?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | Schema[];
  additionalProperties?: boolean | Schema;
  definitions?: Record<string, Schema>;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
}

/** The schema files and the name of the type each one becomes. */
export const SCHEMA_TYPES: ReadonlyArray<{ file: string; name: string }> = [
  { file: 'return-format-v2.json', name: 'ReturnFormatV2' },
  { file: 'return-format-v1.json', name: 'ReturnFormatV1' },
  { file: 'delegation-context.json', name: 'DelegationContext' },
];

const pascal = (s: string) => s.replace(/(^|[_-])([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function docComment(s: Schema, indent: string): string[] {
  const lines: string[] = [];
  if (s.title && s.description) lines.push(`${s.title}: ${s.description}`);
  else if (s.title || s.description) lines.push((s.title ?? s.description)!);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('integer')) lines.push('An integer.');
  const bounds: Array<[keyof Schema, string]> = [
    ['minimum', 'Minimum'],
    ['maximum', 'Maximum'],
    ['exclusiveMinimum', 'Greater than'],
    ['exclusiveMaximum', 'Less than'],
    ['minLength', 'Minimum length'],
    ['maxLength', 'Maximum length'],
  ];
  for (const [key, label] of bounds) if (typeof s[key] === 'number') lines.push(`${label}: ${s[key]}.`);
  if (lines.length === 0) return [];
  const body = lines.join('\n\n').replace(/\*\//g, '*\\/');
  return [`${indent}/**`, ...body.split('\n').map((l) => `${indent} *${l ? ' ' + l : ''}`), `${indent} */`];
}

class Generator {
  constructor(
    readonly base: string,
    readonly root: Schema,
  ) {}

  refName(ref: string): string {
    const m = /^#\/definitions\/([^/]+)$/.exec(ref);
    if (!m || !this.root.definitions?.[m[1]!]) throw new Error(`unsupported $ref ${ref}`);
    return this.base + pascal(m[1]!);
  }

  type(s: Schema, indent: string): string {
    if (s.$ref) return this.refName(s.$ref);
    if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
    const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
    if (types.length === 0) return 'unknown';
    return types.map((t) => this.single(t, s, indent)).join(' | ');
  }

  single(t: string, s: Schema, indent: string): string {
    switch (t) {
      case 'string':
        return 'string';
      case 'number':
      case 'integer':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array': {
        if (!s.items || Array.isArray(s.items)) return 'unknown[]';
        const item = this.type(s.items, indent);
        return /[ |]/.test(item) ? `Array<${item}>` : `${item}[]`;
      }
      case 'object':
        return this.objectLiteral(s, indent);
      default:
        return 'unknown';
    }
  }

  members(s: Schema, indent: string): string[] {
    const out: string[] = [];
    const required = new Set(s.required ?? []);
    for (const [key, prop] of Object.entries(s.properties ?? {})) {
      out.push(...docComment(prop, indent));
      const name = IDENT.test(key) ? key : JSON.stringify(key);
      out.push(`${indent}${name}${required.has(key) ? '' : '?'}: ${this.type(prop, indent)};`);
    }
    for (const key of required) {
      if (!s.properties?.[key]) out.push(`${indent}${IDENT.test(key) ? key : JSON.stringify(key)}: unknown;`);
    }
    const extra = s.additionalProperties;
    if (extra === undefined || extra === true) out.push(`${indent}[key: string]: unknown;`);
    else if (typeof extra === 'object') out.push(`${indent}[key: string]: ${this.type(extra, indent)} | undefined;`);
    return out;
  }

  objectLiteral(s: Schema, indent: string): string {
    const inner = this.members(s, indent + '  ');
    return inner.length === 0 ? '{}' : `{\n${inner.join('\n')}\n${indent}}`;
  }

  declaration(name: string, s: Schema): string[] {
    const head = docComment(s, '');
    if (s.type === 'object' && !s.$ref && !s.enum) return [...head, `export interface ${name} {`, ...this.members(s, '  '), '}'];
    return [...head, `export type ${name} = ${this.type(s, '')};`];
  }

  all(): string[] {
    const out = this.declaration(this.base, this.root);
    for (const [def, s] of Object.entries(this.root.definitions ?? {})) out.push('', ...this.declaration(this.base + pascal(def), s));
    return out;
  }
}

/** The declarations of one schema: its type called `name`, then one per definition. */
export function declarationsFor(name: string, schema: object): string {
  return new Generator(name, schema as Schema).all().join('\n');
}

/** The text of src/standard/types.generated.ts. */
export function generateSchemaTypes(): string {
  const parts = [
    '/*',
    ' * Generated from src/standard/schemas/*.json by src/build/schema-types.ts: do not edit.',
    ' * Run `npm run generate:types` after changing a schema (a test fails when this file is stale).',
    ' */',
  ];
  for (const { file, name } of SCHEMA_TYPES) {
    parts.push('', `// ${file}`, '', declarationsFor(name, loadSchema(file)));
  }
  return parts.join('\n') + '\n';
}
