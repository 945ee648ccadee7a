import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonNode, JsonObject, JsonString } from '../src/model/json/ast.js';
import { HOOK_EVENTS, HOOK_TYPES } from '../src/standard/claude-code-config.js';
import { closest } from '../src/util/suggest.js';
import { describe, JSON_FILE_MESSAGES, opening, prop, rootObject, valueRange } from '../src/rules-support/json/file.js';

const EVENTS = new Set(HOOK_EVENTS);
const TYPE_NAMES = Object.keys(HOOK_TYPES);
/** What a hook's required field holds, for the help of a hook that lacks it. */
const NEEDS: Record<string, { what: string; example: string }> = {
  command: { what: 'the shell command to run', example: '...' },
  prompt: { what: 'the prompt the model judges by', example: '...' },
  url: { what: 'the endpoint to POST to', example: 'https://...' },
  server: { what: "the MCP server's name", example: '...' },
  tool: { what: 'the MCP tool to call', example: '...' },
};
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
    if (!(v.value > 0)) ctx.report({ messageId: 'timeout', data: { value: v.value }, range: v.range });
    return;
  }
  if (v.type === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(v.value) && Number(v.value) > 0) {
    // A number written as a string: the same number, unquoted.
    ctx.report({ messageId: 'timeout-string', data: { value: JSON.stringify(v.value) }, range: v.range, fix: { range: [v.range.start, v.range.end], text: String(Number(v.value)) } });
    return;
  }
  ctx.report({ messageId: 'timeout', data: { value: describe(v) }, range: v.range });
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
    ctx.report({ messageId: 'missing-path', data: { script: `\${${m[1]}}/${rel}`, place }, range: valueRange(ctx.doc, node, m.index, m[0].length) });
  }
}

function checkHook(ctx: Ctx, hook: JsonNode, where: Where): void {
  if (hook.type !== 'object') {
    ctx.report({ messageId: 'hook', data: { value: describe(hook), types: typeList() }, range: hook.range });
    return;
  }
  const type = prop(hook, 'type');
  if (!type) {
    ctx.report({ messageId: 'no-type', data: { types: typeList() }, range: opening(hook) });
  } else if (type.value.type !== 'string') {
    ctx.report({ messageId: 'type', data: { value: describe(type.value), types: typeList() }, range: type.value.range });
  } else if (!(type.value.value in HOOK_TYPES)) {
    const near = closest(type.value.value, TYPE_NAMES);
    ctx.report({ messageId: 'unknown-type', data: { type: JSON.stringify(type.value.value), near: near ? `Did you mean "${near}"? ` : '', types: typeList() }, range: type.value.range });
  } else {
    for (const field of HOOK_TYPES[type.value.value]!) {
      const f = prop(hook, field);
      if (!f) ctx.report({ messageId: 'needs', data: { type: type.value.value, field, ...(NEEDS[field] ?? { what: 'it', example: '...' }) }, range: opening(hook) });
      else if (f.value.type !== 'string' || f.value.value.trim() === '') ctx.report({ messageId: 'field-type', data: { field, value: f.value.type === 'string' ? 'empty' : describe(f.value) }, range: f.value.range });
      else if (field === 'command') checkRootPaths(ctx, f.value, where);
    }
  }
  checkTimeout(ctx, hook);
}

function checkMatcher(ctx: Ctx, group: JsonObject): void {
  const m = prop(group, 'matcher');
  if (!m) return;
  if (m.value.type !== 'string') {
    ctx.report({ messageId: 'matcher-type', data: { value: describe(m.value) }, range: m.value.range });
    return;
  }
  const src = m.value.value;
  if (src === '' || src === '*') return;
  try {
    new RegExp(src);
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '') : String(e);
    ctx.report({ messageId: 'matcher', data: { matcher: JSON.stringify(src), why: `${why[0]!.toUpperCase()}${why.slice(1)}` }, range: m.value.range });
  }
}

