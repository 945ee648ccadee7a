/**
 * Type and enum checks of one frontmatter value against its FieldSpec. Tool lists, names and
 * models have their own files; this one knows the generic types.
 */
import type { Node as YamlNode, Pair } from 'yaml';
import { isMap, isSeq } from '../../util/yaml.js';
import type { FieldSpec } from '../../standard/frontmatter-fields.js';
import type { Range } from '../../types.js';
import { closest, editDistance } from '../../util/suggest.js';
import { orList, type FieldContext, type Finding } from './finding.js';
import { nodeRange, show, typeName } from './yaml-nodes.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a value of type string, boolean, integer, number, enum, object, list or map. */
export function checkValue(spec: FieldSpec, c: FieldContext): Finding[] {
  const { field } = c;
  const v = field.value;
  if (v === null || v === undefined) return [];
  const out: Finding[] = [];
  const at = field.valueRange;
  const soft = spec.uncertain === true;
  const push = (messageId: string, message: string, range: Range = at, warn = soft) => out.push({ messageId, message, range, warn: warn || soft });
  const key = `\`${spec.name}\``;

  switch (spec.type) {
    case 'string': {
      if (typeof v === 'string') {
        if (spec.maxLength !== undefined && spec.name !== 'name' && v.length > spec.maxLength)
          push('too-long', `${key} is ${v.length} characters long; at most ${spec.maxLength} are allowed`, at, true);
      } else if (Array.isArray(v) && spec.name === 'argument-hint') {
        out.push(argumentHintList(c));
      } else if (typeof v === 'object') {
        push('type', `${key} is ${typeName(v)} (${show(v)}), expected a string`);
      } else {
        push('type', `${key} is ${typeName(v)} (${show(v)}), expected a string: quote it`, at, true);
      }
      break;
    }
    case 'boolean': {
      if (typeof v === 'boolean') break;
      const words = c.table.booleanWords;
      const s = String(v).toLowerCase();
      if (words && (typeof v === 'string' || typeof v === 'number') && (words.includes(s) || s === 'true' || s === 'false')) break;
      const accepted = words ? `true or false (or ${orList(words)})` : 'true or false';
      // A quoted "true" in an agent may well be read as true; say so softly.
      const maybe = typeof v === 'string' && /^(true|false|yes|no|on|off)$/i.test(v);
      push('type', `${key} is ${show(v)} (${typeName(v)}), expected ${accepted}`, at, maybe);
      break;
    }
    case 'integer': {
      if (typeof v !== 'number' || !Number.isInteger(v)) push('type', `${key} is ${show(v)} (${typeName(v)}), expected ${spec.minimum === 1 ? 'a positive integer' : 'an integer'}`);
      else if (spec.minimum !== undefined && v < spec.minimum) push('range', `${key} is ${v}, expected ${spec.minimum === 1 ? 'a positive integer' : `an integer of at least ${spec.minimum}`}`);
      break;
    }
    case 'number': {
      if (typeof v !== 'number') push('type', `${key} is ${show(v)} (${typeName(v)}), expected a number`);
      else if (spec.minimum !== undefined && v < spec.minimum) push('range', `${key} is ${v}, expected at least ${spec.minimum}`);
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
        push('type', `${key} is ${typeName(v)} (${show(v)}), expected a mapping of tool names to true or false (e.g. ${spec.name}: { write: false })`);
        break;
      }
      for (const pair of field.node.items as Pair<YamlNode, YamlNode>[]) {
        const val = pair.value?.toJSON?.() ?? null;
        if (typeof val !== 'boolean') {
          const k = pair.key && 'value' in pair.key ? String((pair.key as { value: unknown }).value) : '?';
          push('type', `\`${spec.name}.${k}\` is ${show(val)} (${typeName(val)}), expected true or false`, nodeRange(pair.value, c.base, at));
        }
      }
      break;
    }
    case 'object':
      if (!isPlainObject(v)) push('type', `${key} is ${typeName(v)} (${show(v)}), expected a mapping`);
      break;
    case 'list': {
      if (!Array.isArray(v)) {
        push('type', `${key} is ${typeName(v)} (${show(v)}), expected a list`, at, typeof v === 'string');
        break;
      }
      // Item positions only for a bad item (the YAML node is built on demand).
      const itemRange = (i: number) => (field.items?.[i] ? field.items[i]! : nodeRange((field.node && isSeq(field.node) ? field.node.items[i] : undefined) as YamlNode, c.base, at));
      v.forEach((item, i) => {
        const ok = spec.itemType === 'string-or-object' ? typeof item === 'string' || (isPlainObject(item) && Object.keys(item).length === 1) : typeof item === 'string';
        if (!ok) {
          const want = spec.itemType === 'string-or-object' ? 'a name or a mapping with one key' : 'a string';
          push('type', `item ${i + 1} of ${key} is ${typeName(item)} (${show(item)}), expected ${want}`, itemRange(i));
        }
      });
      break;
    }
    case 'string-or-list': {
      const ok = typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
      if (!ok) push('type', `${key} is ${typeName(v)} (${show(v)}), expected a string or a list of strings`);
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
    message: '`argument-hint` is a YAML list, not a string',
    help: `Quote it: argument-hint: ${JSON.stringify(raw.includes('\n') ? '[...]' : raw)}. Claude Code joins a list's items and drops the brackets, and stricter loaders reject the file.`,
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

function checkEnum(spec: FieldSpec, v: unknown, at: Range, soft: boolean, orMore = ''): Finding[] {
  const values = spec.enumValues ?? [];
  const key = `\`${spec.name}\``;
  const effect = spec.invalidEffect ?? (spec.invalidDropped ? (spec.name === 'color' ? 'Claude Code drops any other color silently' : 'the value is ignored') : undefined);
  const dropped = effect ? `; ${effect}` : '';
  const expected = `expected ${orList(values)}${orMore}`;
  const gentle = soft || spec.invalidDropped === true || effect !== undefined;
  if (typeof v !== 'string') return [{ messageId: 'type', message: `${key} is ${show(v)} (${typeName(v)}), ${expected}${dropped}`, range: at, warn: gentle }];
  if (values.includes(v)) return [];
  const lower = v.toLowerCase();
  const sameLetters = values.find((x) => x.toLowerCase() === lower);
  if (spec.caseInsensitive && sameLetters) return [];
  if (spec.uncertainValues?.includes(v))
    return [{ messageId: 'uncertain-value', message: `${key} is "${v}", which Claude Code may not support`, help: `Documented: ${orList(values)}.`, range: at, warn: true }];
  if (sameLetters)
    return [{ messageId: 'enum-case', message: `${key} is "${v}", which differs from "${sameLetters}" in case`, help: `Write "${sameLetters}": values are case-sensitive (${expected}).`, range: at, warn: true }];
  const guess = nearValue(v, values);
  const hint = guess ? `Did you mean "${guess}"? ` : '';
  const why = effect ? ` (${effect})` : '';
  return [{ messageId: 'enum', message: `${key} is "${v}", not a value it takes`, help: `${hint}Expected ${orList(values)}${orMore}${why}.`, range: at, warn: gentle }];
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
    out.push({
      messageId: 'enum',
      message: `\`${path}\` is ${show(v)}, not a value it takes`,
      help: `${guess ? `Did you mean "${guess}"? ` : ''}Expected ${orList(values)}.`,
      range: nodeRange(n, base, at),
      warn: soft,
    });
  };
  walk(node, spec.name);
  return out;
}
