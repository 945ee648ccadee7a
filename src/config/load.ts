/**
 * Finding and reading config files: `.agent-lint.json`, `.agent-lint.jsonc`, `.agent-lint.yaml`
 * (`.yml`), or an `"agent-lint"` key in package.json, looked up from a directory upward.
 */
import { existsSync } from 'node:fs';
import { FolderListings } from '../util/folders.js';
import path from 'node:path';
import { yaml } from '../util/yaml.js';
import { ConfigError, type LoadedConfig } from './error.js';
import { parseJsonc } from '../model/json/jsonc.js';
import { readRegularFile } from '../util/read-bounded.js';
import { searchUp } from '../util/upward.js';

export { ConfigError, type LoadedConfig };

/** A config (or a package.json holding one) larger than this is refused. */
const MAX_CONFIG_BYTES = 10 * 1024 * 1024;

export const CONFIG_FILES = ['.agent-lint.json', '.agent-lint.jsonc', '.agent-lint.yaml', '.agent-lint.yml'];

export function readConfigFile(file: string): unknown {
  let text: string;
  try {
    // A FIFO or device named like a config would block the read or never end.
    text = readRegularFile(file, MAX_CONFIG_BYTES).toString('utf8');
  } catch (e) {
    throw new ConfigError(`cannot read config: ${(e as Error).message}`, file);
  }
  const base = path.basename(file);
  try {
    if (/\.ya?ml$/i.test(base)) return parseYamlConfig(text);
    if (base === 'package.json') {
      const pkg = parseJsonc(text) as Record<string, unknown>;
      return pkg['agent-lint'];
    }
    return parseJsonc(text);
  } catch (e) {
    throw new ConfigError(`config is not valid ${/\.ya?ml$/i.test(base) ? 'YAML' : 'JSON'}: ${(e as Error).message.split('\n')[0]}`, file);
  }
}

/**
 * A YAML config as plain data. The `yaml` package checks a mapping's keys for duplicates pairwise
 * (64,000 keys took 31 s); that check is off, and duplicates are found here with a set per mapping.
 */
function parseYamlConfig(text: string): unknown {
  const Y = yaml();
  const doc = Y.parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length) throw doc.errors[0];
  const stack: unknown[] = [doc.contents];
  while (stack.length) {
    const node = stack.pop();
    if (Y.isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = Y.isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key)) throw new Error(`Map keys must be unique ("${String(key)}" is repeated)`);
        seen.add(key);
        stack.push(pair.value);
      }
    } else if (Y.isSeq(node)) stack.push(...node.items);
  }
  return doc.toJS() ?? {};
}

/** The config file in `dir` itself (not above it), or null. */
export function configFileIn(dir: string, folders: FolderListings): string | null {
  for (const name of CONFIG_FILES) {
    if (folders.existsIn(dir, name)) return path.join(dir, name);
  }
  const pkg = path.join(dir, 'package.json');
  if (folders.existsIn(dir, 'package.json')) {
    try {
      const data = parseJsonc(readRegularFile(pkg, MAX_CONFIG_BYTES).toString('utf8')) as Record<string, unknown>;
      if (data && typeof data === 'object' && 'agent-lint' in data) return pkg;
    } catch {
      /* a broken package.json is not our config */
    }
  }
  return null;
}

/** The nearest config file from `dir` upward, or null. */
export function findConfigFile(dir: string): string | null {
  const folders = new FolderListings();
  return searchUp(path.resolve(dir), (d) => configFileIn(d, folders) ?? undefined) ?? null;
}

export function loadConfig(opts: { configFile?: string; lookup: boolean; cwd: string }): LoadedConfig {
  if (opts.configFile) {
    const file = path.resolve(opts.cwd, opts.configFile);
    if (!existsSync(file)) throw new ConfigError('config file not found', file);
    return { file, dir: path.dirname(file), raw: readConfigFile(file) };
  }
  if (opts.lookup) {
    const file = findConfigFile(opts.cwd);
    if (file) return { file, dir: path.dirname(file), raw: readConfigFile(file) };
  }
  return { file: null, dir: opts.cwd, raw: {} };
}
