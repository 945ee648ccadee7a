/**
 * Frontmatter: the `---` block at the top of a spec, parsed with the `yaml` package so that
 * every key and value has an offset in the document.
 */
import type { Document, Node as YamlNode } from 'yaml';
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, yaml } from '../util/yaml.js';
import type { Range } from '../types.js';
import { parseFastFrontmatter } from './frontmatter-fast.js';

export interface FrontmatterField {
  key: string;
  keyRange: Range;
  /** The value's range (empty at the end of the key when the value is missing). */
  valueRange: Range;
  value: unknown;
  node: YamlNode | null;
  /**
   * For a list of scalars: each item's range as written (quotes included). Rules that only want
   * item positions use it, so that fast-path frontmatter never needs the YAML parse.
   */
  items?: readonly Range[];
}

export interface FrontmatterProblem {
  message: string;
  code: string;
  range: Range;
  /** Found by the frontmatter scan: a problem of its own line, not the echo of an earlier one. */
  independent?: boolean;
}

export interface Frontmatter {
  /** From the opening `---` to the end of the closing delimiter line (or of the text). */
  range: Range;
  /** The YAML text between the delimiters. */
  contentRange: Range;
  /** The opening delimiter (the three dashes of its line). */
  openRange: Range;
  /** A closing `---` (or `...`) was found. */
  closed: boolean;
  /** YAML errors, at absolute offsets (empty when the YAML is valid). */
  errors: FrontmatterProblem[];
  /** The parsed value, when the YAML is valid (a mapping gives an object). */
  data: Record<string, unknown> | null;
  /** Top-level keys in order, with positions (also when the YAML has errors, as far as it parsed). */
  fields: FrontmatterField[];
  document: Document | null;
}

/** Finds where a frontmatter block is, without parsing it. */
export function locateFrontmatter(text: string): Omit<Frontmatter, 'errors' | 'data' | 'fields' | 'document'> | null {
  if (!text.startsWith('---')) return null;
  let i = 3;
  while (text[i] === '-') i++;
  if (i !== 3) return null;
  let eol = text.indexOf('\n', i);
  const firstLine = text.slice(i, eol === -1 ? text.length : eol);
  if (firstLine.trim() !== '') return null;
  // The `---` itself: not the line's trailing blanks or `\r`, which a position must not pass.
  const openRange = { start: 0, end: 3 };
  const contentStart = eol === -1 ? text.length : eol + 1;
  let pos = contentStart;
  while (pos < text.length) {
    eol = text.indexOf('\n', pos);
    const lineEnd = eol === -1 ? text.length : eol;
    // Only a line starting with `-` or `.` can close it: the others are not sliced.
    const c = text.charCodeAt(pos);
    if ((c === 45 || c === 46) && /^(---|\.\.\.)[ \t]*$/.test(text.slice(pos, lineEnd).replace(/\r$/, ''))) {
      return {
        range: { start: 0, end: lineEnd },
        contentRange: { start: contentStart, end: pos },
        openRange,
        closed: true,
      };
    }
    if (eol === -1) break;
    pos = eol + 1;
  }
  return {
    range: { start: 0, end: text.length },
    contentRange: { start: contentStart, end: text.length },
    openRange,
    closed: false,
  };
}

/**
 * The top-level keys of the frontmatter a text opens with (after a BOM), each with its value as
 * one line, quotes taken off: what discovery, the project's file index and a marketplace's plugin
 * names read from a file's first bytes, without parsing YAML. Null when the text opens with no
 * frontmatter. Where the frontmatter ends is `locateFrontmatter`'s answer, as for the parse.
 */
