/**
 * Builds a project's delegation graph from its documents: one node per agent, command and
 * skill, one edge per delegation written in their text, each target resolved against the
 * project (by name, by `plugin:name`, by an OpenCode path such as `meta/domain-analyzer`), the
 * built-in agent types and the agents known to live outside the project. Linear in the size
 * of the documents: each is scanned once, and names are looked up in maps.
 */
import { agentSystemOf } from '../model/agent-system.js';
import picomatch from 'picomatch';
import type { DocumentModel } from '../model/document.js';
import { isSpecKind } from '../model/kinds.js';
import { BUILTIN_AGENT_TYPES } from '../standard/frontmatter-fields.js';
import { closest } from '../util/suggest.js';
import type { MarketplacePlugin, PluginLocator } from './plugins.js';
import { referencesOf, type Reference } from './references.js';
import type { GraphEdge, GraphNode, ProjectGraph, Resolution, SpecKind, SpecSystem } from './types.js';

/** OpenCode's own agents (build and plan are primary; general and explore are subagents). */
export const OPENCODE_BUILTIN_AGENTS: readonly string[] = Object.freeze(['general', 'explore', 'build', 'plan']);

/**
 * Claude Code agents besides BUILTIN_AGENT_TYPES that current releases ship: claude-code-guide
 * (answers questions about Claude Code; listed among the available agents in "Agent type not
 * found" errors).
 */
export const EXTRA_BUILTIN_AGENTS: readonly string[] = Object.freeze(['claude-code-guide']);

export function isBuiltinAgent(name: string, system: SpecSystem): boolean {
  return BUILTIN_AGENT_TYPES.includes(name) || EXTRA_BUILTIN_AGENTS.includes(name) || (system === 'opencode' && OPENCODE_BUILTIN_AGENTS.includes(name));
}

export interface GraphInput {
  root: string;
  documents: readonly DocumentModel[];
  /** Agents that live outside the project: names, or globs such as `team-*`. */
  externalAgents?: readonly string[];
  /** The project's plugins, with what they learnt kept (a run keeps one per project, sharing marketplaces; so does the language server); without them, no spec is a plugin's. */
  plugins?: PluginLocator;
}

const SPEC_KINDS: readonly SpecKind[] = ['agent', 'command', 'skill'];

export function systemOf(doc: DocumentModel): SpecSystem {
  return `/${doc.relPath}`.includes('/.opencode/') ? 'opencode' : 'claude';
}

/** A matcher for names and globs (`*`, `?`, `[...]`, `{a,b}`). */
export function nameMatcher(patterns: readonly string[]): (name: string) => boolean {
  const exact = new Set<string>();
  const globs: string[] = [];
  for (const p of patterns) {
    if (/[*?[\]{}]/.test(p)) globs.push(p);
    else exact.add(p);
  }
  const glob = globs.length ? picomatch(globs, { dot: true }) : () => false;
  return (name) => exact.has(name) || glob(name);
}

type Index = Map<string, GraphNode[]>;

/**
 * Where a delegation is written: the tool that reads it, and the agent tree (`.claude/`,
 * `.opencode/`, '' outside both) whose specs its names mean: Claude Code loads a tree's own
 * agents, and OpenCode its own and the `.claude/skills` beside it; a spec outside the trees may
 * mean any of the project's.
 */
interface Caller {
  system: SpecSystem;
  tree: string;
}

export function callerOf(doc: DocumentModel): Caller {
  return { system: systemOf(doc), tree: agentSystemOf(doc.relPath) };
}

/** A plugin's names (`plugin:name`) are the plugin's, whatever tree writes them. */
const anyTree = (at: Caller): Caller => ({ system: at.system, tree: '' });

