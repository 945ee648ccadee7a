import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { JsonNode, JsonObject, JsonString } from '../src/model/json/ast.js';
import { HOOK_EVENTS, HOOK_TYPES } from '../src/standard/claude-code-config.js';
import { CODEX_HOOK_EVENTS, CODEX_HOOK_TYPES } from '../src/standard/codex-config.js';
import { GEMINI_EVENT_FROM_CLAUDE, GEMINI_HOOK_EVENTS, GEMINI_HOOK_TYPES, GEMINI_HOOKS_CONFIG_FIELDS, GEMINI_TOOL_EVENTS } from '../src/standard/gemini-config.js';
import { closest } from '../src/util/suggest.js';
import { describe, JSON_FILE_MESSAGES, opening, prop, rootObject, valueRange } from '../src/rules-support/json/file.js';
import { tomlRoot } from '../src/rules-support/toml.js';
import { withTypo } from '../src/rules-support/messages.js';
import { GEMINI_VARIABLE_MESSAGES, reportVariableSlips } from '../src/rules-support/gemini-variables.js';

/** One tool's hooks: the events it fires, its hook types and the fields each needs. */
interface Dialect {
  tool: string;
  events: readonly string[];
  eventSet: ReadonlySet<string>;
  types: Readonly<Record<string, readonly string[]>>;
  /** Keys of the events table that are not events (Codex keeps hook state there, Gemini CLI its switches). */
  notEvents: ReadonlySet<string>;
  /** The timeout is a whole number of seconds (Codex reads an unsigned integer). */
  wholeSeconds: boolean;
  /** What a timeout counts. */
  unit: 'seconds' | 'milliseconds';
  /** One of its events, for the helps' examples. */
  example: string;
  /** Tool names joined by |, as a matcher of it. */
  matcherExample: string;
  /** The events whose matcher is a regular expression (absent: all; the others match an exact string). */
  regexEvents?: ReadonlySet<string>;
  /** Claude Code's names of events the tool fires under a name of its own. */
  renamed?: Readonly<Record<string, string>>;
}

const CLAUDE: Dialect = {
  tool: 'Claude Code', events: HOOK_EVENTS, eventSet: new Set(HOOK_EVENTS), types: HOOK_TYPES, notEvents: new Set(), wholeSeconds: false,
  unit: 'seconds', example: 'PreToolUse', matcherExample: '"Edit|Write"',
};
const CODEX: Dialect = { ...CLAUDE, tool: 'Codex', events: CODEX_HOOK_EVENTS, eventSet: new Set(CODEX_HOOK_EVENTS), types: CODEX_HOOK_TYPES, notEvents: new Set(['state']), wholeSeconds: true };
const GEMINI: Dialect = {
  tool: 'Gemini CLI', events: GEMINI_HOOK_EVENTS, eventSet: new Set(GEMINI_HOOK_EVENTS), types: GEMINI_HOOK_TYPES, notEvents: new Set(GEMINI_HOOKS_CONFIG_FIELDS), wholeSeconds: false,
  unit: 'milliseconds', example: 'BeforeTool', matcherExample: '"write_file|replace"', regexEvents: new Set(GEMINI_TOOL_EVENTS), renamed: GEMINI_EVENT_FROM_CLAUDE,
};
/** A plugin folder that is a Gemini CLI extension too: its hooks.json is read by both tools, each taking the events it knows. */
const CLAUDE_AND_GEMINI: Dialect = { ...CLAUDE, events: [...HOOK_EVENTS, ...GEMINI_HOOK_EVENTS], eventSet: new Set([...HOOK_EVENTS, ...GEMINI_HOOK_EVENTS]), notEvents: GEMINI.notEvents };