export function frontmatterKeysOfHead(head: string): Map<string, string> | null {
  const text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  const at = locateFrontmatter(text);
  if (!at) return null;
  const keys = new Map<string, string>();
  // `.` stops at any line break and `$` matches before one (`\r\n`, or a lone `\r` as YAML reads it).
  for (const m of text.slice(at.contentRange.start, at.contentRange.end).matchAll(/^([A-Za-z_][\w-]*)[ \t]*:(.*)$/gm)) {
    if (!keys.has(m[1]!)) keys.set(m[1]!, m[2]!.trim().replace(/^["']|["']$/g, ''));
  }
  return keys;
}

function firstLineOf(message: string): string {
  const cut = message.search(/ at line \d+, column \d+/);
  return (cut === -1 ? message.split('\n')[0]! : message.slice(0, cut)).trim();
}

/**
 * Bounds on what is handed to the YAML parser. Real frontmatter is small (the largest in the
 * corpus: 6 KB, 36 lines, brackets 2 deep), while the parser is slow on some hostile shapes:
 * time grows with the square of the number of keys or errors, and nesting a few thousand levels
 * deep (`[[[[`, `- - - -`) overflows the stack, which can abort the process. Text beyond these
 * bounds is reported, not parsed.
 */
export const FRONTMATTER_LIMITS = { chars: 64 * 1024, lines: 2000, nesting: 64 } as const;

/** Why the YAML text is not parsed (too large or too deeply nested), with where; null if it is fine. */
function refuseYaml(yaml: string, base: number): FrontmatterProblem | null {
  const L = FRONTMATTER_LIMITS;
  const whole = { start: base, end: base };
  if (yaml.length > L.chars) return { code: 'TOO_LARGE', message: `it is ${yaml.length} characters long; agent-lint reads frontmatter of at most ${L.chars} characters`, range: whole };
  let lines = 0;
  let brackets = 0;
  // Offset -1 stands for the line break before the first line.
  for (let i = -1; i < yaml.length; i++) {
    const c = i < 0 ? 10 : yaml.charCodeAt(i);
    if (c === 10) {
      if (++lines > L.lines) return { code: 'TOO_LARGE', message: `it has more than ${L.lines} lines; agent-lint reads frontmatter of at most ${L.lines} lines`, range: whole };
      // Compact block nesting at the start of a line: `- - - x`, `? ? x` (anchors and tags between).
      let j = i + 1;
      let depth = 0;
      for (;;) {
        while (yaml.charCodeAt(j) === 32 || yaml.charCodeAt(j) === 9) j++;
        const d = yaml.charCodeAt(j);
        const next = yaml.charCodeAt(j + 1);
        if ((d === 45 || d === 63 || d === 58) && (next === 32 || next === 9)) {
          depth++;
          j += 2;
        } else if (d === 38 || d === 33) {
          while (j < yaml.length && yaml.charCodeAt(j) > 32) j++;
        } else break;
      }
      if (depth > L.nesting) return { code: 'TOO_DEEP', message: `a line nests more than ${L.nesting} block collections (\`- - - ...\`)`, range: { start: base + i + 1, end: base + j } };
    } else if (c === 91 || c === 123) {
      // An upper bound of flow nesting: brackets in quoted strings count too.
      if (++brackets > L.nesting) return { code: 'TOO_DEEP', message: `brackets \`[\` and \`{\` nest more than ${L.nesting} levels deep`, range: { start: base + i, end: base + i + 1 } };
    } else if ((c === 93 || c === 125) && brackets > 0) brackets--;
  }
  return null;
}

/**
 * A mapping or sequence used as a key (`{[a]: 1}`, `? [a, b]`) within a node, or with
 * `orAlias`, also an alias (which may lead to one). Converting such a node to plain values
 * takes time exponential in its nesting, and no spec field needs one.
 */
function complexKey(node: unknown, orAlias = false): YamlNode | null {
  const stack: unknown[] = [node];
  let steps = 0;
  while (stack.length && steps++ < 100_000) {
    const n = stack.pop();
    if (orAlias && isAlias(n)) return n;
    if (isCollection(n)) {
      for (const item of n.items as unknown[]) {
        if (isPair(item)) {
          if (isCollection(item.key)) return item.key;
          stack.push(item.key, item.value);
        } else stack.push(item);
      }
    }
  }
  return null;
}

function toProblem(err: { message: string; code: string; pos: [number, number] }, base: number): FrontmatterProblem {
  return { message: firstLineOf(err.message), code: err.code, range: { start: base + err.pos[0], end: base + Math.max(err.pos[1], err.pos[0]) } };
}

export function parseFrontmatter(text: string): Frontmatter | null {
  const loc = locateFrontmatter(text);
  if (!loc) return null;
  // Flat `key: value` frontmatter (most specs) is read without the YAML parser; the parsed YAML
  // document is still there, built on first use, for a rule that wants it.
  // So is flat frontmatter with the two commonest YAML errors of real specs (`key: [a] b`,
  // `key: a: b`): each reported from the scan at its line, with the other lines' fields (data is
  // null, as for any YAML error).
  // The scan is linear, so it reads frontmatter of any size; FRONTMATTER_LIMITS guard the YAML
  // parser only (test/hostile-input.test.ts).
  const fast = loc.closed ? parseFastFrontmatter(text, loc.contentRange.start, loc.contentRange.end) : null;
  if (fast) {
    const flat = fast.fields;
    let data: Record<string, unknown> | null = {};
    for (const f of flat) data[f.key] = f.value;
    if (fast.errors.length) data = null;
    const fields = flat.map((f) => {
      const field: FrontmatterField = { key: f.key, keyRange: f.keyRange, valueRange: f.valueRange, value: f.value as unknown, node: null };
      if (f.items) field.items = f.items;
      // A list's or mapping's light node: yaml's shape where rules look.
      if (f.node) field.node = f.node as unknown as YamlNode;
      return field;
    });
    return new ScannedFrontmatter(text, loc, fast.errors.map((e) => ({ ...e, independent: true })), data, fields);
  }
  return parseYamlFrontmatter(text, loc);
}

/**
 * Frontmatter read by the scan, with the parsed YAML document made on first use (a class with a
 * getter, not an object literal with one: that was 1.5% of a whole-corpus run).
 */
class ScannedFrontmatter implements Frontmatter {
  readonly range: Range;
  readonly contentRange: Range;
  readonly openRange: Range;
  readonly closed: boolean;
  readonly #text: string;
  #document?: Document;
  constructor(
    text: string,
    loc: Omit<Frontmatter, 'errors' | 'data' | 'fields' | 'document'>,
    readonly errors: FrontmatterProblem[],
    readonly data: Record<string, unknown> | null,
    readonly fields: FrontmatterField[],
  ) {
    this.range = loc.range;
    this.contentRange = loc.contentRange;
    this.openRange = loc.openRange;
    this.closed = loc.closed;
    this.#text = text;
  }

  get document(): Document {
    this.#document ??= yaml().parseDocument(this.#text.slice(this.contentRange.start, this.contentRange.end), { prettyErrors: false, uniqueKeys: true, strict: true });
    return this.#document;
  }
}

/** Frontmatter parsed with the `yaml` package (every form of YAML, with its errors). */
export function parseYamlFrontmatter(text: string, loc = locateFrontmatter(text)): Frontmatter | null {
  if (!loc) return null;
  const base = loc.contentRange.start;
  const yamlText = text.slice(base, loc.contentRange.end);
  const errors: FrontmatterProblem[] = [];
  let document: Document | null = null;
  const refused = refuseYaml(yamlText, base);
  if (refused) {
    // Point at the opening `---` when the problem is the whole block.
    if (refused.code === 'TOO_LARGE') refused.range = { ...loc.openRange };
    return { ...loc, errors: [refused], data: null, fields: [], document: null };
  }
  // The parser makes an Error per problem, and broken YAML can have one per character: without
  // stack traces that costs half as much.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    document = yaml().parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true, strict: true });
  } catch (e) {
    errors.push({ message: `YAML parser failed: ${(e as Error).message}`, code: 'YAML_CRASH', range: { start: base, end: base } });
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  if (document) for (const err of document.errors) errors.push(toProblem(err, base));
  const complex = document ? complexKey(document.contents) : null;
  if (complex && errors.length === 0) {
    const r = complex.range ? { start: base + complex.range[0], end: base + complex.range[1] } : { start: base, end: base };
    errors.push({ message: `a ${isMap(complex) ? 'mapping' : 'sequence'} is used as a key; frontmatter keys are plain names`, code: 'COMPLEX_KEY', range: r });
  }
  const fields: FrontmatterField[] = [];
  let data: Record<string, unknown> | null = null;
  if (document && isMap(document.contents)) {
    for (const pair of document.contents.items) {
      const keyNode = pair.key as YamlNode | null;
      if (!keyNode || !isScalar(keyNode) || !keyNode.range) continue;
      const keyRange = { start: base + keyNode.range[0], end: base + keyNode.range[1] };
      const valueNode = (pair.value ?? null) as YamlNode | null;
      const valueRange = valueNode?.range
        ? { start: base + valueNode.range[0], end: base + valueNode.range[1] }
        : { start: keyRange.end, end: keyRange.end };
      let value: unknown = null;
      try {
        value = valueNode && !(complex && complexKey(valueNode, true)) ? valueNode.toJSON() : null;
      } catch {
        value = null;
      }
      const field: FrontmatterField = { key: String(keyNode.value), keyRange, valueRange, value, node: valueNode };
      if (valueNode && isSeq(valueNode) && valueNode.items.every((it) => isScalar(it) && it.range)) {
        field.items = valueNode.items.map((it) => ({ start: base + (it as YamlNode).range![0], end: base + (it as YamlNode).range![1] }));
      }
      fields.push(field);
    }
    if (errors.length === 0) {
      try {
        data = document.toJS({ maxAliasCount: 100 }) as Record<string, unknown>;
      } catch (e) {
        errors.push({ message: (e as Error).message, code: 'YAML_TO_JS', range: { start: base, end: base } });
      }
    }
  } else if (document && errors.length === 0) {
    const c = document.contents;
    if (c && !(isScalar(c) && (c.value === null || c.value === ''))) {
      const r = c.range ? { start: base + c.range[0], end: base + c.range[1] } : { start: base, end: base };
      errors.push({
        message: `frontmatter must be a YAML mapping of keys to values, found ${isSeq(c) ? 'a sequence' : 'a scalar'}`,
        code: 'NOT_A_MAPPING',
        range: r,
      });
    } else {
      data = {};
    }
  }
  return { ...loc, errors, data, fields, document };
}
