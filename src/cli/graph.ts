/**
 * `agent-lint graph [dir] --format mermaid|dot|json`: prints the delegation graph of each
 * project below `dir` (or of the project holding it), with the delegations that break a graph
 * rule marked. The config in force (ignores, kinds, knownAgents, the rules' options and the
 * standard) applies as it does when linting.
 */
import { relPosix } from '../util/paths.js';
import { OutputFileError, writeOutputFile } from './output-file.js';
import path from 'node:path';
import { CONFIG_OPTIONS, chosenConfigs, configChoice, isFolder, runSubcommand, type Subcommand, UsageError } from './subcommand.js';
import type { ConfigLookup } from '../config/lookup.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { discoverAgentNames } from '../discovery/agents-dir.js';
import { discoverSpecs } from '../discovery/discover.js';
import { kindFromPath } from '../discovery/kind.js';
import { ProjectRoots } from '../discovery/project-root.js';
import { ProjectView } from '../model/project.js';
import { findCycles, findDeepChains } from '../graph/analysis.js';
import { nameMatcher } from '../graph/build.js';
import { Marketplaces, PluginLocator } from '../graph/plugins.js';
import { ManifestIndex } from '../model/manifests.js';
import { FolderListings } from '../util/folders.js';
import { diskFiles } from '../util/project-files.js';
import { GRAPH_FORMATS, toDot, toJson, toMermaid, type EdgeProblem, type GraphFormat, type RenderedProject } from '../graph/render.js';
import type { GraphEdge } from '../graph/types.js';
import { readSpec } from '../lint.js';
import { DocumentModel } from '../model/document.js';
import { getProfile } from '../standard/profiles.js';
import type { CliIO } from './main.js';

export const GRAPH_HELP = `Usage: agent-lint graph [dir] [options]

Prints the delegation graph of the projects below dir (default: the current directory):
commands, agents and skills as nodes, the delegations their text writes as edges. Delegations
that break unknown-delegation-target, delegation-graph-cycle or delegation-graph-depth are drawn
red and dashed; targets that are not specs are shown as built-in, external or missing.

Options:
  -f, --format <name>       mermaid (default), dot or json
  -o, --output-file <file>  write the graph to a file
  -c, --config <file>       use this config file
      --no-config-lookup    do not look for a config file
      --standard <name>     delegation standard profile: v2 (default), v1 or bounded
      --agents-dir <dir>    agents that live outside the project (repeatable)
  -h, --help                print this help
`;

const OPTIONS = {
  format: { type: 'string', short: 'f' },
  'output-file': { type: 'string', short: 'o' },
  ...CONFIG_OPTIONS,
  'agents-dir': { type: 'string', multiple: true },
} as const;

/** The rules each edge of the project breaks, with the options the config gives the rules. */
function edgeProblems(project: ProjectView, config: ResolvedConfig, relPath: string): Map<GraphEdge, Set<EdgeProblem>> {
  const out = new Map<GraphEdge, Set<EdgeProblem>>();
  const mark = (e: GraphEdge, p: EdgeProblem) => {
    const s = out.get(e);
    if (s) s.add(p);
    else out.set(e, new Set([p]));
  };
  const settings = config.settingsFor(relPath);
  const graph = project.graph;
  const unknown = settings.get('unknown-delegation-target');
  if (unknown) {
    const known = nameMatcher((unknown.options['knownAgents'] as string[] | undefined) ?? []);
    const knownSkills = nameMatcher((unknown.options['knownSkills'] as string[] | undefined) ?? []);
    for (const e of graph.edges) {
      const s = e.resolution.status;
      if ((s === 'missing' || s === 'other-kind') && !(e.expected === 'skill' ? knownSkills : known)(e.target)) mark(e, 'unknown-delegation-target');
    }
  }
  if (settings.get('delegation-graph-cycle')) for (const c of findCycles(graph)) for (const e of c.edges) mark(e, 'delegation-graph-cycle');
  const depth = settings.get('delegation-graph-depth');
  if (depth && project.usesStandard) {
    const limit = (depth.options['maxDepth'] as number | undefined) ?? getProfile(config.standard).maxDepth;
    for (const d of findDeepChains(graph, limit)) mark(d.edge, 'delegation-graph-depth');
  }
  return out;
}

