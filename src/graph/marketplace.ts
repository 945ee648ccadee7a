/**
 * The plugins of the marketplace a project sits in (a folder above it holding
 * `.claude-plugin/marketplace.json`), with the names of their agents and skills. A plugin is
 * its own project, so a delegation to a sibling plugin's agent cannot be resolved inside it;
 * the marketplace says whether that agent exists, and under which `plugin:agent` id.
 * Read only when a target is not found, once per marketplace and process.
 */
import { fastGlob } from '../util/fast-glob.js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface MarketplacePlugin {
  name: string;
  dir: string;
  agents: ReadonlySet<string>;
  skills: ReadonlySet<string>;
}

const MARKETPLACE = path.join('.claude-plugin', 'marketplace.json');
/** How far above a project a marketplace may sit (`<marketplace>/plugins/<plugin>`). */
const MAX_UP = 3;

const cache = new Map<string, MarketplacePlugin[]>();

export function marketplaceRoot(projectRoot: string): string | null {
  let d = path.resolve(projectRoot);
  for (let i = 0; i <= MAX_UP; i++) {
    if (existsSync(path.join(d, MARKETPLACE))) return d;
    const up = path.dirname(d);
    if (up === d) break;
    d = up;
  }
  return null;
}

function frontmatterName(file: string): string | null {
  let head: string;
  try {
    head = readFileSync(file, 'utf8').slice(0, 4000);
  } catch {
    return null;
  }
  if (!head.startsWith('---')) return null;
  const end = head.indexOf('\n---', 3);
  const m = /^name:[ \t]*["']?([^"'\r\n#]+?)["']?[ \t]*$/m.exec(end === -1 ? head : head.slice(0, end));
  return m ? m[1]!.trim() : null;
}

function readPluginName(dir: string): string {
  try {
    const data = JSON.parse(readFileSync(path.join(dir, '.claude-plugin', 'plugin.json'), 'utf8')) as Record<string, unknown>;
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
  const manifests = fastGlob().sync('**/.claude-plugin/plugin.json', { cwd: root, absolute: true, dot: true, deep: 5, suppressErrors: true, ignore: ['**/node_modules/**', '**/.git/**'] });
  const plugins: MarketplacePlugin[] = [];
  for (const m of manifests.sort()) {
    const dir = path.dirname(path.dirname(m));
    const agents = new Set<string>();
    for (const f of fastGlob().sync('agents/**/*.md', { cwd: dir, absolute: true, suppressErrors: true })) {
      agents.add(path.basename(f, '.md'));
      const n = frontmatterName(f);
      if (n) agents.add(n);
    }
    const skills = new Set<string>();
    for (const f of fastGlob().sync('skills/*/SKILL.md', { cwd: dir, absolute: true, suppressErrors: true, caseSensitiveMatch: false })) skills.add(path.basename(path.dirname(f)));
    plugins.push({ name: readPluginName(dir), dir, agents, skills });
  }
  cache.set(root, plugins);
  return plugins;
}
