/**
 * The plugins around a project. Which plugin a spec belongs to: the nearest plugin folder at or
 * above it (within the project); Claude Code registers a plugin's agents as `<plugin>:<agent>`.
 * Which folders are plugins, and their names, the manifests say (`ManifestIndex`: a folder with
 * a plugin.json, or one a marketplace lists, which may have none). And the plugins of the
 * marketplace a project sits in (a folder above it holding `.claude-plugin/marketplace.json`),
 * with the names of their agents and skills: a plugin is its own project, so a delegation to a
 * sibling plugin's agent cannot be resolved inside it; the marketplace says whether that agent
 * exists, and under which `plugin:agent` id.
 */
import type { ManifestIndex } from '../model/manifests.js';
import { frontmatterKeysOfHead } from '../model/frontmatter.js';
import { path, walkSpecsTree, type WalkResult } from '../platform/host.js';
import { findUp, UpwardCache } from '../util/upward.js';

export interface PluginInfo {
  name: string;
  /** The plugin's folder (absolute). */
  dir: string;
}

export interface MarketplacePlugin extends PluginInfo {
  agents: ReadonlySet<string>;
  skills: ReadonlySet<string>;
}

const MARKETPLACE = path.join('.claude-plugin', 'marketplace.json');
/** How far above a project a marketplace may sit (`<marketplace>/plugins/<plugin>`). */
const MAX_UP = 3;
/** How deep below the marketplace a plugin's folder may be. */
const MAX_PLUGIN_DEPTH = 4;

/** The folder holding the marketplace a project sits in, or null. */
function marketplaceRoot(projectRoot: string, plugins: ManifestIndex): string | null {
  return findUp(path.resolve(projectRoot), (d) => plugins.files.stat(path.join(d, MARKETPLACE)) === 'file', { maxUp: MAX_UP });
}

function frontmatterName(file: string, plugins: ManifestIndex): string | null {
  // The name is in the first lines: read 4 KB, not the whole file.
  const head = plugins.files.head(file, 4000);
  return (head !== null && frontmatterKeysOfHead(head)?.get('name')) || null;
}

/**
 * The plugins of the marketplace at `root`: the folders holding a plugin.json and those its
 * entries name, with the agents and skills the manifests make of the markdown files one walk
 * finds (a plugin's default folders, or the paths its plugin.json or entry declares).
 */
function readMarketplace(root: string, walk: (root: string) => WalkResult, plugins: ManifestIndex): MarketplacePlugin[] {
  const tree = walk(root);
  const base = path.resolve(root);
  const depth = (dir: string) => (dir === base ? 0 : path.relative(base, dir).split(path.sep).length);
  const roots = [...new Set([...tree.pluginRoots, ...plugins.listedBy(base)])].filter((d) => depth(d) <= MAX_PLUGIN_DEPTH && plugins.pluginAt(d) !== null);
  const found = new Map(roots.map((dir) => [dir, { agents: new Set<string>(), skills: new Set<string>() }]));
  for (const f of tree.markdown) {
    // Specs end in `.md` (the walk lists `.MD` files too, which discovery leaves out).
    if (!f.endsWith('.md')) continue;
    const claim = plugins.claim(f);
    const plugin = claim && found.get(claim.plugin);
    if (!plugin) continue;
    if (claim.kind === 'agent') {
      plugin.agents.add(path.basename(f, '.md'));
      const n = frontmatterName(f, plugins);
      if (n) plugin.agents.add(n);
    } else if (claim.kind === 'skill') plugin.skills.add(path.basename(path.dirname(f)));
  }
  return roots.map((dir) => ({ name: plugins.pluginAt(dir)!, dir, ...found.get(dir)! }));
}

/**
 * Marketplaces read so far: a marketplace is read only when a target is not found, and each once
 * by the run (or the language server's project) that owns this, whatever its plugins' projects.
 */
export class Marketplaces {
  readonly #byRoot = new Map<string, MarketplacePlugin[]>();

  /**
   * `plugins`: which folders are plugins (a run's discovery has read their manifests); `walk`:
   * the walk of a folder (a run's walks its folder listings).
   */
  constructor(
    readonly plugins: ManifestIndex,
    readonly walk: (root: string) => WalkResult = walkSpecsTree,
  ) {}

  pluginsAt(root: string): MarketplacePlugin[] {
    let plugins = this.#byRoot.get(root);
    if (!plugins) this.#byRoot.set(root, (plugins = readMarketplace(root, this.walk, this.plugins)));
    return plugins;
  }
}

/** A project's plugins: which one holds a file (each folder looked at once), and its marketplace's. */
export class PluginLocator {
  readonly #byDir: UpwardCache<PluginInfo>;
  readonly #marketplaces: Marketplaces;

  /** `marketplaces`: shared by the projects of one run, which may sit in the same marketplace (and know its plugins). */
  constructor(root: string, marketplaces: Marketplaces) {
    this.#marketplaces = marketplaces;
    const own = (d: string) => {
      const name = marketplaces.plugins.pluginAt(d);
      return name === null ? null : { name, dir: d };
    };
    this.#byDir = new UpwardCache(own, path.resolve(root));
  }

  /** The plugin holding a file (absolute path), or null. Looks no higher than the project root. */
  pluginOf(file: string): PluginInfo | null {
    return path.isAbsolute(file) ? this.#byDir.nearest(path.dirname(file)) : null;
  }

  /**
   * Whether the manifests make a file (absolute path) a plugin's agent within the project: one in
   * a plugin's default `agents/` folder or one a plugin.json or marketplace entry lists (an outer
   * plugin may list an inner one's), not any agent-like file below a plugin's folder (an
   * example, a template).
   */
  isPluginAgent(file: string): boolean {
    // Finding the plugin first registers the manifests above the file.
    return this.pluginOf(file) !== null && this.#marketplaces.plugins.claim(file)?.kind === 'agent';
  }

  /** The plugins of the marketplace a project sits in (none when it sits in none). */
  marketplacePlugins(projectRoot: string): MarketplacePlugin[] {
    const root = marketplaceRoot(projectRoot, this.#marketplaces.plugins);
    return root ? this.#marketplaces.pluginsAt(root) : [];
  }
}
