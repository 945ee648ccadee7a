/**
 * Where each tool keeps its copy of an agent, a command or the project's instructions, and
 * which files of a project are copies of one another: the same name, in the same project folder,
 * in two tools' places.
 */
import type { DocumentModel } from '../../model/document.js';
import type { FileKind } from '../../types.js';

export type MirrorTool = 'claude' | 'opencode' | 'copilot' | 'gemini' | 'agents-md';
export type MirrorCategory = 'agent' | 'command' | 'instructions';

export interface MirrorPlace {
  tool: MirrorTool;
  category: MirrorCategory;
  /** The folder holding the tool's place, relative to the project root ('' or ending in `/`). */
  home: string;
  /** The file's path inside the tool's folder for it, without the tool's ending (`git/commit`). */
  sub: string;
  /** The names the copy goes by, normalised (see `mirrorName`). */
  keys: readonly string[];
}

/** How the messages name each tool's copy. */
export const TOOL_LABEL: Readonly<Record<MirrorTool, string>> = {
  claude: 'Claude Code',
  opencode: 'OpenCode',
  copilot: 'Copilot',
  gemini: 'Gemini CLI',
  'agents-md': 'AGENTS.md',
};

/** A name as the tools compare it: case and the separators people vary between copies aside. */
export function mirrorName(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_]+/g, '-');
}

/** The folders (relative to a home) where each category's copies live, for a cheap test that another tool has one. */
export const PLACE_PATHS: Readonly<Record<MirrorCategory, ReadonlyArray<readonly [MirrorTool, string]>>> = {
  agent: [
    ['claude', '.claude/agents'],
    ['opencode', '.opencode/agent'],
    ['opencode', '.opencode/agents'],
    ['copilot', '.github/agents'],
    ['copilot', '.github/chatmodes'],
  ],
  command: [
    ['claude', '.claude/commands'],
    ['opencode', '.opencode/command'],
    ['opencode', '.opencode/commands'],
    ['copilot', '.github/prompts'],
    ['gemini', '.gemini/commands'],
  ],
  instructions: [
    ['claude', 'CLAUDE.md'],
    ['claude', '.claude/CLAUDE.md'],
    ['agents-md', 'AGENTS.md'],
    ['gemini', 'GEMINI.md'],
    ['copilot', '.github/copilot-instructions.md'],
  ],
};

const ENDING = /(?:\.agent|\.chatmode|\.prompt)?\.(?:md|toml)$/i;

/**
 * The tool's place a file is in, or null when it is not where a tool loads a copy from (a
 * plugin's agents, a collection of `*.agent.md` files, `.claude/rules/`).
 */
export function placeOf(doc: DocumentModel): MirrorPlace | null {
  const segs = doc.relPath.split('/');
  const n = segs.length;
  const base = segs[n - 1]!;
  const at = (i: number) => segs[i] ?? '';
  const homeOf = (i: number) => (i === 0 ? '' : segs.slice(0, i).join('/') + '/');
  const kind: FileKind = doc.kind;
  if (kind === 'claude-memory' || kind === 'agents-md' || kind === 'gemini-md' || kind === 'copilot-instructions') {
    const tool: MirrorTool | null =
      base === 'CLAUDE.md' ? 'claude' : base === 'AGENTS.md' ? 'agents-md' : base === 'GEMINI.md' ? 'gemini' : base === 'copilot-instructions.md' ? 'copilot' : null;
    if (!tool) return null;
    // `.claude/CLAUDE.md` and `.github/copilot-instructions.md` belong to the folder above theirs.
    const up = (tool === 'claude' && at(n - 2) === '.claude') || tool === 'copilot' ? 1 : 0;
    if (tool === 'copilot' && at(n - 2) !== '.github') return null;
    return { tool, category: 'instructions', home: homeOf(n - 1 - up), sub: '', keys: [''] };
  }
  // The innermost tool folder above the file.
  let i = n - 2;
  while (i >= 0 && !TOOL_DIRS.has(at(i))) i--;
  if (i < 0) return null;
  const dir = at(i);
  const place = at(i + 1);
  const sub = segs.slice(i + 2).join('/').replace(ENDING, '');
  if (!sub) return null;
  let tool: MirrorTool | null = null;
  let category: MirrorCategory | null = null;
  if (kind === 'agent') {
    if (dir === '.claude' && place === 'agents') tool = 'claude';
    else if (dir === '.opencode' && (place === 'agent' || place === 'agents')) tool = 'opencode';
    category = 'agent';
  } else if (kind === 'command') {
    if (dir === '.claude' && place === 'commands') tool = 'claude';
    else if (dir === '.opencode' && (place === 'command' || place === 'commands')) tool = 'opencode';
    category = 'command';
  } else if (kind === 'copilot-agent' || kind === 'copilot-chatmode') {
    if (dir === '.github' && (place === 'agents' || place === 'chatmodes')) tool = 'copilot';
    category = 'agent';
  } else if (kind === 'copilot-prompt') {
    if (dir === '.github' && place === 'prompts') tool = 'copilot';
    category = 'command';
  } else if (kind === 'gemini-command') {
    if (dir === '.gemini' && place === 'commands') tool = 'gemini';
    category = 'command';
  }
  if (!tool || !category) return null;
  // An agent goes by its name (Claude Code's frontmatter `name`; the file name in OpenCode and
  // Copilot), a command by its path in the commands folder (Gemini CLI's `git:commit`).
  const keys = new Set([mirrorName(category === 'agent' ? sub.slice(sub.lastIndexOf('/') + 1) : sub)]);
  // `doc.name` is a kept fact: the project index answers it without reading the file.
  if (category === 'agent') keys.add(mirrorName(doc.name));
  return { tool, category, home: homeOf(i), sub, keys: [...keys] };
}

