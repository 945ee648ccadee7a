import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonNode, JsonObject, JsonString } from '../src/model/json/ast.js';
import { closest } from '../src/util/suggest.js';
import { inner, JSON_FILE_MESSAGES, opening, prop, rootObject } from '../src/rules-support/json/file.js';
import { COMPONENT_FIELDS, pathShapeProblem } from '../src/rules-support/json/plugin-components.js';
import { checkComponents, COMPONENT_PATH_MESSAGES } from '../src/rules-support/json/component-paths.js';
import { expectType, reportTypeError, typeError } from '../src/rules-support/json/type-errors.js';
import type { Fix } from '../src/types.js';

const REQUIRED = ['name', 'owner', 'plugins'];
/** The object forms of a plugin source, with the key each needs (Claude Code's marketplace reference). */
const SOURCE_KINDS: Record<string, string | null> = { github: 'repo', url: 'url', git: 'url', 'git-subdir': 'repo', npm: 'package', pip: 'package', settings: null };
/** Keys that stand for the one a kind needs: a git-subdir source names its repository by `url` as often as by `repo` (wshobson/agents). */
const ALSO: Record<string, string[]> = { 'git-subdir': ['url'] };
/** What a folder holds when it holds a plugin: a manifest, or a default component folder or file. */
const PLUGIN_MARKS = ['.claude-plugin/plugin.json', 'agents', 'commands', 'skills', 'hooks/hooks.json', '.mcp.json'];

type Ctx = RuleContext;

function joinList(words: string[], conj = 'or'): string {
  const q = words.map((w) => `"${w}"`);
  return q.length === 1 ? q[0]! : `${q.slice(0, -1).join(', ')} ${conj} ${q[q.length - 1]}`;
}

function checkTop(ctx: Ctx, root: JsonObject): void {
  const missing = REQUIRED.filter((k) => !prop(root, k));
  if (missing.length) {
    ctx.report({ messageId: 'missing', data: { fields: joinList(missing) }, range: opening(root) });
  }
  const name = prop(root, 'name');
  if (name) expectType(ctx, name.value, 'string', 'name-type');
  const owner = prop(root, 'owner');
  if (owner && expectType(ctx, owner.value, 'object', 'owner-type') && !prop(owner.value, 'name')) ctx.report({ messageId: 'owner-name', range: opening(owner.value) });
}

/** The folder bare source names are resolved in (`metadata.pluginRoot`), if the marketplace sets one. */
function pluginRootOf(root: JsonObject): string | null {
  const meta = prop(root, 'metadata');
  const pr = meta && meta.value.type === 'object' ? prop(meta.value, 'pluginRoot') : undefined;
  return pr && pr.value.type === 'string' ? pr.value.value : null;
}

function declaresComponents(entry: JsonObject): boolean {
  return COMPONENT_FIELDS.some((f) => prop(entry, f.key));
}

function checkRelativeSource(ctx: Ctx, entry: JsonObject, node: JsonString, base: string | null, pluginRoot: string | null): void {
  const v = node.value;
  const explicit = v.startsWith('./') || v.startsWith('../');
  const rel = explicit || pluginRoot === null ? v : `${pluginRoot.replace(/\/+$/, '')}/${v}`;
  const shape = pathShapeProblem(explicit || pluginRoot === null ? v : `./${rel.replace(/^\.\//, '')}`);
  const data = { source: JSON.stringify(v), value: v };
  const report = (messageId: string, fix?: Fix) => ctx.report({ messageId, data, range: node.range, fix });
  if (shape === 'empty' || shape === 'absolute' || shape === 'outside') {
    report(shape === 'empty' ? 'source-blank' : `source-${shape}`);
    return;
  }
  const files = ctx.project.files;
  if (!files || base === null) {
    if (shape === 'no-dot-slash') report('source-dot-slash');
    return;
  }
  const abs = files.resolve(base, rel);
  const st = files.stat(abs);
  if (st === null) {
    report('source-missing');
    return;
  }
  if (shape === 'no-dot-slash') {
    const at = inner(node).start;
    report('source-dot-slash', { range: [at, at], text: './' });
  }
  if (st === 'file') {
    report('source-type');
    return;
  }
  // Components the entry declares are paths from the plugin's folder, as in its plugin.json.
  if (declaresComponents(entry)) checkComponents(ctx, entry, abs);
  else if (!PLUGIN_MARKS.some((m) => files.stat(files.resolve(abs, m)) !== null)) {
    report('source-empty');
  }
}

function checkObjectSource(ctx: Ctx, node: JsonObject): void {
  const kind = prop(node, 'source');
  if (!kind) {
    ctx.report({ messageId: 'kind-missing', data: { kinds: joinList(Object.keys(SOURCE_KINDS)) }, range: opening(node) });
    return;
  }
  if (!expectType(ctx, kind.value, 'string', 'kind-type', { kinds: joinList(Object.keys(SOURCE_KINDS)) })) return;
  const k = kind.value.value;
  if (!(k in SOURCE_KINDS)) {
    const near = closest(k, Object.keys(SOURCE_KINDS));
    ctx.report({ messageId: 'kind-unknown', data: { kind: JSON.stringify(k), near: near ? `Did you mean "${near}"? ` : '', kinds: joinList(Object.keys(SOURCE_KINDS)) }, range: kind.value.range });
    return;
  }
  const needs = SOURCE_KINDS[k];
  if (needs && !prop(node, needs) && !(ALSO[k] ?? []).some((a) => prop(node, a))) {
    const example = needs === 'repo' ? '"owner/repo"' : needs === 'url' ? '"https://example.com/plugin.git"' : "the package's name";
    ctx.report({ messageId: 'kind-needs', data: { kind: k, needs, example }, range: opening(node) });
  }
}

