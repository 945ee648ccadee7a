/**
 * The plugins around a project. Which plugin a spec belongs to: the nearest folder at or above
 * it (within the project) that holds `.claude-plugin/plugin.json`; Claude Code registers a
 * plugin's agents as `<plugin>:<agent>`. And the plugins of the marketplace a project sits in (a
 * folder above it holding `.claude-plugin/marketplace.json`), with the names of their agents and
 * skills: a plugin is its own project, so a delegation to a sibling plugin's agent cannot be
 * resolved inside it; the marketplace says whether that agent exists, and under which
 * `plugin:agent` id.
 */
import { frontmatterKeysOfHead } from '../model/frontmatter.js';
import { parseJsonc } from '../model/json/jsonc.js';
import { pluginNameOf } from '../model/plugin-name.js';
import { fileExists, path, readTextFile, walkSpecsTree, type WalkResult } from '../platform/host.js';
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

const MANIFEST = path.join('.claude-plugin', 'plugin.json');
const MARKETPLACE = path.join('.claude-plugin', 'marketplace.json');
/** How far above a project a marketplace may sit (`<marketplace>/plugins/<plugin>`). */
const MAX_UP = 3;
/** How deep below the marketplace a plugin's folder may be. */
const MAX_PLUGIN_DEPTH = 4;

/** A plugin's name (see `pluginNameOf`); a manifest that cannot be read or parsed names nothing. */
function pluginName(dir: string): string {
  let data: unknown;
  try {
    data = parseJsonc(readTextFile(path.join(dir, MANIFEST)) ?? '');
  } catch {
    /* the folder's name stands */
  }
  return pluginNameOf(path.basename(dir), data);
}

/** The folder holding the marketplace a project sits in, or null. */
export function marketplaceRoot(projectRoot: string): string | null {
  return findUp(path.resolve(projectRoot), (d) => fileExists(path.join(d, MARKETPLACE)), { maxUp: MAX_UP });
}

function frontmatterName(file: string): string | null {
  // The name is in the first lines: read 4 KB, not the whole file.
  const head = readTextFile(file, 4000);
  return (head !== null && frontmatterKeysOfHead(head)?.get('name')) || null;
}

/** The plugins of the marketplace at `root`: one walk gives the plugin roots and every markdown file in it. */
function readMarketplace(root: string, walk: (root: string) => WalkResult, nameOf: (dir: string) => string): MarketplacePlugin[] {
  const tree = walk(root);
  const base = path.resolve(root);
  const depth = (dir: string) => (dir === base ? 0 : path.relative(base, dir).split(path.sep).length);
  const roots = tree.pluginRoots.filter((d) => depth(d) <= MAX_PLUGIN_DEPTH);
  const found = new Map(roots.map((dir) => [dir, { agents: new Set<string>(), skills: new Set<string>() }]));
  // One pass over the files: each `<plugin>/agents/` or `<plugin>/skills/` above a file.
  const AGENTS = `${path.sep}agents${path.sep}`;
  const SKILLS = `${path.sep}skills${path.sep}`;
  for (const f of tree.markdown) {
    for (let i = f.indexOf(AGENTS); i !== -1; i = f.indexOf(AGENTS, i + 1)) {
      const plugin = found.get(f.slice(0, i));
      // agents/**/*.md, leaving out hidden folders and files as a glob does.
      const rest = f.slice(i + AGENTS.length);
      if (!plugin || !f.endsWith('.md') || rest.startsWith('.') || rest.includes(path.sep + '.')) continue;
      plugin.agents.add(path.basename(f, '.md'));
      const n = frontmatterName(f);
      if (n) plugin.agents.add(n);
    }
    for (let i = f.indexOf(SKILLS); i !== -1; i = f.indexOf(SKILLS, i + 1)) {
      const plugin = found.get(f.slice(0, i));
      // skills/*/SKILL.md (any case).
      const parts = f.slice(i + SKILLS.length).split(path.sep);
      if (plugin && parts.length === 2 && !parts[0]!.startsWith('.') && parts[1]!.toLowerCase() === 'skill.md') plugin.skills.add(parts[0]!);
    }
  }
  return roots.map((dir) => ({ name: nameOf(dir), dir, ...found.get(dir)! }));
}

/**
 * Marketplaces and plugin names read so far: a marketplace is read only when a target is not
 * found, and each once by the run (or the language server's project) that owns this, whatever
 * its plugins' projects; so is each plugin's manifest.
 */
export class Marketplaces {
  readonly #byRoot = new Map<string, MarketplacePlugin[]>();
  readonly #names = new Map<string, string>();

  /** `walk`: the walk of a folder (a run's walks its folder listings). */
  constructor(readonly walk: (root: string) => WalkResult = walkSpecsTree) {}

  pluginsAt(root: string): MarketplacePlugin[] {
    let plugins = this.#byRoot.get(root);
    if (!plugins) this.#byRoot.set(root, (plugins = readMarketplace(root, this.walk, this.pluginName)));
    return plugins;
  }

  /** The name of the plugin in `dir` (see `pluginName`). */
  pluginName = (dir: string): string => {
    let name = this.#names.get(dir);
    if (name === undefined) this.#names.set(dir, (name = pluginName(dir)));
    return name;
  };
}

/** A project's plugins: which one holds a file (each folder looked at once), and its marketplace's. */
export class PluginLocator {
  readonly #byDir: UpwardCache<PluginInfo>;
  readonly #marketplaces: Marketplaces;

  /** `marketplaces`: shared by the projects of one run, which may sit in the same marketplace. */
  constructor(root: string, marketplaces = new Marketplaces()) {
    this.#marketplaces = marketplaces;
    // `d` is a folder of a normalized path: joined by hand (path.join would normalize again).
    const own = (d: string) => (fileExists(d.endsWith(path.sep) ? d + MANIFEST : d + path.sep + MANIFEST) ? { name: marketplaces.pluginName(d), dir: d } : null);
    this.#byDir = new UpwardCache(own, path.resolve(root));
  }

  /** The plugin holding a file (absolute path), or null. Looks no higher than the project root. */
  pluginOf(file: string): PluginInfo | null {
    return path.isAbsolute(file) ? this.#byDir.nearest(path.dirname(file)) : null;
  }

  /** The plugins of the marketplace a project sits in (none when it sits in none). */
  marketplacePlugins(projectRoot: string): MarketplacePlugin[] {
    const root = marketplaceRoot(projectRoot);
    return root ? this.#marketplaces.pluginsAt(root) : [];
  }
}