/** The projects to draw: every project root of the specs below `dir`, each with all its specs. */
export function graphProjects(dir: string, cwd: string, configs: ConfigLookup, agentsDirs: readonly string[]): RenderedProject[] {
  const roots = new ProjectRoots(cwd);
  const marketplaces = new Marketplaces(new ManifestIndex(diskFiles(new FolderListings())));
  // A folder inside a project draws the whole project: its other specs belong to the graph too.
  // The graph is of markdown specs: the JSON files discovery also finds (manifests) draw nothing.
  const specsIn = (d: string) => discoverSpecs(d, [], { cwd, configKind: (abs) => configs.forFile(abs).kindFor(relPosix(configs.forFile(abs).dir, abs)) }).filter((f) => f.path.endsWith('.md'));
  const projectRoots = new Set(specsIn(dir).map((f) => roots.rootOf(f.path)));
  const external = agentsDirs.flatMap((d) => discoverAgentNames(path.resolve(cwd, d)));
  const out: RenderedProject[] = [];
  for (const root of [...projectRoots].sort()) {
    const specs = specsIn(root).filter((f) => roots.rootOf(f.path) === root);
    const files = specs.map((s) => s.path);
    const kinds = new Map(specs.map((s) => [s.path, s.kind]));
    if (files.length === 0) continue;
    const config = configs.forFile(files[0]!);
    const docs: DocumentModel[] = [];
    for (const abs of files) {
      const c = configs.forFile(abs);
      if (c.isIgnored(relPosix(c.dir, abs))) continue;
      const read = readSpec(abs);
      if (!('text' in read)) continue;
      const relPath = relPosix(root, abs);
      docs.push(new DocumentModel({ filePath: abs, relPath, kind: kinds.get(abs) ?? kindFromPath(relPath), text: read.text }));
    }
    const project = new ProjectView({
      root,
      documents: docs,
      configuredStandard: config.configuredStandard,
      usesStandard: config.usesStandard,
      externalAgents: [...external, ...(config.knownAgents ?? [])],
      plugins: new PluginLocator(root, marketplaces),
    });
    const shown = relPosix(cwd, root) || '.';
    out.push({ root: shown, graph: project.graph, problems: edgeProblems(project, config, relPosix(config.dir, files[0]!)) });
  }
  return out;
}

export function renderGraph(projects: readonly RenderedProject[], format: GraphFormat, cwd: string): string {
  if (format === 'dot') return toDot(projects);
  if (format === 'json') return toJson(projects, (f) => relPosix(cwd, f));
  return toMermaid(projects);
}

const GRAPH: Subcommand<typeof OPTIONS, { format: GraphFormat; dir: string; shown: string; config: ReturnType<typeof configChoice>; agentsDirs: string[]; outputFile?: string }> = {
  name: 'graph',
  help: GRAPH_HELP,
  options: OPTIONS,
  plain: [OutputFileError],
  read(line, cwd) {
    const v = line.values;
    const format = (v.format ?? 'mermaid') as GraphFormat;
    if (!GRAPH_FORMATS.includes(format)) throw new UsageError(`unknown format "${v.format}"; expected one of: ${GRAPH_FORMATS.join(', ')}`);
    if (line.positionals.length > 1) throw new UsageError(`graph takes one folder, got ${line.positionals.length}: ${line.positionals.join(' ')}`);
    const config = configChoice(v, cwd);
    const shown = line.positionals[0] ?? '.';
    const dir = path.resolve(cwd, shown);
    if (!isFolder(dir)) throw new UsageError(`"${shown}" is not a folder`);
    return { format, dir, shown, config, agentsDirs: v['agents-dir'] ?? [], outputFile: v['output-file'] };
  },
};

/** `argv` starts with `graph`. */
export async function runGraphCli(argv: string[], io: CliIO): Promise<number> {
  return runSubcommand(GRAPH, argv.slice(1), io, ({ format, dir, shown, config, agentsDirs, outputFile }) => {
    const configs = chosenConfigs(io.cwd, config);
    const projects = graphProjects(dir, io.cwd, configs, agentsDirs);
    if (projects.length === 0) io.stderr(`agent-lint: warning: no agent, command or skill specs found in "${shown}"\n`);
    const text = renderGraph(projects, format, io.cwd);
    // The same writer as the lint report's -o: a folder, /dev/full or an unwritable place is one line, exit 2.
    if (outputFile) writeOutputFile(path.resolve(io.cwd, outputFile), text, outputFile, io.cwd);
    else io.stdout(text);
    return 0;
  });
}
