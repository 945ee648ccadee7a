/**
 * The language server's memory of the workspace: for each project, its spec files as document
 * models (read from disk once, kept up to date from watched-file events) with the editor's open
 * buffers in front of them. A lint builds the project's cross-file view (delegation graph,
 * names, standard detection) from these models, so a change to one buffer re-reads nothing:
 * each model keeps the views its rules built.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { discoverSpecs } from '../discovery/discover.js';
import { ProjectRoots } from '../discovery/project-root.js';
import type { Rule } from '../engine/rule.js';
import { fileKind, projectLinter, readSpec } from '../lint.js';
import { ProjectFormats } from '../return-format-lookup.js';
import { diskFiles } from '../util/project-files.js';
import { FolderListings } from '../util/folders.js';
import type { ProjectView } from '../model/project.js';
import { Marketplaces, PluginLocator } from '../graph/plugins.js';
import { ManifestIndex } from '../model/manifests.js';
import { referencesOf } from '../graph/references.js';
import { isSpecKind, mayBeOfAKind } from '../model/kinds.js';
import { DocumentModel } from '../model/document.js';
import { getProfile } from '../standard/profiles.js';
import type { FileKind, LintResult } from '../types.js';
import { relPosix } from '../util/paths.js';
import type { ConfigLookup } from '../config/lookup.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { applySuppressions, DEFAULT_SUPPRESSIONS_FILE, parseSuppressionsFile, type SuppressionsData } from '../engine/bulk-suppressions.js';

/** One project: its spec files on disk (read on first need) and the open buffers among them. */
export class ProjectState {
  /** Spec files on disk by absolute path; undefined until the project is first linted. */
  #disk?: Map<string, DocumentModel>;
  /** The open buffers of this project, by absolute path. */
  readonly buffers = new Map<string, DocumentModel>();
  /** Which plugin holds each file (folders looked at once; forgotten when files come or go). */
  plugins: PluginLocator;

  constructor(
    readonly root: string,
    readonly ws: Workspace,
  ) {
    this.plugins = pluginsOf(root);
  }

  get loaded(): boolean {
    return this.#disk !== undefined;
  }

  /** The spec files on disk, read once; a spec of a nested project is not this one's. */
  disk(): Map<string, DocumentModel> {
    if (!this.#disk) {
      this.#disk = new Map();
      for (const { path: abs, kind } of discoverSpecs(this.root, [], { cwd: this.ws.cwd })) {
        if (this.ws.roots.rootOf(abs) !== this.root || this.ws.isIgnored(abs)) continue;
        this.ws.kinds.set(abs, kind);
        this.#readFile(abs);
      }
    }
    return this.#disk;
  }

