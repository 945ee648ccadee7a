/**
 * The part of a project's delegation graph that the linted files' findings depend on, made
 * without scanning every spec: a pre-commit run on one file needs the edges written in that
 * file, every chain that leads to them (for depth limits and cycles) and the other edges
 * between the same two specs (one of them stands for the pair), not the rest of the project.
 *
 * A delegation is written by name: a document can hold an edge into a spec only if its text
 * holds one of the names that spec is called by (its name, its file name, a skill's frontmatter
 * name; `plugin:name` and OpenCode's `folder/name` hold the file name), as a whole name (not
 * followed by a letter, digit or underscore: `researcher` does not name `research`). So the
 * documents that may delegate to a spec are found with a text search, and only those are
 * scanned. Starting from the specs the linted files delegate from, the callers of each are added
 * until no new one appears: the result holds every chain that ends in them, and every cycle
 * through them. For the specs the linted files delegate to, only the other edges of the same
 * pair are needed: they are written in a document of the delegating spec, or in a
 * `delegation_path` example that names both.
 *
 * Why it gives the whole graph's answers for edges written in the linted files: a spec outside
 * that set of callers cannot reach into it (it would be a caller), so the cycles through the
 * linted files' edges, the depth each of their sources is reached at, and the order in which
 * Tarjan's algorithm lists those groups are the same in both graphs. test/graph-around.test.ts
 * checks this against the whole graph on generated projects.
 *
 * The search is bounded: once it has read the project's text `SEARCH_BUDGET` times over, or
 * has found more than half of the project's documents to scan, the whole graph is made instead
 * (as exact, linear in the project, and then cheaper than searching on).
 */
import type { DocumentModel } from '../model/document.js';
import type { GraphIndex } from './build.js';
import { hasReferences, referencesOf } from './references.js';
import type { GraphEdge, GraphNode, ProjectGraph } from './types.js';

/** How many times over the project's text the search may read before the whole graph is made. */
export const SEARCH_BUDGET = 8;

/** The names a delegation to a spec may be written with (each holds the spec's file name or name). */
function aliases(node: GraphNode): string[] {
  const out = new Set<string>([node.name]);
  for (const d of node.docs) {
    out.add(d.fileStem);
    if (node.kind === 'skill') out.add(d.name);
    // An agent is also called by its path (`meta/domain-analyzer`, `planner/SKILL`), which ends
    // in its file's own name: for `agents/planner/SKILL.md` that is `SKILL`, not its file stem.
    if (node.kind === 'agent') out.add(d.relPath.slice(d.relPath.lastIndexOf('/') + 1).replace(/\.md$/i, ''));
  }
  return [...out].filter((a) => a !== '');
}

/**
 * The graph of every node and of the edges written in `targets` and in every document that may
 * delegate to the specs on a chain into them. `all` is every document of the project (the
 * targets among them).
 */
