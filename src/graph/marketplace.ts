/**
 * The plugins of the marketplace a project sits in (a folder above it holding
 * `.claude-plugin/marketplace.json`), with the names of their agents and skills. A plugin is
 * its own project, so a delegation to a sibling plugin's agent cannot be resolved inside it;
 * the marketplace says whether that agent exists, and under which `plugin:agent` id.
 * Read only when a target is not found, once per marketplace and process.
 */
import { frontmatterKeysOfHead } from '../model/frontmatter.js';
import { fileExists, path, readTextFile, walkSpecsTree } from '../platform/host.js';

export interface MarketplacePlugin {
  name: string;
  dir: string;
  agents: ReadonlySet<string>;
  skills: ReadonlySet<string>;
}

const MARKETPLACE = path.join('.claude-plugin', 'marketplace.json');
/** How far above a project a marketplace may sit (`<marketplace>/plugins/<plugin>`). */
const MAX_UP = 3;
/** How deep below the marketplace a plugin's folder may be. */
const MAX_PLUGIN_DEPTH = 4;

const cache = new Map<string, MarketplacePlugin[]>();

export function marketplaceRoot(projectRoot: string): string | null {
  let d = path.resolve(projectRoot);
  for (let i = 0; i <= MAX_UP; i++) {
    if (fileExists(path.join(d, MARKETPLACE))) return d;
    const up = path.dirname(d);
    if (up === d) break;
    d = up;
  }
  return null;
}

function frontmatterName(file: string): string | null {
  // The name is in the first lines: read 4 KB, not the whole file.
  const head = readTextFile(file, 4000);
  return (head !== null && frontmatterKeysOfHead(head)?.get('name')) || null;
}

function readPluginName(dir: string): string {
  try {
    const data = JSON.parse(readTextFile(path.join(dir, '.claude-plugin', 'plugin.json')) ?? '') as Record<string, unknown>;
    if (typeof data['name'] === 'string' && data['name'].trim()) return data['name'].trim();
  } catch {
    /* the folder's name stands */
  }
  return path.basename(dir);
}

/** The plugins of the marketplace at `root` (cached). */
export function marketplacePlugins(root: string): MarketplacePlugin[] {
  const hit = cache.get(root);
  if (hit) return hit;
  // One walk of the marketplace gives the plugin roots and every markdown file in it.
  const tree = walkSpecsTree(root);
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
  const plugins: MarketplacePlugin[] = roots.map((dir) => ({ name: readPluginName(dir), dir, ...found.get(dir)! }));
  cache.set(root, plugins);
  return plugins;
}