function checkEvents(ctx: Ctx, hooks: JsonObject, where: Where): void {
  for (const ev of hooks.properties) {
    if (!EVENTS.has(ev.key)) {
      const near = closest(ev.key, HOOK_EVENTS);
      const data = { event: JSON.stringify(ev.key), near: near ?? '', name: ev.key, events: HOOK_EVENTS.slice(0, 6).join(', ') };
      ctx.report({ messageId: near ? 'event-typo' : 'event', data, range: ev.keyRange });
      continue;
    }
    if (ev.value.type !== 'array') {
      ctx.report({ messageId: 'event-type', data: { event: ev.key, value: describe(ev.value) }, range: ev.value.range });
      continue;
    }
    for (const group of ev.value.items) {
      if (group.type !== 'object') {
        ctx.report({ messageId: 'group-type', data: { event: ev.key, value: describe(group) }, range: group.range });
        continue;
      }
      checkMatcher(ctx, group);
      const list = prop(group, 'hooks');
      if (!list) {
        const flat = prop(group, 'type') || prop(group, 'command');
        ctx.report({ messageId: flat ? 'flat-hook' : 'no-hooks', data: { event: ev.key }, range: opening(group) });
        continue;
      }
      if (list.value.type !== 'array') {
        ctx.report({ messageId: 'hooks-type', data: { event: ev.key, value: describe(list.value) }, range: list.value.range });
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
    severity: 'error',
    fixable: true,
    standard: false,
    kinds: ['hooks-config', 'settings', 'plugin-manifest'],
    messages: {
      ...JSON_FILE_MESSAGES,
      'no-hooks-key': {
        message: 'hooks.json has no "hooks" key',
        help: 'Write the events under "hooks": {"hooks": {"PreToolUse": [...]}}.',
      },
      'top-level-events': {
        message: 'hooks.json lists its events at the top level',
        help: 'Claude Code reads them under a "hooks" key: {"hooks": {"{{event}}": [...]}}.',
      },
      'hooks-shape': { message: '"hooks" is {{value}}', help: 'Expected an object of events ({"PreToolUse": [...]}).' },
      event: {
        message: 'unknown hook event {{event}}',
        help: "Claude Code never fires it. Its events are {{events}} and others (see the rule's page).",
      },
      'event-typo': { message: 'unknown hook event {{event}}', help: 'Did you mean "{{near}}"? Claude Code never fires "{{name}}".' },
      'event-type': { message: '"{{event}}" is {{value}}', help: 'Expected an array of matcher groups ({"matcher": ..., "hooks": [...]}).' },
      'group-type': { message: 'a "{{event}}" entry is {{value}}', help: 'Expected a matcher group ({"matcher": ..., "hooks": [...]}).' },
      'flat-hook': {
        message: 'a "{{event}}" entry is a hook, not a matcher group',
        help: 'Wrap it in a matcher group: {"matcher": "...", "hooks": [ the hook ]}.',
      },
      'no-hooks': {
        message: 'a "{{event}}" matcher group has no "hooks"',
        help: 'Add the hooks to run: "hooks": [{"type": "command", "command": "..."}].',
      },
      'hooks-type': { message: '"hooks" of a "{{event}}" matcher group is {{value}}', help: 'Expected an array of hooks.' },
      'matcher-type': { message: '"matcher" is {{value}}', help: 'Expected a string (a tool name, "Edit|Write", or a regular expression).' },
      matcher: {
        message: 'matcher {{matcher}} is not a valid regular expression',
        help: '{{why}}. A matcher is a tool name, names joined by | ("Edit|Write"), or a regular expression.',
      },
      hook: { message: 'a hook is {{value}}', help: 'Expected an object with a "type" ({{types}}).' },
      'no-type': { message: 'hook has no "type"', help: 'Expected one of {{types}}.' },
      type: { message: 'hook "type" is {{value}}', help: 'Expected one of {{types}}.' },
      'unknown-type': { message: 'unknown hook type {{type}}', help: '{{near}}Claude Code runs hooks of type {{types}}.' },
      needs: { message: 'a "{{type}}" hook needs "{{field}}"', help: 'Add {{what}}: "{{field}}": "{{example}}".' },
      'field-type': { message: 'hook "{{field}}" is {{value}}', help: 'Expected a non-empty string.' },
      'missing-path': { message: 'hook script {{script}} does not exist', help: 'The command fails on every event: add the file to {{place}} or fix the path.' },
      timeout: { message: 'hook "timeout" is {{value}}', help: 'Expected a positive number of seconds.' },
      'timeout-string': { message: 'hook "timeout" is the string {{value}}', help: 'Expected a number of seconds.' },
    },
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
      if (events.length) ctx.report({ messageId: 'top-level-events', data: { event: events[0]!.key }, range: events[0]!.keyRange });
      else ctx.report({ messageId: 'no-hooks-key', range: opening(root) });
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
      ctx.report({ messageId: 'hooks-shape', data: { value: describe(hooks.value) }, range: hooks.value.range });
      return;
    }
    checkEvents(ctx, hooks.value, where);
  },
});