class Resolver {
  readonly nodes: GraphNode[] = [];
  readonly #byId = new Map<string, GraphNode>();
  /** kind -> name -> nodes (several when the name is defined in both systems). */
  readonly #index = new Map<SpecKind, Index>(SPEC_KINDS.map((k) => [k, new Map()]));
  /** plugin -> kind -> name -> nodes. */
  readonly #plugins = new Map<string, Map<SpecKind, Index>>();
  /** Agents by the trailing segments of their path (`meta/domain-analyzer`), for OpenCode's nested names. */
  readonly #agentPaths = new Map<string, GraphNode>();
  readonly #external: (name: string) => boolean;
  readonly #root: string;
  readonly #locator?: PluginLocator;
  #siblings?: MarketplacePlugin[];
  /** Suggestions made so far, by kind and name: the same missing name is often written many times. */
  readonly #suggested = new Map<string, string | undefined>();
  readonly mixed: boolean;

  constructor(docs: readonly DocumentModel[], root: string, external: readonly string[], readonly nodeOf: Map<DocumentModel, GraphNode>, locator?: PluginLocator) {
    this.#external = nameMatcher(external);
    this.#root = root;
    const systems = new Set(docs.filter((d) => isSpecKind(d.kind)).map(systemOf));
    this.mixed = systems.size > 1;
    this.#locator = locator;
    for (const doc of docs) {
      const kind = doc.kind;
      if (!isSpecKind(kind)) continue;
      const system = systemOf(doc);
      const name = kind === 'agent' ? doc.name : doc.fileStem;
      const id = this.mixed ? `${kind}:${system}:${name}` : `${kind}:${name}`;
      let node = this.#byId.get(id);
      const plugin = this.#locator?.pluginOf(doc.filePath)?.name;
      if (!node) {
        node = { id, kind, name, docs: [], system, tree: agentSystemOf(doc.relPath) };
        if (plugin) node.plugin = plugin;
        this.#byId.set(id, node);
        this.nodes.push(node);
      }
      node.docs.push(doc);
      nodeOf.set(doc, node);
      // Names a delegation may use: the spec's name, its file name, a skill's frontmatter name.
      let inPlugin: Index | undefined;
      if (plugin) {
        let p = this.#plugins.get(plugin);
        if (!p) this.#plugins.set(plugin, (p = new Map(SPEC_KINDS.map((k) => [k, new Map()]))));
        inPlugin = p.get(kind)!;
      }
      const byKind = this.#index.get(kind)!;
      const stem = doc.fileStem;
      const skillName = kind === 'skill' ? doc.name : name;
      addName(byKind, inPlugin, name, node);
      if (stem !== name) addName(byKind, inPlugin, stem, node);
      if (skillName !== name && skillName !== stem) addName(byKind, inPlugin, skillName, node);
      if (kind === 'agent') {
        // OpenCode's nested names: each ending of the path that holds a folder, below the first
        // (`meta/domain-analyzer`, then `agent/meta/domain-analyzer`, for
        // `.opencode/agent/meta/domain-analyzer.md`), cut from the path without splitting it.
        const p = doc.relPath.replace(/\.md$/i, '');
        let at = p.lastIndexOf('/');
        at = at > 0 ? p.lastIndexOf('/', at - 1) : -1;
        while (at !== -1) {
          const suffix = p.slice(at + 1);
          if (!this.#agentPaths.has(suffix)) this.#agentPaths.set(suffix, node);
          at = at > 0 ? p.lastIndexOf('/', at - 1) : -1;
        }
      }
    }
  }

  /** The other plugins of the marketplace the project sits in (read on first need). */
  #marketplace(): MarketplacePlugin[] {
    if (!this.#siblings) {
      const inside = (dir: string) => dir === this.#root || dir.startsWith(this.#root + '/') || dir.startsWith(this.#root + '\\');
      this.#siblings = this.#root && this.#locator ? this.#locator.marketplacePlugins(this.#root).filter((p) => !inside(p.dir)) : [];
    }
    return this.#siblings;
  }

