/**
 * How a spec says its result comes back to whoever invoked it (spec-level; the block-level roles
 * are json/return-roles.ts):
 *
 * - `console: 'json'`: it answers the console in JSON: it shows a return-format block that is no
 *   metadata file and no caller's sketch, or says so ("Return JSON matching ...", "respond with
 *   only the JSON object");
 * - `console: 'text'`: it answers with text by design: "Return a brief text summary (NOT JSON)",
 *   "Do not return JSON to the console", "return a plain-text summary";
 * - `metadataFile`: it writes its structured return to a file (`.return-meta.json`, "the metadata
 *   file") that the caller reads.
 *
 * An explicit statement about text beats a JSON block: a spec that writes its metadata file with
 * a JSON template and says "(NOT JSON)" for the console answers in text. Read by the rules on
 * returns (return-format-present), on invocations (missing-json-format-instruction) and on
 * contracts between caller and callee (return-contract-mismatch).
 */
import type { Range } from '../types.js';
import type { LineIndex } from './lines.js';
import type { ShapedObject } from './json/blocks.js';
import { stepAround } from './steps.js';

export interface ReturnStatement {
  kind: 'console-json' | 'console-text' | 'metadata-file';
  /** The words that say it. */
  range: Range;
}

export interface ReturnChannel {
  console: 'json' | 'text' | null;
  metadataFile: boolean;
  /** What the spec says, in text order; for a JSON block, its first line. */
  statements: ReturnStatement[];
}

/** What the channel reading needs of a document. */
export interface ReturnChannelSource {
  readonly text: string;
  readonly lines: LineIndex;
  readonly bodyStart: number;
  readonly returnFormats: readonly ShapedObject[];
  readonly fileReturns: readonly ShapedObject[];
}

