/**
 * The pipeline: discover -> read -> one document model per file -> run rules per project ->
 * results. Used by the command line and the library API alike.
 */
import { relPosix, toPosix } from './util/paths.js';
import path from 'node:path';
import picomatch from 'picomatch';
import { hashText, type LintCache } from './cache.js';
import type { ResolvedConfig } from './config/resolve.js';
import { fixLoop } from './fix/apply.js';
import { Discoverer, expandArgs, isGlob } from './discovery/discover.js';
import { kindFromPath } from './discovery/kind.js';
import { ProjectRoots } from './discovery/project-root.js';
import { walkSpecsTree } from './discovery/walk.js';
import { runRules, summarize, withSource } from './engine/engine.js';
import { ProjectView, type ProjectFiles } from './model/project.js';
import { Marketplaces, PluginLocator } from './graph/plugins.js';
import type { Rule } from './engine/rule.js';
import { DocumentModel } from './model/document.js';
import { getProfile } from './standard/profiles.js';
import { ProjectFormats } from './return-format-lookup.js';
import { ContextReads, readSpec, type ReadOutcome, type ReadStat } from './read-spec.js';
import { diskFiles } from './util/project-files.js';
import { contextLoader, type RunContextSource } from './project-context.js';
import { FolderListings } from './util/folders.js';
import type { FileKind, LintMessage, LintResult } from './types.js';

/** Reading files is read-spec.ts's; these names stay importable from here. */
export { decode, firstInvalidUtf8, MAX_FILE_BYTES, readSpec } from './read-spec.js';

export interface LintRequest {
  cwd: string;
  /** Files, directories or globs (`!glob` leaves files out); none means the working directory. */
  patterns: string[];
  rules: readonly Rule[];
  /** One config for every file, or the config for each file (absolute path). */
  config: ResolvedConfig | ((absPath: string) => ResolvedConfig);
  /** Text given on standard input, linted as if it were at `filename`. */
  stdin?: { text: string; filename?: string };
  /** Extra agent names that exist outside the project. */
  externalAgents?: string[];
  /** Apply fixes (lint, fix, lint again, at most 10 passes); the fixed texts come back in `fixed`. */
  fix?: boolean;
  /** Reuse results of unchanged files (content, project and config). */
  cache?: LintCache;
  /** Each rule's time in milliseconds, added by rule id (TIMING=1). */
  timing?: Map<string, number>;
  /**
   * Keep what is learned about the specs read for context in a project index, and take it from
   * there in later runs (src/project-index.ts); `build` names the code (an index made by another
   * build is not used), `began` when the run began (before any file was read; default: when the
   * process started).
   */
  projectIndex?: { build: string; began?: number };
  /**
   * The run's folder listings, for its config lookup, its plan and its lint to share (default:
   * `planLint` and `lint` each make their own).
   */
  folders?: FolderListings;
  /** Told how many markdown files each walk of the plan met (the CLI starts a worker thread for a large run). */
  onWalked?: (markdownFiles: number) => void;
}

export interface FixedFile {
  filePath: string;
  /** The fixed text (without a BOM). */
  output: string;
  /** How many fixes made it. */
  fixes: number;
  original: string;
  hasBom: boolean;
  /** The project root: a fix is never written through a symlink that leads out of it. */
  root: string;
  /** The file's size and modification time when it was read (a changed file is not overwritten). */
  read?: { size: number; mtimeMs: number };
}

export interface LintRun {
  results: LintResult[];
  /** Patterns that matched no file. */
  unmatched: string[];
  /** Patterns (globs, directories) whose every match is ignored by the config's `ignores`. */
  allIgnored: string[];
  /** Files named on the command line that the config's `ignores` leave out. */
  ignoredFiles: string[];
  /** Command-line paths that could not be read. */
  unreadable: Array<{ arg: string; reason: string }>;
  /** With `fix`: the files whose text the fixes changed. */
  fixed: FixedFile[];
  /** How many specs the cross-file rules read for context besides the linted files (counted once per project). */
  context?: number;
}


