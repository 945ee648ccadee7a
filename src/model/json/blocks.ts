/**
 * JSON in a spec: fenced JSON blocks, JSON objects written in prose or XML, and JSON written
 * inside quoted prompt strings (`\"key\"`). Each is parsed with the tolerant parser, and the
 * objects that are subagent returns or delegation contexts are picked out by their shape.
 */
import type { Range } from '../../types.js';
import type { FencedBlock } from '../fences.js';
import type { LineIndex } from '../lines.js';
import type { JsonNode, JsonObject, JsonParseError } from './ast.js';
import { parseTolerantJson } from './parse.js';

export type JsonBlockSource = 'fence' | 'text';

export interface JsonBlock {
  value: JsonNode;
  range: Range;
  source: JsonBlockSource;
  /** The fence it sits in, if any. */
  fence?: FencedBlock;
  /** Written with `\"` quotes inside a string. */
  escaped: boolean;
}

/** A fenced JSON block that could not be parsed even tolerantly. */
export interface JsonBlockFailure {
  fence: FencedBlock;
  error: JsonParseError;
  /** The block looks like a return format by its text (a "status" key and two of the others). */
  looksLikeReturnFormat: boolean;
}

const JSON_LANGS = new Set(['json', 'jsonc', 'json5', 'jsonl']);
/** Fence languages whose content may still hold a JSON object worth reading. */
const TEXTUAL_LANGS = new Set(['', 'text', 'txt', 'plaintext', 'markdown', 'md', 'xml', 'yaml', 'yml', 'python', 'py', 'javascript', 'js', 'typescript', 'ts', 'bash', 'sh', 'shell', 'pseudo', 'pseudocode']);

/** Fence languages that hold code, where JSON must start with a quoted key to be read. */
const CODE_LANGS = new Set(['python', 'py', 'javascript', 'js', 'typescript', 'ts', 'bash', 'sh', 'shell', 'yaml', 'yml']);

const RETURN_KEYS = ['summary', 'artifacts', 'metadata', 'errors'];

const QUOTED_RETURN_KEYS = RETURN_KEYS.map((k) => `"${k}"`);

/**
 * Whether the text looks like it holds a return: `"status"` then a colon (blanks between), and
 * two of the other return keys quoted. Searched with indexOf from the quote (over the corpus,
 * 8 ms with a pattern and a count of all four keys, against 4).
 */
export function looksLikeReturnText(text: string): boolean {
  if (!quotedKeyWithColon(text, '"status"')) return false;
  let n = 0;
  for (let k = 0; k < QUOTED_RETURN_KEYS.length; k++) if (text.includes(QUOTED_RETURN_KEYS[k]!) && ++n === 2) return true;
  return false;
}

/** What `/"key"\s*:/` finds: the quoted key, any blanks (as `\s` reads them), then `:`. */
function quotedKeyWithColon(text: string, quoted: string): boolean {
  for (let i = text.indexOf(quoted); i !== -1; i = text.indexOf(quoted, i + 1)) {
    let j = i + quoted.length;
    for (let c = text.charCodeAt(j); c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(text[j]!)); c = text.charCodeAt(++j));
    if (text.charCodeAt(j) === 58) return true;
  }
  return false;
}

function skipSpaceAndComments(text: string, i: number, end: number): number {
  for (;;) {
    while (i < end && /\s/.test(text[i]!)) i++;
    if (text.startsWith('//', i) || text[i] === '#') {
      const nl = text.indexOf('\n', i);
      i = nl === -1 || nl > end ? end : nl + 1;
    } else if (text.startsWith('/*', i)) {
      const c = text.indexOf('*/', i + 2);
      i = c === -1 || c > end ? end : c + 2;
    } else return i;
  }
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r' || c === '\v' || c === '\f' || c === '\u00a0' || c === '\ufeff';

/**
 * The text before `{` on its line is blank, ends with `=`, `:` or `(`, or is a list marker
 * (`-`, `*`, `1.`). Reads back only over blanks and digits, never the whole line.
 */
function startsLine(text: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && isBlank(text[k])) k--;
  if (k < 0 || text[k] === '\n') return true;
  const c = text[k]!;
  if (c === '=' || c === ':' || c === '(') return true;
  let m = k - 1;
  if (c === '.') {
    while (m >= 0 && text[m]! >= '0' && text[m]! <= '9') m--;
    if (m === k - 1) return false;
  } else if (c !== '-' && c !== '*') return false;
  while (m >= 0 && isBlank(text[m])) m--;
  return m < 0 || text[m] === '\n';
}

