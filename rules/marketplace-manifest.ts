import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonNode, JsonObject, JsonString } from '../src/model/json/ast.js';
import { closest } from '../src/util/suggest.js';
import { describe, inner, opening, prop, rootObject } from '../src/rules-support/json/file.js';
import { COMPONENT_FIELDS, pathShapeProblem } from '../src/rules-support/json/plugin-components.js';
import { checkComponents } from '../src/rules-support/json/component-paths.js';

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
    ctx.report({ message: `marketplace.json has no ${joinList(missing)}`, messageId: 'missing', help: 'Claude Code needs the marketplace\'s "name", its "owner" ({"name": ...}) and its "plugins" (an array).', range: opening(root) });
  }
  const name = prop(root, 'name');
  if (name && name.value.type !== 'string') ctx.report({ message: `marketplace "name" is ${describe(name.value)}`, messageId: 'type', help: 'Expected a string, such as "team-plugins".', range: name.value.range });
  const owner = prop(root, 'owner');
  if (owner && owner.value.type !== 'object') ctx.report({ message: `marketplace "owner" is ${describe(owner.value)}`, messageId: 'type', help: 'Expected an object with a "name": "owner": {"name": "Team"}.', range: owner.value.range });
  else if (owner && owner.value.type === 'object' && !prop(owner.value, 'name')) ctx.report({ message: 'marketplace "owner" has no "name"', messageId: 'missing', help: 'Claude Code shows the owner\'s name: "owner": {"name": "Team"}.', range: opening(owner.value) });
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
  if (shape === 'empty') {
    ctx.report({ message: 'plugin "source" is empty', messageId: 'source', help: 'Write the plugin\'s folder as "./plugins/name", or a source object.', range: node.range });
    return;
  }
  if (shape === 'absolute') {
    ctx.report({ message: `plugin source ${JSON.stringify(v)} is absolute`, messageId: 'source', help: 'A relative source starts with ./; for a plugin elsewhere use an object, e.g. {"source": "github", "repo": "owner/repo"}.', range: node.range });
    return;
  }
  if (shape === 'outside') {
    ctx.report({ message: `plugin source ${JSON.stringify(v)} leads outside the marketplace`, messageId: 'source', help: 'Relative sources stay inside the marketplace\'s folder; for a plugin elsewhere use a source object.', range: node.range });
    return;
  }
  const files = ctx.project.files;
  if (!files || base === null) {
    if (shape === 'no-dot-slash') ctx.report({ message: `plugin source ${JSON.stringify(v)} does not start with ./`, messageId: 'source', help: `Write it as "./${v}".`, range: node.range });
    return;
  }
  const abs = files.resolve(base, rel);
  const st = files.stat(abs);
  if (st === null) {
    ctx.report({ message: `plugin source ${JSON.stringify(v)} does not exist`, messageId: 'source-missing', help: 'Relative sources are resolved from the folder holding .claude-plugin/: fix the path or add the plugin.', range: node.range });
    return;
  }
  if (shape === 'no-dot-slash') {
    const at = inner(node).start;
    ctx.report({ message: `plugin source ${JSON.stringify(v)} does not start with ./`, messageId: 'source', help: `Write it as "./${v}".`, range: node.range, fix: { range: [at, at], text: './' } });
  }
  if (st === 'file') {
    ctx.report({ message: `plugin source ${JSON.stringify(v)} is a file`, messageId: 'source-type', help: 'Expected the plugin\'s folder (the one holding .claude-plugin/plugin.json).', range: node.range });
    return;
  }
  // Components the entry declares are paths from the plugin's folder, as in its plugin.json.
  if (declaresComponents(entry)) checkComponents(ctx, entry, abs);
  else if (!PLUGIN_MARKS.some((m) => files.stat(files.resolve(abs, m)) !== null)) {
    ctx.report({
      message: `plugin source ${JSON.stringify(v)} holds no plugin`,
      help: 'Expected .claude-plugin/plugin.json, an agents/, commands/ or skills/ folder, or components declared by the entry.',
      messageId: 'source-empty',
      range: node.range,
    });
  }
}

