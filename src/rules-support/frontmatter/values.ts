/**
 * Type and enum checks of one frontmatter value against its FieldSpec. Tool lists, names and
 * models have their own files; this one knows the generic types.
 */
import type { Node as YamlNode, Pair } from 'yaml';
import { isMap, isSeq } from '../../util/yaml.js';
import type { FieldSpec } from '../../standard/frontmatter-fields.js';
import type { Range } from '../../types.js';
import { closest, editDistance } from '../../util/suggest.js';
import { orList, typeAndValue, valueAndType, type FieldContext, type Finding } from './finding.js';
import { nodeRange, show } from './yaml-nodes.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a value of type string, boolean, integer, number, enum, object, list or map. */
export function checkValue(spec: FieldSpec, c: FieldContext): Finding[] {
  const { field } = c;
  const v = field.value;
  if (v === null || v === undefined) return [];
  const out: Finding[] = [];
  const at = field.valueRange;
  const soft = spec.uncertain === true;
  const name = spec.name;
  const push = (messageId: string, data: Record<string, string | number>, range: Range = at, warn = soft) => out.push({ messageId, data, range, warn: warn || soft });
  /** A value of the wrong type (or out of range), and the type the field takes. */
  const wrong = (value: string, expected: string, range: Range = at, warn = soft, messageId = 'type') => push(messageId, { name, value, expected }, range, warn);

  switch (spec.type) {
    case 'string': {
      if (typeof v === 'string') {
        if (spec.maxLength !== undefined && spec.name !== 'name' && v.length > spec.maxLength)
          push('too-long', { name, length: v.length, max: spec.maxLength }, at, true);
      } else if (Array.isArray(v) && spec.name === 'argument-hint') {
        out.push(argumentHintList(c));
      } else if (typeof v === 'object') {
        wrong(typeAndValue(v), 'a string');
      } else {
        push('unquoted', { name, value: typeAndValue(v) }, at, true);
      }
      break;
    }
    case 'boolean': {
      if (typeof v === 'boolean') break;
      const words = c.table.booleanWords;
      const s = String(v).toLowerCase();
      if (words && (typeof v === 'string' || typeof v === 'number') && (words.includes(s) || s === 'true' || s === 'false')) break;
      // A quoted "true" in an agent may well be read as true; say so softly.
      const maybe = typeof v === 'string' && /^(true|false|yes|no|on|off)$/i.test(v);
      if (words) push('boolean-words', { name, value: valueAndType(v), words: orList(words) }, at, maybe);
      else wrong(valueAndType(v), 'true or false', at, maybe);
      break;
    }
    case 'integer': {
      if (typeof v !== 'number' || !Number.isInteger(v)) wrong(valueAndType(v), spec.minimum === 1 ? 'a positive integer' : 'an integer');
      else if (spec.minimum !== undefined && v < spec.minimum) wrong(String(v), spec.minimum === 1 ? 'a positive integer' : `an integer of at least ${spec.minimum}`, at, soft, 'range');
      break;
    }
    case 'number': {
      if (typeof v !== 'number') wrong(valueAndType(v), 'a number');
      else if (spec.minimum !== undefined && v < spec.minimum) wrong(String(v), `at least ${spec.minimum}`, at, soft, 'range');
      break;
    }
    case 'enum':
      out.push(...checkEnum(spec, v, at, soft));
      break;
    case 'enum-or-integer':
      if (typeof v === 'number' && Number.isInteger(v)) break;
      out.push(...checkEnum(spec, v, at, soft, ' or an integer'));
      break;
    case 'enum-or-object':
      if (isPlainObject(v)) out.push(...checkEnumLeaves(spec, field.node, c.base, at, soft));
      else out.push(...checkEnum(spec, v, at, soft, ' or a mapping of tool names to one of them'));
      break;
    case 'map-of-boolean': {
      if (!isPlainObject(v) || !field.node || !isMap(field.node)) {
        push('tool-map-type', { name, value: typeAndValue(v) });
        break;
      }
      for (const pair of field.node.items as Pair<YamlNode, YamlNode>[]) {
        const val = pair.value?.toJSON?.() ?? null;
        if (typeof val !== 'boolean') {
          const k = pair.key && 'value' in pair.key ? String((pair.key as { value: unknown }).value) : '?';
          push('type', { name: `${name}.${k}`, value: valueAndType(val), expected: 'true or false' }, nodeRange(pair.value, c.base, at));
        }
      }
      break;
    }
    case 'object':
      if (!isPlainObject(v)) wrong(typeAndValue(v), 'a mapping');
      break;
    case 'list': {
      if (!Array.isArray(v)) {
        wrong(typeAndValue(v), 'a list', at, typeof v === 'string');
        break;
      }
      // Item positions only for a bad item (the YAML node is built on demand).
      const itemRange = (i: number) => (field.items?.[i] ? field.items[i]! : nodeRange((field.node && isSeq(field.node) ? field.node.items[i] : undefined) as YamlNode, c.base, at));
      v.forEach((item, i) => {
        const ok = spec.itemType === 'string-or-object' ? typeof item === 'string' || (isPlainObject(item) && Object.keys(item).length === 1) : typeof item === 'string';
        if (!ok) {
          const want = spec.itemType === 'string-or-object' ? 'a name or a mapping with one key' : 'a string';
          push('item-type', { index: i + 1, name, value: typeAndValue(item), expected: want }, itemRange(i));
        }
      });
      break;
    }
    case 'string-or-list': {
      const ok = typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
      if (!ok) wrong(typeAndValue(v), 'a string or a list of strings');
      else if (spec.enumValues && typeof v === 'string') out.push(...checkEnum(spec, v, at, soft));
      else if (spec.enumValues && Array.isArray(v)) {
        const node = field.node && isSeq(field.node) ? field.node : null;
        v.forEach((item, i) => out.push(...checkEnum(spec, item, field.items?.[i] ?? nodeRange(node?.items[i] as YamlNode, c.base, at), soft)));
      }
      break;
    }
    case 'any':
      break;
  }
  return out;
}

