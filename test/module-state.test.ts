/**
 * Module-level mutable state, listed: what a module keeps between calls outside an object that
 * owns it. Issue 36 moves each of these into the language server's session or one per-run
 * context; until then this list says what is left, and a new one fails here. A lazily loaded
 * module kept in a variable is allowed (`let loaded ??= require(...)`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastGlob } from '../src/util/fast-glob.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/** `let x` at the top level, and top-level collections that are filled later (`new Map()`, `new Set()`, `new WeakMap()` with no contents). */
const STATE = /^(?:export )?(?:let [A-Za-z_$][\w$]*|const [A-Za-z_$][\w$]* = new (?:Map|Set|WeakMap)(?:<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\(\))/gm;

/** Lazily loaded modules, and tables filled once when their module loads: allowed. */
const LAZY = new Set([
  'rules/frontmatter-schema.ts: const REQUIRED = new Map<FrontmatterKind, string[]>()',
  'src/rules-support/frontmatter/tool-list.ts: const BY_LOWER = new Map<string, string>()',
  'src/model/markdown.ts: let parser',
  'src/read-spec.ts: let utf8',
  'src/util/builtin.ts: let req',
  'src/util/yaml.ts: let loaded',
  'src/util/fast-glob.ts: let loaded',
  'src/platform/host.ts: let requireHere',
  'src/browser/index.ts: let prepared',
  'src/standard/validate.ts: let ajv',
]);

/** What is left to move into an owner (issue 36). */
const LEFT = new Set([
  'src/util/suggest.ts: const loweredLists = new WeakMap<readonly string[], readonly string[]>()',
  'src/graph/analysis.ts: const sorted = new WeakMap<ProjectGraph, readonly GraphEdge[]>()',
  'src/graph/render.ts: const twins = new WeakMap<ProjectGraph, Set<string>>()',
  'src/config/resolve.ts: const compiled = new WeakMap<readonly Rule[], ValidateFunction>()',
  'src/cli/stdio.ts: let streamed',
  'src/standard/validate.ts: const compiled = new Map<string, ValidateFunction>()',
  'src/standard/validate.ts: const compiledFormats = new WeakMap<object, ValidateFunction>()',
  'src/standard/profiles.ts: const schemaCache = new Map<string, object>()',
  'src/rules-support/frontmatter/tool-list.ts: const verdicts = new Map<string, ToolVerdict>()',
  'src/rules-support/frontmatter/target.ts: const pluginRoots = new WeakMap<ProjectView, boolean>()',
  'rules/depth-path-mismatch.ts: const calleesOf = new WeakMap<ProjectView, Map<string, Set<string>>>()',
  'rules/frontmatter-schema.ts: const agentNameSets = new WeakMap<ProjectView, Set<string>>()',
]);

describe('module-level mutable state', () => {
  it('is only what is listed: lazily loaded modules, and what issue 36 has left to move', () => {
    const found: string[] = [];
    for (const f of fastGlob().sync(['src/**/*.ts', 'rules/**/*.ts'], { cwd: ROOT, ignore: ['src/build/**', 'src/gen/**', 'src/**/*.browser.ts'] }).sort()) {
      const text = readFileSync(path.join(ROOT, f), 'utf8');
      for (const m of text.matchAll(STATE)) found.push(`${f}: ${m[0].replace(/^export /, '')}`);
    }
    const unexpected = found.filter((s) => !LAZY.has(s) && !LEFT.has(s));
    expect(unexpected).toEqual([]);
    // A list entry whose state is gone comes off the list.
    expect([...LEFT, ...LAZY].filter((s) => !found.includes(s))).toEqual([]);
  });
});
