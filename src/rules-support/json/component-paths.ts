/**
 * Checking the component paths of a plugin manifest, or of a marketplace entry that declares its
 * plugin's components: relative, with ./, inside the plugin, existing, of the right type.
 * Shared by plugin-manifest and marketplace-manifest (the same fields, the same rules).
 */
import type { RuleContext } from '../../engine/rule.js';
import type { JsonNode, JsonObject, JsonString } from '../../model/json/ast.js';
import { describe, inner, prop } from './file.js';
import { COMPONENT_FIELDS, pathShapeProblem, type ComponentField } from './plugin-components.js';

export { DEFAULT_SPEC_DIRS } from './plugin-components.js';

type Ctx = Pick<RuleContext, 'doc' | 'project' | 'report'>;

/** What a path reaches: a file or a folder (absolute). */
export interface Reached {
  abs: string;
  dir: boolean;
}

const KIND_WORD: Record<string, string> = { agents: 'agent', commands: 'command' };

/** Checks one component path; returns what it reaches (null when it reaches nothing). */
function checkPath(ctx: Ctx, field: ComponentField, node: JsonString, pluginRoot: string | null): Reached | null {
  const v = node.value;
  const key = `"${field.key}"`;
  const shape = pathShapeProblem(v);
  if (shape === 'empty') {
    ctx.report({ message: `${key} holds an empty path`, messageId: 'path-empty', help: `Write a path from the plugin root such as "${field.example}", or remove the entry.`, range: node.range });
    return null;
  }
  if (shape === 'absolute') {
    ctx.report({ message: `${key} path ${JSON.stringify(v)} is absolute`, messageId: 'path-absolute', help: `Component paths are relative to the plugin root and start with ./, such as "${field.example}".`, range: node.range });
    return null;
  }
  if (shape === 'outside') {
    ctx.report({ message: `${key} path ${JSON.stringify(v)} leads outside the plugin`, messageId: 'path-outside', help: 'An installed plugin is copied without what lies outside its folder: move the files into the plugin.', range: node.range });
    return null;
  }
  const files = ctx.project.files;
  if (!files || pluginRoot === null) {
    if (shape === 'no-dot-slash') ctx.report({ message: `${key} path ${JSON.stringify(v)} does not start with ./`, messageId: 'path-dot-slash', help: `Write it as "./${v}".`, range: node.range });
    return null;
  }
  const abs = files.resolve(pluginRoot, v);
  const st = files.stat(abs);
  if (st === null) {
    const what = KIND_WORD[field.key] && /\.md$/i.test(v) ? `${KIND_WORD[field.key]} file ${JSON.stringify(v)} listed in ${key}` : `${key} path ${JSON.stringify(v)}`;
    ctx.report({ message: `${what} does not exist`, messageId: 'path-missing', help: 'Paths are relative to the plugin root (the folder holding .claude-plugin/): fix the path or add the file.', range: node.range });
    return null;
  }
  if (shape === 'no-dot-slash') {
    // The path exists: writing it with ./ is what Claude Code asks, and changes nothing else.
    const at = inner(node).start;
    ctx.report({ message: `${key} path ${JSON.stringify(v)} does not start with ./`, messageId: 'path-dot-slash', help: `Write it as "./${v}".`, range: node.range, fix: { range: [at, at], text: './' } });
  }
  let wrong: [string, string] | null = null;
  if (field.target === 'markdown-or-dir' && st === 'file' && !/\.md$/i.test(v)) wrong = ['is not a markdown file', 'Expected a .md file or a folder of them.'];
  else if (field.target === 'dir' && st === 'file') wrong = ['is a file', 'Expected a folder of skills, each <name>/SKILL.md.'];
  else if (field.target === 'json-file' && st === 'dir') wrong = ['is a folder', `Expected a JSON file, such as "${field.example}".`];
  if (wrong) {
    ctx.report({ message: `${key} path ${JSON.stringify(v)} ${wrong[0]}`, messageId: 'path-type', help: wrong[1], range: node.range });
    return null;
  }
  return { abs, dir: st === 'dir' };
}

/** Checks every component path of a manifest (or marketplace entry); returns what they reach. */
export function checkComponents(ctx: Ctx, root: JsonObject, pluginRoot: string | null): Reached[] {
  const reached: Reached[] = [];
  for (const field of COMPONENT_FIELDS) {
    const p = prop(root, field.key);
    if (!p) continue;
    const items: JsonNode[] = p.value.type === 'array' ? p.value.items : [p.value];
    for (const n of items) {
      if (n.type === 'object' && field.inline) continue; // inline configuration: hooks-config, mcp-config
      if (n.type !== 'string') {
        ctx.report({ message: `"${field.key}" holds ${describe(n)}`, messageId: 'path-type', help: `Expected a path such as "${field.example}"${field.inline ? ', or the configuration as an object' : ''}.`, range: n.range });
        continue;
      }
      const r = checkPath(ctx, field, n, pluginRoot);
      if (r) reached.push(r);
    }
  }
  return reached;
}

