/**
 * Reading a markdown format document the way a person reads it: its ```json template declares
 * the return format, and its field tables say which keys are required.
 *
 * - `"a|b|c"` is an enumeration; an example value gives a type (`180` a number, `true` a
 *   boolean, `"text"` a string); a `{placeholder}` string is a string; `N`, `...` and `null`
 *   say nothing; an array of one example object describes its items.
 * - Required keys: from the document (a heading `### status (required)`, a table with a
 *   Required column, a list item `` - `name` (optional) ``), else the standard's required keys
 *   that the template names. A key the template does not name is allowed.
 * - A `| Value |` table under a field's heading adds to that field's enumeration
 *   (`in_progress`, listed in the table but not in the template's `a|b|c`).
 */
import type { JsonNode, JsonObject } from '../../model/json/ast.js';
import { findProperty, parseTolerantJson } from '../../model/json/parse.js';
import { LineIndex } from '../../model/lines.js';
import { isReturnFormat } from '../../model/json/blocks.js';
import { isEllipsisText } from '../objects.js';
import { DocumentModel } from '../../model/document.js';
import { loadSchema, type Profile } from '../profiles.js';
import { deref, EXAMPLE, OPEN, propertySchema, valuesOfSchema, type ForbiddenValue, type ReturnFormat } from './format.js';

type Schema = Record<string, unknown>;

/** One object of the template: its schema and what the document says of its keys. */
interface ObjectInfo {
  schema: Schema;
  keys: string[];
  /** Where the standard's required list for this object is: '' root, 'metadata', 'artifacts[]', 'errors[]'. */
  standardAt?: string;
  explicit: Map<string, boolean>;
}

interface Built {
  lines: Record<string, number>;
  /** Objects of the template, by the key that holds them (`metadata`, `artifacts`); '' the root. */
  objects: Map<string, ObjectInfo>;
  /** Enumerated string schemas, by key, to which a Value table may add. */
  enums: Map<string, Schema>;
  /** Keys whose values the document leaves open ("Contextual success values"). */
  open: Set<string>;
  /** Values the document forbids, by template path. */
  forbidden: ForbiddenValue[];
  profile: Profile;
}

/** Prose that leaves a field's values open: the listed ones are examples. */
const OPEN_VALUES = /\b(?:contextual|context-specific|project-specific|custom|free-form)\b/i;
/**
 * A prohibition and what follows it: `Never use "completed"`, `Do NOT use `"status": "completed"``.
 * Group 1 is the rest of the line after the verb.
 */