/** After `{` its line holds nothing else, or a `"` comes next. */
function endsOrQuotes(text: string, i: number): boolean {
  let k = i + 1;
  while (k < text.length && isBlank(text[k])) k++;
  return k >= text.length || text[k] === '\n' || text[k] === '"';
}

export interface ExtractedJson {
  blocks: JsonBlock[];
  failures: JsonBlockFailure[];
}

/**
 * Extracts the JSON of a document. `exclude` ranges (such as the frontmatter) are skipped.
 */
export function extractJson(text: string, lines: LineIndex, fences: FencedBlock[], exclude: Range[] = []): ExtractedJson {
  const blocks: JsonBlock[] = [];
  const failures: JsonBlockFailure[] = [];
  const covered: Range[] = [...exclude];

  for (const fence of fences) {
    if (!JSON_LANGS.has(fence.lang)) continue;
    covered.push(fence.range);
    const { start, end } = fence.contentRange;
    let i = skipSpaceAndComments(text, start, end);
    if (i >= end) continue;
    if (text[i] !== '{' && text[i] !== '[') {
      // JSON fences holding prose or other templates: not a block we can read.
      if (looksLikeReturnText(text.slice(start, end))) {
        failures.push({ fence, error: { message: `expected '{' or '[' at the start of the JSON block, found ${JSON.stringify(text[i])}`, offset: i }, looksLikeReturnFormat: true });
      }
      continue;
    }
    while (i < end && (text[i] === '{' || text[i] === '[')) {
      const r = parseTolerantJson(text, i);
      if (r.ok && r.end > end) {
        failures.push({ fence, error: { message: 'the JSON value does not end before the closing fence', offset: end }, looksLikeReturnFormat: looksLikeReturnText(text.slice(start, end)) });
        break;
      }
      if (!r.ok) {
        failures.push({ fence, error: r.error, looksLikeReturnFormat: looksLikeReturnText(text.slice(start, end)) });
        break;
      }
      blocks.push({ value: r.value, range: r.value.range, source: 'fence', fence, escaped: false });
      i = skipSpaceAndComments(text, r.end, end);
      // Several values in one fence are allowed when each starts a line.
    }
  }

  // The candidate scan below moves forward only; so do these cursors over sorted ranges, which
  // keeps it linear in the text (a line of 100,000 `{` must not cost 100,000 scans of the line).
  const skip = [...covered].sort((a, b) => a.start - b.start);
  let skipAt = 0;
  const otherFences = fences.filter((f) => !JSON_LANGS.has(f.lang)).sort((a, b) => a.range.start - b.range.start);
  let fenceAt = 0;

  // Failed parses of candidates may read far ahead (a nested object that never closes). Past a
  // budget of a few times the text's length, which no real spec reaches, a failed candidate's
  // text is not read again: the search goes on where that parse stopped.
  let budget = 4 * text.length + 65536;

  // Candidate `{` in the rest of the text: a line that starts or ends with `{`, or `{` followed by `\"`.
  let searchFrom = 0;
  for (;;) {
    const i = text.indexOf('{', searchFrom);
    if (i === -1) break;
    searchFrom = i + 1;
    while (skipAt < skip.length && skip[skipAt]!.end <= i) skipAt++;
    const sk = skip[skipAt];
    if (sk && i >= sk.start) {
      searchFrom = Math.max(searchFrom, sk.end);
      continue;
    }
    while (fenceAt < otherFences.length && otherFences[fenceAt]!.range.end <= i) fenceAt++;
    const f = otherFences[fenceAt];
    const fence = f && i >= f.range.start ? f : undefined;
    if (fence && !TEXTUAL_LANGS.has(fence.lang)) {
      searchFrom = fence.range.end;
      continue;
    }
    let j = i + 1;
    while (j < text.length && (text[j] === ' ' || text[j] === '\t' || text[j] === '\r' || text[j] === '\n')) j++;
    const escaped = text[j] === '\\' && text[j + 1] === '"';
    let candidate = escaped || (startsLine(text, i) && endsOrQuotes(text, i));
    // In a code fence (JavaScript, Python, shell ...), only an object that starts with a quoted
    // key can be JSON: `const x = {` and `def f() {` are code, and parsing each costs.
    if (candidate && !escaped && fence && CODE_LANGS.has(fence.lang) && text[j] !== '"') candidate = false;
    if (!candidate) continue;
    const r = parseTolerantJson(text, i, { escapedQuotes: escaped });
    if (!r.ok) {
      const reached = Math.max(r.error.offset, r.reached ?? r.error.offset);
      budget -= reached - i;
      if (budget < 0) searchFrom = Math.max(searchFrom, reached);
      continue;
    }
    if (r.value.type !== 'object' || r.value.properties.length === 0) continue;
    blocks.push({ value: r.value, range: r.value.range, source: fence ? 'fence' : 'text', fence, escaped });
    searchFrom = r.end;
  }
  blocks.sort((a, b) => a.range.start - b.range.start);
  return { blocks, failures };
}

