import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonNode, JsonObject, JsonString } from '../src/model/json/ast.js';
import { HOOK_EVENTS, HOOK_TYPES } from '../src/standard/claude-code-config.js';
import { CODEX_HOOK_EVENTS, CODEX_HOOK_TYPES } from '../src/standard/codex-config.js';
import { closest } from '../src/util/suggest.js';
import { describe, JSON_FILE_MESSAGES, opening, prop, rootObject, valueRange } from '../src/rules-support/json/file.js';
import { tomlRoot } from '../src/rules-support/toml.js';
import { withTypo } from '../src/rules-support/messages.js';

/** One tool's hooks: the events it fires, its hook types and the fields each needs. */
interface Dialect {
  tool: string;
  events: readonly string[];
  eventSet: ReadonlySet<string>;
  types: Readonly<Record<string, readonly string[]>>;
  /** Keys of the events table that are not events (Codex keeps hook state there). */
  notEvents: ReadonlySet<string>;
  /** The timeout is a whole number of seconds (Codex reads an unsigned integer). */
  wholeSeconds: boolean;
}

const CLAUDE: Dialect = { tool: 'Claude Code', events: HOOK_EVENTS, eventSet: new Set(HOOK_EVENTS), types: HOOK_TYPES, notEvents: new Set(), wholeSeconds: false };
const CODEX: Dialect = { tool: 'Codex', events: CODEX_HOOK_EVENTS, eventSet: new Set(CODEX_HOOK_EVENTS), types: CODEX_HOOK_TYPES, notEvents: new Set(['state']), wholeSeconds: true };
/** `{{tool}}`: the dialect's tool; `{{types}}`: its hook types. */
const MESSAGES = {
  ...JSON_FILE_MESSAGES,
  'no-hooks-key': { message: 'hooks.json has no "hooks" key', help: 'Write the events under "hooks": {"hooks": {"PreToolUse": [...]}}.' },
  'top-level-events': {
    message: 'hooks.json lists its events at the top level',
    help: '{{tool}} reads them under a "hooks" key: {"hooks": {"{{event}}": [...]}}.',
  },
  'hooks-shape': { message: '"hooks" is {{value}}', help: 'Expected an object of events ({"PreToolUse": [...]}).' },
  event: { message: 'unknown hook event {{event}}', help: "{{tool}} never fires it. Its events are {{events}} and others (see the rule's page)." },
  'event-typo': { message: 'unknown hook event {{event}}', help: 'Did you mean "{{near}}"? {{tool}} never fires "{{name}}".' },
  'event-type': { message: '"{{event}}" is {{value}}', help: 'Expected an array of matcher groups ({"matcher": ..., "hooks": [...]}).' },
  'group-type': { message: 'a "{{event}}" entry is {{value}}', help: 'Expected a matcher group ({"matcher": ..., "hooks": [...]}).' },
  'flat-hook': {
    message: 'a "{{event}}" entry is a hook, not a matcher group',
    help: 'Wrap it in a matcher group: {"matcher": "...", "hooks": [ the hook ]}.',
  },
  'no-hooks': { message: 'a "{{event}}" matcher group has no "hooks"', help: 'Add the hooks to run: "hooks": [{"type": "command", "command": "..."}].' },
  'hooks-type': { message: '"hooks" of a "{{event}}" matcher group is {{value}}', help: 'Expected an array of hooks.' },
  'matcher-type': { message: '"matcher" is {{value}}', help: 'Expected a string (a tool name, "Edit|Write", or a regular expression).' },
  matcher: {
    message: 'matcher {{matcher}} is not a valid regular expression',
    help: '{{why}}. A matcher is a tool name, names joined by | ("Edit|Write"), or a regular expression.',
  },
  hook: { message: 'a hook is {{value}}', help: 'Expected an object with a "type" ({{types}}).' },
  'no-type': { message: 'hook has no "type"', help: 'Expected one of {{types}}.' },
  type: { message: 'hook "type" is {{value}}', help: 'Expected one of {{types}}.' },
  ...withTypo('unknown-type', { message: 'unknown hook type {{type}}', help: '{{tool}} runs hooks of type {{types}}.' }),
  // A hook that lacks the field its type needs: `needs-<field>`.
  'needs-command': { message: 'a "{{type}}" hook needs "command"', help: 'Add the shell command to run: "command": "...".' },
  'needs-prompt': { message: 'a "{{type}}" hook needs "prompt"', help: 'Add the prompt the model judges by: "prompt": "...".' },
  'needs-url': { message: 'a "{{type}}" hook needs "url"', help: 'Add the endpoint to POST to: "url": "https://...".' },
  'needs-server': { message: 'a "{{type}}" hook needs "server"', help: 'Add the MCP server\'s name: "server": "...".' },
  'needs-tool': { message: 'a "{{type}}" hook needs "tool"', help: 'Add the MCP tool to call: "tool": "...".' },
  'field-type': { message: 'hook "{{field}}" is {{value}}', help: 'Expected a non-empty string.' },
  'missing-path': { message: 'hook script {{script}} does not exist', help: 'The command fails on every event: add the file to {{place}} or fix the path.' },
  timeout: { message: 'hook "timeout" is {{value}}', help: 'Expected a positive number of seconds.' },
  'timeout-whole': { message: 'hook "timeout" is {{value}}', help: '{{tool}} reads a whole number of seconds and does not load the hooks otherwise.' },
  'timeout-string': { message: 'hook "timeout" is the string {{value}}', help: 'Expected a number of seconds.' },
};
/** `${CLAUDE_PLUGIN_ROOT}/path` (or `$CLAUDE_PLUGIN_ROOT/path`), and the same with CLAUDE_PROJECT_DIR. */
const ROOT_PATH = /\$\{?(CLAUDE_PLUGIN_ROOT|CLAUDE_PROJECT_DIR)\}?"?\/([^\s"'`;|&()<>$*?]+)/g;