const FORBIDS = /\b(?:never|do not|don't|must not|should not|shall not|may not)\s+(?:use|return|emit|write|set|output|send)\b(.*)/i;
/** In what follows a prohibition: `"key": "value"`, else the quoted values of its clause. */
const KEYED_VALUE = /"([A-Za-z_][\w-]*)"\s*:\s*"([\w.-]+)"/;

const STANDARD_AT: Record<string, string> = { '': '', metadata: 'metadata', artifacts: 'artifacts[]', errors: 'errors[]' };

function alternativesOf(value: string, given: string[] | undefined): string[] | undefined {
  if (given) return given;
  if (!value.includes('|')) return undefined;
  const parts = value.split('|').map((p) => p.trim());
  return parts.length > 1 && parts.every((p) => /^[\w.-]+$/.test(p) || isEllipsisText(p)) ? parts : undefined;
}

/**
 * The standard's enumeration at a template path (`status`, `artifacts/type`, `errors/type`), which
 * a list that ends in `...` extends when every value it lists is the standard's.
 */
function standardValues(profile: Profile, path: string): readonly string[] | undefined {
  if (path === 'status') return profile.statusValues;
  if (path === 'artifacts/type') return profile.artifactTypes;
  if (path === 'errors/type') return profile.errorTypes;
  return undefined;
}

/**
 * The values a template's `"a|b|..."` allows: the listed ones; with a trailing `...`, the listed
 * ones and the rest of the standard's list when all of them are the standard's (an abridged copy
 * of it), else any value (`"planner|researcher|..."`: examples of an open set).
 */
function enumOf(alts: string[], path: string, profile: Profile): string[] | undefined {
  const listed = alts.filter((a) => !isEllipsisText(a));
  if (listed.length === alts.length) return listed;
  const std = standardValues(profile, path);
  if (!std || !listed.every((v) => std.includes(v))) return undefined;
  return [...listed, ...std.filter((v) => !listed.includes(v))];
}

function schemaOf(node: JsonNode, path: string, key: string, doc: DocumentModel, b: Built, depth: number): Schema {
  if (depth > 50) return {};
  switch (node.type) {
    case 'string': {
      const alts = alternativesOf(node.value, node.alternatives);
      const values = alts && !alts.some((a) => /[{}<>[\]]/.test(a)) ? enumOf(alts, path, b.profile) : undefined;
      if (values) {
        const s: Schema = { type: 'string', enum: values };
        if (key && !b.enums.has(key)) b.enums.set(key, s);
        return s;
      }
      // A list that ends in `...` of values of its own: any value.
      if (alts && alts.some(isEllipsisText)) return { type: 'string', [OPEN]: true };
      // One example value (`"type": "report"`) is a value the project uses, not a closed list.
      if (!node.templated && !node.alternatives && /^[a-z][\w.-]*$/i.test(node.value) && node.value.length <= 40) return { type: 'string', [EXAMPLE]: node.value };
      return { type: 'string' };
    }
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
    case 'placeholder':
      return {};
    case 'array': {
      const first = node.items.find((i) => i.type !== 'placeholder' && !(i.type === 'string' && i.value.trim() === '...'));
      if (!first) return { type: 'array' };
      return { type: 'array', items: schemaOf(first, path, key, doc, b, depth + 1) };
    }
    case 'object':
      return objectSchema(node, path, key, doc, b, depth);
  }
}

function objectSchema(node: JsonObject, path: string, key: string, doc: DocumentModel, b: Built, depth: number): Schema {
  const properties: Record<string, Schema> = {};
  const keys: string[] = [];
  for (const p of node.properties) {
    const sub = path ? `${path}/${p.key}` : p.key;
    if (!(sub in b.lines)) b.lines[sub] = doc.lines.lineOf(p.keyRange.start) + 1;
    properties[p.key] = schemaOf(p.value, sub, p.key, doc, b, depth + 1);
    keys.push(p.key);
  }
  const schema: Schema = { type: 'object', properties, additionalProperties: true };
  if (!b.objects.has(key)) b.objects.set(key, { schema, keys, standardAt: STANDARD_AT[key], explicit: new Map() });
  return schema;
}

/** The standard's required keys at a position of its return schema. */
function standardRequired(profile: Profile, at: string): string[] {
  const std = loadSchema(profile.returnSchemaFile) as Schema;
  const root = deref(std, std);
  let s: Schema | undefined;
  if (at === '') s = root;
  else if (at === 'metadata') s = propertySchema(std, root, 'metadata');
  else if (at === 'artifacts[]') s = propertySchema(std, root, 'artifacts', true);
  else if (at === 'errors[]') s = propertySchema(std, root, 'errors', true);
  const r = s?.['required'];
  return Array.isArray(r) ? (r as string[]) : [];
}

const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const FIELD_NAME = /^[*_`"]*([A-Za-z_][\w-]*)[*_`"]*(?:\s*\(([^)]*)\))?/;

function requirement(text: string): boolean | undefined {
  const t = text.replace(/[*_`]/g, '').trim().toLowerCase();
  if (/^(yes|required|true|always|mandatory|[✓✔x])$/.test(t)) return true;
  if (/^(no|optional|false|-|—)$/.test(t) || t.startsWith('optional') || t.startsWith('no ')) return false;
  // "Yes (meta only)", "if status is failed": conditional, which a template cannot check.
  return t.startsWith('yes') || t.startsWith('required') || t.startsWith('if ') || t.startsWith('when ') ? false : undefined;
}

function cells(line: string): string[] {
  let t = line.trim();
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|')) t = t.slice(0, -1);
  return t.split('|').map((c) => c.trim());
}

function bare(cell: string): string {
  return cell.trim().replace(/^[*_`"]+|[*_`"]+$/g, '').trim();
}

/** Reads headings, tables and list items outside code fences into `b.objects[..].explicit` and `b.enums`. */
function readFieldDocs(doc: DocumentModel, b: Built): void {
  const lines = doc.text.split('\n');
  const inFence = new Set<number>();
  for (const f of doc.fences) {
    const last = doc.lines.lineOf(Math.max(f.range.start, f.range.end - 1));
    for (let l = f.openLine; l <= last; l++) inFence.add(l);
  }
  const root = b.objects.get('')!;
  let heading: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    if (inFence.has(i)) continue;
    const line = lines[i]!;
    const h = HEADING.exec(line);
    if (h) {
      const m = FIELD_NAME.exec(h[1]!);
      heading = m && (root.keys.includes(m[1]!) || b.objects.has(m[1]!) || b.enums.has(m[1]!)) ? m[1] : undefined;
      const req = m?.[2] !== undefined ? requirement(m[2]!.split(/[,;]/)[0]!) : undefined;
      if (heading && req !== undefined && root.keys.includes(heading)) root.explicit.set(heading, req);
      continue;
    }
    readProhibition(line, i, heading, b);
    if (heading && b.enums.has(heading) && !line.trim().startsWith('|') && /\bvalues?\b/i.test(line) && OPEN_VALUES.test(line)) b.open.add(heading);
    const t = line.trim();
    if (t.startsWith('|') && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1]!)) {
      const head = cells(line).map((c) => bare(c).toLowerCase());
      const rows: string[][] = [];
      let j = i + 2;
      for (; j < lines.length && lines[j]!.trim().startsWith('|'); j++) rows.push(cells(lines[j]!));
      readTable(head, rows, heading, b);
      i = j - 1;
      continue;
    }
    const li = /^\s*[-*]\s+`([A-Za-z_][\w-]*)`\s*\((required|optional)\b/i.exec(line);
    if (li && heading) {
      const target = b.objects.get(heading);
      if (target?.keys.includes(li[1]!)) target.explicit.set(li[1]!, li[2]!.toLowerCase() === 'required');
    }
  }
}

