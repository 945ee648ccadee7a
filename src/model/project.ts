/**
 * The cross-file view of one project: which agents, commands and skills exist, and whether the
 * project uses the delegation standard. Built once per project from the document models.
 */
import { graphAround } from '../graph/around.js';
import { GraphIndex } from '../graph/build.js';
import { Marketplaces, PluginLocator } from '../graph/plugins.js';
import { ManifestIndex } from './manifests.js';
import { referencesOf } from '../graph/references.js';
import type { ProjectGraph } from '../graph/types.js';
import type { DocumentModel } from './document.js';
import { namesSessionId } from './json/blocks.js';
import { isSpecKind } from './kinds.js';
import { agentSystemOf } from './agent-system.js';
import type { StandardName } from '../types.js';

/**
 * What exists on disk around the linted files, as the Node side sees it: the core reads no file
 * system, so rules that check paths (a manifest's component paths, a marketplace's sources, a
 * hook's script) ask this view. Paths are absolute, in the platform's form; `rel` arguments are
 * written as in the JSON file (forward slashes, may start with `./`).
 */
export interface ProjectFiles {
  /** The folder holding a path. */
  dirname(p: string): string;
  /** `rel` resolved against the folder `dir`. */
  resolve(dir: string, rel: string): string;
  /** `to` relative to `from`, with forward slashes (`..` when it is outside). */
  relative(from: string, to: string): string;
  /**
   * The path with every symlink on it resolved (the path itself when it cannot be): a tool that
   * reads a linked file resolves what it imports from the link's target.
   */
  realPath(p: string): string;
  /** What is at a path: a file, a folder, or nothing (also when it cannot be read). */
  stat(p: string): 'file' | 'dir' | null;
  /** The markdown files directly in a folder (sorted; none when it cannot be read). */
  markdownIn(dir: string): readonly string[];
  /**
   * The top-level keys of a markdown file's frontmatter (read from its first 4 KB), or null when
   * it does not open with `---`: enough to tell a spec from a plain document.
   */
  frontmatterKeys(file: string): readonly string[] | null;
  /**
   * A file's first `bytes` bytes as text (all of it when it is shorter), or null when it is not a
   * regular file or cannot be read: what a rule that follows one file to another reads (an
   * instruction file's imports), never more than it asks.
   */
  head(file: string, bytes: number): string | null;
}

export interface ProjectInit {
  root: string;
  /** The documents being linted. */
  documents: DocumentModel[];
  /**
   * The project's other spec files, loaded only when a cross-file question needs them (a
   * pre-commit run on one file should not read the whole project unless a rule asks).
   */
  loadContext?: () => DocumentModel[];
  /** `standard` set in config: the project uses the standard whatever its files show. */
  configuredStandard?: StandardName;
  /** Config `usesStandard`: force the answer (true or false). */
  usesStandard?: boolean;
  /** Agent names known from outside the project (config `knownAgents`, `--agents-dir`). */
  externalAgents?: string[];
  /** What exists on disk (absent for text linted without a file system, such as the playground). */
  files?: ProjectFiles;
  /**
   * Which plugin holds a file: a run's (one per project, its marketplaces shared) or the
   * language server's (kept across views). Unset, it is read through `files`; without them, no
   * file is in a plugin.
   */
  plugins?: PluginLocator;
}

/**
 * A quoted `status` key (also escaped inside a prompt: `\"status\":`), or `session_id`: the keys
 * of the standard's two shapes. A scan with indexOf, cheaper than a regular expression here.
 */
function mayUseStandard(text: string): boolean {
  if (namesSessionId(text)) return true;
  // `status` after a quote, searched from the quote: a search from `s` compares at every `s` of
  // the text (7.4 ms over the corpus, against 5.7).
  return quotedStatusKey(text, '"') || quotedStatusKey(text, "'");
}

function quotedStatusKey(text: string, quote: string): boolean {
  const word = quote + 'status';
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 7)) {
    let j = at + 7;
    if (text.charCodeAt(j) === 92) j++; // \
    const q = text.charCodeAt(j);
    if (q !== 34 && q !== 39) continue;
    j++;
    while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9 || text.charCodeAt(j) === 10 || text.charCodeAt(j) === 13) j++;
    if (text.charCodeAt(j) === 58) return true; // :
  }
  return false;
}

export class ProjectView {
  readonly root: string;
  readonly #targets: readonly DocumentModel[];
  #targetsDelegate?: boolean;
  readonly #loadContext?: () => DocumentModel[];
  #all?: readonly DocumentModel[];
  readonly configuredStandard?: StandardName;
  readonly externalAgents: readonly string[];
  /** What exists on disk; absent when the text has no file system behind it. */
  readonly files?: ProjectFiles;
  #uses?: boolean;
  #usesByTree?: Map<string, boolean>;
  readonly #forced?: boolean;
  #byKind?: Map<string, Map<string, DocumentModel[]>>;
  #index?: GraphIndex;
  #graph?: ProjectGraph;
  #targetGraph?: ProjectGraph;
  #targetSet?: Set<DocumentModel>;
  readonly #plugins?: PluginLocator;
  readonly #facts = new Map<string, unknown>();

  constructor(init: ProjectInit) {
    this.root = init.root;
    this.#targets = init.documents;
    this.#loadContext = init.loadContext;
    this.configuredStandard = init.configuredStandard;
    this.#forced = init.usesStandard;
    this.externalAgents = init.externalAgents ?? [];
    this.files = init.files;
    // A project without the run's plugins reads their manifests through its own files.
    this.#plugins = init.plugins ?? (init.files && new PluginLocator(init.root, new Marketplaces(new ManifestIndex(init.files))));
  }

