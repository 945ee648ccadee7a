/**
 * The browser's host (see host.ts, whose place this module takes in the browser bundle): the
 * standard's schemas and precompiled validators, yaml and ajv are bundled; paths are POSIX;
 * the project's files are the ones the page holds (`setHostFiles`), so plugin manifests and
 * artifacts are looked up among them. No `node:` import, no global beyond the language's.
 */
import type { Ajv, Options as AjvOptions, ValidateFunction } from 'ajv';
import type * as Yaml from 'yaml';
import { SCHEMA_TEXTS, VALIDATORS } from 'agent-lint:standard-data';
import * as posix from './posix-path.js';

export interface WalkResult {
  markdown: string[];
  pluginRoots: string[];
}

/** Set by the browser build (src/build/browser.ts). */
declare const __AGENT_LINT_VERSION__: string | undefined;

export const path = posix;

export const fileUrl = (absPath: string): string => 'file://' + encodeURI(absPath).replace(/[?#]/g, encodeURIComponent);

export function schemaText(file: string): string {
  const text = SCHEMA_TEXTS[file];
  if (text === undefined) throw new Error(`no schema ${file} in this build`);
  return text;
}

export const precompiledValidator = (moduleName: string): ValidateFunction | undefined => VALIDATORS[moduleName];

// `require` here is the bundler's: the module is bundled, and evaluated only on the first call
// (a page that never needs the YAML parser or a schema compile does not start them).
export const loadAjv = (): new (o: AjvOptions) => Ajv => (require('ajv') as { Ajv: new (o: AjvOptions) => Ajv }).Ajv;

export const loadYaml = (): typeof Yaml => require('yaml') as typeof Yaml;

export const toolVersion = (): string => (typeof __AGENT_LINT_VERSION__ === 'string' ? __AGENT_LINT_VERSION__ : '0.0.0');

/** The project's files by absolute POSIX path. */
let files = new Map<string, string>();

/** The files the page holds (absolute POSIX paths), replacing the previous set. */
export function setHostFiles(entries: Iterable<readonly [string, string]>): void {
  files = new Map(entries);
}

const isFolder = (abs: string): boolean => {
  const prefix = abs.endsWith('/') ? abs : abs + '/';
  for (const f of files.keys()) if (f.startsWith(prefix)) return true;
  return false;
};

export const fileExists = (abs: string): boolean => files.has(abs) || isFolder(abs);

export function readTextFile(abs: string, maxBytes?: number): string | null {
  const text = files.get(abs);
  if (text === undefined) return null;
  return maxBytes === undefined ? text : text.slice(0, maxBytes);
}

/** The page's files hold no symlinks: `root` is not needed to keep a path inside the project. */
export function pathInfo(abs: string, _root?: string): { kind: 'file' | 'directory' | 'other' | 'outside'; empty: boolean } | null {
  const text = files.get(abs);
  if (text !== undefined) return { kind: 'file', empty: text === '' };
  return isFolder(abs) ? { kind: 'directory', empty: false } : null;
}

export function walkSpecsTree(root: string): WalkResult {
  const prefix = root.endsWith('/') ? root : root + '/';
  const markdown: string[] = [];
  const pluginRoots: string[] = [];
  for (const f of [...files.keys()].sort()) {
    if (!f.startsWith(prefix)) continue;
    if (/\.md$/i.test(f)) markdown.push(f);
    else if (f.endsWith('/.claude-plugin/plugin.json')) pluginRoots.push(f.slice(0, -'/.claude-plugin/plugin.json'.length));
  }
  return { markdown, pluginRoots };
}