  #readFile(abs: string): void {
    const read = readSpec(abs);
    if ('text' in read) this.#disk!.set(abs, this.ws.model(this.root, abs, read.text));
    else this.#disk!.delete(abs);
  }

  /** A file changed on disk: read it again (a spec the project already holds). */
  changed(abs: string): void {
    if (this.#disk?.has(abs)) this.#readFile(abs);
  }

  /** Files were created or deleted: find the specs again, keeping the models of unchanged files. */
  rediscover(): void {
    this.plugins = pluginsOf(this.root);
    if (!this.#disk) return;
    const old = this.#disk;
    this.#disk = undefined;
    const fresh = new Map<string, DocumentModel>();
    for (const { path: abs, kind } of discoverSpecs(this.root, [], { cwd: this.ws.cwd })) {
      if (this.ws.roots.rootOf(abs) !== this.root || this.ws.isIgnored(abs)) continue;
      this.ws.kinds.set(abs, kind);
      const had = old.get(abs);
      if (had) fresh.set(abs, had);
      else {
        const read = readSpec(abs);
        if ('text' in read) fresh.set(abs, this.ws.model(this.root, abs, read.text));
      }
    }
    this.#disk = fresh;
  }

  /** Every spec of the project as the editor sees it: open buffers in place of their files. */
  documents(): DocumentModel[] {
    const out: DocumentModel[] = [...this.buffers.values()];
    for (const [abs, doc] of this.disk()) if (!this.buffers.has(abs)) out.push(doc);
    return out;
  }
}

/** A project's plugins as the manifests on disk say now (discovery's reading of them). */
function pluginsOf(root: string): PluginLocator {
  return new PluginLocator(root, new Marketplaces(new ManifestIndex(diskFiles(new FolderListings()))));
}

export interface WorkspaceInit {
  /** The folder the editor opened: configs are looked up from each file upward, paths outside any project fall back here. */
  cwd: string;
  rules: readonly Rule[];
  configs: () => ConfigLookup;
}

export class Workspace {
  readonly cwd: string;
  readonly rules: readonly Rule[];
  readonly #configs: () => ConfigLookup;
  #lookup?: ConfigLookup;
  roots: ProjectRoots;
  readonly projects = new Map<string, ProjectState>();
  /** Kinds discovery gave the files it found (a listed plugin agent is one by its manifest). */
  readonly kinds = new Map<string, FileKind>();
  /** The bulk suppressions file of the workspace folder, as the command line run there reads it (null: none). */
  #suppressions?: SuppressionsData | null;
  /** Told when the suppressions file cannot be used. */
  onProblem: (message: string) => void = () => {};

  constructor(init: WorkspaceInit) {
    this.cwd = init.cwd;
    this.rules = init.rules;
    this.#configs = init.configs;
    this.roots = new ProjectRoots(init.cwd);
  }

  config(abs: string): ResolvedConfig {
    this.#lookup ??= this.#configs();
    return this.#lookup.forFile(abs);
  }

  /** A config file changed: read configs again, and every project's files (ignores may differ). */
  reset(): void {
    this.#lookup = undefined;
    this.#suppressions = undefined;
    this.roots = new ProjectRoots(this.cwd);
    for (const p of this.projects.values()) p.rediscover();
  }

  suppressions(): SuppressionsData | null {
    if (this.#suppressions === undefined) {
      this.#suppressions = null;
      const file = path.join(this.cwd, DEFAULT_SUPPRESSIONS_FILE);
      if (existsSync(file)) {
        const read = readSpec(file);
        try {
          if ('problem' in read) throw new Error(read.problem.message);
          this.#suppressions = parseSuppressionsFile(read.text);
        } catch (e) {
          this.onProblem(`${DEFAULT_SUPPRESSIONS_FILE}: ${(e as Error).message}; no finding is suppressed by it`);
        }
      }
    }
    return this.#suppressions;
  }

  isIgnored(abs: string): boolean {
    const c = this.config(abs);
    return c.isIgnored(relPosix(c.dir, abs));
  }

  project(abs: string): ProjectState {
    const root = this.roots.rootOf(abs);
    let p = this.projects.get(root);
    if (!p) this.projects.set(root, (p = new ProjectState(root, this)));
    return p;
  }

  model(root: string, abs: string, text: string): DocumentModel {
    return new DocumentModel({ filePath: abs, relPath: relPosix(root, abs), kind: fileKind(this.config(abs), root, this.cwd, abs, this.kinds.get(abs)), text });
  }

  /**
   * Whether the server reports on a file: markdown that is a spec by its place or its config's
   * override (or that discovery lists), or one of the JSON files that come with specs (plugin
   * manifests, hooks, settings, MCP configs); and that the config does not ignore.
   */
  isLintable(abs: string): boolean {
    if (!mayBeOfAKind(path.basename(abs)) || this.isIgnored(abs)) return false;
    const p = this.project(abs);
    const kind = fileKind(this.config(abs), p.root, this.cwd, abs, this.kinds.get(abs));
    return kind !== 'other' || p.disk().has(abs);
  }

  /** Opens or updates a buffer; returns its project. */
  setBuffer(abs: string, text: string): ProjectState {
    const p = this.project(abs);
    p.buffers.set(abs, this.model(p.root, abs, text));
    return p;
  }

  closeBuffer(abs: string): ProjectState {
    const p = this.project(abs);
    p.buffers.delete(abs);
    return p;
  }

  #linter(root: string, config: ResolvedConfig, targets: DocumentModel[], all: DocumentModel[]) {
    const p = this.projects.get(root);
    // The formats are learned afresh for each lint, from the open buffers where there are some:
    // a format document edited in the editor or on disk counts at once.
    const formats = new ProjectFormats(root, config, getProfile(config.standard), (abs) => p?.buffers.get(abs)?.text);
    const set = new Set(targets);
    // What exists on disk is asked afresh on each lint: files come and go while the server runs.
    return projectLinter({ root, config, rules: this.rules, documents: targets, loadContext: () => all.filter((d) => !set.has(d)), files: diskFiles(new FolderListings()), formats, plugins: p?.plugins });
  }

  /** The project's cross-file view around one of its documents (for navigation). */
  view(p: ProjectState, doc: DocumentModel): ProjectView {
    return this.#linter(p.root, this.config(doc.filePath), [doc], p.documents().filter((d) => d.filePath !== doc.filePath)).project;
  }

  /**
   * Lints the given files of one project (they must be open buffers or specs on disk) against
   * the whole project, as the command line does: grouped by config, with cross-file rules.
   */
  lint(p: ProjectState, files: string[]): LintResult[] {
    const all = p.documents();
    const byPath = new Map(all.map((d) => [d.filePath, d]));
    const groups = new Map<string, { config: ResolvedConfig; docs: DocumentModel[] }>();
    for (const abs of files) {
      const doc = byPath.get(abs);
      if (!doc) continue;
      const config = this.config(abs);
      const key = config.file ?? '';
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { config, docs: [] }));
      g.docs.push(doc);
    }
    const out: LintResult[] = [];
    for (const { config, docs } of groups.values()) {
      out.push(...this.#linter(p.root, config, docs, all).lintDocs(docs));
    }
    const bulk = this.suppressions();
    return bulk ? applySuppressions(out, bulk, (f) => relPosix(this.cwd, f)).results : out;
  }
}

/**
 * What other files' findings may depend on in a document: its kind and name, its frontmatter,
 * the delegations it writes, and its return formats and delegation contexts. When a change
 * leaves this as it was (typing in the body's prose), only the changed file needs linting.
 * A JSON file (a manifest) has no cheaper summary than its text.
 */
export function crossFileSignature(doc: DocumentModel): string {
  if (!isSpecKind(doc.kind)) return `${doc.kind}\0${doc.text}`;
  const fm = doc.frontmatter;
  const slice = (r: { start: number; end: number }) => doc.text.slice(r.start, r.end);
  return [
    doc.kind,
    doc.name,
    fm ? slice(fm.range) : '',
    referencesOf(doc).map((r) => `${r.expected}:${r.target}:${r.via}:${r.from?.name ?? ''}`).join(','),
    doc.returnFormats.map((f) => slice(f.node.range)).join('\0'),
    doc.delegationContexts.map((c) => slice(c.node.range)).join('\0'),
  ].join('\u0001');
}
