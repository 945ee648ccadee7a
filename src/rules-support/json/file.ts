/**
 * What the JSON-file rules share: the file's root object (its parse error reported at its
 * position), typed looks at properties, and how a value is named in a message.
 */
import type { RuleContext } from '../../engine/rule.js';
import type { JsonNode, JsonObject, JsonProperty, JsonString } from '../../model/json/ast.js';
import { findProperty } from '../../model/json/parse.js';
import type { Range } from '../../types.js';

/** The findings of rootObject: a rule that has it report them lists these among its messages. */
export const JSON_FILE_MESSAGES = {
  parse: {
    message: '{{file}} is not valid JSON: {{reason}}',
    help: '{{hint}}{{tool}} reads this file with a strict JSON parser and does not load it when it fails.',
  },
  root: { message: '{{file}} holds {{value}}', help: 'Expected a JSON object.' },
};

/**
 * The root object of a JSON file. With `what` (the file as the message names it), a file that
 * does not parse, or whose root is not an object, is reported (`tool` names who reads it);
 * without it, such a file is silently skipped (another rule reports it).
 */
export function rootObject(ctx: Pick<RuleContext, 'doc' | 'report'>, what?: string, tool = 'Claude Code'): JsonObject | null {
  const view = ctx.doc.jsonFile;
  if (!view) return null;
  if (!view.ok) {
    if (what) {
      const at = Math.min(view.offset, ctx.doc.text.length);
      // The parser's hint (`(JSON has no comments)`) goes to the help.
      const hint = /^(.*?)\s*\(([^()]+)\)$/.exec(view.message);
      ctx.report({
        messageId: 'parse',
        data: { file: what, reason: hint ? hint[1]! : view.message, hint: hint ? `${capitalize(hint[2]!)}. ` : '', tool },
        range: { start: at, end: Math.min(at + 1, ctx.doc.text.length) },
      });
    }
    return null;
  }
  if (view.root.type !== 'object') {
    if (what) ctx.report({ messageId: 'root', data: { file: what, value: describe(view.root) }, range: view.root.range });
    return null;
  }
  return view.root;
}

export const prop: (obj: JsonObject, key: string) => JsonProperty | undefined = findProperty;

/** How a value is named in a message: `a string`, `a number`, `an array` ... */
export function describe(node: JsonNode): string {
  switch (node.type) {
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return `\`${node.value}\``;
    case 'null':
      return '`null`';
    default:
      return 'a placeholder';
  }
}

/** The first character of a node (an object's `{`): where a missing key is reported. */
export function opening(node: JsonNode): Range {
  return { start: node.range.start, end: node.range.start + 1 };
}

/** The text between a string's quotes (its range without them): what a fix rewrites. */
export function inner(node: JsonNode): Range {
  return { start: node.range.start + 1, end: node.range.end - 1 };
}

/** `${NAME}` and `${NAME:-default}` are Claude Code's variable references; anything else after `${` is not. */
const VAR_REF = /\$\{([^}]*)(\}?)/g;
const GOOD_REF = /^[A-Za-z_][A-Za-z0-9_]*(?::-.*)?$/s;

/** Malformed `${...}` references in a string: where each is (offsets in the string's value), and what is wrong. */
export function badVarRefs(value: string): Array<{ index: number; text: string; problem: 'unclosed' | 'no-name' | 'not-a-name' }> {
  const out: Array<{ index: number; text: string; problem: 'unclosed' | 'no-name' | 'not-a-name' }> = [];
  if (!value.includes('${')) return out;
  for (const m of value.matchAll(VAR_REF)) {
    if (!m[2]) out.push({ index: m.index, text: m[0].slice(0, 24), problem: 'unclosed' });
    else if (!GOOD_REF.test(m[1]!)) out.push({ index: m.index, text: m[0].slice(0, 40), problem: m[1] === '' ? 'no-name' : 'not-a-name' });
  }
  return out;
}

/**
 * The range in the text of characters `index .. index + length` of a string's value (the whole
 * string when it holds escapes; stringValueRange below reads them).
 */
export function valueRange(doc: { text: string }, node: JsonNode, index: number, length: number): Range {
  const raw = doc.text.slice(node.range.start + 1, node.range.end - 1);
  if (node.type !== 'string' || raw !== node.value) return node.range;
  const start = node.range.start + 1 + index;
  return { start, end: Math.min(start + Math.max(1, length), node.range.end - 1) };
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// The strings of a config file's tree (a JSON file, or a TOML file's positioned tree): each
// string value with the keys that lead to it, and where a character of a JSON string's value is
// in the file's text (escapes read).

export interface ConfigStringAt {
  node: JsonString;
  /** The keys (and `[]` for array items) from the root to the string. */
  path: readonly string[];
  /** The array item before this one, when the string is an array item (`--api-key` before its value). */
  previous?: JsonNode;
}

/** Every string value under `root`, in the tree's order (a JSON file's is the text's; bounded depth). */
export function configStrings(root: JsonNode): ConfigStringAt[] {
  const out: ConfigStringAt[] = [];
  const walk = (node: JsonNode, path: string[], previous: JsonNode | undefined, depth: number) => {
    if (depth > 200) return;
    if (node.type === 'string') out.push({ node, path, previous });
    else if (node.type === 'object') for (const p of node.properties) walk(p.value, [...path, p.key], undefined, depth + 1);
    else if (node.type === 'array') node.items.forEach((item, i) => walk(item, [...path, '[]'], i > 0 ? node.items[i - 1] : undefined, depth + 1));
  };
  walk(root, [], undefined, 0);
  return out;
}

/**
 * The range in `text` of the characters `index .. index + length` of a string node's value,
 * reading the escapes between its quotes (`\n`, `\"`, `\u00e9` each stand for one character).
 */
export function stringValueRange(text: string, node: JsonString, index: number, length: number): Range {
  const rawStart = node.range.start + 1;
  const rawEnd = node.range.end - 1;
  let raw = rawStart;
  let at = 0;
  let start = -1;
  while (raw <= rawEnd) {
    if (at === index) start = raw;
    if (at === index + length) return { start: start === -1 ? rawStart : start, end: raw };
    if (raw === rawEnd) break;
    if (text[raw] === '\\') raw += text[raw + 1] === 'u' ? 6 : 2;
    else raw++;
    at++;
  }
  return start === -1 ? node.range : { start, end: rawEnd };
}