const TOOL_DIRS = new Set(['.claude', '.opencode', '.github', '.gemini']);

/** The kinds whose files can be a tool's copy. */
export const MIRROR_KINDS = [
  'agent',
  'command',
  'copilot-agent',
  'copilot-chatmode',
  'copilot-prompt',
  'gemini-command',
  'claude-memory',
  'agents-md',
  'gemini-md',
  'copilot-instructions',
] as const satisfies readonly FileKind[];

const MIRROR_KIND_SET: ReadonlySet<FileKind> = new Set(MIRROR_KINDS);

/** The project's copies, by category, home and name. */
export class MirrorIndex {
  readonly #byKey = new Map<string, Array<{ doc: DocumentModel; place: MirrorPlace }>>();
  readonly #places = new Map<DocumentModel, MirrorPlace | null>();
  /** The project's skills by name: a copy that runs a skill delegates through it. */
  readonly skills = new Map<string, DocumentModel[]>();

  constructor(documents: readonly DocumentModel[]) {
    for (const doc of documents) {
      if (doc.kind === 'skill') {
        const list = this.skills.get(doc.name);
        if (list) list.push(doc);
        else this.skills.set(doc.name, [doc]);
      }
      if (!MIRROR_KIND_SET.has(doc.kind)) continue;
      const place = this.placeOf(doc);
      if (!place) continue;
      for (const k of place.keys) {
        const key = `${place.category}\0${place.home}\0${k}`;
        const list = this.#byKey.get(key);
        if (list) list.push({ doc, place });
        else this.#byKey.set(key, [{ doc, place }]);
      }
    }
  }

  placeOf(doc: DocumentModel): MirrorPlace | null {
    let p = this.#places.get(doc);
    if (p === undefined) this.#places.set(doc, (p = placeOf(doc)));
    return p;
  }

  /**
   * The copies of a file in the other tools' places, one per tool: where a tool has two files
   * of the name (`agent/x.md` and `agent/subagents/x.md`), the one at the same path, and only
   * when that file's own choice in this tool is this file (copies pair both ways or not at all).
   */
  mirrorsOf(doc: DocumentModel): Array<{ doc: DocumentModel; place: MirrorPlace }> {
    const place = this.placeOf(doc);
    if (!place) return [];
    const out: Array<{ doc: DocumentModel; place: MirrorPlace }> = [];
    for (const [tool, candidates] of this.#candidates(doc, place)) {
      if (tool === place.tool) continue;
      const chosen = choose(place, candidates);
      if (!chosen || chosen.doc === doc) continue;
      const back = this.#candidates(chosen.doc, chosen.place).get(place.tool);
      if (back && choose(chosen.place, back)?.doc !== doc) continue;
      out.push(chosen);
    }
    return out;
  }

  #candidates(doc: DocumentModel, place: MirrorPlace): Map<MirrorTool, Array<{ doc: DocumentModel; place: MirrorPlace }>> {
    const byTool = new Map<MirrorTool, Array<{ doc: DocumentModel; place: MirrorPlace }>>();
    for (const k of place.keys) {
      for (const c of this.#byKey.get(`${place.category}\0${place.home}\0${k}`) ?? []) {
        if (c.doc === doc) continue;
        const list = byTool.get(c.place.tool) ?? [];
        if (!list.some((x) => x.doc === c.doc)) list.push(c);
        byTool.set(c.place.tool, list);
      }
    }
    return byTool;
  }
}

function choose(place: MirrorPlace, candidates: ReadonlyArray<{ doc: DocumentModel; place: MirrorPlace }>): { doc: DocumentModel; place: MirrorPlace } | null {
  if (candidates.length === 1) return candidates[0]!;
  const same = candidates.filter((c) => c.place.sub === place.sub);
  return same.length === 1 ? same[0]! : null;
}
