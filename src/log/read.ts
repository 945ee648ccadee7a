/**
 * Reading a delegation log into entries, incrementally: text arrives in chunks (a file read in
 * pieces, standard input, a log that is still being written) and complete lines become entries
 * at once. Two layouts are told apart by the first line:
 * - JSON Lines (one event or registry entry per line, blank lines allowed): each line is parsed
 *   on its own, a bad line is one problem and the next line is read;
 * - a registry snapshot (one JSON object, usually over many lines, session id -> entry): kept
 *   until the end (bounded) and parsed whole.
 * Every line is bounded (MAX_LINE_CHARS); the text is scanned once.
 */
import type { JsonObject, JsonNode } from '../model/json/ast.js';
import { parseStrictJson } from '../model/json/strict.js';
import { LineIndex } from '../model/lines.js';
import type { Location, Range } from '../types.js';
import { quoted } from '../util/clip.js';
import { asSentence } from '../util/help.js';
import type { LogEntry, LogShape } from './entry.js';

/** The help of a problem with a line's JSON. */
const ONE_PER_LINE = 'Expected one JSON value per line: a delegation event or a registry entry.';

/**
 * The parser's error as a short message and its help: `unexpected end of input, expected X`
 * gives "... is not JSON: unexpected end of input" and "Expected X."; `expected X, found Y`
 * gives "... is not JSON" and "Expected X, found Y."; a trailing parenthetical is the help.
 */
function notJson(what: string, error: string): { message: string; help: string } {
  const i = error.indexOf(', expected ');
  if (i >= 0) return { message: `${what} is not JSON: ${error.slice(0, i)}`, help: asSentence(error.slice(i + 2)) };
  if (error.startsWith('expected ')) return { message: `${what} is not JSON`, help: asSentence(error) };
  const paren = / \(([^()]*)\)$/.exec(error);
  if (paren) return { message: `${what} is not JSON: ${error.slice(0, paren.index)}`, help: asSentence(paren[1]!) };
  return { message: `${what} is not JSON: ${error}`, help: 'Expected JSON: a delegation event or a registry entry per line, or one registry snapshot.' };
}

/** The longest line read (a longer one is one problem, and skipped). */
export const MAX_LINE_CHARS = 1 << 20;
/** The largest registry snapshot read whole. */
export const MAX_SNAPSHOT_CHARS = 64 << 20;

/** A piece of the input that is no entry: a line that is not JSON, or JSON of no known shape. */
export interface ReadProblem {
  /** One short sentence: what was found. */
  message: string;
  /** What was expected. */
  help: string;
  loc: Location;
  /** The text of the line the problem is on (for code frames). */
  lineText: string;
}

export interface ReadSink {
  entry(e: LogEntry): void;
  problem(p: ReadProblem): void;
}

const REGISTRY_KEYS = ['start_time', 'delegation_path', 'delegation_depth', 'subagent', 'deadline'];

function hasAny(obj: JsonObject, keys: readonly string[]): boolean {
  return obj.properties.some((p) => keys.includes(p.key));
}

function isRegistryValue(v: JsonNode): v is JsonObject {
  return v.type === 'object' && hasAny(v, REGISTRY_KEYS);
}

type Classified = Array<{ shape: LogShape; node: JsonObject; sessionId?: string; sessionRange?: Range }>;

/** What a parsed line holds: one event, one registry entry, or a registry keyed by session id. */
export function classify(obj: JsonObject): Classified | null {
  if (obj.properties.some((p) => p.key === 'event')) return [{ shape: 'audit', node: obj }];
  const sid = obj.properties.find((p) => p.key === 'session_id');
  if (sid && hasAny(obj, REGISTRY_KEYS)) return [{ shape: 'registry', node: obj, sessionId: sid.value.type === 'string' ? sid.value.value : undefined, sessionRange: sid.value.range }];
  if (obj.properties.some((p) => p.key === 'child_story' || p.key === 'parent_story')) return [{ shape: 'status', node: obj }];
  if (obj.properties.length > 0 && obj.properties.every((p) => isRegistryValue(p.value))) {
    return obj.properties.map((p) => ({ shape: 'registry' as const, node: p.value as JsonObject, sessionId: p.key, sessionRange: p.keyRange }));
  }
  if (hasAny(obj, REGISTRY_KEYS)) return [{ shape: 'registry', node: obj }];
  return null;
}