/** A file's kind: its config's override, else its path in its project (or from `cwd` when outside it). */
export function fileKind(config: ResolvedConfig, root: string, cwd: string, abs: string, discovered?: FileKind): FileKind {
  const fromConfig = config.kindFor(relPosix(config.dir, abs));
  if (fromConfig) return fromConfig;
  if (discovered) return discovered;
  const rel = relPosix(root, abs);
  return kindFromPath(rel.startsWith('..') ? relPosix(cwd, abs) : rel);
}

/** What a run will lint: the expanded targets, the folders walked whole, and argument problems. */
export interface LintPlan {
  targets: string[];
  /** Each target's kind and why it is a spec. */
  kinds: Map<string, { kind: FileKind; reason: string }>;
  walked: string[];
  run: LintRun;
  /** What discovery met on the way: files left out and why, other markdown files, JSON files. */
  discovery: Discoverer;
  /**
   * Files classification read whole to see their first bytes: linting takes them from here
   * instead of opening them again (a whole-corpus run opened about 1,000 files twice).
   */
  reads?: ContextReads;
  /** Project roots already found for the targets (by the split between threads): the lint asks the same. */
  roots?: ProjectRoots;
  /**
   * Whether this thread lints the project numbered `n` (in the order of the targets): threads
   * that share a run take projects as they come free (src/parallel.ts). Unset: every project.
   */
  claim?: (n: number) => boolean;
}


/** The config of a file, and whether its config's `ignores` leave it out. */
function configAccess(req: LintRequest) {
  const configFor = typeof req.config === 'function' ? req.config : () => req.config as ResolvedConfig;
  const isIgnored = (abs: string) => {
    const c = configFor(abs);
    return c.isIgnored(relPosix(c.dir, abs));
  };
  const configKind = (abs: string) => {
    const c = configFor(abs);
    return c.kindFor(relPosix(c.dir, abs));
  };
  return { configFor, isIgnored, configKind };
}

/** The most bytes of files a plan keeps for the lint (see LintPlan.reads). */
const PLAN_KEEPS_BYTES = 16 * 1024 * 1024;

/** Expands the request's arguments into the files to lint; classification reads files' first bytes (kept for the lint, see LintPlan.reads). */
export function planLint(req: LintRequest): LintPlan {
  return planNow(req, req.folders ?? new FolderListings());
}

function planNow(req: LintRequest, folders: FolderListings): LintPlan {
  const { cwd } = req;
  const { isIgnored, configKind } = configAccess(req);
  // Up to 16 MB of files kept from the plan to the lint: a tree of that size is linted faster, a larger one no heavier.
  const reads = new ContextReads(PLAN_KEEPS_BYTES);
  const discovery = new Discoverer({ cwd, configKind, readHead: reads.head, folders, onWalked: req.onWalked });
  const kinds: LintPlan['kinds'] = new Map();

  let targets: string[] = [];
  let walked: string[] = [];
  const run: LintRun = { results: [], unmatched: [], allIgnored: [], ignoredFiles: [], unreadable: [], fixed: [] };
  if (req.stdin) {
    targets = [path.resolve(cwd, req.stdin.filename ?? '<stdin>')];
  } else {
    const negated = req.patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
    const positive = req.patterns.filter((p) => !p.startsWith('!'));
    const excluded = negated.length ? picomatch(negated.map(toPosix), { dot: true }) : () => false;
    const seen = new Set<string>();
    for (const arg of positive.length ? positive : ['.']) {
      const ex = expandArgs([arg], cwd, [], discovery);
      // A walk that `!glob` trimmed does not hold the whole project.
      if (negated.length === 0) walked.push(...ex.dirs);
      // `dir/**/*.md` takes in every markdown file below dir, every spec among them: the
      // cross-file view of a project below dir needs no second walk.
      const whole = /^(?:(.*?)\/)?\*\*\/\*\.md$/.exec(toPosix(arg));
      if (whole && negated.length === 0 && !isGlob(whole[1] ?? '')) walked.push(path.resolve(cwd, whole[1] ?? '.'));
      run.unmatched.push(...ex.unmatched);
      run.unreadable.push(...ex.unreadable);
      const files = ex.files.filter((f) => !excluded(relPosix(cwd, f)));
      const kept: string[] = [];
      for (const f of files) {
        if (!isIgnored(f)) kept.push(f);
        else discovery.leftOut.push({ path: f, why: "ignored by the config's ignores" });
      }
      if (files.length > 0 && kept.length === 0) {
        const named = files.length === 1 && path.resolve(cwd, arg) === files[0];
        (named ? run.ignoredFiles : run.allIgnored).push(arg);
      }
      for (const f of kept) {
        if (seen.has(f)) continue;
        seen.add(f);
        targets.push(f);
        kinds.set(f, ex.kinds.get(f)!);
      }
    }
  }
  return { targets, kinds, walked, run, discovery, reads };
}

