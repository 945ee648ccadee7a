/**
 * Validates the JSON a spec writes (return formats, delegation contexts) against the standard's
 * JSON Schemas, template-aware, and turns ajv's errors into violations with document ranges and
 * actionlint-style messages. Shared by the return-format rules and the `check-return` command.
 *
 * Schemas are compiled with ajv the first time they are needed and kept for the process, so a
 * run that never meets a return block never pays for a compile.
 *
 * Templates (`templates: true`, the default) are what specs write, not what agents return:
 * - a placeholder value (`N`, `{duration}`, a bare key) is not checked, nor anything under it;
 * - `"completed|failed|partial"` is a list of alternatives: each is checked against the enum and
 *   only the ones not allowed are reported;
 * - a templated string (`"{status}"`, `"<type>"`) passes enum and type checks;
 * - an object holding `...` may have more keys: it gets no missing-field violations.
 */
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { loadAjv, precompiledValidator } from '../platform/host.js';
import type { JsonNode, JsonObject, JsonString } from '../model/json/ast.js';
import { toPlainValue } from '../model/json/parse.js';
import type { Range } from '../types.js';
import { clip, MAX_MESSAGE, quoted } from '../util/clip.js';
import { closest } from '../util/suggest.js';
import { PROFILES, STANDARD_NAMES, loadSchema, type Profile } from './profiles.js';
import { formatSite, type ReturnFormat } from './return-format/format.js';
import { AJV_OPTIONS } from './ajv.js';

export interface SchemaViolation {
  /** JSON pointer of the offending value; for missing fields, of the object that lacks them. */
  pointer: string;
  /** The ajv keyword: `required`, `enum`, `type`, `minimum`, ... */
  keyword: string;
  /** One short sentence: what is wrong, and where. */
  message: string;
  /** What was expected and who says so (the standard, or the project's format at its line). */
  help: string;
  /**
   * Where to report: the value for a wrong scalar (the one wrong alternative of `"a|b"`, when
   * the text is known); the key for a wrong object or array; for missing fields the key of the
   * object that lacks them, or its opening brace when it has no key (the root, an array item).
   */
  range: Range;
  /** The key of the offending value (or of the object lacking fields), when it has one. */
  keyRange?: Range;
  /** The offending node's range. */
  valueRange: Range;
  /** For `required`: the missing fields, in the schema's order. */
  missing?: string[];
}

export interface ValidateOptions {
  /**
   * Read the JSON as a template (default true). With false it is read as a literal value:
   * `"a|b"` is one string, objects with `...` must still be complete, and a placeholder is
   * reported as not being a JSON value.
   */
  templates?: boolean;
  /** The document text the node's ranges point into; lets a wrong alternative be pinpointed. */
  text?: string;
}

/** The file name of a schema's precompiled validator module. */
export function validatorModuleName(schemaFile: string): string {
  return schemaFile.replace(/\.json$/, '.validate.cjs');
}

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

/**
 * The compiled validator of a schema file under ./schemas: the build's precompiled module when
 * there is one (no ajv compiler loaded), else compiled with ajv once per process.
 */
export function compiledSchema(file: string): ValidateFunction {
  let fn = compiled.get(file);
  if (!fn) {
    fn = precompiledValidator(validatorModuleName(file));
    if (!fn) {
      ajv ??= new (loadAjv())(AJV_OPTIONS);
      fn = ajv.compile(loadSchema(file));
    }
    compiled.set(file, fn);
  }
  return fn;
}

/** The standard a return-format schema file belongs to, for messages. */
function standardTitle(file: string): string {
  for (const name of STANDARD_NAMES) if (PROFILES[name].returnSchemaFile === file) return PROFILES[name].title;
  return file;
}

/**
 * Validates a return-format object against the return format in force: the project's own
 * (`profile.returnFormat`) when it has one, else the profile's standard schema.
 */
export function validateReturnFormat(node: JsonNode, profile: Profile, options: ValidateOptions = {}): SchemaViolation[] {
  const format = profile.returnFormat;
  if (format) {
    return validateNode(node, format.validator(), { subject: 'return format', title: '', format }, options);
  }
  const file = profile.returnSchemaFile;
  return validateNode(node, compiledSchema(file), { subject: 'return format', title: standardTitle(file) }, options);
}

/**
 * Validates a delegation context against the delegation-context schema (of the profile, or the
 * 2.0 one for a profile without its own).
 */