type Ctx = RuleContext;

interface Where {
  dialect: Dialect;
  /** The folder `${CLAUDE_PLUGIN_ROOT}` (in a plugin) or `$CLAUDE_PROJECT_DIR` (in settings) stands for. */
  rootVar: 'CLAUDE_PLUGIN_ROOT' | 'CLAUDE_PROJECT_DIR';
  rootDir: string | null;
}

function typeList(d: Dialect): string {
  return Object.keys(d.types).map((t) => `"${t}"`).join(', ');
}

function checkTimeout(ctx: Ctx, hook: JsonObject, d: Dialect): void {
  const t = prop(hook, 'timeout');
  if (!t) return;
  const v = t.value;
  if (v.type === 'number') {
    if (!(v.value > 0)) ctx.report({ messageId: 'timeout', data: { value: v.value }, range: v.range });
    else if (d.wholeSeconds && !Number.isInteger(v.value)) ctx.report({ messageId: 'timeout-whole', data: { value: v.value, tool: d.tool }, range: v.range });
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
  const d = where.dialect;
  if (hook.type !== 'object') {
    ctx.report({ messageId: 'hook', data: { value: describe(hook), types: typeList(d) }, range: hook.range });
    return;
  }
  const type = prop(hook, 'type');
  if (!type) {
    ctx.report({ messageId: 'no-type', data: { types: typeList(d) }, range: opening(hook) });
  } else if (type.value.type !== 'string') {
    ctx.report({ messageId: 'type', data: { value: describe(type.value), types: typeList(d) }, range: type.value.range });
  } else if (!Object.hasOwn(d.types, type.value.value)) {
    const near = closest(type.value.value, Object.keys(d.types));
    ctx.report({ messageId: near ? 'unknown-type-typo' : 'unknown-type', data: { type: JSON.stringify(type.value.value), near: near ?? '', tool: d.tool, types: typeList(d) }, range: type.value.range });
  } else {
    for (const field of d.types[type.value.value]!) {
      const f = prop(hook, field);
      if (!f) ctx.report({ messageId: `needs-${field}`, data: { type: type.value.value }, range: opening(hook) });
      else if (f.value.type !== 'string' || f.value.value.trim() === '') ctx.report({ messageId: 'field-type', data: { field, value: f.value.type === 'string' ? 'empty' : describe(f.value) }, range: f.value.range });
      else if (field === 'command') checkRootPaths(ctx, f.value, where);
    }
  }
  checkTimeout(ctx, hook, d);
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
  const d = where.dialect;
  for (const ev of hooks.properties) {
    if (d.notEvents.has(ev.key)) continue;
    if (!d.eventSet.has(ev.key)) {
      const near = closest(ev.key, d.events);
      const data = { event: JSON.stringify(ev.key), near: near ?? '', name: ev.key, tool: d.tool, events: d.events.slice(0, 6).join(', ') };
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
    description: 'Hooks (a plugin\'s hooks/hooks.json, the hooks of .claude/settings.json, Codex\'s .codex/hooks.json and [hooks] tables) name the tool\'s events, valid matchers, and hooks of a known type with what the type needs.',
    severity: 'error',
    fixable: true,
    standard: false,
    kinds: ['hooks-config', 'settings', 'plugin-manifest', 'codex-hooks', 'codex-config'],
    messages: MESSAGES,
  },
  check(ctx) {
    const { doc } = ctx;
    const codex = doc.kind === 'codex-hooks' || doc.kind === 'codex-config';
    const dialect = codex ? CODEX : CLAUDE;
    // plugin.json's parse errors are plugin-manifest's to report, config.toml's codex-config's.
    const root = doc.kind === 'codex-config' ? tomlRoot(ctx) : rootObject(ctx, doc.kind === 'plugin-manifest' ? undefined : doc.kind === 'settings' ? doc.relPath.split('/').pop() : 'hooks.json');
    if (!root) return;
    const files = ctx.project.files;
    // Codex names no folder its hook commands run from, so only Claude Code's scripts are looked up.
    const where: Where = {
      dialect,
      rootVar: doc.kind === 'settings' ? 'CLAUDE_PROJECT_DIR' : 'CLAUDE_PLUGIN_ROOT',
      rootDir: files && !codex ? files.dirname(files.dirname(doc.filePath)) : null,
    };
    const hooks = prop(root, 'hooks');
    if (!hooks) {
      if (doc.kind !== 'hooks-config' && doc.kind !== 'codex-hooks') return;
      const events = root.properties.filter((p) => dialect.eventSet.has(p.key));
      if (events.length) ctx.report({ messageId: 'top-level-events', data: { tool: dialect.tool, event: events[0]!.key }, range: events[0]!.keyRange });
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
      if (inner && inner.value.type === 'object' && !hooks.value.properties.some((p) => dialect.eventSet.has(p.key))) {
        checkEvents(ctx, inner.value, where);
        return;
      }
    }
    // config.toml's key types are codex-config's to report.
    if (hooks.value.type !== 'object' && doc.kind === 'codex-config') return;
    if (hooks.value.type !== 'object') {
      ctx.report({ messageId: 'hooks-shape', data: { value: describe(hooks.value) }, range: hooks.value.range });
      return;
    }
    checkEvents(ctx, hooks.value, where);
  },
});
