/**
 * Which plugin a spec belongs to: the nearest folder at or above it (within the project) that
 * holds `.claude-plugin/plugin.json`. The plugin's name is the manifest's `name`, else the
 * folder's name. Claude Code registers a plugin's agents as `<plugin>:<agent>`.
 */
import { fileExists, path, readTextFile } from '../platform/host.js';

export interface PluginInfo {
  name: string;
  /** The plugin's folder (absolute). */
  dir: string;
}

const MANIFEST = path.join('.claude-plugin', 'plugin.json');

function readPluginName(dir: string): string {
  try {
    const data = JSON.parse(readTextFile(path.join(dir, MANIFEST)) ?? '') as unknown;
    const name = data && typeof data === 'object' ? (data as Record<string, unknown>)['name'] : undefined;
    if (typeof name === 'string' && name.trim()) return name.trim();
  } catch {
    /* unreadable or not JSON: the folder's name stands */
  }
  return path.basename(dir);
}

/** Looks plugins up by folder, each folder checked once. */
export class PluginLocator {
  readonly #root: string;
  readonly #byDir = new Map<string, PluginInfo | null>();

  constructor(root: string) {
    this.#root = path.resolve(root);
  }

  /** The plugin holding a file (absolute path), or null. Looks no higher than the project root. */
  pluginOf(file: string): PluginInfo | null {
    if (!path.isAbsolute(file)) return null;
    const chain: string[] = [];
    let found: PluginInfo | null = null;
    for (let d = path.dirname(file); ; ) {
      const hit = this.#byDir.get(d);
      if (hit !== undefined) {
        found = hit;
        break;
      }
      chain.push(d);
      // `d` is a folder of a normalized path: joined by hand (path.join would normalize again).
      if (fileExists(d.endsWith(path.sep) ? d + MANIFEST : d + path.sep + MANIFEST)) {
        found = { name: readPluginName(d), dir: d };
        // Folders below a plugin belong to it; the plugin's own folder is recorded by the loop below.
        break;
      }
      const up = path.dirname(d);
      if (d === this.#root || up === d || !(d + path.sep).startsWith(this.#root + path.sep)) break;
      d = up;
    }
    for (const d of chain) this.#byDir.set(d, found);
    return found;
  }
}
