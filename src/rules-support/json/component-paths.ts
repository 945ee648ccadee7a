/**
 * Checking the component paths of a plugin manifest, or of a marketplace entry that declares its
 * plugin's components: relative, with ./, inside the plugin, existing, of the right type.
 * Shared by plugin-manifest and marketplace-manifest (the same fields, the same rules).
 */
import type { RuleContext } from '../../engine/rule.js';
import type { JsonNode, JsonObject, JsonString } from '../../model/json/ast.js';
import type { Fix } from '../../types.js';
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

const MISSING_HELP = 'Paths are relative to the plugin root (the folder holding .claude-plugin/): fix the path or add the file.';

/** The findings of checkComponents: a rule that calls it lists these among its messages. */
export const COMPONENT_PATH_MESSAGES = {
  'path-empty': {
    message: '{{key}} holds an empty path',
    help: 'Write a path from the plugin root such as "{{example}}", or remove the entry.',
  },
  'path-absolute': {
    message: '{{key}} path {{path}} is absolute',
    help: 'Component paths are relative to the plugin root and start with ./, such as "{{example}}".',
  },
  'path-outside': {
    message: '{{key}} path {{path}} leads outside the plugin',
    help: 'An installed plugin is copied without what lies outside its folder: move the files into the plugin.',
  },
  'path-dot-slash': { message: '{{key}} path {{path}} does not start with ./', help: 'Write it as "./{{value}}".' },
  'path-missing': { message: '{{key}} path {{path}} does not exist', help: MISSING_HELP },
  'file-missing': { message: '{{kind}} file {{path}} listed in {{key}} does not exist', help: MISSING_HELP },
  'path-not-markdown': { message: '{{key}} path {{path}} is not a markdown file', help: 'Expected a .md file or a folder of them.' },
  'path-not-folder': { message: '{{key}} path {{path}} is a file', help: 'Expected a folder of skills, each <name>/SKILL.md.' },
  'path-not-file': { message: '{{key}} path {{path}} is a folder', help: 'Expected a JSON file, such as "{{example}}".' },
  'path-type': { message: '{{key}} holds {{value}}', help: 'Expected a path such as "{{example}}"{{inline}}.' },
};

/** Checks one component path; returns what it reaches (null when it reaches nothing). */
function checkPath(ctx: Ctx, field: ComponentField, node: JsonString, pluginRoot: string | null): Reached | null {
  const v = node.value;
  const data = { key: `"${field.key}"`, path: JSON.stringify(v), value: v, example: field.example };
  const report = (messageId: keyof typeof COMPONENT_PATH_MESSAGES, fix?: Fix) => ctx.report({ messageId, data, range: node.range, fix });
  const shape = pathShapeProblem(v);
  if (shape === 'empty' || shape === 'absolute' || shape === 'outside') {
    report(`path-${shape}`);
    return null;
  }
  const files = ctx.project.files;
  if (!files || pluginRoot === null) {
    if (shape === 'no-dot-slash') report('path-dot-slash');
    return null;
  }
  const abs = files.resolve(pluginRoot, v);
  const st = files.stat(abs);
  if (st === null) {
    const kind = KIND_WORD[field.key];
    if (kind && /\.md$/i.test(v)) ctx.report({ messageId: 'file-missing', data: { ...data, kind }, range: node.range });
    else report('path-missing');
    return null;
  }
  if (shape === 'no-dot-slash') {
    // The path exists: writing it with ./ is what Claude Code asks, and changes nothing else.
    const at = inner(node).start;
    report('path-dot-slash', { range: [at, at], text: './' });
  }
  const wrong =
    field.target === 'markdown-or-dir' && st === 'file' && !/\.md$/i.test(v)
      ? 'path-not-markdown'
      : field.target === 'dir' && st === 'file'
        ? 'path-not-folder'
        : field.target === 'json-file' && st === 'dir'
          ? 'path-not-file'
          : null;
  if (wrong) {
    report(wrong);
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
        const data = { key: `"${field.key}"`, value: describe(n), example: field.example, inline: field.inline ? ', or the configuration as an object' : '' };
        ctx.report({ messageId: 'path-type', data, range: n.range });
        continue;
      }
      const r = checkPath(ctx, field, n, pluginRoot);
      if (r) reached.push(r);
    }
  }
  return reached;
}