/** Keys of an object, for shape tests. */
function keysOf(o: JsonObject): Set<string> {
  return new Set(o.properties.map((p) => p.key));
}

export function isReturnFormat(o: JsonObject): boolean {
  const keys = keysOf(o);
  if (!keys.has('status')) return false;
  let n = 0;
  for (const k of RETURN_KEYS) if (keys.has(k)) n++;
  return n >= 2;
}

/**
 * Whether a text can hold a return-format object or a delegation context at all: their keys
 * must be written in it (a return's `status` and two of its other keys, a context's `session_id`
 * and its depth or path). A text without them need not be parsed to know it holds neither.
 */
export function mayHoldShapedObjects(text: string): boolean {
  // A key written with a `\u` escape ("st\u0061tus") is the key all the same: such a text is parsed.
  if (text.includes('\\u')) return true;
  if (namesSessionId(text) && (text.includes('delegation_depth') || text.includes('delegation_path'))) return true;
  // `status` written as a key, then two other return keys written as keys: prose says "status",
  // "summary" and "errors" often (of the corpus texts that name the words, three in five write no
  // such key).
  return STATUS_KEY.test(text) && writesTwoReturnKeys(text);
}

/**
 * What may follow a word the tolerant parser could read as a key: quotes or backslashes (the end
 * of a quoted or escaped-quoted key), blanks, and the parser's `\n`, `\t` or `\r` in a prompt
 * string, then `:` (a value), `,` or `}` (a bare key, `{status, summary}`), or `/` (a comment
 * before the colon). More than the keys the parser reads, never fewer: a longer key that ends
 * with the word passes too. One pattern per search: a loop over the word's places in JavaScript
 * took a third longer over the corpus. Linear: the repeated part's two branches start with
 * different characters.
 */
const KEY_END = String.raw`(?:["'\s]|\\[ntr]?)*[:,}/]`;
const STATUS_KEY = new RegExp('status' + KEY_END);
const RETURN_KEY_WRITTEN = new RegExp(`(${RETURN_KEYS.join('|')})${KEY_END}`, 'g');

/** Whether the text writes two different return keys (besides status) as keys, in one pass. */
function writesTwoReturnKeys(text: string): boolean {
  RETURN_KEY_WRITTEN.lastIndex = 0;
  let first: string | undefined;
  for (let m = RETURN_KEY_WRITTEN.exec(text); m; m = RETURN_KEY_WRITTEN.exec(text)) {
    if (first === undefined) first = m[1];
    else if (m[1] !== first) return true;
  }
  return false;
}

/** Whether the text holds `session_id`. */
export function namesSessionId(text: string): boolean {
  return text.includes('session_id');
}

/** Whether a JSON object of the text may have the key `key`: the text names it, or writes some key with a `\u` escape. */
export function mayNameKey(text: string, key: string): boolean {
  return text.includes(key) || text.includes('\\u');
}

export function isDelegationContext(o: JsonObject): boolean {
  const keys = keysOf(o);
  return keys.has('session_id') && (keys.has('delegation_depth') || keys.has('delegation_path'));
}

export interface ShapedObject {
  node: JsonObject;
  block: JsonBlock;
  /** What the prose says the object is: written to a (metadata) file, or a caller's sketch of the fields it reads. */
  role?: import('./return-roles.js').ReturnRole;
}

/** Every return-format object and delegation context in the blocks (nested ones too). */
export function classifyObjects(blocks: JsonBlock[]): { returns: ShapedObject[]; contexts: ShapedObject[] } {
  const returns: ShapedObject[] = [];
  const contexts: ShapedObject[] = [];
  const visit = (node: JsonNode, block: JsonBlock, parentIsReturn: boolean, key: string | null, depth: number) => {
    if (depth > 200) return;
    if (node.type === 'array') {
      for (const item of node.items) visit(item, block, false, null, depth + 1);
      return;
    }
    if (node.type !== 'object') return;
    const isRet = isReturnFormat(node);
    if (isRet) returns.push({ node, block });
    else if (!(parentIsReturn && key === 'metadata') && isDelegationContext(node)) contexts.push({ node, block });
    for (const p of node.properties) visit(p.value, block, isRet, p.key, depth + 1);
  };
  for (const b of blocks) visit(b.value, b, false, null, 0);
  return { returns, contexts };
}
