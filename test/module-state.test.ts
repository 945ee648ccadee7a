/**
 * Module-level mutable state: what a module keeps between calls outside an object that owns it.
 * State belongs to its owner (the language server's session, a run's objects such as its
 * FolderListings, a ProjectView's facts), passed where it is needed. What is allowed at module
 * level is listed here with why: a lazily loaded module kept in a variable, and tables that are
 * a pure function of constants, filled once. Anything else found here fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastGlob } from '../src/util/fast-glob.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * `let x` at the top level; top-level collections that are filled later (`new Map()`, `new Set()`,
 * `new WeakMap()`, `new WeakSet()` with no contents, `[]`, `{}`), with or without a type; an
 * array typed as one that may change (`const x: number[] = [0]`: tables are typed `readonly`);
 * and a class's static fields that are not readonly.
 */
const STATE =
  /^(?:export )?(?:let [A-Za-z_$][\w$]*|const [A-Za-z_$][\w$]*(?::[^=\n]+)? = (?:new (?:Map|Set|WeakMap|WeakSet)(?:<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\(\)|\[\]|\{\})|const [A-Za-z_$][\w$]*: (?!readonly\b)[^=\n]*\[\] = )|^\s+static (?!readonly\b)[#\w$]+\s*[:=;]/gm;

/** What may stay at module level, and why. */
const LAZY = new Map([
  ['rules/frontmatter-schema.ts: const REQUIRED = new Map<FrontmatterKind, string[]>()', 'each kind\'s required fields, from the constant field tables'],
  ['src/rules-support/frontmatter/tool-list.ts: const BY_LOWER = new Map<string, string>()', 'filled from the constant tool names when the module loads'],
  ['src/model/markdown.ts: let parser', 'the markdown parser, loaded on first need'],
  ['src/read-spec.ts: let utf8', 'one decoder, made on first need: a whole-buffer decode keeps nothing from one call to the next'],
  ['src/util/builtin.ts: let req', 'a require function, made on first need'],
  ['src/util/yaml.ts: let loaded', 'the YAML parser, loaded on first need'],
  ['src/util/fast-glob.ts: let loaded', 'fast-glob, loaded on first need'],
  ['src/platform/host.ts: let requireHere', 'a require function, made on first need'],
  ['src/browser/index.ts: let prepared', 'the rules\' one-time preparation (the markdown parser loaded)'],
  ['src/standard/validate.ts: let ajv', 'the ajv instance that compiles the shipped schemas, made on first need'],
  ['src/standard/validate.ts: const compiled = new Map<string, ValidateFunction>()', 'the validators of the shipped schema files, each compiled on first need: a pure function of those files'],
  ['src/standard/profiles.ts: const schemaCache = new Map<string, object>()', 'the shipped schema files, each parsed on first need: a pure function of those files'],
]);

describe('module-level mutable state', () => {
  it('is only what is listed: lazily loaded modules and tables of constants', () => {
    const found: string[] = [];
    for (const f of fastGlob().sync(['src/**/*.ts', 'rules/**/*.ts'], { cwd: ROOT, ignore: ['src/build/**', 'src/gen/**', 'src/**/*.browser.ts'] }).sort()) {
      const text = readFileSync(path.join(ROOT, f), 'utf8');
      for (const m of text.matchAll(STATE)) found.push(`${f}: ${m[0].trim().replace(/^export /, '')}`);
    }
    expect(found.filter((s) => !LAZY.has(s))).toEqual([]);
    // A list entry whose state is gone comes off the list.
    expect([...LAZY.keys()].filter((s) => !found.includes(s))).toEqual([]);
  });
});