export function graphAround(index: GraphIndex, targets: readonly DocumentModel[], all: readonly DocumentModel[]): ProjectGraph {
  const scanned = new Set<DocumentModel>(targets);
  const rest = all.filter((d) => !scanned.has(d));
  // A document whose delegations are known already (a language server keeps its documents from
  // one change to the next; a run takes them from the project index) is searched in those, not
  // in its text (which it need not even have read).
  const known = rest.map((d) => (hasReferences(d) ? referencesOf(d) : null));
  // Counted per file read (its length, plus one: an empty file still costs a step), or per
  // delegation of a known document.
  const cost = (i: number) => (known[i] ? known[i]!.length + 1 : rest[i]!.text.length + 1);
  let budget = 0;
  for (let i = 0; i < rest.length; i++) budget += SEARCH_BUDGET * cost(i);
  /** Edges of the scanned documents, by the node they lead to. */
  const into = new Map<GraphNode, GraphEdge[]>();
  const addEdges = (doc: DocumentModel) => {
    for (const e of index.edgesOf(doc)) {
      const list = into.get(e.to);
      if (list) list.push(e);
      else into.set(e.to, [e]);
    }
  };
  for (const d of targets) addEdges(d);

  // The documents whose text is searched, and for the known ones (searched through their
  // delegations) the names those may resolve to, each with the documents that hold it: made
  // once, at the cost of every known delegation, so that a search then looks a name up instead
  // of asking every document.
  const textDocs: number[] = [];
  for (let i = 0; i < rest.length; i++) if (!known[i]) textDocs.push(i);
  let byName: { to: Map<string, number[]>; from: Map<string, number[]> } | undefined;
  const namesOfKnown = () => {
    if (byName) return byName;
    byName = { to: new Map(), from: new Map() };
    for (let i = 0; i < rest.length; i++) {
      const refs = known[i];
      if (!refs) continue;
      budget -= cost(i);
      for (const r of refs) {
        addResolvable(byName.to, r.target, i);
        if (r.from) addResolvable(byName.from, r.from.name, i);
      }
    }
    return byName;
  };
  /** Whether the `i`th of the rest holds `name` (a known one: may write a delegation from it). */
  const holds = (i: number, name: string): boolean => {
    if (!known[i]) {
      budget -= cost(i);
      return holdsName(rest[i]!.text, name);
    }
    budget -= 1;
    return sortedHolds(namesOfKnown().from.get(name), i);
  };

  /**
   * Scans the documents not scanned yet that hold one of `names` (and, when `alsoOneOf` is given,
   * are a document of one of those specs or hold one of their names too), in the order of the
   * project's documents. False when the search ran out of budget.
   */
  const search = (names: readonly string[], alsoOneOf?: readonly GraphNode[]): boolean => {
    const also = alsoOneOf?.flatMap(aliases);
    const ownDocs = new Set(alsoOneOf?.flatMap((n) => n.docs));
    // The documents that hold one of the names: known ones by lookup, the others by their text.
    const found = new Set<number>();
    if (textDocs.length < rest.length) {
      const n = namesOfKnown();
      for (const a of names) {
        budget -= 1;
        for (const i of n.to.get(a) ?? []) if (!scanned.has(rest[i]!)) found.add(i);
      }
    }
    for (const i of textDocs) {
      if (scanned.has(rest[i]!)) continue;
      for (const a of names) {
        const holdsIt = holds(i, a);
        if (budget < 0) return false;
        if (!holdsIt) continue;
        found.add(i);
        break;
      }
    }
    if (budget < 0) return false;
    for (const i of [...found].sort((x, y) => x - y)) {
      const doc = rest[i]!;
      const takes = !also || ownDocs.has(doc) || also.some((b) => holds(i, b));
      if (budget < 0) return false;
      if (!takes) continue;
      scanned.add(doc);
      addEdges(doc);
    }
    return budget >= 0;
  };

  // Specs whose callers are needed all the way up (`closed`); and the targets of the linted
  // files' edges, whose edges from the same specs are enough (one edge of a pair stands for it).
  const closed = new Set<GraphNode>();
  const queue: GraphNode[] = [];
  const pairs = new Map<GraphNode, Set<GraphNode>>();
  for (const d of targets) {
    for (const e of index.edgesOf(d)) {
      if (!closed.has(e.from)) {
        closed.add(e.from);
        queue.push(e.from);
      }
      if (e.to.docs.length === 0) continue;
      const from = pairs.get(e.to);
      if (from) from.add(e.from);
      else pairs.set(e.to, new Set([e.from]));
    }
  }
  for (const [to, from] of pairs) {
    if (!search(aliases(to), [...from])) return index.assemble(all);
    if (2 * scanned.size > all.length) return index.assemble(all);
  }
  for (let qi = 0; qi < queue.length; qi++) {
    const node = queue[qi]!;
    // A spec defined in many files has as many file names: the budget is counted per name and
    // per file, so that one search cannot read the project once per file.
    if (!search(aliases(node))) return index.assemble(all);
    if (2 * scanned.size > all.length) return index.assemble(all);
    for (const e of into.get(node) ?? []) {
      if (closed.has(e.from)) continue;
      closed.add(e.from);
      queue.push(e.from);
    }
  }
  return index.assemble(all.filter((d) => scanned.has(d)));
}

/** Names at least this long are looked for anywhere in a text, whole or not (see holdsName). */
const LONG_NAME = 64;

/**
 * Adds document `i` under each name a written target can resolve to a spec by
 * (src/graph/build.ts): itself, the name after a plugin's `plugin:` (or `plugin:folder:`), and
 * the file name at the end of OpenCode's `folder/name`.
 */
function addResolvable(docs: Map<string, number[]>, target: string, i: number): void {
  addDoc(docs, target, i);
  const afterColon = target.slice(target.lastIndexOf(':') + 1);
  if (afterColon !== target) addDoc(docs, afterColon, i);
  const afterSlash = target.slice(target.lastIndexOf('/') + 1);
  if (afterSlash !== target && afterSlash !== afterColon) addDoc(docs, afterSlash, i);
}

/** Adds document `i` to a name's list (documents are added in order: the list stays sorted, each once). */
function addDoc(docs: Map<string, number[]>, name: string, i: number): void {
  const list = docs.get(name);
  if (!list) docs.set(name, [i]);
  else if (list[list.length - 1] !== i) list.push(i);
}

/** Whether a sorted list holds `i` (a binary search). */
function sortedHolds(list: readonly number[] | undefined, i: number): boolean {
  if (!list) return false;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] === i) return true;
    if (list[mid]! < i) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * Whether `text` holds `name` not followed by a letter, digit or underscore: a delegation names
 * its target as a whole word (`researcher` does not name `research`), followed by the end of the
 * name (a space, a quote, `.md`, `-`...).
 */
export function holdsName(text: string, name: string): boolean {
  // The scan cuts a very long name written in prose (at 80 characters), which may then stop
  // before a letter: such a name is looked for anywhere.
  if (name.length >= LONG_NAME) return text.includes(name);
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const c = text.charCodeAt(at + name.length);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95)) return true;
  }
  return false;
}