  #special(kind: 'builtin' | 'external' | 'missing', name: string, expected?: SpecKind): GraphNode {
    const id = kind === 'missing' ? `missing:${expected}:${name}` : `${kind}:${name}`;
    let node = this.#byId.get(id);
    if (!node) {
      node = { id, kind, name, docs: [] };
      if (expected) node.expected = expected;
      this.#byId.set(id, node);
      this.nodes.push(node);
    }
    return node;
  }

  /**
   * The spec node of a kind by name, as the caller's tool finds it: in the caller's tree (for
   * OpenCode also a skill of the `.claude/` tree beside it); outside the trees, any, the
   * caller's system first.
   */
  #lookup(index: Index | undefined, name: string, at: Caller): GraphNode | undefined {
    const list = index?.get(name);
    if (!list) return undefined;
    if (at.tree) {
      const own = list.find((n) => n.tree === at.tree);
      if (own || !at.tree.endsWith('.opencode/')) return own;
      const claude = at.tree.slice(0, -'.opencode/'.length) + '.claude/';
      return list.find((n) => n.kind === 'skill' && n.tree === claude);
    }
    return list.find((n) => n.system === at.system) ?? list[0];
  }

  /** An agent by the ending of its path (OpenCode's nested names), in the caller's tree. */
  #agentPath(target: string, at: Caller): GraphNode | undefined {
    const n = this.#agentPaths.get(target);
    return n && (!at.tree || n.tree === at.tree) ? n : undefined;
  }

  /** The spec a name stands for, if the project has it (no special nodes are made). */
  find(target: string, kind: SpecKind, at: Caller): GraphNode | undefined {
    const colon = target.indexOf(':');
    if (colon > 0) return this.#lookup(this.#plugins.get(target.slice(0, colon))?.get(kind), target.slice(target.lastIndexOf(':') + 1), anyTree(at));
    return this.#lookup(this.#index.get(kind), target, at) ?? (kind === 'agent' ? this.#agentPath(target, at) : undefined);
  }

  resolve(target: string, expected: SpecKind, at: Caller): { to: GraphNode; resolution: Resolution } {
    const colon = target.indexOf(':');
    if (colon > 0 && expected !== 'command') return this.#resolvePluginId(target, target.slice(0, colon), expected, anyTree(at));

    const direct = this.#lookup(this.#index.get(expected), target, at);
    if (direct) return { to: direct, resolution: { status: 'found' } };
    // OpenCode names nested agents by their path: `meta/domain-analyzer`.
    const nested = expected === 'agent' && target.includes('/') ? this.#agentPath(target, at) : undefined;
    if (nested) return { to: nested, resolution: { status: 'found' } };
    if (expected === 'agent' && isBuiltinAgent(target, at.system)) {
      return { to: this.#special('builtin', target), resolution: { status: 'builtin' } };
    }
    if (this.#external(target)) return { to: this.#special('external', target), resolution: { status: 'external' } };
    for (const other of SPEC_KINDS) {
      if (other === expected) continue;
      const hit = this.#lookup(this.#index.get(other), target, at);
      if (hit) return { to: hit, resolution: { status: 'other-kind', found: other } };
    }
    const resolution: Resolution = { status: 'missing' };
    if (expected !== 'command') {
      // Another plugin of the marketplace has it: Claude Code knows it only as `plugin:name`.
      const sibling = this.#marketplace().find((p) => (expected === 'agent' ? p.agents : p.skills).has(target));
      if (sibling) {
        resolution.suggestion = `${sibling.name}:${target}`;
        resolution.sibling = sibling.name;
      }
    }
    resolution.suggestion ??= this.#suggest(target, expected);
    if (resolution.suggestion === undefined) delete resolution.suggestion;
    return { to: this.#special('missing', target, expected), resolution };
  }

  #resolvePluginId(target: string, plugin: string, expected: SpecKind, at: Caller): { to: GraphNode; resolution: Resolution } {
    const inProject = this.#plugins.get(plugin);
    if (!inProject) {
      if (this.#external(target)) return { to: this.#special('external', target), resolution: { status: 'external' } };
      // A plugin of the marketplace the project sits in can be checked; any other is accepted.
      const sibling = this.#marketplace().find((p) => p.name === plugin);
      const names = sibling && (expected === 'agent' ? sibling.agents : expected === 'skill' ? sibling.skills : undefined);
      const name = target.slice(target.lastIndexOf(':') + 1);
      if (names && !(names.has(name) && isColonPath(target))) {
        const near = names.has(name) ? name : closest(name, names);
        const resolution: Resolution = { status: 'missing', plugin, sibling: plugin };
        if (near) resolution.suggestion = `${plugin}:${near}`;
        return { to: this.#special('missing', target, expected), resolution };
      }
      return { to: this.#special('external', target), resolution: { status: 'external', plugin } };
    }
    // `plugin:name`, or `plugin:folder:name` for a spec in a subfolder of agents/.
    const rest = target.slice(plugin.length + 1).split(':');
    const name = rest[rest.length - 1]!;
    const wellFormed = rest.every((s) => s !== '');
    if (wellFormed) {
      const hit = this.#lookup(inProject.get(expected), name, at);
      if (hit) return { to: hit, resolution: { status: 'found' } };
      if (this.#external(target)) return { to: this.#special('external', target), resolution: { status: 'external' } };
      for (const other of SPEC_KINDS) {
        if (other === expected) continue;
        const o = this.#lookup(inProject.get(other), name, at);
        if (o) return { to: o, resolution: { status: 'other-kind', found: other } };
      }
    }
    const names = inProject.get(expected)!;
    const near = names.has(name) ? name : closest(name, names.keys());
    const resolution: Resolution = { status: 'missing', plugin };
    if (near) resolution.suggestion = `${plugin}:${near}`;
    return { to: this.#special('missing', target, expected), resolution };
  }

  #suggest(target: string, expected: SpecKind): string | undefined {
    const key = `${expected}\0${target}`;
    if (this.#suggested.has(key)) return this.#suggested.get(key);
    const s = this.#suggestNew(target, expected);
    this.#suggested.set(key, s);
    return s;
  }

  #suggestNew(target: string, expected: SpecKind): string | undefined {
    const names = this.#index.get(expected)!;
    // `plugin-agent` for `plugin:agent`.
    for (const [plugin, kinds] of this.#plugins) {
      if (target.startsWith(`${plugin}-`) && kinds.get(expected)!.has(target.slice(plugin.length + 1))) return `${plugin}:${target.slice(plugin.length + 1)}`;
    }
    const candidates = expected === 'agent' ? [...names.keys(), ...BUILTIN_AGENT_TYPES] : [...names.keys()];
    return closest(target, candidates);
  }
}

/** A name of a spec, in its kind's index and its plugin's. */
function addName(index: Index, inPlugin: Index | undefined, name: string, node: GraphNode): void {
  add(index, name, node);
  if (inPlugin) add(inPlugin, name, node);
}

function add(index: Index, name: string, node: GraphNode): void {
  const list = index.get(name);
  if (!list) index.set(name, [node]);
  else if (!list.includes(node)) list.push(node);
}

function compareDocs(a: DocumentModel, b: DocumentModel): number {
  return a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0;
}

/**
 * A project's nodes (every agent, command and skill, named as delegations name them), and the
 * resolved delegations of any one document on demand: a graph can then be made of some
 * documents' edges without scanning the rest (see graph/around.ts).
 */
export class GraphIndex {
  readonly #r: Resolver;
  readonly #nodeOf = new Map<DocumentModel, GraphNode>();
  readonly #edges = new Map<DocumentModel, GraphEdge[]>();
  #byName?: Map<string, GraphNode[]>;

  constructor(input: GraphInput) {
    this.#r = new Resolver([...input.documents].sort(compareDocs), input.root, input.externalAgents ?? [], this.#nodeOf, input.plugins);
  }

  /** The spec nodes so far (every spec), then the targets that are not specs met while resolving. */
  get nodes(): readonly GraphNode[] {
    return this.#r.nodes;
  }

  nodeOf(doc: DocumentModel): GraphNode | undefined {
    return this.#nodeOf.get(doc);
  }

  /** The spec nodes of a name, whatever their kind or system. */
  nodesNamed(name: string): readonly GraphNode[] {
    if (!this.#byName) {
      this.#byName = new Map();
      for (const n of this.#r.nodes) {
        if (n.docs.length === 0) continue;
        const list = this.#byName.get(n.name);
        if (list) list.push(n);
        else this.#byName.set(n.name, [n]);
      }
    }
    return this.#byName.get(name) ?? [];
  }

  /** The delegations a document writes, resolved (computed once per document). */
  edgesOf(doc: DocumentModel): readonly GraphEdge[] {
    let edges = this.#edges.get(doc);
    if (!edges) this.#edges.set(doc, (edges = this.#resolveDoc(doc)));
    return edges;
  }

  #resolveDoc(doc: DocumentModel): GraphEdge[] {
    const own = this.#nodeOf.get(doc);
    if (!own) return [];
    const r = this.#r;
    const edges: GraphEdge[] = [];
    const at = callerOf(doc);
    for (const ref of referencesOf(doc)) {
      const from = ref.from ? sourceOf(ref, r, at) : own;
      if (!from) continue;
      const resolved = r.resolve(ref.target, ref.expected, at);
      const { to } = resolved;
      // A spec naming itself ("use the x skill" in x's own file) delegates nothing.
      if (to === from) continue;
      // A path that leaves out the command (`["orchestrator", "task-creator", ...]`) still
      // names a spec: the entry's kind is only a position, and depth-path-mismatch reports it.
      const resolution: Resolution = ref.via === 'delegation-path' && resolved.resolution.status === 'other-kind' ? { status: 'found' } : resolved.resolution;
      edges.push({ from, to, target: ref.target, expected: ref.expected, via: ref.via, doc, range: ref.range, resolution });
    }
    return edges;
  }

  /** The graph of every node and the edges written in `docs` (each document resolved once). */
  assemble(docs: readonly DocumentModel[]): ProjectGraph {
    const edges: GraphEdge[] = [];
    for (const doc of [...docs].sort(compareDocs)) for (const e of this.edgesOf(doc)) edges.push(e);
    const outgoing = new Map<GraphNode, GraphEdge[]>();
    for (const e of edges) {
      const list = outgoing.get(e.from);
      if (list) list.push(e);
      else outgoing.set(e.from, [e]);
    }
    const nodeOf = this.#nodeOf;
    return { nodes: [...this.#r.nodes], edges, outgoing, nodeOf: (d) => nodeOf.get(d), mixedSystems: this.#r.mixed };
  }
}

export function buildGraph(input: GraphInput): ProjectGraph {
  return new GraphIndex(input).assemble(input.documents);
}

/** The delegating side of a `delegation_path` edge: only a spec of the project (an unknown orchestrator starts nothing). */
function sourceOf(ref: Reference, r: Resolver, at: Caller): GraphNode | undefined {
  const from = ref.from!;
  const kind: SpecKind = from.expected === 'orchestrator' ? 'agent' : from.expected;
  return r.find(from.name, kind, at) ?? SPEC_KINDS.map((k) => r.find(from.name, k, at)).find((n) => n !== undefined);
}

/** `a:b` or `a:b:c`: names joined by single colons (no empty part). */
function isColonPath(s: string): boolean {
  return s.includes(':') && !s.startsWith(':') && !s.endsWith(':') && !s.includes('::');
}
