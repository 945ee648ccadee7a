/**
 * The delegation graph of one project: its agents, commands and skills as nodes, and every
 * delegation their text writes as an edge (a task call, a `subagent_type`, a routing table, a
 * `can_delegate_to` list, a Skill invocation, an `@agent-x` mention, consecutive names of a
 * `delegation_path`). Each edge keeps the document it is written in and the range of the
 * target's name, so rules can report at it.
 */
import type { DocumentModel } from '../model/document.js';
import type { Range } from '../types.js';

/** What a node is: a spec of the project, or a target that is not one. */
export type NodeKind =
  | 'agent'
  | 'command'
  | 'skill'
  /** A built-in agent type (general-purpose, Explore, ...; OpenCode's general, explore, ...). */
  | 'builtin'
  /** Known to live outside the project: `--agents-dir`, `knownAgents`, or a plugin not in the project. */
  | 'external'
  /** Named but not found. */
  | 'missing';

export interface GraphNode {
  /** Unique in the graph: `agent:researcher`, `missing:agent:web-specialist`. */
  id: string;
  kind: NodeKind;
  /** The name delegations use (an agent's frontmatter name, a command's or skill's file name). */
  name: string;
  /** The documents that define it (more than one when a name is defined twice); none for a target that is not a spec. */
  docs: DocumentModel[];
  /** For a missing target: the kind that was expected. */
  expected?: SpecKind;
  /** Where the spec lives: Claude Code (`.claude/`, plugins) or OpenCode (`.opencode/`). */
  system?: SpecSystem;
  /** The agent tree of its spec (`.claude/`, `.opencode/`, '' outside both). */
  tree?: string;
  /** The plugin that holds the spec, if any. */
  plugin?: string;
}

export type SpecSystem = 'claude' | 'opencode';

export type SpecKind = 'agent' | 'command' | 'skill';

/** How the text delegates. */
export type EdgeVia =
  /** `task(subagent_type="x")`, `Task({ subagent_type: "x" })`. */
  | 'call'
  /** `subagent_type: x` written as data. */
  | 'subagent-type'
  /** "invoke x via the task tool". */
  | 'prose'
  /** `@agent-x`. */
  | 'mention'
  /** A frontmatter `routing:` table value. */
  | 'routing'
  /** A frontmatter `delegation.can_delegate_to` entry. */
  | 'can-delegate-to'
  /** `Skill(x)`, "use the x skill". */
  | 'skill'
  /** Two consecutive names of a `delegation_path` example. */
  | 'delegation-path';

/** Every way of delegating, for data read back from a file (a new way must be added here too). */
export const EDGE_VIAS: Readonly<Record<EdgeVia, true>> = {
  call: true,
  'subagent-type': true,
  prose: true,
  mention: true,
  routing: true,
  'can-delegate-to': true,
  skill: true,
  'delegation-path': true,
};

/** Every kind of spec, for data read back from a file. */
export const SPEC_KIND_NAMES: Readonly<Record<SpecKind, true>> = { agent: true, command: true, skill: true };

/** Whether the target was found, and as what. */
export type Resolution =
  | { status: 'found' }
  | { status: 'builtin' }
  /** Outside the project: `--agents-dir` / `knownAgents`, or a `plugin:name` of a plugin the project does not hold. */
  | { status: 'external'; plugin?: string }
  /** Not found as the expected kind, but a spec of another kind has that name. */
  | { status: 'other-kind'; found: SpecKind }
  /**
   * Not found. `plugin`: the plugin a `plugin:name` id names (in the project or its
   * marketplace). `sibling`: another plugin of the marketplace that has the name (or is named).
   */
  | { status: 'missing'; suggestion?: string; plugin?: string; sibling?: string };

export interface GraphEdge {
  from: GraphNode;
  to: GraphNode;
  /** The target as written (`researcher`, `security:auditor`). */
  target: string;
  /** The kind of spec the delegation needs. */
  expected: SpecKind;
  via: EdgeVia;
  /** The document the delegation is written in (for a `delegation_path` edge, not always `from`'s). */
  doc: DocumentModel;
  /** Where the target's name is written in `doc` (inside its quotes). */
  range: Range;
  resolution: Resolution;
}

export interface ProjectGraph {
  /** Every node, specs first (in document order), then targets that are not specs. */
  nodes: GraphNode[];
  /** Every edge, in document order (by document, then offset). */
  edges: GraphEdge[];
  /** The edges leaving each node. */
  outgoing: ReadonlyMap<GraphNode, GraphEdge[]>;
  /** The node of a spec document (none for documents of kind `other`). */
  nodeOf(doc: DocumentModel): GraphNode | undefined;
  /** The project holds both Claude Code and OpenCode specs (node ids then name the system). */
  mixedSystems: boolean;
}
