/**
 * What the prose around a return-shaped JSON block says it is:
 * - `file`: the spec writes it to a file (a metadata file such as `.return-meta.json`): it is a
 *   return in the project's format, also when it holds fewer keys than a console return
 *   (`{"status": "in_progress", "started_at": ..., "partial_progress": ...}`);
 * - `sketch`: a caller lists the fields it reads from a return ("Extract from the return:"), or
 *   the prose shows fields to add to a return ("included in the final metadata"): not a full
 *   return, so it is not asked for fields it does not claim to list.
 *
 * - `record`: the prose writes it to a file that holds something else (an entry of
 *   `state.json`, a handoff file, a progress file): not a return at all.
 *
 * Block-level only. How a whole spec says its result comes back (console JSON, a text summary,
 * a metadata file) is read elsewhere (the `intent` work on invocations and contracts).
 */
import type { LineIndex } from '../lines.js';
import type { JsonObject } from './ast.js';
import type { JsonBlock } from './blocks.js';

export type ReturnRole = 'file' | 'sketch' | 'record';

/** Writing, then (on the same line) a metadata file or a `.json` path. */
const WRITES_FILE = /\b(?:writ(?:e|es|ing|ten)|creat(?:e|es|ing)|sav(?:e|es|ing)|updat(?:e|es|ing)|emit(?:s|ting)?|persist(?:s|ing)?)\b[^\n]{0,100}?(?:\.return-meta\b|meta(?:data)?[ _-]?file|\.json\b)/i;
/** `Metadata file (.return-meta.json):`, `File: specs/{N}/.return-meta.json`. */
const NAMES_META_FILE = /\.return-meta\.json|\breturn[ _-]meta(?:data)?[ _-]file\b|\bmetadata[ _-]file\b/i;
/** A caller reading fields from what came back. */
const READS_RETURN = /\b(?:read|reads|reading|parse|parses|parsing|extract|extracts|extracting)\b[^\n]{0,60}?\b(?:from|of|in)\b[^\n]{0,30}?\b(?:the\s+)?(?:subagent'?s?\s+|agent'?s?\s+)?(?:return|result|reply|response|output|metadata)\b|\bfields?\s+(?:I|we|the (?:caller|skill|command|orchestrator))\s+reads?\b/i;

/** Words READS_RETURN needs one of each of (or "field"), in lower case. */
const READ_WORDS = ['read', 'pars', 'extract'];
const RETURN_WORDS = ['return', 'result', 'repl', 'respons', 'output', 'metadata'];
const hasAny = (low: string, words: readonly string[]): boolean => words.some((w) => low.includes(w));

/** Fields to put into a return written elsewhere: "The results MUST be included in the final metadata". */
const PART_OF_RETURN = /\b(?:include[sd]?|add(?:ed|s)?|merge[sd]?|append(?:ed|s)?)\b[^\n]{0,20}?\b(?:in|into|to)\s+(?:(?:the\s+)?(?:final\s+)?(?:metadata|return|result)\b|`[\w.]+`)/i;

/** "Expected return format (JSON):" written by a caller above what another agent returns. */
const EXPECTS_RETURN = /\bexpected\s+(?:return|result|response|reply)\b/i;

/** The return's concrete metadata.agent_type, if any. */
function agentTypeOf(node: JsonObject): string | undefined {
  const meta = node.properties.find((p) => p.key === 'metadata')?.value;
  const at = meta?.type === 'object' ? meta.properties.find((p) => p.key === 'agent_type')?.value : undefined;
  return at?.type === 'string' && !at.templated && !at.alternatives ? at.value : undefined;
}

