import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonNode, JsonObject, JsonString } from '../src/model/json/ast.js';
import { HOOK_EVENTS, HOOK_TYPES } from '../src/standard/claude-code-config.js';
import { closest } from '../src/util/suggest.js';
import { describe, opening, prop, rootObject, valueRange } from '../src/rules-support/json/file.js';

const EVENTS = new Set(HOOK_EVENTS);
const TYPE_NAMES = Object.keys(HOOK_TYPES);
/** `${CLAUDE_PLUGIN_ROOT}/path` (or `$CLAUDE_PLUGIN_ROOT/path`), and the same with CLAUDE_PROJECT_DIR. */
const ROOT_PATH = /\$\{?(CLAUDE_PLUGIN_ROOT|CLAUDE_PROJECT_DIR)\}?"?\/([^\s"'`;|&()<>$*?]+)/g;

type Ctx = RuleContext;

interface Where {
  /** The folder `${CLAUDE_PLUGIN_ROOT}` (in a plugin) or `$CLAUDE_PROJECT_DIR` (in settings) stands for. */
  rootVar: 'CLAUDE_PLUGIN_ROOT' | 'CLAUDE_PROJECT_DIR';
  rootDir: string | null;
}

function typeList(): string {
  return TYPE_NAMES.map((t) => `"${t}"`).join(', ');
}

function checkTimeout(ctx: Ctx, hook: JsonObject): void {
  const t = prop(hook, 'timeout');
  if (!t) return;
  const v = t.value;
  if (v.type === 'number') {
    if (!(v.value > 0)) ctx.report({ message: `hook "timeout" is ${v.value}; expected a positive number of seconds`, messageId: 'timeout', range: v.range });
    return;
  }
  if (v.type === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(v.value) && Number(v.value) > 0) {
    // A number written as a string: the same number, unquoted.
    ctx.report({ message: `hook "timeout" is the string ${JSON.stringify(v.value)}; expected a number of seconds`, messageId: 'timeout', range: v.range, fix: { range: [v.range.start, v.range.end], text: String(Number(v.value)) } });
    return;
  }
  ctx.report({ message: `hook "timeout" is ${describe(v)}; expected a positive number of seconds`, messageId: 'timeout', range: v.range });
}

function checkRootPaths(ctx: Ctx, node: JsonString, where: Where): void {
  const files = ctx.project.files;
  if (!files || where.rootDir === null || !node.value.includes('$')) return;
  for (const m of node.value.matchAll(ROOT_PATH)) {
    if (m[1] !== where.rootVar) continue;
    const rel = m[2]!.replace(/[.,:]+$/, '');
    if (rel.split('/').includes('..')) continue;
    if (files.stat(files.resolve(where.rootDir, rel)) !== null) continue;
    const place = where.rootVar === 'CLAUDE_PLUGIN_ROOT' ? 'the plugin' : 'the project';
    ctx.report({ message: `hook command runs \${${m[1]}}/${rel}, which does not exist in ${place}`, messageId: 'missing-path', range: valueRange(ctx.doc, node, m.index, m[0].length) });
  }
}

function checkHook(ctx: Ctx, hook: JsonNode, where: Where): void {
  if (hook.type !== 'object') {
    ctx.report({ message: `a hook is ${describe(hook)}; expected an object with a "type" (${typeList()})`, messageId: 'hook', range: hook.range });
    return;
  }
  const type = prop(hook, 'type');
  if (!type) {
    ctx.report({ message: `hook has no "type"; expected one of ${typeList()}`, messageId: 'type', range: opening(hook) });
  } else if (type.value.type !== 'string') {
    ctx.report({ message: `hook "type" is ${describe(type.value)}; expected one of ${typeList()}`, messageId: 'type', range: type.value.range });
  } else if (!(type.value.value in HOOK_TYPES)) {
    const near = closest(type.value.value, TYPE_NAMES);
    ctx.report({ message: `hook type ${JSON.stringify(type.value.value)} is not one Claude Code runs${near ? `; did you mean "${near}"?` : `; expected one of ${typeList()}`}`, messageId: 'type', range: type.value.range });
  } else {
    for (const field of HOOK_TYPES[type.value.value]!) {
      const f = prop(hook, field);
      if (!f) ctx.report({ message: `a "${type.value.value}" hook needs "${field}"`, messageId: 'needs', range: opening(hook) });
      else if (f.value.type !== 'string' || f.value.value.trim() === '') ctx.report({ message: `hook "${field}" is ${f.value.type === 'string' ? 'empty' : describe(f.value)}; expected a non-empty string`, messageId: 'needs', range: f.value.range });
      else if (field === 'command') checkRootPaths(ctx, f.value, where);
    }
  }
  checkTimeout(ctx, hook);
}