function typeName(n: JsonNode): string {
  return n.type === 'array' ? 'an array' : n.type === 'object' ? 'an object' : n.type === 'null' ? 'null' : `a ${n.type}`;
}

export class LogReader {
  #pending = '';
  /** The current line is longer than the bound: its rest is dropped up to the next newline. */
  #skipping = false;
  #line = 0;
  #mode: 'unknown' | 'lines' | 'snapshot' = 'unknown';
  #snapshot: string[] = [];
  #snapshotChars = 0;
  #snapshotTooLarge = false;

  constructor(readonly sink: ReadSink) {}

  get layout(): 'lines' | 'snapshot' | 'empty' {
    return this.#mode === 'unknown' ? 'empty' : this.#mode;
  }

  push(chunk: string): void {
    if (this.#mode === 'snapshot') return this.#keep(chunk);
    let from = 0;
    for (let nl = chunk.indexOf('\n'); nl !== -1; nl = chunk.indexOf('\n', from)) {
      this.#take(chunk.slice(from, nl), true);
      from = nl + 1;
      if (this.layout === 'snapshot') return this.#keep(chunk.slice(from));
    }
    if (from < chunk.length) this.#take(chunk.slice(from), false);
  }

  end(): void {
    if (this.#mode === 'snapshot') return this.#endSnapshot();
    if (this.#pending !== '' || this.#skipping) {
      const rest = this.#pending;
      this.#pending = '';
      if (this.#skipping) this.#skipping = false;
      else this.#lineDone(rest);
    }
  }

  /** A piece of the current line; `complete` when a newline ended it. */
  #take(piece: string, complete: boolean): void {
    if (this.#skipping) {
      if (complete) this.#skipping = false;
      return;
    }
    if (this.#pending.length + piece.length > MAX_LINE_CHARS) {
      this.#line++;
      const line = this.#line;
      this.#pending = '';
      this.#skipping = !complete;
      this.sink.problem({ message: `line ${line} is longer than ${MAX_LINE_CHARS / (1 << 20)} MB and was not read`, help: ONE_PER_LINE, loc: { line, column: 1, endLine: line, endColumn: 1 }, lineText: '' });
      return;
    }
    if (!complete) {
      this.#pending += piece;
      return;
    }
    const text = this.#pending + piece;
    this.#pending = '';
    this.#lineDone(text);
  }

  #lineDone(raw: string): void {
    this.#line++;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text.trim() === '') return;
    const line = this.#line;
    const r = parseStrictJson(text, 0);
    if (this.#mode === 'unknown') {
      // A first line that is not a whole JSON value but opens one: a snapshot written over lines.
      const first = text.trimStart()[0];
      if (!r.ok && (first === '{' || first === '[') && this.#opensValue(text)) {
        this.#mode = 'snapshot';
        this.#snapshotLineOffset = line - 1;
        this.#keep(raw + '\n');
        return;
      }
      this.#mode = 'lines';
    }
    const at = (start: number, end = start + 1): Location => ({ line, column: start + 1, endLine: line, endColumn: Math.max(start + 1, Math.min(end, text.length) + 1) });
    if (!r.ok) {
      this.sink.problem({ ...notJson(`line ${line}`, r.error.message), loc: at(r.error.offset), lineText: text });
      return;
    }
    const after = text.slice(r.end).trim();
    if (after !== '') {
      const p = r.end + text.slice(r.end).indexOf(after[0]!);
      this.sink.problem({ message: `line ${line} has text after its JSON value`, help: ONE_PER_LINE, loc: at(p, text.length), lineText: text });
      return;
    }
    this.#emit(r.value, (range) => at(range.start, range.end), line, () => text);
  }

  /** The first line opens an object or array that it does not close (a parse that ran out of text). */
  #opensValue(text: string): boolean {
    const r = parseStrictJson(text + '\n', 0);
    return !r.ok && r.error.offset >= text.length;
  }

  #snapshotLineOffset = 0;

  #keep(text: string): void {
    if (this.#snapshotTooLarge) return;
    this.#snapshotChars += text.length;
    if (this.#snapshotChars > MAX_SNAPSHOT_CHARS) {
      this.#snapshotTooLarge = true;
      this.#snapshot = [];
      return;
    }
    this.#snapshot.push(text);
  }

