/**
 * What the core (engine, document model, rules, config resolution, formatters) needs from the
 * machine it runs on, in one Node-only module: the files shipped beside the code (the standard's
 * JSON Schemas, their precompiled validators, the version), modules loaded on first need (the
 * YAML parser, ajv), path arithmetic, and the few project files a rule looks at besides the
 * specs (plugin manifests, a return's artifacts).
 *
 * The core imports these from here and nothing from `node:` itself. The browser bundle
 * (src/build/browser.ts) puts `host.browser.ts` in this module's place: the same exports over
 * bundled data and the files the page holds. `test/browser-core.test.ts` runs that bundle in a
 * V8 context without Node's globals, so a Node import that creeps into the core fails there.
 */
import type { Ajv, Options as AjvOptions, ValidateFunction } from 'ajv';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { FolderListings } from '../util/folders.js';
import { readRegularFile, readRegularHead } from '../util/read-bounded.js';

/** A text read whole (a plugin.json, a format document) is never larger than this. */
const MAX_TEXT_BYTES = 20 * 1024 * 1024;
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Yaml from 'yaml';
import { walkSpecsTree as walk, type WalkResult } from '../discovery/walk.js';

export type { WalkResult };

/** Set by the CLI bundler (src/build/bundle.ts): the modules all sit at dist/agent-lint.cjs. */
declare const __AGENT_LINT_BUNDLED__: boolean | undefined;
const BUNDLED = typeof __AGENT_LINT_BUNDLED__ === 'boolean' && __AGENT_LINT_BUNDLED__;
/** Set by the bundler to the vendored copy of `yaml` beside the bundle. */
declare const __AGENT_LINT_YAML__: string | undefined;
const YAML_MODULE = typeof __AGENT_LINT_YAML__ === 'string' ? __AGENT_LINT_YAML__ : 'yaml';

/** This module's `require`, made on first use (most runs load no package through it). */
let requireHere: NodeJS.Require | undefined;
const here = (): NodeJS.Require => (requireHere ??= createRequire(import.meta.url));
/** src/standard (dist/src/standard), or the bundle's folder where the build copies its data. */
const STANDARD_DIR = BUNDLED ? './' : '../standard/';
/**
 * The path of `rel` from this module's folder: the files shipped beside the code (schemas,
 * validators, package.json). The bundle, a CommonJS module, joins it to its `__dirname`: a URL
 * made from `import.meta.url` took a one-file run's first validator about 0.2 ms.
 */
const besideHere = (rel: string): string => (BUNDLED ? path.join(__dirname, rel) : fileURLToPath(new URL(rel, import.meta.url)));

/** Node's path module: the core's path arithmetic (the browser's is POSIX). */
export { path };

export const fileUrl = (absPath: string): string => pathToFileURL(absPath).href;

/** The text of a JSON Schema shipped in src/standard/schemas (the name is checked by the caller). */
export function schemaText(file: string): string {
  return readFileSync(besideHere(`${STANDARD_DIR}schemas/${file}`), 'utf8');
}

/** The build's precompiled validator of a schema (`x.validate.cjs`), or undefined without one. */
export function precompiledValidator(moduleName: string): ValidateFunction | undefined {
  try {
    const mod = here()(`${STANDARD_DIR}validators/${moduleName}`) as ValidateFunction | { default: ValidateFunction };
    return typeof mod === 'function' ? mod : mod.default;
  } catch {
    return undefined;
  }
}

/** ajv's class, loaded on first need (config checking, a schema without a precompiled validator). */
export const loadAjv = (): new (o: AjvOptions) => Ajv => (here()('ajv') as { Ajv: new (o: AjvOptions) => Ajv }).Ajv;

/** The `yaml` package (for the bundle, the vendored copy beside it). */
export const loadYaml = (): typeof Yaml => here()(YAML_MODULE) as typeof Yaml;

/** Set by the bundler: the version of the package the bundle was built from. */
declare const __AGENT_LINT_VERSION__: string | undefined;

/** agent-lint's version, from its package.json (the bundle's is fixed when it is built). */
export function toolVersion(): string {
  if (typeof __AGENT_LINT_VERSION__ === 'string') return __AGENT_LINT_VERSION__;
  for (const rel of BUNDLED ? ['../package.json'] : ['../../../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(besideHere(rel), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'agent-lint' && pkg.version) return pkg.version;
    } catch {
      /* try the next place */
    }
  }
  return '0.0.0';
}

export const fileExists = (abs: string): boolean => existsSync(abs);

/** A file's text, or null when it cannot be read; at most `maxBytes` bytes of it when given. */
export function readTextFile(abs: string, maxBytes?: number): string | null {
  if (maxBytes === undefined) {
    try {
      return readRegularFile(abs, MAX_TEXT_BYTES).toString('utf8');
    } catch {
      return null;
    }
  }
  return readRegularHead(abs, maxBytes);
}

/**
 * What is at `abs`: a file, a folder (and whether it is empty), something else, or nothing. With
 * `root`, a path whose real place (symlinks resolved, also a dangling one's target) is outside
 * `root` is `outside`, and nothing more is said about it: neither whether it exists nor its size.
 */
export function pathInfo(abs: string, root?: string): { kind: 'file' | 'directory' | 'other' | 'outside'; empty: boolean } | null {
  if (root !== undefined) {
    let realRoot: string;
    try {
      realRoot = realpathSync(root);
    } catch {
      return null;
    }
    const rel = path.relative(realRoot, resolveLinks(abs, 0));
    if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return { kind: 'outside', empty: false };
  }
  let st;
  try {
    st = statSync(abs);
  } catch {
    return null;
  }
  if (st.isFile()) return { kind: 'file', empty: st.size === 0 };
  if (st.isDirectory()) {
    let empty = false;
    try {
      empty = readdirSync(abs).length === 0;
    } catch {
      /* unreadable: not known to be empty */
    }
    return { kind: 'directory', empty };
  }
  return { kind: 'other', empty: false };
}

/** `p` with every symlink resolved where one exists (a dangling link by its target), the rest as written. */
function resolveLinks(p: string, hops: number): string {
  try {
    return realpathSync(p);
  } catch {
    /* not there (or a dangling link): resolve what exists */
  }
  if (hops > 40) return p;
  try {
    if (lstatSync(p).isSymbolicLink()) return resolveLinks(path.resolve(path.dirname(p), readlinkSync(p)), hops + 1);
  } catch {
    /* nothing at p */
  }
  const parent = path.dirname(p);
  return parent === p ? p : path.join(resolveLinks(parent, hops + 1), path.basename(p));
}

/** The markdown files and plugin roots below a folder (discovery's walk). */
export const walkSpecsTree = (root: string): WalkResult => walk(root, new FolderListings());