/** "(NOT JSON)", "not as JSON", "Do not return JSON", "never return JSON", "no JSON to the console". */
const TEXT_NOT_JSON =
  /\(\s*not\s+json\s*\)|\b(?:do\s+not|don'?t|never|must\s+not|should\s+not)\s+(?:return|output|print|send|emit|respond\s+with)\s+(?:the\s+|any\s+|raw\s+)?json\b|\bno\s+json\s+(?:to|on|in)\s+(?:the\s+)?console\b|\bnot\s+as\s+json\b/i;
/** "Return a brief text summary", "return a plain-text summary", "respond with a short text summary". */
const TEXT_SUMMARY = /\b(?:return|returns|respond\s+with|reply\s+with|answer\s+with|output)\s+(?:a|an|the)?\s*(?:brief|short|concise|one-line|1-line|plain)?[ -]?(?:text|plain[- ]text|prose|markdown)\s+(?:summary|message|report|answer)\b/i;
/** "Return JSON", "respond with only the JSON object", "MUST return ... in JSON", "output valid JSON". */
const JSON_ANSWER =
  /\b(?:return|returns|respond|reply|answer|output)\s+(?:with\s+)?(?:only\s+)?(?:a\s+|the\s+|valid\s+|structured\s+|raw\s+){0,4}json\b|\b(?:return|respond|reply)\b[^\n.]{0,60}\b(?:in|as)\s+(?:valid\s+)?json\b/i;
/** Writes the return to a file: `.return-meta.json`, "metadata file", "return-metadata file". */
const META_FILE = /\.return-meta\.json\b|\breturn[ _-]meta(?:data)?[ _-]file\b|\b(?:write|writes|writing|create|creates|save|saves)\b[^\n]{0,80}?\bmetadata[ _-]file\b/i;

const MAX_SCAN = 400_000;

function scan(text: string, from: number, re: RegExp, kind: ReturnStatement['kind'], out: ReturnStatement[]): void {
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
  const end = Math.min(text.length, from + MAX_SCAN);
  g.lastIndex = from;
  for (let m = g.exec(text); m && m.index < end; m = g.exec(text)) {
    // "Do not return JSON" is a text statement, not a JSON one.
    if (kind === 'console-json' && TEXT_NOT_JSON.test(text.slice(Math.max(0, m.index - 20), m.index + m[0].length + 12))) continue;
    out.push({ kind, range: { start: m.index, end: m.index + m[0].length } });
    if (m[0].length === 0) g.lastIndex++;
  }
}

export function readReturnChannel(doc: ReturnChannelSource): ReturnChannel {
  const text = doc.text;
  const statements: ReturnStatement[] = [];
  const from = doc.bodyStart;
  if (/json/i.test(text)) scan(text, from, TEXT_NOT_JSON, 'console-text', statements);
  if (/text|prose|markdown/i.test(text)) scan(text, from, TEXT_SUMMARY, 'console-text', statements);
  if (/json/i.test(text)) scan(text, from, JSON_ANSWER, 'console-json', statements);
  if (/meta/i.test(text)) scan(text, from, META_FILE, 'metadata-file', statements);
  for (const r of doc.returnFormats) {
    if (r.role === 'file') statements.push({ kind: 'metadata-file', range: { start: r.node.range.start, end: r.node.range.start + 1 } });
    else if (r.role !== 'sketch') statements.push({ kind: 'console-json', range: { start: r.node.range.start, end: r.node.range.start + 1 } });
  }
  if (doc.fileReturns.length) statements.push({ kind: 'metadata-file', range: { start: doc.fileReturns[0]!.node.range.start, end: doc.fileReturns[0]!.node.range.start + 1 } });
  statements.sort((a, b) => a.range.start - b.range.start);
  const has = (k: ReturnStatement['kind']) => statements.some((s) => s.kind === k);
  const console = has('console-text') ? 'text' : has('console-json') ? 'json' : null;
  return { console, metadataFile: has('metadata-file'), statements };
}

/** A caller reading JSON from what came back: "Parse return as JSON", `jq -r '.status'`, "validate the return against the schema". */
const READS_JSON =
  /\bparse[sd]?\b[^\n]{0,40}\bjson\b|\bjson\.(?:parse|loads)\b|\bjq\s+(?:-[a-z]+\s+){0,4}['"]?\.|\bvalidat(?:e|es|ing)\b[^\n]{0,60}\b(?:json|return[ -]format|subagent-return-format|against\s+(?:the\s+)?(?:\S+\s+)?schema)\b|\b(?:return|result|reply|response)\b[^\n]{0,20}\bas\s+json\b|\bvalidat(?:e|es|ing)\b[^\n]{0,40}\b(?:return|result|reply|response)\b/i;
/** The same, to walk its matches. */
const READS_JSON_G = new RegExp(READS_JSON.source, 'gi');
/** Lines after a call in which its caller reads the reply. */
const READ_WINDOW = 25;

/**
 * Where the caller reads JSON from the reply of a delegation, in its reading window (see
 * readingWindow), or null.
 */
export function readsJsonReply(text: string, win: Range): Range | null {
  const from = win.start;
  const window = text.slice(from, win.end);
  // A caller that only warns when the reply is JSON expects it not to be.
  if (/json/i.test(window) && GUARDS_AGAINST_JSON.test(window)) return null;
  READS_JSON_G.lastIndex = 0;
  for (let m = READS_JSON_G.exec(window); m; m = READS_JSON_G.exec(window)) {
    // `jq '.status' "$metadata_file"`: jq over a file reads the file, not the reply.
    if (/^jq\b/i.test(m[0]) && JQ_ON_FILE.test(lineAt(window, m.index))) continue;
    // "Validate the metadata file and return a summary": the file is what is validated.
    if (/^validat/i.test(m[0]) && /\bfile\b/i.test(m[0])) continue;
    return { start: from + m.index, end: from + m.index + m[0].length };
  }
  return null;
}

/** The line of `text` that holds `at`. */
function lineAt(text: string, at: number): string {
  const end = text.indexOf('\n', at);
  return text.slice(text.lastIndexOf('\n', at) + 1, end < 0 ? text.length : end);
}

/** A jq filter followed by a file: a quoted or `$` argument that names a file, or `< file`. */
const JQ_ON_FILE = /\bjq\b[^\n]*?['"][^'"\n]*['"]\s+(?:"?\$\{?\w*(?:file|path|json)\w*\}?"?|"?[\w./${}-]+\.json\b)|\bjq\b[^\n]*<\s*\S/i;
/** "Check if the subagent accidentally returned JSON", "if the text return parses as valid JSON, log a warning". */
const GUARDS_AGAINST_JSON = /\baccidentally\b[^\n]{0,60}\bjson\b|\bif\b[^\n]{0,60}\b(?:parses|is|looks\s+like)\b[^\n]{0,20}\b(?:valid\s+)?json\b[^\n]{0,40}\bwarn/i;

/** The text a caller reads a delegation's result in: from the call's step start to `lines` lines after the call. */
export function readingWindow(doc: { text: string; lines: LineIndex }, range: Range, lines = READ_WINDOW): Range {
  const step = stepAround(doc.text, doc.lines, range);
  const last = Math.min(doc.lines.lineCount - 1, doc.lines.lineOf(Math.max(range.start, range.end - 1)) + lines);
  return { start: Math.min(step.start, range.start), end: doc.lines.lineEnd(last) };
}

const NAME_CHAR = /[\w.-]/;

/** The base names of the `.json` files a text names (`.return-meta.json`), with their offsets: found from each `.json`. */
export function jsonNames(text: string): Array<{ name: string; at: number }> {
  const out: Array<{ name: string; at: number }> = [];
  for (let i = text.indexOf('.json'); i !== -1; i = text.indexOf('.json', i + 5)) {
    if (NAME_CHAR.test(text[i + 5] ?? ' ') && text[i + 5] !== '.') continue;
    let from = i;
    while (from > 0 && NAME_CHAR.test(text[from - 1]!) && i - from < 200) from--;
    out.push({ name: text.slice(from, i + 5), at: from });
  }
  return out;
}

/** File names that hold a return: a metadata, result or handoff file (not state.json, package.json). */
export const RETURN_FILE = /meta|return|result|handoff/i;
/** Writing on the same line as a path: the spec writes that file. */
const WRITES = /\b(?:writ(?:e|es|ing|ten)|creat(?:e|es|ing)|sav(?:e|es|ing)|updat(?:e|es|ing)|emit(?:s|ting)?)\b/i;

/**
 * The base names of the return files a spec writes: those it names on lines that write them.
 * What a caller must read (return-file-mismatch), and where the SubagentStop hook looks.
 */
export function writtenReturnFiles(doc: { text: string; lines: LineIndex }): Set<string> {
  const out = new Set<string>();
  for (const { name, at } of jsonNames(doc.text)) {
    if (!RETURN_FILE.test(name)) continue;
    if (WRITES.test(doc.lines.lineText(doc.lines.lineOf(at)))) out.add(name);
  }
  return out;
}