/** `{{tool}}`, `{{example}}`, `{{unit}}`: the dialect's; `{{types}}`: its hook types. */
const MESSAGES = {
  ...JSON_FILE_MESSAGES,
  ...GEMINI_VARIABLE_MESSAGES,
  'no-hooks-key': {
    message: 'hooks.json has no "hooks" key',
    help: 'Write the events under "hooks": {"hooks": {"{{example}}": [...]}}.',
  },
  'top-level-events': {
    message: 'hooks.json lists its events at the top level',
    help: '{{tool}} reads them under a "hooks" key: {"hooks": {"{{event}}": [...]}}.',
  },
  'hooks-shape': {
    message: '"hooks" is {{value}}',
    help: 'Expected an object of events ({"{{example}}": [...]}).',
  },
  event: {
    message: 'unknown hook event {{event}}',
    help: "{{tool}} never fires it. Its events are {{events}} and others (see the rule's page).",
  },
  'event-typo': {
    message: 'unknown hook event {{event}}',
    help: 'Did you mean "{{near}}"? {{tool}} never fires "{{name}}".',
  },
  'event-renamed': {
    message: 'unknown hook event {{event}}',
    help: 'Did you mean "{{near}}"? It is {{tool}}\'s name for Claude Code\'s "{{name}}", an event {{tool}} never fires.',
  },
  'event-type': {
    message: '"{{event}}" is {{value}}',
    help: 'Expected an array of matcher groups ({"matcher": ..., "hooks": [...]}).',
  },
  'group-type': {
    message: 'a "{{event}}" entry is {{value}}',
    help: 'Expected a matcher group ({"matcher": ..., "hooks": [...]}).',
  },
  'flat-hook': {
    message: 'a "{{event}}" entry is a hook, not a matcher group',
    help: 'Wrap it in a matcher group: {"matcher": "...", "hooks": [ the hook ]}.',
  },
  'no-hooks': {
    message: 'a "{{event}}" matcher group has no "hooks"',
    help: 'Add the hooks to run: "hooks": [{"type": "command", "command": "..."}].',
  },
  'hooks-type': {
    message: '"hooks" of a "{{event}}" matcher group is {{value}}',
    help: 'Expected an array of hooks.',
  },
  'matcher-type': {
    message: '"matcher" is {{value}}',
    help: 'Expected a string (a tool name, {{example}}, or a regular expression).',
  },
  matcher: {
    message: 'matcher {{matcher}} is not a valid regular expression',
    help: '{{why}}. A matcher is a tool name, names joined by | ({{example}}), or a regular expression.',
  },
  hook: {
    message: 'a hook is {{value}}',
    help: 'Expected an object with a "type" ({{types}}).',
  },
  'no-type': {
    message: 'hook has no "type"',
    help: 'Expected one of {{types}}.',
  },
  type: {
    message: 'hook "type" is {{value}}',
    help: 'Expected one of {{types}}.',
  },
  ...withTypo('unknown-type', { message: 'unknown hook type {{type}}', help: '{{tool}} runs hooks of type {{types}}.' }),
  // A hook that lacks the field its type needs: `needs-<field>`.
  'needs-command': {
    message: 'a "{{type}}" hook needs "command"',
    help: 'Add the shell command to run: "command": "...".',
  },
  'needs-prompt': {
    message: 'a "{{type}}" hook needs "prompt"',
    help: 'Add the prompt the model judges by: "prompt": "...".',
  },
  'needs-url': {
    message: 'a "{{type}}" hook needs "url"',
    help: 'Add the endpoint to POST to: "url": "https://...".',
  },
  'needs-server': {
    message: 'a "{{type}}" hook needs "server"',
    help: 'Add the MCP server\'s name: "server": "...".',
  },
  'needs-tool': {
    message: 'a "{{type}}" hook needs "tool"',
    help: 'Add the MCP tool to call: "tool": "...".',
  },
  'field-type': {
    message: 'hook "{{field}}" is {{value}}',
    help: 'Expected a non-empty string.',
  },
  'missing-path': {
    message: 'hook script {{script}} does not exist',
    help: 'The command fails on every event: add the file to {{place}} or fix the path.',
  },
  timeout: {
    message: 'hook "timeout" is {{value}}',
    help: 'Expected a positive number of {{unit}}.',
  },
  'timeout-whole': {
    message: 'hook "timeout" is {{value}}',
    help: '{{tool}} reads a whole number of seconds and does not load the hooks otherwise.',
  },
  'timeout-string': {
    message: 'hook "timeout" is the string {{value}}',
    help: 'Expected a number of {{unit}}.',
  },
};
/** `${CLAUDE_PLUGIN_ROOT}/path` (or `$CLAUDE_PLUGIN_ROOT/path`), and the same with the other folders' environment variables. */
const ROOT_PATH = /\$\{?(CLAUDE_PLUGIN_ROOT|CLAUDE_PROJECT_DIR|GEMINI_PROJECT_DIR)\}?"?\/([^\s"'`;|&()<>$*?]+)/g;
/** `${extensionPath}/path`, its separators `/` or Gemini CLI's `${/}` (`${pathSeparator}`). */
const EXTENSION_PATH = /\$\{extensionPath\}(?:\/|\$\{(?:\/|pathSeparator)\})((?:[^\s"'`;|&()<>$*?{}]|\$\{(?:\/|pathSeparator)\})+)/g;
const SEPARATOR = /\$\{(?:\/|pathSeparator)\}/g;

type Ctx = RuleContext;

/** The folder a variable of hook commands stands for, and what the help calls it. */
interface Root {
  variable: 'CLAUDE_PLUGIN_ROOT' | 'CLAUDE_PROJECT_DIR' | 'GEMINI_PROJECT_DIR' | 'extensionPath';
  dir: string;
  place: string;
}

interface Where {
  dialect: Dialect;
  /** Null where no folder is known (Codex names none its hook commands run from). */
  root: Root | null;
}


/** The folder hook commands name by a variable, where the hooks are (`top`: the folder above the file's). */
function rootOf(kind: string, d: Dialect, top: string): Root | null {
  if (d === CODEX) return null;
  if (kind === 'gemini-settings') return { variable: 'GEMINI_PROJECT_DIR', dir: top, place: 'the project' };
  if (d === GEMINI) return { variable: 'extensionPath', dir: top, place: 'the extension' };
  if (kind === 'settings') return { variable: 'CLAUDE_PROJECT_DIR', dir: top, place: 'the project' };
  return { variable: 'CLAUDE_PLUGIN_ROOT', dir: top, place: 'the plugin' };
}

function typeList(d: Dialect): string {
  return Object.keys(d.types).map((t) => `"${t}"`).join(', ');
}

function checkTimeout(ctx: Ctx, hook: JsonObject, d: Dialect): void {
  const t = prop(hook, 'timeout');
  if (!t) return;
  const v = t.value;
  if (v.type === 'number') {
    if (!(v.value > 0)) ctx.report({ messageId: 'timeout', data: { value: v.value, unit: d.unit }, range: v.range });
    else if (d.wholeSeconds && !Number.isInteger(v.value)) ctx.report({ messageId: 'timeout-whole', data: { value: v.value, tool: d.tool }, range: v.range });
    return;
  }
  if (v.type === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(v.value) && Number(v.value) > 0) {
    // A number written as a string: the same number, unquoted.
    ctx.report({ messageId: 'timeout-string', data: { value: JSON.stringify(v.value), unit: d.unit }, range: v.range, fix: { range: [v.range.start, v.range.end], text: String(Number(v.value)) } });
    return;
  }
  ctx.report({ messageId: 'timeout', data: { value: describe(v), unit: d.unit }, range: v.range });
}

function checkRootPaths(ctx: Ctx, node: JsonString, root: Root | null): void {
  const files = ctx.project.files;
  if (!files || root === null || !node.value.includes('$')) return;
  const extension = root.variable === 'extensionPath';
  for (const m of node.value.matchAll(extension ? EXTENSION_PATH : ROOT_PATH)) {
    if (!extension && m[1] !== root.variable) continue;
    const rel = (extension ? m[1]!.replace(SEPARATOR, '/') : m[2]!).replace(/[.,:]+$/, '');
    if (rel.split('/').includes('..')) continue;
    if (files.stat(files.resolve(root.dir, rel)) !== null) continue;
    ctx.report({ messageId: 'missing-path', data: { script: `\${${root.variable}}/${rel}`, place: root.place }, range: valueRange(ctx.doc, node, m.index, m[0].length) });
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
      else if (field === 'command') checkRootPaths(ctx, f.value, where.root);
    }
  }
  checkTimeout(ctx, hook, d);
}

function checkMatcher(ctx: Ctx, group: JsonObject, d: Dialect, event: string): void {
  const m = prop(group, 'matcher');
  if (!m) return;
  if (m.value.type !== 'string') {
    ctx.report({ messageId: 'matcher-type', data: { value: describe(m.value), example: d.matcherExample }, range: m.value.range });
    return;
  }
  const src = m.value.value;
  if (src === '' || src === '*' || (d.regexEvents && !d.regexEvents.has(event))) return;
  try {
    new RegExp(src);
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '') : String(e);
    ctx.report({ messageId: 'matcher', data: { matcher: JSON.stringify(src), why: `${why[0]!.toUpperCase()}${why.slice(1)}`, example: d.matcherExample }, range: m.value.range });
  }
}

function checkEvents(ctx: Ctx, hooks: JsonObject, where: Where): void {
  const d = where.dialect;
  for (const ev of hooks.properties) {
    if (d.notEvents.has(ev.key)) continue;
    if (!d.eventSet.has(ev.key)) {
      const renamed = d.renamed?.[ev.key];
      const near = renamed ?? closest(ev.key, d.events);
      const data = { event: JSON.stringify(ev.key), near: near ?? '', name: ev.key, tool: d.tool, events: d.events.slice(0, 6).join(', ') };
      ctx.report({ messageId: renamed ? 'event-renamed' : near ? 'event-typo' : 'event', data, range: ev.keyRange });
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
      checkMatcher(ctx, group, d, ev.key);
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
    description: 'Hooks (a plugin\'s hooks/hooks.json, the hooks of .claude/settings.json, Codex\'s .codex/hooks.json and [hooks] tables, Gemini CLI\'s settings.json and an extension\'s hooks/hooks.json) name the tool\'s events, valid matchers, and hooks of a known type with what the type needs.',
    severity: 'error',
    fixable: true,
    standard: false,
    kinds: ['hooks-config', 'settings', 'plugin-manifest', 'codex-hooks', 'codex-config', 'gemini-settings'],
    messages: MESSAGES,
  },
  check(ctx) {
    const { doc } = ctx;
    const files = ctx.project.files;
    // The folder above hooks/ (a plugin's or an extension's) or above .claude/ and .gemini/ (the project's).
    const top = files ? files.dirname(files.dirname(doc.filePath)) : null;
    const has = (rel: string) => !!files && top !== null && files.stat(files.resolve(top, rel)) === 'file';
    const extension = doc.kind === 'hooks-config' && has('gemini-extension.json');
    const dialect =
      doc.kind === 'codex-hooks' || doc.kind === 'codex-config' ? CODEX
      : doc.kind === 'gemini-settings' ? GEMINI
      : extension ? (has('.claude-plugin/plugin.json') ? CLAUDE_AND_GEMINI : GEMINI)
      : CLAUDE;
    // plugin.json's parse errors are plugin-manifest's to report, config.toml's codex-config's, settings.json's gemini-config's.
    const named = doc.kind === 'settings' ? doc.relPath.split('/').pop() : doc.kind === 'hooks-config' || doc.kind === 'codex-hooks' ? 'hooks.json' : undefined;
    const root = doc.kind === 'codex-config' ? tomlRoot(ctx) : rootObject(ctx, named, extension && dialect === GEMINI ? 'Gemini CLI' : undefined);
    if (!root) return;
    const where: Where = { dialect, root: top === null ? null : rootOf(doc.kind, dialect, top) };
    // Gemini CLI replaces its variables in an extension's hooks.json (not in settings.json).
    if (extension) reportVariableSlips(ctx, root);
    const hooks = prop(root, 'hooks');
    if (!hooks) {
      if (doc.kind !== 'hooks-config' && doc.kind !== 'codex-hooks') return;
      const events = root.properties.filter((p) => dialect.eventSet.has(p.key));
      if (events.length) ctx.report({ messageId: 'top-level-events', data: { tool: dialect.tool, event: events[0]!.key }, range: events[0]!.keyRange });
      else ctx.report({ messageId: 'no-hooks-key', data: { example: dialect.example }, range: opening(root) });
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
    // config.toml's and Gemini CLI's settings.json's key types are codex-config's and gemini-config's to report.
    if (hooks.value.type !== 'object' && (doc.kind === 'codex-config' || doc.kind === 'gemini-settings')) return;
    if (hooks.value.type !== 'object') {
      ctx.report({ messageId: 'hooks-shape', data: { value: describe(hooks.value), example: dialect.example }, range: hooks.value.range });
      return;
    }
    checkEvents(ctx, hooks.value, where);
  },
});