function checkMatcher(ctx: Ctx, group: JsonObject): void {
  const m = prop(group, 'matcher');
  if (!m) return;
  if (m.value.type !== 'string') {
    ctx.report({ message: `"matcher" is ${describe(m.value)}; expected a string (a tool name, "Edit|Write", or a regular expression)`, messageId: 'matcher', range: m.value.range });
    return;
  }
  const src = m.value.value;
  if (src === '' || src === '*') return;
  try {
    new RegExp(src);
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^Invalid regular expression: /, '') : String(e);
    ctx.report({ message: `matcher ${JSON.stringify(src)} is not a valid regular expression: ${why}`, messageId: 'matcher', range: m.value.range });
  }
}

function checkEvents(ctx: Ctx, hooks: JsonObject, where: Where): void {
  for (const ev of hooks.properties) {
    if (!EVENTS.has(ev.key)) {
      const near = closest(ev.key, HOOK_EVENTS);
      ctx.report({ message: `unknown hook event ${JSON.stringify(ev.key)}${near ? `; did you mean "${near}"?` : '; Claude Code never fires it'}`, messageId: 'event', range: ev.keyRange });
      continue;
    }
    if (ev.value.type !== 'array') {
      ctx.report({ message: `"${ev.key}" is ${describe(ev.value)}; expected an array of matcher groups ({"matcher": ..., "hooks": [...]})`, messageId: 'shape', range: ev.value.range });
      continue;
    }
    for (const group of ev.value.items) {
      if (group.type !== 'object') {
        ctx.report({ message: `a "${ev.key}" entry is ${describe(group)}; expected a matcher group ({"matcher": ..., "hooks": [...]})`, messageId: 'shape', range: group.range });
        continue;
      }
      checkMatcher(ctx, group);
      const list = prop(group, 'hooks');
      if (!list) {
        const flat = prop(group, 'type') || prop(group, 'command');
        ctx.report({ message: flat ? `a "${ev.key}" entry is a hook, not a matcher group: wrap it as {"hooks": [...]}` : `a "${ev.key}" matcher group has no "hooks"`, messageId: 'shape', range: opening(group) });
        continue;
      }
      if (list.value.type !== 'array') {
        ctx.report({ message: `"hooks" of a "${ev.key}" matcher group is ${describe(list.value)}; expected an array of hooks`, messageId: 'shape', range: list.value.range });
        continue;
      }
      for (const hook of list.value.items) checkHook(ctx, hook, where);
    }
  }
}

export default defineRule({
  meta: {
    id: 'hooks-config',
    description: 'Hooks (a plugin\'s hooks/hooks.json, the hooks of .claude/settings.json) name Claude Code\'s events, valid matchers, and hooks of a known type with what the type needs.',
    details:
      'Claude Code ignores a hook under a misspelt event, a matcher that is not a valid regular expression never matches, and a hook without its type\'s field does nothing; a command that runs a script missing from the plugin fails on every event.',
    severity: 'error',
    fixable: true,
    standard: false,
    kinds: ['hooks-config', 'settings', 'plugin-manifest'],
  },
  check(ctx) {
    const { doc } = ctx;
    // plugin.json's parse errors are plugin-manifest's to report.
    const root = rootObject(ctx, doc.kind === 'plugin-manifest' ? undefined : doc.kind === 'settings' ? doc.relPath.split('/').pop() : 'hooks.json');
    if (!root) return;
    const files = ctx.project.files;
    const where: Where =
      doc.kind === 'settings'
        ? { rootVar: 'CLAUDE_PROJECT_DIR', rootDir: files ? files.dirname(files.dirname(doc.filePath)) : null }
        : { rootVar: 'CLAUDE_PLUGIN_ROOT', rootDir: files ? files.dirname(files.dirname(doc.filePath)) : null };
    const hooks = prop(root, 'hooks');
    if (!hooks) {
      if (doc.kind !== 'hooks-config') return;
      const events = root.properties.filter((p) => EVENTS.has(p.key));
      ctx.report({
        message: events.length ? `hooks.json lists events at the top level; Claude Code reads them under a "hooks" key: {"hooks": {"${events[0]!.key}": [...]}}` : 'hooks.json has no "hooks" key',
        messageId: 'shape',
        range: events.length ? events[0]!.keyRange : opening(root),
      });
      return;
    }
    if (hooks.value.type === 'string' && doc.kind === 'plugin-manifest') return; // a path: plugin-manifest checks it
    if (hooks.value.type === 'array' && doc.kind === 'plugin-manifest') {
      for (const item of hooks.value.items) if (item.type === 'object') checkEvents(ctx, item, where);
      return;
    }
    if (doc.kind === 'plugin-manifest' && hooks.value.type === 'object') {
      // Inline in plugin.json: the events, or hooks.json's own shape ({"hooks": {events}}).
      const inner = prop(hooks.value, 'hooks');
      if (inner && inner.value.type === 'object' && !hooks.value.properties.some((p) => EVENTS.has(p.key))) {
        checkEvents(ctx, inner.value, where);
        return;
      }
    }
    if (hooks.value.type !== 'object') {
      ctx.report({ message: `"hooks" is ${describe(hooks.value)}; expected an object of events ({"PreToolUse": [...]})`, messageId: 'shape', range: hooks.value.range });
      return;
    }
    checkEvents(ctx, hooks.value, where);
  },
});
