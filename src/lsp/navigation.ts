/**
 * Where specs name each other: the delegation target under the cursor (an edge of the project's
 * delegation graph: `subagent_type: "planner"`, `Skill(x)`, `@agent-x`, a routing entry ...; or
 * a `/command`), the spec that defines it (go to definition), what it is (hover: description and
 * tools), and the files a spec includes or points at (`@path` includes, context-file paths) as
 * document links.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DocumentLink, Hover, Location } from 'vscode-languageserver';
import type { ProjectView } from '../model/project.js';
import type { GraphNode } from '../graph/types.js';
import type { DocumentModel } from '../model/document.js';
import type { Range as TextRange } from '../types.js';
import { rangeOfOffsets } from './convert.js';
import { isFile } from '../util/fs-kind.js';

export interface Target {
  /** Where the name is written in the document. */
  range: TextRange;
  name: string;
  kind: 'agent' | 'command' | 'skill';
  /** The specs that define it (none: built in, outside the project, or missing). */
  docs: readonly DocumentModel[];
  /** What the graph knows of a target that is not a spec (built in, external, missing). */
  status?: GraphNode['kind'];
}

/** A `/command` written in the text: after a blank, a quote, a backtick or a bracket. */
const SLASH_COMMAND = /(?<=^|[\s`'"(\[])\/([A-Za-z0-9][\w.:-]*)(?![\w/.-])/g;

function slashCommandAt(doc: DocumentModel, project: ProjectView, offset: number): Target | null {
  const line = doc.lines.lineOf(offset);
  const start = doc.lines.offset(line + 1, 1);
  const text = doc.lines.lineText(line);
  for (const m of text.matchAll(SLASH_COMMAND)) {
    const a = start + m.index!;
    const b = a + m[0].length;
    if (offset < a || offset > b) continue;
    const name = m[1]!.replace(/[.:]+$/, '');
    const commands = project.byName('command');
    const docs = commands.get(name) ?? commands.get(name.slice(name.lastIndexOf(':') + 1)) ?? [];
    if (!docs.length) return null;
    return { range: { start: a + 1, end: b }, name, kind: 'command', docs };
  }
  return null;
}

/** The delegation target at an offset of a document, if any. */
export function targetAt(doc: DocumentModel, project: ProjectView, offset: number): Target | null {
  for (const e of project.graph.edges) {
    if (e.doc !== doc || offset < e.range.start || offset > e.range.end) continue;
    return { range: e.range, name: e.target, kind: e.expected, docs: e.to.docs, status: e.to.kind };
  }
  return slashCommandAt(doc, project, offset);
}

/** Where a spec defines itself: its frontmatter `name` value, else the file's start. */
function definitionRange(doc: DocumentModel) {
  const field = doc.frontmatter?.fields.find((f) => f.key === 'name');
  return field ? rangeOfOffsets(doc, field.valueRange.start, field.valueRange.end) : rangeOfOffsets(doc, 0, 0);
}

export function definition(target: Target): Location[] {
  return target.docs.map((d) => ({ uri: pathToFileURL(d.filePath).href, range: definitionRange(d) }));
}

const STATUS_TEXT: Partial<Record<GraphNode['kind'], string>> = {
  builtin: 'a built-in agent',
  external: 'defined outside this project',
  missing: 'not found in this project',
};

function listText(v: unknown): string | null {
  if (typeof v === 'string' && v.trim()) return v.trim();
  if (Array.isArray(v)) return v.filter((x) => typeof x === 'string').join(', ') || null;
  if (v && typeof v === 'object') {
    // OpenCode writes tools as a map of booleans.
    const on = Object.entries(v as Record<string, unknown>).filter(([, x]) => x === true).map(([k]) => k);
    return on.length ? on.join(', ') : null;
  }
  return null;
}

export function hover(doc: DocumentModel, target: Target): Hover {
  const parts: string[] = [];
  if (!target.docs.length) {
    parts.push(`**${target.name}** (${target.kind}): ${STATUS_TEXT[target.status ?? 'missing'] ?? 'not a spec of this project'}`);
  }
  for (const d of target.docs) {
    const data = d.frontmatter?.data ?? {};
    const lines = [`**${d.name}** (${d.kind}) — \`${d.relPath}\``];
    const description = typeof data['description'] === 'string' ? data['description'].trim() : '';
    if (description) lines.push(description);
    const tools = listText(data['tools']) ?? listText(data['allowed-tools']);
    if (tools) lines.push(`Tools: ${tools}`);
    const model = typeof data['model'] === 'string' ? data['model'] : '';
    if (model) lines.push(`Model: ${model}`);
    parts.push(lines.join('\n\n'));
  }
  return { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') }, range: rangeOfOffsets(doc, target.range.start, target.range.end) };
}

/**
 * A path a spec points at: an `@path` include (`@README.md`, `@./docs/x.md`) or a relative path
 * with a folder and an extension (`.opencode/context/core/routing.md`).
 */
const PATH_REF = /(?<![\w@./-])(@?)((?:\.{1,2}\/)?[\w.-][\w./-]*\.[A-Za-z][\w]{0,5})(?![\w/-])/g;
/** At most this many candidate paths are looked up per document (each is a file-system check). */
const MAX_LINK_CANDIDATES = 500;

export function documentLinks(doc: DocumentModel, root: string): DocumentLink[] {
  const links: DocumentLink[] = [];
  let candidates = 0;
  for (const m of doc.text.matchAll(PATH_REF)) {
    const include = m[1] === '@';
    const ref = m[2]!;
    // Without `@`, only a path with a folder (a bare `package.json` in prose is not a reference).
    if (!include && !ref.includes('/')) continue;
    if (/^\d[\d.]*$/.test(ref) || ++candidates > MAX_LINK_CANDIDATES) {
      if (candidates > MAX_LINK_CANDIDATES) break;
      continue;
    }
    const tries = ref.startsWith('.') ? [path.resolve(path.dirname(doc.filePath), ref), path.resolve(root, ref)] : [path.resolve(root, ref), path.resolve(path.dirname(doc.filePath), ref)];
    const file = tries.find(isFile);
    if (!file) continue;
    const start = m.index! + m[1]!.length;
    links.push({ range: rangeOfOffsets(doc, start, start + ref.length), target: pathToFileURL(file).href });
  }
  return links;
}