export interface ProjectLinterInit {
  root: string;
  config: ResolvedConfig;
  rules: readonly Rule[];
  /** The documents to lint. */
  documents: DocumentModel[];
  /** The project's other documents, read when a cross-file question needs them. */
  loadContext?: () => DocumentModel[];
  externalAgents?: string[];
  files?: ProjectFiles;
  /** The project's return formats (made from the config when not given). */
  formats?: ProjectFormats;
  /** The project's plugins, kept across lints (the language server) or shared by both lints of a fixed file. */
  plugins?: PluginLocator;
  /** Each rule's time in milliseconds, added by rule id. */
  timing?: Map<string, number>;
}

/**
 * One project's cross-file view and a function that lints some of its documents with the
 * config's rules and return formats: what lint() does per project, and what the language server
 * does on each change.
 */
export function projectLinter(init: ProjectLinterInit) {
  const { root, config } = init;
  const profile = getProfile(config.standard);
  const formats = init.formats ?? new ProjectFormats(root, config, profile);
  const project = new ProjectView({
    root,
    documents: init.documents,
    loadContext: init.loadContext,
    configuredStandard: config.configuredStandard,
    usesStandard: config.usesStandard,
    externalAgents: [...(init.externalAgents ?? []), ...(config.knownAgents ?? [])],
    files: init.files,
    plugins: init.plugins,
  });
  const settingsByDoc = new WeakMap<DocumentModel, ReturnType<typeof config.settingsFor>>();
  const settingsFor = (doc: DocumentModel) => {
    let s = settingsByDoc.get(doc);
    if (!s) settingsByDoc.set(doc, (s = config.settingsFor(relPosix(config.dir, doc.filePath))));
    return s;
  };
  const lintDocs = (docs: DocumentModel[]) =>
    runRules({ project, profile, rules: init.rules, targets: docs, settingsFor, profileFor: (doc) => formats.profileFor(doc, project), timing: init.timing });
  return { project, profile, formats, settingsFor, lintDocs };
}

type ProjectLinter = ReturnType<typeof projectLinter>;

/** Lints what the request names (or, with `plan`, exactly the planned files). */
export function lint(req: LintRequest, plan?: LintPlan): LintRun {
  const folders = req.folders ?? new FolderListings();
  return lintNow(req, plan ?? planNow(req, folders), folders);
}

/** What the projects of one lint run share. */
interface RunShared extends RunContextSource {
  req: LintRequest;
  /** With `fix`: the files whose text the fixes changed (the run's `fixed`). */
  fixed: FixedFile[];
  configFor(abs: string): ResolvedConfig;
  /** What exists on disk, for the rules that check paths. */
  onDisk: ProjectFiles;
  /** Plugins of one marketplace are projects of their own: the marketplace is read once for all. Which folders are plugins, discovery's manifests say. */
  marketplaces: Marketplaces;
  /** The results so far, by file. */
  results: Map<string, LintResult>;
  /** The reads the plan kept, which the lint takes. */
  reads?: ContextReads;
}

/** The linted files of one project and config (a project may hold a folder with its own config). */
interface ProjectGroup {
  root: string;
  config: ResolvedConfig;
  files: string[];
  /** A file's kind in this project. */
  kindOf(abs: string): FileKind;
}