/** The prose that introduces a block: up to 3 non-blank lines above it, and text before it on its line or in its fence. */
function introOf(block: JsonBlock, text: string, lines: LineIndex): string {
  const start = block.fence ? block.fence.openRange.start : block.range.start;
  const firstLine = lines.lineOf(start);
  const parts: string[] = [];
  for (let l = firstLine - 1, n = 0; l >= 0 && l >= firstLine - 6 && n < 3; l--) {
    const s = lines.lineText(l).trim();
    if (!s) continue;
    // A heading ends the introduction: what is above it belongs to another part.
    parts.unshift(s);
    n++;
    if (/^#{1,6}\s/.test(s)) break;
  }
  // Comments in the fence before the value: `// Write to specs/{N}_{SLUG}/.return-meta.json`.
  const lineStart = lines.starts[lines.lineOf(block.range.start)]!;
  const from = block.fence ? block.fence.contentRange.start : lineStart;
  if (block.range.start > from) parts.push(text.slice(from, block.range.start));
  return parts.join('\n');
}

/**
 * The role the prose gives a return-shaped object of the block (only top-level objects get one).
 * `ownName` is the spec's name: a caller's "Expected return format:" above a return whose
 * agent_type names another agent is that caller's sketch of what it reads.
 */
export function returnRole(node: JsonObject, block: JsonBlock, text: string, lines: LineIndex, ownName?: string): ReturnRole | undefined {
  if (block.value !== node) return undefined;
  const intro = introOf(block, text, lines);
  if (!intro) return undefined;
  // Each pattern above matches only a text that holds some of its words; most introductions hold
  // none, and a one-file run then does not compile the patterns (about 1.5 ms).
  const low = intro.toLowerCase();
  if ((low.includes('.json') || low.includes('.md') || low.includes('.y') || low.includes('.toml')) && writesRecordFile(intro)) return 'record';
  const meta = low.includes('meta');
  const reads = (low.includes('field') || (hasAny(low, READ_WORDS) && hasAny(low, RETURN_WORDS))) && READS_RETURN.test(intro);
  // A part of a return shown on its own lists only the fields it adds: said by the line next to it.
  const last = intro.slice(intro.lastIndexOf('\n') + 1);
  if (/includ|add|merge|append/i.test(last) && PART_OF_RETURN.test(last)) return 'sketch';
  if (((meta || low.includes('.json')) && WRITES_FILE.test(intro)) || (meta && !reads && NAMES_META_FILE.test(intro))) return 'file';
  if (reads) return 'sketch';
  if (ownName !== undefined && low.includes('expected') && EXPECTS_RETURN.test(intro)) {
    const other = agentTypeOf(node);
    if (other !== undefined && other !== ownName) return 'sketch';
  }
  return undefined;
}

/** Writing, updating or appending to a named file: group 1 is the file's name. */
const WRITES_NAMED = /\b(?:writ(?:e|es|ing)|updat(?:e|es|ing)|append(?:s|ing)?|sav(?:e|es|ing)|record(?:s|ing)?)\b[^\n]{0,60}?([\w./{}$-]*\.(?:json|jsonl|ya?ml|md|toml))\b/gi;
/** Files that keep records, not returns: task state, to-do lists, handoffs, progress, indexes, logs. */
const RECORD_FILE = /(?:^|[/._-])(?:state|todo|handoffs?|progress|index|registry|queue|history|log|changelog|roadmap)(?:[._-][\w{}$-]*)?\.(?:json|jsonl|ya?ml|md|toml)$/i;

/** The introduction writes the block to a file that keeps records (`state.json`, a handoff file). */
function writesRecordFile(intro: string): boolean {
  WRITES_NAMED.lastIndex = 0;
  for (let m = WRITES_NAMED.exec(intro); m; m = WRITES_NAMED.exec(intro)) {
    if (RECORD_FILE.test(m[1]!) && !/return[-_]?meta|metadata/i.test(m[1]!)) return true;
  }
  return false;
}

/**
 * The prose says a delegation context is what the spec receives ("Stage 1: Parse Delegation
 * Context", "Extract from input:"), not one it sends: it lists the fields the agent reads.
 */
const RECEIVED = /\b(?:extract(?:s|ed|ing)?|pars(?:e|es|ed|ing)|read(?:s|ing)?|receiv(?:e|es|ed|ing))\b[^\n]{0,40}?\b(?:from\s+(?:the\s+)?(?:input|prompt|caller|invocation)|(?:the\s+|its\s+)?delegation\s+context|(?:input|incoming)\s+context)\b/i;

/** A context block the spec receives rather than sends (block-level, from its introduction). */
export function isReceivedContext(block: JsonBlock, text: string, lines: LineIndex): boolean {
  const intro = introOf(block, text, lines);
  return !!intro && /extract|pars|read|receiv/i.test(intro) && RECEIVED.test(intro);
}

/** A status and one more key of a return: the least a metadata file holds. */
export function isStatusObject(o: JsonObject): boolean {
  return o.properties.length >= 2 && o.properties.some((p) => p.key === 'status');
}