  /** A fact about the whole project, computed once per view (the view owns it). */
  fact<T>(name: string, compute: (project: ProjectView) => T): T {
    if (!this.#facts.has(name)) this.#facts.set(name, compute(this));
    return this.#facts.get(name) as T;
  }

  /** Whether the manifests make a file (absolute path) an agent of a plugin within the project (false without files to read them from). */
  isPluginAgent(file: string): boolean {
    return this.#plugins?.isPluginAgent(file) ?? false;
  }

  /** Every spec of the project: the linted ones first, then the rest (read on first use). */
  get documents(): readonly DocumentModel[] {
    if (!this.#all) this.#all = this.#loadContext ? [...this.#targets, ...this.#loadContext()] : this.#targets;
    return this.#all;
  }

  /**
   * The project uses the delegation standard: config says so, or any of its files holds a
   * return-format block or a delegation context.
   */
  get usesStandard(): boolean {
    if (this.#forced !== undefined) return this.#forced;
    if (this.#uses === undefined) {
      // The linted files first: often they settle it without reading the rest (which follows
      // them in `documents`: each file is looked at once).
      this.#uses = this.configuredStandard !== undefined || this.#targets.some(holdsStandardObjects) || this.documents.slice(this.#targets.length).some(holdsStandardObjects);
    }
    return this.#uses;
  }

  /**
   * Whether the standard applies to one document. A repository may hold two agent systems, a
   * `.claude/` one and an `.opencode/` one, of which only one follows the standard: in a project
   * with more than one such tree, the standard applies to a tree where a file names the
   * standard's own keys (`session_id`, `delegation_depth`, `delegation_path`) in a return or a
   * delegation context. Config (`standard`, `usesStandard`) decides for the whole project.
   */
  usesStandardFor(doc: DocumentModel): boolean {
    if (this.#forced !== undefined || this.configuredStandard !== undefined || !this.usesStandard) return this.usesStandard;
    const tree = agentSystemOf(doc.relPath);
    if (!this.#usesByTree) {
      const trees = new Set(this.documents.map((d) => agentSystemOf(d.relPath)));
      this.#usesByTree = new Map();
      // One tree: the project's answer is the tree's.
      if (trees.size === 1) this.#usesByTree.set(tree, true);
    }
    let uses = this.#usesByTree.get(tree);
    if (uses === undefined) {
      uses = this.documents.some(
        (d) => agentSystemOf(d.relPath) === tree && d.fact('namesStandardKeys', namesStandardKeys) && holdsStandardObjects(d),
      );
      this.#usesByTree.set(tree, uses);
    }
    return uses;
  }

  /**
   * Whether any linted file delegates at all. The graph rules report only at delegations written
   * in linted files, so when none is, they need not read the rest of the project.
   */
  get targetsDelegate(): boolean {
    // Only specs (not kind `other`) are nodes of the graph, so only theirs are edges.
    this.#targetsDelegate ??= this.#targets.some((d) => isSpecKind(d.kind) && referencesOf(d).length > 0);
    return this.#targetsDelegate;
  }

  /** Whether a document is one of those being linted (not only read for context). */
  isTarget(doc: DocumentModel): boolean {
    this.#targetSet ??= new Set(this.#targets);
    return this.#targetSet.has(doc);
  }

  /** Every spec of the project as a node of the delegation graph, and each one's delegations on demand. */
  get graphIndex(): GraphIndex {
    this.#index ??= new GraphIndex({ root: this.root, documents: this.documents, externalAgents: this.externalAgents, plugins: this.#plugins });
    return this.#index;
  }

  /**
   * The delegation graph of the whole project (agents, commands and skills; the delegations
   * between them), built on first use and shared by the rules that need it.
   */
  get graph(): ProjectGraph {
    this.#graph ??= this.graphIndex.assemble(this.documents);
    return this.#graph;
  }

  /**
   * The delegation graph as far as the linted files' findings depend on it: every node, the
   * edges written in the linted files, and every chain that leads to them (graph/around.ts).
   * When the whole project is linted, the whole graph. Rules that report only at edges written
   * in linted files ask this one: a run on one file then scans few of the other specs.
   */
  get targetGraph(): ProjectGraph {
    if (!this.#loadContext) return this.graph;
    this.#targetGraph ??= this.#graph ?? graphAround(this.graphIndex, this.#targets, this.documents);
    return this.#targetGraph;
  }

  /** The documents of a kind, by name (an agent's frontmatter name, a command's file name). */
  byName(kind: 'agent' | 'command' | 'skill'): Map<string, DocumentModel[]> {
    this.#byKind ??= new Map();
    let m = this.#byKind.get(kind);
    if (!m) {
      m = new Map();
      for (const d of this.documents) {
        if (d.kind !== kind) continue;
        const name = kind === 'agent' ? d.name : d.fileStem;
        const list = m.get(name) ?? [];
        list.push(d);
        m.set(name, list);
      }
      this.#byKind.set(kind, m);
    }
    return m;
  }
}

/**
 * Whether a document holds a return-format block or a delegation context written with the
 * standard's quoted keys. Its shaped objects first: a lint reads them for every file anyway (and
 * they come from a guard of their own), so the text test runs only on the few files that have
 * some, not on every file of a run (5 ms over the corpus).
 */
function holdsStandardObjects(d: DocumentModel): boolean {
  return d.fact('holdsStandardObjects', (doc) => (doc.returnFormats.length > 0 || doc.delegationContexts.length > 0) && mayUseStandard(doc.text));
}

/** Keys only the delegation standard's returns and contexts have. */
const STANDARD_KEYS = /\b(?:session_id|delegation_depth|delegation_path)\b/;

/** Whether a document names a key only the delegation standard's returns and contexts have. */
const namesStandardKeys = (d: DocumentModel) => STANDARD_KEYS.test(d.text);


