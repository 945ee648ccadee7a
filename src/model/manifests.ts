/**
 * What plugin and marketplace manifests say about where specs are, as Claude Code loads them:
 * - a plugin (a folder holding `.claude-plugin/plugin.json`, or named by a marketplace entry)
 *   has its default `agents/`, `commands/` and `skills/<name>/SKILL.md`, plus the paths its
 *   plugin.json declares in `agents`, `commands`, `skills` (a string or an array; files or
 *   folders; relative to the plugin root);
 * - a marketplace (`.claude-plugin/marketplace.json`) names each plugin's `source`: a relative
 *   path (from the marketplace root; a bare name under `metadata.pluginRoot`), or an object
 *   (`{ "source": "github", ... }` is fetched from elsewhere; `{ "path": "./x" }` is local);
 *   an entry may declare components itself (`strict: false` entries have no plugin.json).
 * Manifests are read once each, bounded in size, through the project's files (the disk, or the
 * playground's memory); a manifest that does not parse declares nothing here (the manifest rules
 * report it).
 */
import { parseJsonc } from './json/jsonc.js';
import { pluginNameOf } from './plugin-name.js';
import type { ProjectFiles } from './project.js';
import { path } from '../platform/host.js';
import { isWithin } from '../util/paths.js';
import { searchUp, UpwardCache } from '../util/upward.js';

export type ComponentKind = 'agent' | 'command' | 'skill';

/** Why a file is a spec: the rule or manifest entry that makes it one. */
export interface Claim {
  kind: ComponentKind;
  /** What makes it a spec, e.g. `listed in "agents" of` or `in the agents/ folder of plugin`. */
  rule: string;
  /** The manifest (absolute path) or plugin folder the rule refers to. */
  source: string;
  /** The folder of the plugin whose manifest or default folder makes the claim. */
  plugin: string;
}

/** A place a manifest names that holds no spec (a missing path, a source fetched from elsewhere). */
export interface ManifestNote {
  /** The manifest (absolute path). */
  manifest: string;
  message: string;
}

const PLUGIN_FOLDER = '.claude-plugin';
const PLUGIN_MANIFEST = path.join(PLUGIN_FOLDER, 'plugin.json');
const MARKETPLACE_MANIFEST = path.join(PLUGIN_FOLDER, 'marketplace.json');
/** Manifests are small; a larger file is not read (the manifest rules say why). */
const MAX_MANIFEST_BYTES = 1024 * 1024;
const FIELDS: Array<[string, ComponentKind]> = [['agents', 'agent'], ['commands', 'command'], ['skills', 'skill']];
const REMOTE_SOURCES = new Set(['github', 'git', 'url', 'git-subdir', 'npm', 'pip', 'archive', 'command']);

