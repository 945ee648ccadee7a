import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonObject } from '../src/model/json/ast.js';
import { JSON_FILE_MESSAGES, opening, prop, rootObject } from '../src/rules-support/json/file.js';
import { checkComponents, COMPONENT_PATH_MESSAGES, DEFAULT_SPEC_DIRS, type Reached } from '../src/rules-support/json/component-paths.js';
import { expectType, typeError } from '../src/rules-support/json/type-errors.js';

/** Claude Code's plugin names: lowercase letters, digits and single hyphens between them. */
function isKebab(s: string): boolean {
  return /^[a-z0-9][a-z0-9-]*$/.test(s) && !s.endsWith('-') && !s.includes('--');
}
/** Semantic versioning: MAJOR.MINOR.PATCH, optional pre-release and build (dot-separated, no empty part). */
const SEMVER = /^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/;
function isSemver(s: string): boolean {
  const m = SEMVER.exec(s);
  return !!m && [m[1], m[2]].every((ids) => ids === undefined || ids.split('.').every((id) => id !== ''));
}
/** Frontmatter keys that make a markdown file a spec rather than a document. */
const SPEC_KEYS = ['name', 'tools', 'model', 'allowed-tools', 'argument-hint'];
/** Folders whose markdown is not the plugin's components (project specs, the manifest's own folder). */
const NOT_COMPONENTS = new Set(['.claude', '.opencode', '.claude-plugin', 'node_modules', '.git']);
/** How many unreached specs one manifest names before it sums up the rest. */
const MAX_UNREACHED = 10;

type Ctx = RuleContext;

function checkName(ctx: Ctx, root: JsonObject): void {
  const p = prop(root, 'name');
  if (!p) {
    ctx.report({ messageId: 'name-missing', range: opening(root) });
    return;
  }
  if (expectType(ctx, p.value, 'string', 'name-type') && !isKebab(p.value.value)) {
    ctx.report({ messageId: 'name-case', data: { name: JSON.stringify(p.value.value) }, range: p.value.range });
  }
}

function checkVersion(ctx: Ctx, root: JsonObject): void {
  const p = prop(root, 'version');
  if (!p) return;
  if (expectType(ctx, p.value, 'string', 'version-type') && !isSemver(p.value.value)) {
    ctx.report({ messageId: 'version-semver', data: { version: JSON.stringify(p.value.value) }, range: p.value.range });
  }
}

function checkAuthor(ctx: Ctx, root: JsonObject): void {
  const p = prop(root, 'author');
  if (!p) return;
  const v = p.value;
  if (v.type === 'string') {
    // The string is the author's name: the object form says the same thing.
    ctx.report({
      messageId: 'author-string',
      data: { name: JSON.stringify(v.value) },
      range: v.range,
      fix: { range: [v.range.start, v.range.end], text: `{ "name": ${ctx.doc.text.slice(v.range.start, v.range.end)} }` },
    });
  } else if (expectType(ctx, v, 'object', 'author-type') && !prop(v, 'name')) {
    ctx.report({ messageId: 'author-name', range: opening(v) });
  }
}

/**
 * Markdown files that look like specs where a plugin's specs visibly live, but that no path
 * reaches: beside the manifest's plugin root, and beside the files the manifest lists (the one a
 * list forgot). Folders further away (docs, tests, examples) are not read.
 */
function checkUnreached(ctx: Ctx, root: JsonObject, pluginRoot: string, reached: Reached[]): void {
  const files = ctx.project.files!;
  const dirs = new Set([pluginRoot]);
  for (const r of reached) if (!r.dir) dirs.add(files.dirname(r.abs));
  const unreached: string[] = [];
  for (const dir of dirs) {
    const rel = files.relative(pluginRoot, dir);
    if (rel.startsWith('..') || rel.split('/').some((s) => NOT_COMPONENTS.has(s) || DEFAULT_SPEC_DIRS.includes(s))) continue;
    for (const f of files.markdownIn(dir)) {
      if (reached.some((r) => (r.dir ? !files.relative(r.abs, f).startsWith('..') : r.abs === f))) continue;
      const keys = files.frontmatterKeys(f);
      if (!keys || !keys.includes('description') || !SPEC_KEYS.some((k) => keys.includes(k))) continue;
      unreached.push(files.relative(pluginRoot, f));
    }
  }
  if (unreached.length === 0) return;
  const listed = prop(root, 'agents') ?? prop(root, 'commands');
  const range = listed ? listed.keyRange : opening(root);
  for (const rel of unreached.slice(0, MAX_UNREACHED)) {
    ctx.report({ messageId: /(?:^|\/)SKILL\.md$/i.test(rel) ? 'unreached-skill' : 'unreached', data: { path: rel }, severity: 'warn', range });
  }
  if (unreached.length > MAX_UNREACHED) {
    ctx.report({ messageId: 'unreached-more', data: { count: unreached.length - MAX_UNREACHED }, severity: 'warn', range });
  }
}

export default defineRule({
  meta: {
    id: 'plugin-manifest',
    description: 'A plugin\'s .claude-plugin/plugin.json parses, names the plugin in kebab-case, and its component paths lead to what they declare.',
    severity: 'error',
    fixable: true,
    standard: false,
    kinds: ['plugin-manifest'],
    messages: {
      ...JSON_FILE_MESSAGES,
      ...COMPONENT_PATH_MESSAGES,
      'name-missing': {
        message: 'plugin.json has no "name"',
        help: 'Claude Code requires the plugin\'s name, in kebab-case: "name": "code-review".',
      },
      'name-type': typeError('plugin "name"', 'a kebab-case string: "name": "code-review"'),
      'name-case': {
        message: 'plugin name {{name}} is not kebab-case',
        help: 'Use lowercase letters, digits and single hyphens, e.g. "code-review".',
      },
      'version-type': typeError('plugin "version"', 'a semantic version string such as "1.2.0"'),
      'version-semver': {
        message: 'plugin version {{version}} is not a semantic version',
        help: 'Write MAJOR.MINOR.PATCH, such as "1.2.0" (a pre-release: "2.0.0-beta.1").',
      },
      'author-string': {
        message: 'plugin "author" is a string',
        help: 'Claude Code expects an object: "author": {"name": {{name}}}.',
      },
      'author-type': typeError('plugin "author"', 'an object with a "name": "author": {"name": "Jane Doe"}'),
      'author-name': {
        message: 'plugin "author" has no "name"',
        help: 'Claude Code shows the author\'s name: "author": {"name": "Jane Doe"}.',
      },
      unreached: {
        message: 'spec "./{{path}}" is reached by no path of this plugin',
        help: 'Claude Code does not load it. List it in "agents" or "commands", or move it into agents/ or commands/.',
      },
      'unreached-skill': {
        message: 'spec "./{{path}}" is reached by no path of this plugin',
        help: 'Claude Code does not load it. List its folder in "skills", or move it into skills/.',
      },
      'unreached-more': {
        message: '{{count}} more specs in this plugin are reached by no path',
        help: 'List them in "agents" or "commands", or move them into agents/ or commands/.',
      },
    },
  },
  check(ctx) {
    const root = rootObject(ctx, 'plugin.json');
    if (!root) return;
    checkName(ctx, root);
    checkVersion(ctx, root);
    checkAuthor(ctx, root);
    const files = ctx.project.files;
    const pluginRoot = files ? files.dirname(files.dirname(ctx.doc.filePath)) : null;
    const reached = checkComponents(ctx, root, pluginRoot);
    if (files && pluginRoot !== null) checkUnreached(ctx, root, pluginRoot, reached);
  },
});