export function validateDelegationContext(node: JsonNode, profile?: Profile, options: ValidateOptions = {}): SchemaViolation[] {
  const file = profile?.delegationContextSchemaFile ?? PROFILES.v2.delegationContextSchemaFile!;
  return validateNode(node, compiledSchema(file), { subject: 'delegation context', title: PROFILES.v2.title }, options);
}

interface Labels {
  /** What the root is called in messages. */
  subject: string;
  /** The standard, for "X requires a, b, c" in the help. */
  title: string;
  /** The project's return format: every help says so, citing the template's line. */
  format?: ReturnFormat;
}

/** Who sets what a value must be, to start a help sentence: the standard, or the project's format at the line declaring it. */
function source(labels: Labels, pointer: string): string {
  return labels.format ? `The project's return format (${formatSite(labels.format, templatePath(pointer))})` : labels.title;
}


/** The longest value quoted in a message, its quotes and escapes counted. */
const VALUE_MAX = 32;

/** `/artifacts/0/type` -> `artifacts/type`: a template path (array indices dropped). */
function templatePath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .filter((s) => !/^\d+$/.test(s))
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('/');
}

/** One step from the root to the offending node. */
interface Step {
  node: JsonNode;
  keyRange?: Range;
  segment?: string;
}

/**
 * Walks a JSON pointer down the tree; undefined when it does not exist. Duplicate keys resolve
 * to the last one, as in toPlainValue (which is what ajv saw).
 */
function walk(root: JsonNode, pointer: string): Step[] | undefined {
  const steps: Step[] = [{ node: root }];
  if (pointer === '') return steps;
  let node = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node.type === 'object') {
      let prop;
      for (let i = node.properties.length - 1; i >= 0 && !prop; i--) if (node.properties[i]!.key === segment) prop = node.properties[i];
      if (!prop) return undefined;
      node = prop.value;
      steps.push({ node, keyRange: prop.keyRange, segment });
    } else if (node.type === 'array') {
      const item = /^(0|[1-9]\d*)$/.test(segment) ? node.items[Number(segment)] : undefined;
      if (!item) return undefined;
      node = item;
      steps.push({ node, segment });
    } else {
      return undefined;
    }
  }
  return steps;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `/errors/0/type` → `errors[0].type`. */