function checkPlugins(ctx: Ctx, root: JsonObject): void {
  const p = prop(root, 'plugins');
  if (!p) return;
  if (!expectType(ctx, p.value, 'array', 'plugins-type')) return;
  const files = ctx.project.files;
  const base = files ? files.dirname(files.dirname(ctx.doc.filePath)) : null;
  const pluginRoot = pluginRootOf(root);
  const seen = new Map<string, JsonNode>();
  for (const entry of p.value.items) {
    if (!expectType(ctx, entry, 'object', 'entry-type')) continue;
    const name = prop(entry, 'name');
    const source = prop(entry, 'source');
    const missing = [name ? null : 'name', source ? null : 'source'].filter((x): x is string => x !== null);
    if (missing.length) ctx.report({ messageId: 'entry-missing', data: { fields: joinList(missing) }, range: opening(entry) });
    if (name && expectType(ctx, name.value, 'string', 'plugin-name-type')) {
      const first = seen.get(name.value.value);
      if (first) {
        const line = ctx.doc.lines.lineOf(first.range.start) + 1;
        ctx.report({ messageId: 'duplicate', data: { name: JSON.stringify(name.value.value), line }, range: name.value.range });
      } else seen.set(name.value.value, name.value);
    }
    if (!source) continue;
    if (source.value.type === 'string') checkRelativeSource(ctx, entry, source.value, base, pluginRoot);
    else if (source.value.type === 'object') checkObjectSource(ctx, source.value);
    else reportTypeError(ctx, 'source-value-type', source.value);
  }
}

export default defineRule({
  meta: {
    id: 'marketplace-manifest',
    description: 'A marketplace\'s .claude-plugin/marketplace.json parses, has a name, an owner and plugins, and every plugin has a unique name and a source that holds a plugin.',
    severity: 'error',
    fixable: true,
    standard: false,
    kinds: ['marketplace-manifest'],
    messages: {
      ...JSON_FILE_MESSAGES,
      ...COMPONENT_PATH_MESSAGES,
      missing: {
        message: 'marketplace.json has no {{fields}}',
        help: 'Claude Code needs the marketplace\'s "name", its "owner" ({"name": ...}) and its "plugins" (an array).',
      },
      'name-type': typeError('marketplace "name"', 'a string, such as "team-plugins"'),
      'owner-type': typeError('marketplace "owner"', 'an object with a "name": "owner": {"name": "Team"}'),
      'owner-name': {
        message: 'marketplace "owner" has no "name"',
        help: 'Claude Code shows the owner\'s name: "owner": {"name": "Team"}.',
      },
      'plugins-type': typeError('marketplace "plugins"', 'an array of plugin entries, each {"name": ..., "source": ...}'),
      'entry-type': typeError('plugin entry', 'an object with "name" and "source"'),
      'entry-missing': {
        message: 'plugin entry has no {{fields}}',
        help: 'Each plugin needs a "name" and a "source": {"name": "review", "source": "./plugins/review"}.',
      },
      'plugin-name-type': typeError('plugin "name"', 'a string, such as "code-review"'),
      duplicate: {
        message: 'plugin name {{name}} is listed twice',
        help: 'First on line {{line}}. Claude Code installs plugins by name: rename or remove one.',
      },
      'source-blank': {
        message: 'plugin "source" is empty',
        help: 'Write the plugin\'s folder as "./plugins/name", or a source object.',
      },
      'source-absolute': {
        message: 'plugin source {{source}} is absolute',
        help: 'A relative source starts with ./; for a plugin elsewhere use an object, e.g. {"source": "github", "repo": "owner/repo"}.',
      },
      'source-outside': {
        message: 'plugin source {{source}} leads outside the marketplace',
        help: 'Relative sources stay inside the marketplace\'s folder; for a plugin elsewhere use a source object.',
      },
      'source-dot-slash': {
        message: 'plugin source {{source}} does not start with ./',
        help: 'Write it as "./{{value}}".',
      },
      'source-missing': {
        message: 'plugin source {{source}} does not exist',
        help: 'Relative sources are resolved from the folder holding .claude-plugin/: fix the path or add the plugin.',
      },
      'source-type': {
        message: 'plugin source {{source}} is a file',
        help: 'Expected the plugin\'s folder (the one holding .claude-plugin/plugin.json).',
      },
      'source-empty': {
        message: 'plugin source {{source}} holds no plugin',
        help: 'Expected .claude-plugin/plugin.json, an agents/, commands/ or skills/ folder, or components declared by the entry.',
      },
      'kind-missing': {
        message: 'plugin source object has no "source" kind',
        help: 'Name its kind: {{kinds}}.',
      },
      'kind-type': typeError('plugin source kind', '{{kinds}}'),
      'kind-unknown': {
        message: 'unknown plugin source kind {{kind}}',
        help: '{{near}}Claude Code knows {{kinds}}.',
      },
      'kind-needs': {
        message: 'a "{{kind}}" plugin source needs "{{needs}}"',
        help: 'Add "{{needs}}": {{example}}.',
      },
      'source-value-type': typeError('plugin "source"', 'a relative path ("./plugins/x") or a source object'),
    },
  },
  check(ctx) {
    const root = rootObject(ctx, 'marketplace.json');
    if (!root) return;
    checkTop(ctx, root);
    checkPlugins(ctx, root);
  },
});