/** Where a prohibition's list of values ends: a dash or colon after a blank, or what to do instead. */
const CLAUSE_END = /\s[-\u2013\u2014:;]\s|\b(?:instead|use|such as|like)\b/i;
const QUOTED = /[`"]+([\w.-]+)[`"]+/g;

/** The values a line forbids (`Never use "completed" or "done"`), for the key it names or the section's field. */
function readProhibition(line: string, i: number, heading: string | undefined, b: Built): void {
  const m = FORBIDS.exec(line);
  if (!m) return;
  const keyed = KEYED_VALUE.exec(m[1]!);
  const key = keyed?.[1] ?? (heading && b.enums.has(heading) ? heading : /\bstatus\b/i.test(line) ? 'status' : undefined);
  if (key === undefined || key === 'type') return;
  let values: string[];
  if (keyed) values = [keyed[2]!];
  else {
    const rest = m[1]!.slice(0, 200);
    const end = CLAUSE_END.exec(rest);
    values = [...rest.slice(0, end ? end.index : rest.length).matchAll(QUOTED)].map((q) => q[1]!);
  }
  for (const value of values) {
    if (!b.forbidden.some((f) => f.path === key && f.value === value)) b.forbidden.push({ path: key, value, line: i + 1, text: line.trim() });
  }
}

function readTable(head: string[], rows: string[][], heading: string | undefined, b: Built): void {
  // `| metadata field | Required |`: the first column names the object.
  const named = /^([a-z_][\w-]*)\s+(?:field|key)s?$/.exec(head[0] ?? '');
  const objectKey = named && b.objects.has(named[1]!) ? named[1]! : heading;
  const reqCol = head.findIndex((c) => /^(required|req\.?|mandatory)$/.test(c));
  if (reqCol > 0 && objectKey !== undefined) {
    const target = b.objects.get(objectKey);
    if (!target) return;
    for (const r of rows) {
      const name = bare(r[0] ?? '');
      const req = requirement(r[reqCol] ?? '');
      if (req !== undefined && target.keys.includes(name)) target.explicit.set(name, req);
    }
    return;
  }
  if (/^values?$/.test(head[0] ?? '') && heading) {
    const e = b.enums.get(heading)?.['enum'] as string[] | undefined;
    if (!e) return;
    for (const r of rows) {
      const m = /^`([^`]+)`$/.exec((r[0] ?? '').trim()) ?? /^"([^"]+)"$/.exec((r[0] ?? '').trim());
      const v = m?.[1] ?? bare(r[0] ?? '');
      if (/^[\w.-]+$/.test(v) && !e.includes(v)) e.push(v);
    }
  }
}

export type TemplateResult = { format: ReturnFormat } | { problem: string };

/**
 * The return format a markdown document declares, or why it declares none. `file` is the path
 * shown in messages; `profile` gives the required keys a document does not state.
 */
export function formatFromDocument(text: string, file: string, profile: Profile, origin: ReturnFormat['origin']): TemplateResult {
  const doc = new DocumentModel({ filePath: file, relPath: file, kind: 'other', text });
  let template: JsonObject | undefined;
  for (const blk of doc.json.blocks) {
    if (blk.source !== 'fence' || (blk.fence && !['json', 'jsonc', 'json5'].includes(blk.fence.lang))) continue;
    if (blk.value.type === 'object' && isReturnFormat(blk.value)) {
      template = blk.value;
      break;
    }
  }
  if (!template) return { problem: 'it holds no ```json template of a return (an object with "status" and two of summary, artifacts, metadata, errors)' };
  const b: Built = { lines: {}, objects: new Map(), enums: new Map(), open: new Set(), forbidden: [], profile };
  const schema = objectSchema(template, '', '', doc, b, 0);
  readFieldDocs(doc, b);
  for (const key of b.open) {
    const e = b.enums.get(key)!;
    delete e['enum'];
    e[OPEN] = true;
  }
  for (const info of b.objects.values()) {
    const std = info.standardAt !== undefined ? standardRequired(profile, info.standardAt) : [];
    const required = info.keys.filter((k) => info.explicit.get(k) ?? std.includes(k));
    if (required.length) info.schema['required'] = required;
  }
  const full: Schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `Subagent return (the project's return format, ${file})`,
    description: `Read from the JSON template at ${file}:${doc.lines.lineOf(template.range.start) + 1} and its field tables.`,
    ...schema,
  };
  return {
    format: {
      schema: full,
      file,
      line: doc.lines.lineOf(template.range.start) + 1,
      kind: 'document',
      origin,
      describesFile: /\.return-meta\b|\bmetadata[ _-]file\b/i.test(text),
      titledFile: /\bfiles?\b/i.test(/^#\s+(.*)$/m.exec(text)?.[1] ?? ''),
      lines: b.lines,
      forbidden: b.forbidden.map((f) => ({ ...f, file })),
      ...valuesOfSchema(full),
    },
  };
}

/**
 * Lines of a schema file's property declarations, by template path (`status`,
 * `artifacts/type`): through `properties` and `items`; `$ref`s are not followed.
 */
function schemaLines(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  const r = parseTolerantJson(text, text.search(/\S/) < 0 ? 0 : text.search(/\S/));
  if (!r.ok) return out;
  const lines = new LineIndex(text);
  const walk = (node: JsonNode, path: string, depth: number) => {
    if (node.type !== 'object' || depth > 40) return;
    const items = findProperty(node, 'items')?.value;
    if (items) walk(items, path, depth + 1);
    const props = findProperty(node, 'properties')?.value;
    if (props?.type !== 'object') return;
    for (const p of props.properties) {
      const sub = path ? `${path}/${p.key}` : p.key;
      if (!(sub in out)) out[sub] = lines.lineOf(p.keyRange.start) + 1;
      walk(p.value, sub, depth + 1);
    }
  };
  walk(r.value, '', 0);
  return out;
}

/** The return format of a JSON Schema file's text, or why it is not one. */
export function formatFromSchemaText(text: string, file: string, origin: ReturnFormat['origin']): TemplateResult {
  let schema: unknown;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    schema = JSON.parse(body);
  } catch (e) {
    return { problem: `it is not valid JSON: ${(e as Error).message}` };
  }
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return { problem: 'a JSON Schema must be an object' };
  return { format: { schema: schema as Schema, file, line: 1, kind: 'schema', origin, lines: schemaLines(body), ...valuesOfSchema(schema as Schema) } };
}