function displayPath(steps: Step[], subject: string): string {
  let out = '';
  for (let i = 1; i < steps.length; i++) {
    const parent = steps[i - 1]!.node;
    const seg = steps[i]!.segment!;
    if (parent.type === 'array') out += `[${seg}]`;
    else if (IDENT.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out || subject;
}

function describe(node: JsonNode): string {
  switch (node.type) {
    case 'string':
      return `a string (${quoted(node.value, VALUE_MAX)})`;
    case 'number':
      return `a number (${node.value})`;
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'placeholder':
      return `a template placeholder (${clip(node.text, VALUE_MAX - 2)})`;
  }
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  null: 'null',
};

function typeList(type: unknown): string {
  const list = Array.isArray(type) ? type : [type];
  return list.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join(' or ');
}

function valueText(node: JsonNode): string {
  if (node.type === 'string') return quoted(node.value, VALUE_MAX);
  if (node.type === 'number') return String(node.value);
  return describe(node);
}

/** The help of a value outside an enum: a near value, then what is allowed and by whom. */
function enumHelp(allowed: readonly unknown[], value: string, by: string): string {
  const names = allowed.map(String);
  let hint = '';
  const lower = names.find((n) => n.toLowerCase() === value.toLowerCase());
  if (lower) hint = `Values are case-sensitive: "${lower}". `;
  else {
    const near = closest(value, names);
    if (near) hint = `Did you mean "${near}"? `;
  }
  return `${hint}${by} allows ${names.join(', ')}.`;
}

/** The types a string's text would be without its quotes (`"940"` is a number), for the help. */
function unquotedTip(node: JsonNode, type: unknown): string {
  if (node.type !== 'string') return '';
  const words = alternativesOf(node) ?? [node.value.trim()];
  return words.every((w) => literalFits(w, type)) ? ': write it without quotes' : '';
}

/** Does a literal written as text (`true`, `12`, `null`) fit a JSON Schema type? */
function literalFits(word: string, type: unknown): boolean {
  const types = (Array.isArray(type) ? type : [type]).map(String);
  if (word === 'true' || word === 'false') return types.includes('boolean');
  if (word === 'null') return types.includes('null');
  if (/^-?\d+$/.test(word)) return types.includes('integer') || types.includes('number');
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(word)) return types.includes('number');
  return false;
}

/** The range of one alternative inside the string's source text, when it can be found. */
function alternativeRange(str: JsonString, alt: string, text: string | undefined): Range {
  if (text === undefined) return str.range;
  const { start, end } = str.range;
  const isDelim = (c: string | undefined) => c === undefined || c === '|' || c === '"' || c === "'" || c === '\\' || c === ' ' || c === '\t';
  for (let i = text.indexOf(alt, start); i !== -1 && i + alt.length <= end; i = text.indexOf(alt, i + 1)) {
    if (isDelim(text[i - 1]) && isDelim(text[i + alt.length])) return { start: i, end: i + alt.length };
  }
  return str.range;
}

/**
 * The alternatives a template string lists: the parser's (`"a|b"`, `"a" | "b"`), or words
 * joined by `|` with spaces around it (`"completed | failed"`).
 */
function alternativesOf(node: JsonString): string[] | undefined {
  if (node.alternatives) return node.alternatives;
  if (!node.value.includes('|')) return undefined;
  const parts = node.value.split('|').map((p) => p.trim());
  return parts.length > 1 && parts.every((p) => /^[\w.-]+$/.test(p)) ? parts : undefined;
}

function isContainer(node: JsonNode): boolean {
  return node.type === 'object' || node.type === 'array';
}

/** Where to report a wrong value. */
function valueSite(step: Step): Range {
  if (isContainer(step.node)) return step.keyRange ?? { start: step.node.range.start, end: step.node.range.start + 1 };
  return step.node.range;
}

function validateNode(root: JsonNode, validate: ValidateFunction, labels: Labels, options: ValidateOptions): SchemaViolation[] {
  const templates = options.templates !== false;
  validate(toPlainValue(root));
  const errors: ErrorObject[] = validate.errors ?? [];
  const out: SchemaViolation[] = [];

  // Pointers with a type error: their other errors (enum, minimum) are noise.
  const typeFailed = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const missingAt = new Map<string, { steps: Step[]; missing: string[]; required: string[] }>();
  const placeholders = new Set<JsonNode>();

  for (const e of errors) {
    const steps = walk(root, e.instancePath);
    if (!steps) continue;
    const at = steps.find((s) => s.node.type === 'placeholder');
    if (at) {
      // A placeholder stands for a value of the right shape; literally it is not JSON.
      if (!templates && !placeholders.has(at.node)) {
        placeholders.add(at.node);
        const s = steps.slice(0, steps.indexOf(at) + 1);
        out.push(
          violation(e.instancePath, 'placeholder', `${displayPath(s, labels.subject)} is ${describe(at.node)}, not a JSON value`, 'A reply is read literally: replace the placeholder with the real value.', at, at.node.range),
        );
      }
      continue;
    }
    const last = steps[steps.length - 1]!;
    const node = last.node;
    const path = clip(displayPath(steps, labels.subject), 40);
    const by = source(labels, e.instancePath);

    switch (e.keyword) {
      case 'required': {
        if (templates && node.type === 'object' && node.hasEllipsis) break;
        const name = String((e.params as { missingProperty: string }).missingProperty);
        const entry = missingAt.get(e.instancePath) ?? { steps, missing: [], required: (e.schema as string[]) ?? [] };
        entry.missing.push(name);
        missingAt.set(e.instancePath, entry);
        break;
      }
      case 'enum': {
        if (typeFailed.has(e.instancePath)) break;
        const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
        if (node.type === 'string' && templates) {
          const alternatives = alternativesOf(node);
          if (alternatives) {
            for (const alt of alternatives) {
              if (allowed.includes(alt) || /[{}<>[\]]/.test(alt)) continue;
              const help = `Each alternative of ${quoted(node.value, VALUE_MAX)} must be allowed. ${enumHelp(allowed, alt, by)}`;
              out.push(violation(e.instancePath, 'enum', `${path} lists ${quoted(alt, VALUE_MAX)}, which is not an allowed value`, help, last, alternativeRange(node, alt, options.text)));
            }
            break;
          }
          if (node.templated) break;
        }
        const shown = node.type === 'string' ? quoted(node.value, VALUE_MAX) : valueText(node);
        out.push(violation(e.instancePath, 'enum', `${path} ${shown} is not an allowed value`, enumHelp(allowed, node.type === 'string' ? node.value : shown, by), last, valueSite(last)));
        break;
      }
      case 'type': {
        const type = (e.params as { type: unknown }).type;
        if (templates && node.type === 'string') {
          if (node.templated) break;
          const alternatives = alternativesOf(node);
          if (alternatives && alternatives.every((a) => literalFits(a, type))) break;
        }
        const help = `${by} expects ${typeList(type)} here${unquotedTip(node, type)}.`;
        let message = `${path} is ${describe(node)} but must be ${typeList(type)}`;
        // Too long with the value: the value's type alone (the code frame shows the value).
        if (message.length > MAX_MESSAGE) message = `${path} is ${node.type === 'string' ? 'a string' : describe(node)} but must be ${typeList(type)}`;
        out.push(violation(e.instancePath, 'type', message, help, last, valueSite(last)));
        break;
      }
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum': {
        if (typeFailed.has(e.instancePath)) break;
        const p = e.params as { comparison: string; limit: number };
        out.push(violation(e.instancePath, e.keyword, `${path} is ${valueText(node)} but must be ${p.comparison} ${p.limit}`, `${by} expects a number ${p.comparison} ${p.limit} here.`, last, valueSite(last)));
        break;
      }
      case 'minLength': {
        if (typeFailed.has(e.instancePath)) break;
        const limit = (e.params as { limit: number }).limit;
        const msg = node.type === 'string' && node.value === '' ? `${path} is empty` : `${path} is ${valueText(node)}`;
        const chars = `${limit} character${limit === 1 ? '' : 's'}`;
        out.push(violation(e.instancePath, 'minLength', `${msg} but must have at least ${chars}`, `${by} expects at least ${chars} here.`, last, valueSite(last)));
        break;
      }
      case 'additionalProperties': {
        // A schema that forbids other keys: name the key, at the key.
        const key = String((e.params as { additionalProperty: string }).additionalProperty);
        const prop = node.type === 'object' ? node.properties.find((p) => p.key === key) : undefined;
        const known = Object.keys(((e.parentSchema as { properties?: object } | undefined)?.properties ?? {}) as object);
        const near = closest(key, known);
        const at = path === labels.subject ? key : `${path}.${key}`;
        const pointer = `${e.instancePath}/${key}`;
        const help = `${near ? `Did you mean "${near}"? ` : ''}${source(labels, e.instancePath)} ${known.length ? `allows only ${known.join(', ')} here` : 'allows no other field here'}.`;
        out.push(violation(pointer, 'additionalProperties', `${clip(at, 40)} is not a field the schema allows`, help, last, prop ? prop.keyRange : valueSite(last)));
        break;
      }
      default:
        out.push(violation(e.instancePath, e.keyword, `${path} ${e.message ?? 'is not valid'}`, `Required by ${by.charAt(0).toLowerCase() + by.slice(1)}.`, last, valueSite(last)));
    }
  }

  for (const [pointer, entry] of missingAt) out.push(missingFields(pointer, entry, labels));
  out.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  return out;
}

