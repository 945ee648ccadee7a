/**
 * agent-lint in a browser (or any JavaScript engine without Node): lint a project given as
 * texts with a config given as an object, and get ESLint-shaped results and the delegation
 * graph. Imports only the engine, the document model, the rules, config resolution and the
 * formatters; the build (src/build/browser.ts) puts the browser host in place of the Node one.
 */
import { ALL_RULES } from '../../rules/index.js';
import type { LoadedConfig } from '../config/error.js';
import { resolveConfig, type ResolvedConfig, type RuleEntry } from '../config/resolve.js';
import { classifyFile, type ClassifyContext } from '../discovery/classify.js';
import { Marketplaces, PluginLocator } from '../graph/plugins.js';
import { ManifestIndex } from '../model/manifests.js';
import { mayBeOfAKind, SKIPPED_DIRS } from '../model/kinds.js';
import { dirname as posixDirname } from '../platform/posix-path.js';
import { runRules } from '../engine/engine.js';
import { ProjectView } from '../model/project.js';
import { prepareRules } from '../engine/rule.js';
import { FORMATTERS } from '../formatters/index.js';
import { ruleDocsUrl, VERSION } from '../meta.js';
import { DocumentModel } from '../model/document.js';
import { setHostFiles } from '../platform/host.browser.js';
import { memoryFiles } from './memory-files.js';
import { getProfile, STANDARD_NAMES } from '../standard/profiles.js';
import { ProjectFormats } from '../return-format-lookup.js';
import type { LintMessage, LintResult } from '../types.js';

export { ConfigError } from '../config/error.js';
export { FORMATTERS, ruleDocsUrl, STANDARD_NAMES, VERSION };
export type { LintMessage, LintResult };

/** One file of the project: its path from the project root (`.claude/agents/x.md`) and its text. */
export interface ProjectFile {
  path: string;
  text: string;
}

export interface GraphNodeView {
  id: string;
  kind: string;
  name: string;
  /** The file that defines it (project-relative), when it is a spec of the project. */
  file?: string;
}

export interface GraphEdgeView {
  from: string;
  to: string;
  target: string;
  via: string;
  /** found, builtin, external, other-kind or missing. */
  status: string;
  /** The file the delegation is written in, and the line. */
  file: string;
  line: number;
  /** The target is missing or of another kind, or an error is reported at the target's name. */
  bad: boolean;
}

export interface ProjectLint {
  /** One result per spec or manifest, in the order given (`filePath` is the project-relative path). */
  results: LintResult[];
  graph: { nodes: GraphNodeView[]; edges: GraphEdgeView[] };
}

/** The rules by id, with what the page shows of them. */
export const RULES = ALL_RULES.filter((r) => !r.meta.internal).map((r) => ({
  id: r.meta.id,
  description: r.meta.description,
  severity: r.meta.severity,
  fixable: !!r.meta.fixable,
  url: ruleDocsUrl(r.meta.id),
}));

const ROOT = '/project';

/** A path from the page, as a path below the project root: `/`-separated, no `.` or `..` steps. */
export function cleanPath(p: string): string {
  const out: string[] = [];
  for (const seg of p.replace(/\\/g, '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}

/** The config in force for a raw config object (`standard`, `rules`, `extends`, `overrides`, ...). Throws ConfigError. */
export function configFrom(raw: Record<string, unknown>): ResolvedConfig {
  const loaded: LoadedConfig = { file: null, dir: ROOT, raw };
  return resolveConfig(loaded, ALL_RULES);
}

let prepared: Promise<void> | undefined;

/** Lints the project's specs and manifests with the config; other files are context (artifacts, say). */
export async function lintProject(files: readonly ProjectFile[], raw: Record<string, unknown> = {}): Promise<ProjectLint> {
  const config = configFrom(raw);
  await (prepared ??= prepareRules(ALL_RULES));
  const byPath = new Map<string, string>();
  for (const f of files) byPath.set(cleanPath(f.path), f.text);
  const absolute = new Map<string, string>([...byPath].map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  setHostFiles(absolute);

  // Discovery's classification over the page's files, as the CLI's over the disk: specs by their
  // place, the manifests (a plugin's folders, the paths it lists) or their frontmatter, and the
  // files of the other kinds; other files (context documents, artifacts) are the project's context.
  const onPage = memoryFiles(absolute);
  const manifests = new ManifestIndex(onPage);
  const ctx: ClassifyContext = {
    manifests,
    baseOf: () => ROOT,
    configKind: (abs) => config.kindFor(abs.slice(ROOT.length + 1)),
    show: (abs) => abs.slice(ROOT.length + 1),
    readHead: (abs, bytes) => onPage.head(abs, bytes) ?? '',
  };
  const docs: DocumentModel[] = [];
  for (const [rel, text] of byPath) {
    // The files the folder walk collects: markdown and the kinds table's names, outside node_modules/ and .git/.
    const segs = rel.split('/');
    if (segs.some((s) => SKIPPED_DIRS.has(s)) || !mayBeOfAKind(segs[segs.length - 1]!)) continue;
    if (config.isIgnored(rel)) continue;
    const abs = `${ROOT}/${rel}`;
    manifests.lookAbove(posixDirname(abs));
    const c = classifyFile(abs, ctx);
    if (!c || !('spec' in c)) continue;
    docs.push(new DocumentModel({ filePath: abs, relPath: rel, kind: c.spec.kind, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text }));
  }
  const project = new ProjectView({
    root: ROOT,
    documents: docs,
    configuredStandard: config.configuredStandard,
    usesStandard: config.usesStandard,
    externalAgents: config.knownAgents,
    files: onPage,
    plugins: new PluginLocator(ROOT, new Marketplaces(manifests)),
  });
  const settings = new Map(docs.map((d) => [d, config.settingsFor(d.relPath)]));
  // The project's return formats, learned from its documents among the page's files as the CLI
  // learns them from the disk.
  const profile = getProfile(config.standard);
  const formats = new ProjectFormats(ROOT, config, profile);
  const results = runRules({ project, profile, rules: ALL_RULES, targets: docs, settingsFor: (d) => settings.get(d)!, profileFor: (d) => formats.profileFor(d, project) });
  for (const r of results) r.filePath = r.filePath.slice(ROOT.length + 1);
  return { results, graph: graphView(project, results) };
}

function graphView(project: ProjectView, results: readonly LintResult[]): ProjectLint['graph'] {
  const g = project.graph;
  const findingsAt = new Map(results.map((r) => [r.filePath, r.messages]));
  const nodes = g.nodes.map((n) => {
    const v: GraphNodeView = { id: n.id, kind: n.kind, name: n.name };
    if (n.docs[0]) v.file = n.docs[0].relPath;
    return v;
  });
  const edges = g.edges.map((e) => {
    const loc = e.doc.lines.location(e.range);
    const status = e.resolution.status;
    // An error reported at the target's name (a cycle, a chain too deep, an unknown target).
    const reported = (findingsAt.get(e.doc.relPath) ?? []).some((m: LintMessage) => m.severity === 2 && m.line === loc.line && m.column < loc.endColumn && (m.endLine > loc.line || m.endColumn > loc.column));
    return { from: e.from.id, to: e.to.id, target: e.target, via: e.via, status, file: e.doc.relPath, line: loc.line, bad: status === 'missing' || status === 'other-kind' || reported };
  });
  return { nodes, edges };
}