function lintNow(req: LintRequest, plan: LintPlan, folders: FolderListings): LintRun {
  const { cwd } = req;
  const { configFor, isIgnored, configKind } = configAccess(req);
  const { run } = plan;
  const shared: RunShared = {
    req,
    fixed: run.fixed,
    cwd,
    walked: plan.walked,
    stdin: !!req.stdin,
    projectIndex: req.projectIndex,
    roots: plan.roots ?? new ProjectRoots(cwd, folders),
    folders,
    kinds: new Map(plan.kinds),
    discovered: new Map(),
    isIgnored,
    configKind,
    counted: (specs) => (run.context = (run.context ?? 0) + specs),
    configFor,
    // Standard input has a file system too: its stand-in path decides where relative paths lead.
    onDisk: diskFiles(folders),
    marketplaces: new Marketplaces(plan.discovery.manifests, (dir) => walkSpecsTree(dir, folders)),
    results: new Map(),
    reads: plan.reads,
  };
  let n = 0;
  for (const group of projectGroups(shared, plan.targets)) {
    if (!plan.claim || plan.claim(n++)) lintProject(shared, group);
    // Another thread lints it, reading the files for itself.
    else for (const f of group.files) plan.reads?.forget(f);
  }
  // Files read for classification that were not linted (ignored by a config) are let go.
  plan.reads?.drop();
  run.results = plan.targets.map((f) => shared.results.get(f)).filter((r): r is LintResult => !!r);
  return run;
}