/** The finding for the fields an object lacks: named, unquoted, or counted, as one row allows. */
function missingFields(pointer: string, { steps, missing, required }: { steps: Step[]; missing: string[]; required: string[] }, labels: Labels): SchemaViolation {
  const last = steps[steps.length - 1]!;
  const obj = last.node as JsonObject;
  const path = clip(displayPath(steps, labels.subject), 40);
  const fields = missing.map((m) => `"${m}"`);
  const list = fields.length === 1 ? fields[0]! : `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`;
  const requires = `${source(labels, pointer)} requires ${required.join(', ')}.`;
  const head = `${path} is missing required field${missing.length === 1 ? '' : 's'}`;
  let message = `${head} ${list}`;
  let help = requires;
  // Too long for one row: the names without quotes, else the count (the names in the help).
  if (message.length > MAX_MESSAGE) message = `${head} ${missing.join(', ')}`;
  if (message.length > MAX_MESSAGE) {
    message = `${path} is missing ${missing.length} required fields`;
    help = `Add ${list}. ${requires}`;
  }
  const range = last.keyRange ?? { start: obj.range.start, end: obj.range.start + 1 };
  return { ...violation(pointer, 'required', message, help, last, range), missing };
}

function violation(pointer: string, keyword: string, message: string, help: string, step: Step, range: Range): SchemaViolation {
  // One row, whatever the schema's names and messages.
  const v: SchemaViolation = { pointer, keyword, message: clip(message, MAX_MESSAGE), help, range, valueRange: step.node.range };
  if (step.keyRange) v.keyRange = step.keyRange;
  return v;
}
