/**
 * Which config applies to a file: `--config` for every file; otherwise the nearest config file
 * from the file's own folder upward (so `agent-lint some/project` honours that project's config
 * wherever it is run from); with no config file, the defaults. Each config is read once.
 */
import path from 'node:path';
import type { Rule } from '../engine/rule.js';
import type { StandardName } from '../types.js';
import { configFileIn, loadConfig, readConfigFile, type LoadedConfig } from './load.js';
import { resolveConfig, type ResolvedConfig, type RuleEntry } from './resolve.js';
import { UpwardCache } from '../util/upward.js';
import { FolderListings } from '../util/folders.js';

export interface ConfigLookupOptions {
  cwd: string;
  rules: readonly Rule[];
  /** `--config`: this file for every linted file. */
  configFile?: string;
  /** Look for config files (false: `--no-config-lookup`). */
  lookup: boolean;
  /** `--rule id:severity` entries, applied last. */
  cliRules?: Record<string, RuleEntry>;
  /** `--standard`: overrides the config's `standard`. */
  standard?: StandardName;
  /** The run's folder listings (default: the lookup's own). */
  folders?: FolderListings;
}

export class ConfigLookup {
  readonly #opts: ConfigLookupOptions;
  readonly #fixed?: ResolvedConfig;
  /** The nearest config file of each folder asked about. */
  readonly #files: UpwardCache<string>;
  readonly #byFile = new Map<string | null, ResolvedConfig>();

  constructor(opts: ConfigLookupOptions) {
    this.#opts = opts;
    const folders = opts.folders ?? new FolderListings();
    this.#files = new UpwardCache((dir) => configFileIn(dir, folders));
    if (opts.configFile || !opts.lookup) this.#fixed = this.#resolve(loadConfig({ configFile: opts.configFile, lookup: false, cwd: opts.cwd }));
  }

  #resolve(loaded: LoadedConfig): ResolvedConfig {
    if (this.#opts.standard) loaded = { ...loaded, raw: { ...((loaded.raw as object | null) ?? {}), standard: this.#opts.standard } };
    return resolveConfig(loaded, this.#opts.rules, this.#opts.cliRules);
  }

  /** The config in force for a file (absolute path; it need not exist, as with --stdin-filename). */
  forFile(absPath: string): ResolvedConfig {
    if (this.#fixed) return this.#fixed;
    const file = this.#files.nearest(path.dirname(absPath));
    let cfg = this.#byFile.get(file);
    if (!cfg) {
      cfg = this.#resolve(file ? { file, dir: path.dirname(file), raw: readConfigFile(file) } : { file: null, dir: this.#opts.cwd, raw: {} });
      this.#byFile.set(file, cfg);
    }
    return cfg;
  }
}