/** A JSON object from a manifest file, or undefined when it cannot be read, is too large or is not an object. */
function readManifest(files: ProjectFiles, file: string): Record<string, unknown> | undefined {
  const text = files.head(file, MAX_MANIFEST_BYTES + 1);
  // A larger file is left out (its first bytes are read, so the count stays bounded).
  if (text === null || text.length > MAX_MANIFEST_BYTES) return undefined;
  try {
    const data = parseJsonc(text);
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * The manifests of a tree, each read once: which files they declare and which folders are
 * plugins, with their names. Fed by the walk (`addPlugin`, `addMarketplace`) and, for files
 * named on the command line or read for context, by looking up the folders above them
 * (`lookAbove`). Discovery asks it why a file is a spec; the delegation graph, which plugin
 * holds a spec (`pluginAt`) and which plugins a marketplace lists (`listedBy`).
 */
export class ManifestIndex {
  readonly #files = new Map<string, Claim>();
  /** JSON files a plugin.json names in `hooks` or `mcpServers` (a path, not inline). */
  readonly #json = new Map<string, { kind: 'hooks-config' | 'mcp-config'; rule: string; source: string }>();
  readonly #dirs = new Map<string, Claim>();
  /** Plugin roots: folder -> the plugin's name (`named`: by a manifest or an entry, not its folder) and what makes it a plugin. */
  readonly #plugins = new Map<string, { name: string; named: boolean; source: string }>();
  /** Marketplace roots -> the plugin folders in this repository that they list. */
  readonly #listed = new Map<string, string[]>();
  readonly #seen = new Set<string>();
  readonly #looked = new Set<string>();
  readonly notes: ManifestNote[] = [];
  /** Whether a listed folder or a plugin root is at or above a folder (cleared when one is added). */
  readonly #reaches = new UpwardCache((d) => (this.#dirs.has(d) || this.#plugins.has(d) ? true : null));

  /** Each plugin's manifest as read (undefined: none, or not an object): a plugin may be added twice. */
  readonly #pluginData = new Map<string, { has: boolean; data: Record<string, unknown> | undefined }>();

  constructor(readonly files: ProjectFiles) {}

  /** A folder holding `.claude-plugin/plugin.json` (or named by a marketplace, `via`). */
  addPlugin(root: string, via?: { manifest: string; entry?: Record<string, unknown> }): void {
    const manifest = path.join(root, PLUGIN_MANIFEST);
    let read = this.#pluginData.get(manifest);
    if (!read) {
      const has = this.files.stat(manifest) === 'file';
      this.#pluginData.set(manifest, (read = { has, data: has ? readManifest(this.files, manifest) : undefined }));
    }
    const { has: hasManifest, data } = read;
    // A plugin.json that is no regular file (a folder, a FIFO) makes no plugin: the manifest rules report it.
    if (!hasManifest && !via) return;
    const key = `plugin\0${root}`;
    // Named by its manifest, else by a marketplace entry, whichever of the two is read first.
    const named = pluginNameOf('', data, via?.entry) !== '';
    const known = this.#plugins.get(root);
    if (!known || (!known.named && named)) {
      this.#reaches.clear();
      this.#plugins.set(root, { name: pluginNameOf(path.basename(root), data, via?.entry), named, source: hasManifest ? manifest : via!.manifest });
    }
    if (!this.#seen.has(key)) {
      this.#seen.add(key);
      if (data) this.#declare(root, data, manifest);
    }
    if (via?.entry) this.#declare(root, via.entry, via.manifest);
  }

  /** A folder holding `.claude-plugin/marketplace.json`: its local plugins join the index. */
  addMarketplace(root: string): void {
    const manifest = path.join(root, MARKETPLACE_MANIFEST);
    if (this.#seen.has(manifest)) return;
    this.#seen.add(manifest);
    const data = readManifest(this.files, manifest);
    const plugins = data?.['plugins'];
    if (!Array.isArray(plugins)) return;
    const listed: string[] = [];
    this.#listed.set(root, listed);
    const meta = data!['metadata'];
    const pluginRoot = meta && typeof meta === 'object' && typeof (meta as Record<string, unknown>)['pluginRoot'] === 'string' ? ((meta as Record<string, unknown>)['pluginRoot'] as string) : undefined;
    for (const entry of plugins) {
      if (!entry || typeof entry !== 'object') continue;
      const e = entry as Record<string, unknown>;
      const name = typeof e['name'] === 'string' ? e['name'] : '(unnamed)';
      let rel: string | undefined;
      const src = e['source'];
      if (typeof src === 'string') rel = /^\.{1,2}[\\/]/.test(src) || !pluginRoot ? src : path.join(pluginRoot, src);
      else if (src && typeof src === 'object') {
        const o = src as Record<string, unknown>;
        if (typeof o['source'] === 'string' && REMOTE_SOURCES.has(o['source'])) {
          this.notes.push({ manifest, message: `plugin "${name}" comes from elsewhere (source ${o['source']}); its specs are not in this repository` });
          continue;
        }
        if (typeof o['path'] === 'string') rel = o['path'];
      }
      if (rel === undefined) continue; // no usable source: the marketplace rule reports it
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(rel)) {
        this.notes.push({ manifest, message: `plugin "${name}" comes from ${rel}; its specs are not in this repository` });
        continue;
      }
      const dir = path.resolve(root, rel);
      if (!isWithin(root, dir) || this.files.stat(dir) !== 'dir') {
        this.notes.push({ manifest, message: `plugin "${name}": source "${rel}" is not a folder in this repository` });
        continue;
      }
      listed.push(dir);
      this.addPlugin(dir, { manifest, entry: e });
    }
  }

  /** The name of the plugin whose folder is `dir` (absolute), or null; the folders above it are looked at first. */
  pluginAt(dir: string): string | null {
    if (!this.#looked.has(dir)) this.lookAbove(dir);
    return this.#plugins.get(dir)?.name ?? null;
  }

  /** The plugin folders the marketplace at `root` lists. */
  listedBy(root: string): readonly string[] {
    this.addMarketplace(root);
    return this.#listed.get(root) ?? [];
  }

  /** Registers the manifests in the folders above `dir` (each folder looked at once). */
  lookAbove(dir: string): void {
    // A walk ends at a folder an earlier one looked at: the folders above it were looked at too.
    searchUp(path.resolve(dir), (d) => {
      if (this.#looked.has(d)) return true;
      this.#looked.add(d);
      // Most folders hold no `.claude-plugin/`: one look at it, not one per manifest.
      if (this.files.stat(path.join(d, PLUGIN_FOLDER)) !== 'dir') return undefined;
      if (this.files.stat(path.join(d, MARKETPLACE_MANIFEST)) === 'file') this.addMarketplace(d);
      if (this.files.stat(path.join(d, PLUGIN_MANIFEST)) === 'file') this.addPlugin(d);
      return undefined;
    });
  }

  #declare(root: string, data: Record<string, unknown>, manifest: string): void {
    for (const [field, kind] of [['hooks', 'hooks-config'], ['mcpServers', 'mcp-config']] as const) {
      for (const p of strings(data[field])) {
        const abs = path.resolve(root, p);
        if (isWithin(root, abs) && abs.endsWith('.json') && !this.#json.has(abs)) this.#json.set(abs, { kind, rule: `named in "${field}" of`, source: manifest });
      }
    }
    for (const [field, kind] of FIELDS) {
      for (const p of strings(data[field])) {
        const abs = path.resolve(root, p);
        if (!isWithin(root, abs)) continue; // outside the plugin: plugin-manifest reports it
        const claim: Claim = { kind, rule: `listed in "${field}" of`, source: manifest, plugin: root };
        if (this.files.stat(abs) === 'dir') {
          if (!this.#dirs.has(abs)) {
            this.#dirs.set(abs, claim);
            this.#reaches.clear();
          }
        } else if (kind !== 'skill' && abs.endsWith('.md') && !this.#files.has(abs)) this.#files.set(abs, claim);
      }
    }
  }

  /** The hooks or MCP servers file a plugin.json names at this path, if any. */
  jsonClaim(abs: string): { kind: 'hooks-config' | 'mcp-config'; rule: string; source: string } | undefined {
    return this.#json.get(abs);
  }

  /** The hooks and MCP servers files plugin.json files name (absolute paths; they may not exist). */
  get declaredJson(): string[] {
    return [...this.#json.keys()];
  }

  /** Whether a folder is a plugin's root (its own plugin.json, or named by a marketplace). */
  isPluginRoot(dir: string): boolean {
    return this.#plugins.has(dir);
  }

  /** Whether a folder is a Gemini CLI extension's root (it holds gemini-extension.json). */
  isExtensionRoot(dir: string): boolean {
    return this.files.stat(path.join(dir, 'gemini-extension.json')) === 'file';
  }

  /**
   * Whether a manifest or a plugin's default folders make a markdown file (absolute path) a
   * spec: a listed file; a file below a listed folder (`SKILL.md` of a skill folder or of its
   * subfolders for skills); or `agents/**`, `commands/**`, `skills/<name>/SKILL.md` of the
   * nearest plugin above it.
   */
  claim(abs: string): Claim | null {
    const listed = this.#files.get(abs);
    if (listed) return listed;
    const dir = path.dirname(abs);
    if (this.#reaches.nearest(dir) === null) return null;
    const base = path.basename(abs);
    // The file's path below the folder the walk is at.
    let rel = base;
    const claimIn = (d: string): Claim | null | undefined => {
      const dirClaim = this.#dirs.get(d);
      if (dirClaim && !hidden(rel)) {
        if (dirClaim.kind !== 'skill') return dirClaim;
        const parts = rel.split(path.sep);
        if (base === 'SKILL.md' && parts.length <= 2) return dirClaim;
      }
      const plugin = this.#plugins.get(d);
      if (plugin) return defaultFolderClaim(rel.split(path.sep), d, plugin.name);
      rel = path.basename(d) + path.sep + rel;
      return undefined;
    };
    return searchUp(dir, claimIn) ?? null;
  }
}

/** A hidden file or folder in a relative path (globs and Claude Code leave them out). */
function hidden(rel: string): boolean {
  return rel.startsWith('.') || rel.includes(path.sep + '.');
}

/** `agents/**\/*.md`, `commands/**\/*.md`, `skills/<name>/SKILL.md` relative to a plugin root. */
function defaultFolderClaim(segs: string[], root: string, name: string): Claim | null {
  if (segs.some((s) => s.startsWith('.') || s === '')) return null;
  const [first] = segs;
  if ((first === 'agents' || first === 'commands') && segs.length >= 2) {
    return { kind: first === 'agents' ? 'agent' : 'command', rule: `in the ${first}/ folder of plugin "${name}" at`, source: root, plugin: root };
  }
  if (first === 'skills' && segs.length === 3 && segs[2] === 'SKILL.md') return { kind: 'skill', rule: `in the skills/ folder of plugin "${name}" at`, source: root, plugin: root };
  return null;
}