function checkObjectSource(ctx: Ctx, node: JsonObject): void {
  const kind = prop(node, 'source');
  if (!kind) {
    ctx.report({ message: 'plugin source object has no "source" kind', messageId: 'source', help: `Name its kind: ${joinList(Object.keys(SOURCE_KINDS))}.`, range: opening(node) });
    return;
  }
  if (kind.value.type !== 'string') {
    ctx.report({ message: `plugin source kind is ${describe(kind.value)}`, messageId: 'source', help: `Expected ${joinList(Object.keys(SOURCE_KINDS))}.`, range: kind.value.range });
    return;
  }
  const k = kind.value.value;
  if (!(k in SOURCE_KINDS)) {
    const near = closest(k, Object.keys(SOURCE_KINDS));
    ctx.report({ message: `unknown plugin source kind ${JSON.stringify(k)}`, messageId: 'source', help: `${near ? `Did you mean "${near}"? ` : ''}Claude Code knows ${joinList(Object.keys(SOURCE_KINDS))}.`, range: kind.value.range });
    return;
  }
  const needs = SOURCE_KINDS[k];
  if (needs && !prop(node, needs) && !(ALSO[k] ?? []).some((a) => prop(node, a))) ctx.report({ message: `a "${k}" plugin source needs "${needs}"`, messageId: 'source', help: needs === 'repo' ? 'Add "repo": "owner/repo".' : needs === 'url' ? 'Add "url": "https://example.com/plugin.git".' : 'Add "package": the package\'s name.', range: opening(node) });
}

function checkPlugins(ctx: Ctx, root: JsonObject): void {
  const p = prop(root, 'plugins');
  if (!p) return;
  if (p.value.type !== 'array') {
    ctx.report({ message: `marketplace "plugins" is ${describe(p.value)}`, messageId: 'type', help: 'Expected an array of plugin entries, each {"name": ..., "source": ...}.', range: p.value.range });
    return;
  }
  const files = ctx.project.files;
  const base = files ? files.dirname(files.dirname(ctx.doc.filePath)) : null;
  const pluginRoot = pluginRootOf(root);
  const seen = new Map<string, JsonNode>();
  for (const entry of p.value.items) {
    if (entry.type !== 'object') {
      ctx.report({ message: `plugin entry is ${describe(entry)}`, messageId: 'type', help: 'Expected an object with "name" and "source".', range: entry.range });
      continue;
    }
    const name = prop(entry, 'name');
    const source = prop(entry, 'source');
    const missing = [name ? null : 'name', source ? null : 'source'].filter((x): x is string => x !== null);
    if (missing.length) ctx.report({ message: `plugin entry has no ${joinList(missing)}`, messageId: 'entry-missing', help: 'Each plugin needs a "name" and a "source": {"name": "review", "source": "./plugins/review"}.', range: opening(entry) });
    if (name && name.value.type !== 'string') ctx.report({ message: `plugin "name" is ${describe(name.value)}`, messageId: 'type', help: 'Expected a string, such as "code-review".', range: name.value.range });
    else if (name && name.value.type === 'string') {
      const first = seen.get(name.value.value);
      if (first) {
        const line = ctx.doc.lines.lineOf(first.range.start) + 1;
        ctx.report({ message: `plugin name ${JSON.stringify(name.value.value)} is listed twice`, messageId: 'duplicate', help: `First on line ${line}. Claude Code installs plugins by name: rename or remove one.`, range: name.value.range });
      } else seen.set(name.value.value, name.value);
    }
    if (!source) continue;
    if (source.value.type === 'string') checkRelativeSource(ctx, entry, source.value, base, pluginRoot);
    else if (source.value.type === 'object') checkObjectSource(ctx, source.value);
    else ctx.report({ message: `plugin "source" is ${describe(source.value)}`, messageId: 'source', help: 'Expected a relative path ("./plugins/x") or a source object.', range: source.value.range });
  }
}

export default defineRule({
  meta: {
    id: 'marketplace-manifest',
    description: 'A marketplace\'s .claude-plugin/marketplace.json parses, has a name, an owner and plugins, and every plugin has a unique name and a source that holds a plugin.',
    details:
      'Claude Code refuses a marketplace whose file is not valid JSON or lacks name, owner or plugins, and fails to install a plugin whose relative source leads nowhere. $schema, description and metadata are allowed.',
    severity: 'error',
    fixable: true,
    standard: false,
    kinds: ['marketplace-manifest'],
  },
  check(ctx) {
    const root = rootObject(ctx, 'marketplace.json');
    if (!root) return;
    checkTop(ctx, root);
    checkPlugins(ctx, root);
  },
});