/** The targets grouped by project and config, in the order of their first files. */
function projectGroups(run: RunShared, targets: readonly string[]): Iterable<ProjectGroup> {
  const groups = new Map<string, ProjectGroup>();
  for (const f of targets) {
    const root = run.roots.rootOf(f);
    const config = run.configFor(f);
    const key = `${root}\0${config.file ?? ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { root, config, files: [], kindOf: (abs) => fileKind(config, root, run.cwd, abs, run.kinds.get(abs)?.kind) }));
    g.files.push(f);
  }
  return groups.values();
}

/** Lints one project's files: read them, load the context on demand, take cached results, lint and fix the rest. */
function lintProject(run: RunShared, group: ProjectGroup): void {
  const { req } = run;
  const { root, config } = group;
  const { docs, stats } = readTargets(run, group);
  const context = contextLoader(run, { root, files: group.files, docs, stats, kindOf: group.kindOf });
  const plugins = new PluginLocator(root, run.marketplaces);
  const linter = projectLinter({ root, config, rules: req.rules, documents: docs, loadContext: context.load, externalAgents: req.externalAgents, files: run.onDisk, plugins, timing: req.timing });
  const keys = req.cache ? cacheKeys(req, config, linter, docs) : undefined;
  const toLint = req.cache && keys ? takeCached(run, req.cache, keys, docs) : docs;
  const fixedTexts = lintAndFix(run, root, linter, toLint, stats, keys);
  if (fixedTexts.size) lintAfterFixes(run, group, linter, plugins, docs, fixedTexts);
  context.save();
}

/** The linted files' documents, each file's size and times as read; a file that cannot be read gets its result here. */
function readTargets(run: RunShared, group: ProjectGroup): { docs: DocumentModel[]; stats: Map<string, ReadStat> } {
  const { req } = run;
  const docs: DocumentModel[] = [];
  const stats = new Map<string, ReadStat>();
  for (const abs of group.files) {
    const read: ReadOutcome = req.stdin ? { text: req.stdin.text } : run.reads ? run.reads.take(abs) : readSpec(abs);
    if ('problem' in read) {
      run.results.set(abs, summarize({ filePath: abs, messages: [read.problem], suppressedMessages: [] }));
      continue;
    }
    if (read.stat) stats.set(abs, read.stat);
    docs.push(new DocumentModel({ filePath: abs, relPath: relPosix(group.root, abs), kind: group.kindOf(abs), text: read.text }));
  }
  return { docs, stats };
}

/**
 * Each linted document's key in the cache: its text, its rules and their settings, the return
 * format in force for it, and every spec of its project (which the cross-file rules read).
 */
function cacheKeys(req: LintRequest, config: ResolvedConfig, linter: ProjectLinter, docs: readonly DocumentModel[]): Map<DocumentModel, string> {
  const { project, profile, formats, settingsFor } = linter;
  const fingerprint = hashText(...project.documents.map((d) => `${d.relPath}\0${d.kind}\0${hashText(d.text)}`).sort());
  // Everything else a result depends on: the rule set, the project-wide settings, the agents known from outside.
  const inputs = JSON.stringify([
    req.rules.map((r) => r.meta.id),
    config.configuredStandard ?? null,
    config.usesStandard ?? null,
    [...new Set([...(req.externalAgents ?? []), ...(config.knownAgents ?? [])])].sort(),
  ]);
  const keys = new Map<DocumentModel, string>();
  for (const doc of docs) {
    const settings = JSON.stringify([...settingsFor(doc)].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
    // The return format in force is part of the key: its document is not one of the specs.
    const format = formats.formatFor(doc, project);
    keys.set(doc, hashText(profile.name, doc.kind, settings, inputs, fingerprint, doc.text, format ? `${format.file}\0${JSON.stringify(format.schema)}` : ''));
  }
  return keys;
}

/** Takes the cached results of the documents whose key is in the cache; returns the others. */
function takeCached(run: RunShared, cache: LintCache, keys: ReadonlyMap<DocumentModel, string>, docs: DocumentModel[]): DocumentModel[] {
  const toLint: DocumentModel[] = [];
  for (const doc of docs) {
    const hit = cache.get(doc.filePath, keys.get(doc)!);
    // A result with fixes is linted again by a run that fixes.
    if (hit && !(run.req.fix && hit.messages.some((m) => m.fix))) {
      run.results.set(doc.filePath, summarize(withSource({ filePath: doc.filePath, messages: hit.messages, suppressedMessages: hit.suppressedMessages }, doc.text)));
    } else toLint.push(doc);
  }
  return toLint;
}

/**
 * Lints the documents; with `fix`, fixes each, lints the fixed text again (a new model of the
 * same file) until nothing is fixable, and records the fixed file. A result without fixes goes
 * to the cache. Returns the fixed texts by file.
 */
function lintAndFix(run: RunShared, root: string, linter: ProjectLinter, docs: DocumentModel[], stats: ReadonlyMap<string, ReadStat>, keys?: ReadonlyMap<DocumentModel, string>): Map<string, string> {
  const { req } = run;
  const fixedTexts = new Map<string, string>();
  const results = docs.length ? linter.lintDocs(docs) : [];
  for (let i = 0; i < results.length; i++) {
    let r = results[i]!;
    const doc = docs[i]!;
    if (req.fix && r.messages.some((m) => m.fix)) {
      const relint = (text: string) => {
        const again = new DocumentModel({ filePath: doc.filePath, relPath: doc.relPath, kind: doc.kind, text });
        r = linter.lintDocs([again])[0]!;
        return r.messages;
      };
      const out = fixLoop(doc.text, r.messages, relint);
      if (out.output !== doc.text) {
        run.fixed.push({ filePath: doc.filePath, output: out.output, fixes: out.fixed, original: doc.text, hasBom: doc.hasBom, root, read: stats.get(doc.filePath) });
        r = { ...r, output: out.output };
      }
    }
    run.results.set(r.filePath, r);
    const key = keys?.get(doc);
    if (req.cache && key && r.output === undefined) req.cache.set(doc.filePath, key, r);
    if (r.output !== undefined) fixedTexts.set(doc.filePath, r.output);
  }
  return fixedTexts;
}

/**
 * A fixed file was linted as a lone new model, which the cross-file rules do not see: every
 * target is linted again in the project as it is after the fixes, so that the report holds what
 * a plain run after writing them gives (a cycle, an unknown target ...).
 */
function lintAfterFixes(run: RunShared, group: ProjectGroup, linter: ProjectLinter, plugins: PluginLocator, docs: readonly DocumentModel[], fixedTexts: ReadonlyMap<string, string>): void {
  const { req } = run;
  const { root, config } = group;
  const after = docs.map((d) => (fixedTexts.has(d.filePath) ? new DocumentModel({ filePath: d.filePath, relPath: relPosix(root, d.filePath), kind: group.kindOf(d.filePath), text: fixedTexts.get(d.filePath)! }) : d));
  const rest = () => linter.project.documents.slice(docs.length);
  const again = projectLinter({ root, config, rules: req.rules, documents: after, loadContext: rest, externalAgents: req.externalAgents, files: run.onDisk, formats: linter.formats, plugins });
  for (const r of again.lintDocs(after)) {
    const output = fixedTexts.get(r.filePath);
    run.results.set(r.filePath, output === undefined ? r : { ...r, output });
  }
}