  #endSnapshot(): void {
    const first = this.#snapshotLineOffset + 1;
    if (this.#snapshotTooLarge) {
      this.sink.problem({ message: `the registry snapshot is larger than ${MAX_SNAPSHOT_CHARS / (1 << 20)} MB and was not read`, help: `Expected a snapshot of at most ${MAX_SNAPSHOT_CHARS / (1 << 20)} MB, or the registry as one entry per line.`, loc: { line: first, column: 1, endLine: first, endColumn: 1 }, lineText: '' });
      return;
    }
    const text = this.#snapshot.join('') + this.#pending;
    this.#snapshot = [];
    this.#pending = '';
    const index = new LineIndex(text);
    const shift = this.#snapshotLineOffset;
    const locate = (range: Range): Location => {
      const l = index.location(range);
      return { line: l.line + shift, column: l.column, endLine: l.endLine + shift, endColumn: l.endColumn };
    };
    const lineText = (line: number) => {
      const l = line - shift - 1;
      return l >= 0 && l < index.lineCount ? text.slice(index.starts[l]!, index.lineEnd(l)) : '';
    };
    const r = parseStrictJson(text, 0);
    if (!r.ok) {
      const loc = locate({ start: r.error.offset, end: r.error.offset + 1 });
      this.sink.problem({ ...notJson('the registry snapshot', r.error.message), loc, lineText: lineText(loc.line) });
      return;
    }
    const after = text.slice(r.end).trim();
    if (after !== '') {
      const p = r.end + text.slice(r.end).indexOf(after[0]!);
      const loc = locate({ start: p, end: p + 1 });
      this.sink.problem({ message: 'the registry snapshot has text after its JSON value', help: 'Expected one JSON object (session id -> entry) and nothing after it.', loc, lineText: lineText(loc.line) });
      return;
    }
    this.#emit(r.value, locate, undefined, lineText);
  }

  /** The entries of one parsed value (a line's, or a whole snapshot's). */
  #emit(value: JsonNode, locate: (r: Range) => Location, line: number | undefined, lineText: (line: number) => string): void {
    const problem = (message: string, help: string, range: Range) => {
      const loc = locate(range);
      this.sink.problem({ message, help, loc, lineText: lineText(loc.line) });
    };
    if (line === undefined && value.type === 'object') {
      const kinds = classify(value);
      // One event or entry written over several lines.
      if (kinds && kinds.length === 1 && kinds[0]!.node === value) return this.#entries(kinds, locate, lineText);
      // A snapshot: session id -> entry; an entry that is no object is one problem.
      for (const p of value.properties) {
        if (p.value.type === 'object') this.#entry('registry', p.value, locate, lineText, p.key, p.keyRange);
        else problem(`registry entry ${quoted(p.key, 32)} is ${typeName(p.value)}, not an object`, 'Expected an object: a registry maps each session id to its entry ({"command": ..., "start_time": ..., ...}).', p.value.range);
      }
      return;
    }
    const items: JsonNode[] = value.type === 'array' && line === undefined ? value.items : [value];
    for (const item of items) {
      if (item.type !== 'object') {
        problem(`${line ? `line ${line}` : 'this value'} is ${typeName(item)}, not a JSON object`, 'Expected a JSON object: a delegation event or a registry entry.', item.range);
        continue;
      }
      const kinds = classify(item);
      if (!kinds) {
        problem(
          `${line ? `line ${line}` : 'this object'} is neither a delegation event nor a registry entry`,
          'It has no "event", "child_story" or registry keys such as "start_time": expected a delegation event or a registry entry.',
          { start: item.range.start, end: item.range.start + 1 },
        );
        continue;
      }
      this.#entries(kinds, locate, lineText);
    }
  }

  #entries(kinds: Classified, locate: (r: Range) => Location, lineText: (line: number) => string): void {
    for (const k of kinds) this.#entry(k.shape, k.node, locate, lineText, k.sessionId, k.sessionRange);
  }

  #entry(shape: LogShape, node: JsonObject, locate: (r: Range) => Location, lineText: (line: number) => string, sessionId?: string, sessionRange?: Range): void {
    const start = locate({ start: (sessionRange ?? node.range).start, end: (sessionRange ?? node.range).start + 1 });
    const entry: LogEntry = { shape, line: start.line, node, locate, start, lineText, ...(sessionId !== undefined ? { sessionId } : {}), ...(sessionRange ? { sessionRange } : {}) };
    this.sink.entry(entry);
  }
}