/** `argument-hint: [x]` parses as a list: Claude Code shows it without brackets; quote it (fix). */
function argumentHintList(c: FieldContext): Finding {
  const r = c.field.valueRange;
  const raw = c.text.slice(r.start, r.end);
  const single = !raw.includes('\n') && raw.startsWith('[');
  return {
    messageId: 'argument-hint-list',
    data: { quoted: JSON.stringify(raw.includes('\n') ? '[...]' : raw) },
    range: r,
    warn: true,
    fix: single ? { range: [r.start, r.end], text: JSON.stringify(raw) } : undefined,
  };
}

/**
 * A value one small slip away (an edit per four letters): `acceptEdit`, not `global` for `local`;
 * or the first word of exactly one value (`always` for `always_on`).
 */
function nearValue(v: string, values: readonly string[]): string | undefined {
  const guess = closest(v, values);
  if (guess && editDistance(v.toLowerCase(), guess.toLowerCase()) <= Math.max(1, Math.floor(v.length / 4))) return guess;
  const lower = v.toLowerCase();
  const words = v.length >= 4 ? values.filter((x) => x.toLowerCase().startsWith(lower) && /[_-]/.test(x.charAt(v.length))) : [];
  return words.length === 1 ? words[0] : undefined;
}

/**
 * What the tool does with a value the field does not take, as the suffix of the finding's id: the
 * effect the table documents, a color dropped, a value ignored, or none (the file is wrong).
 */
function invalidCase(spec: FieldSpec): { suffix: '' | '-effect' | '-dropped' | '-ignored'; effect?: string } {
  if (spec.invalidEffect) return { suffix: '-effect', effect: spec.invalidEffect };
  if (spec.invalidDropped) return { suffix: spec.name === 'color' ? '-dropped' : '-ignored' };
  return { suffix: '' };
}

/** "Did you mean ...? ", or nothing. */
const didYouMean = (guess: string | undefined) => (guess ? `Did you mean "${guess}"? ` : '');

function checkEnum(spec: FieldSpec, v: unknown, at: Range, soft: boolean, orMore = ''): Finding[] {
  const values = spec.enumValues ?? [];
  const name = spec.name;
  const { suffix, effect } = invalidCase(spec);
  const expected = `${orList(values)}${orMore}`;
  const gentle = soft || suffix !== '';
  const more: Record<string, string> = effect === undefined ? {} : { effect };
  if (typeof v !== 'string') return [{ messageId: `type${suffix}`, data: { name, value: valueAndType(v), expected, ...more }, range: at, warn: gentle }];
  if (values.includes(v)) return [];
  const lower = v.toLowerCase();
  const sameLetters = values.find((x) => x.toLowerCase() === lower);
  if (spec.caseInsensitive && sameLetters) return [];
  if (spec.uncertainValues?.includes(v)) return [{ messageId: 'uncertain-value', data: { name, value: v, values: orList(values) }, range: at, warn: true }];
  if (sameLetters) return [{ messageId: 'enum-case', data: { name, value: v, same: sameLetters, expected }, range: at, warn: true }];
  const data = { name, value: `"${v}"`, didYouMean: didYouMean(nearValue(v, values)), expected, ...more };
  return [{ messageId: `enum${suffix}`, data, range: at, warn: gentle }];
}

/** OpenCode `permission`: every leaf of the mapping (per tool, or per command pattern) is one of the values. */
function checkEnumLeaves(spec: FieldSpec, node: YamlNode | null, base: number, at: Range, soft: boolean): Finding[] {
  const out: Finding[] = [];
  const values = spec.enumValues ?? [];
  const walk = (n: YamlNode | null, path: string) => {
    if (n && isMap(n)) {
      for (const pair of n.items as Pair<YamlNode, YamlNode>[]) {
        const k = pair.key && 'value' in pair.key ? String((pair.key as { value: unknown }).value) : '?';
        walk(pair.value ?? null, `${path}.${k}`);
      }
      return;
    }
    const v = n ? n.toJSON() : null;
    if (typeof v === 'string' && values.includes(v)) return;
    const guess = typeof v === 'string' ? nearValue(v, values) : undefined;
    out.push({ messageId: 'enum', data: { name: path, value: show(v), didYouMean: didYouMean(guess), expected: orList(values) }, range: nodeRange(n, base, at), warn: soft });
  };
  walk(node, spec.name);
  return out;
}
