import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { FrontmatterField } from '../src/model/frontmatter.js';
import type { JsonNode } from '../src/model/json/ast.js';
import { isOpenCode, isPluginAgent } from '../src/rules-support/frontmatter/target.js';
import { toolEntries } from '../src/rules-support/frontmatter/tool-list.js';
import { prop, rootObject } from '../src/rules-support/json/file.js';
import { broadRule, type BroadRule } from '../src/rules-support/security/dangerous-permission.js';
import type { Range } from '../src/types.js';

type Ctx = RuleContext;

const INJECTION =
  'Text the model reads (a file, a web page, a tool result, an issue) can carry a prompt injection, and with no approval step the commands it asks for run at once: delete files, read credentials, push code, install software.';

/** An entry that approves every command, or any code of a program. */
const GRANT = '`{{entry}}` pre-approves {{what}}: a prompt injection can run {{them}} unasked';

const MESSAGES = {
  'bypass-mode': {
    message: '`bypassPermissions` lets a prompt injection in any file this agent reads run commands unasked',
    help: `${INJECTION} \`bypassPermissions\` skips every permission prompt for this agent (allow rules have no effect in it, only deny and ask rules still hold). Claude Code's docs: use it only in isolated containers or VMs. Use \`acceptEdits\` or \`default\` and pre-approve the exact commands the agent needs with \`permissions.allow\` rules such as \`Bash(npm test)\`.`,
  },
  'allowed-tools': {
    message: GRANT,
    help: `${INJECTION} \`allowed-tools\` lists the tools Claude may use without asking while this is active (Claude Code's skills and commands reference). List the exact commands it needs instead: \`Bash(git status:*)\`, \`Bash(npm test)\`.`,
  },
  'allow-rule': {
    message: GRANT,
    help: `${INJECTION} An allow rule in settings approves matching commands in every session of this project. List the exact commands instead: \`Bash(git status:*)\`, \`Bash(npm test)\`. On entering auto mode Claude Code drops such rules itself, as "broad allow rules that grant arbitrary code execution".`,
  },
  'default-mode': {
    message: '`"bypassPermissions"` as default mode would let a prompt injection run any command unasked',
    help: `${INJECTION} Current Claude Code ignores \`"bypassPermissions"\` in .claude/settings.json and settings.local.json and starts such sessions in Manual mode, while earlier versions honoured it for everyone who opened the project. Remove it, and pass \`--permission-mode bypassPermissions\` only when starting a session inside an isolated container.`,
  },
  'mcp-auto-approve': {
    message: '`enableAllProjectMcpServers` starts every .mcp.json server unasked: a change to it runs code here',
    help: 'Claude Code asks before starting a server from a project\'s .mcp.json; this setting skips that question for every server in it, present and future. A server is a program that runs with your rights, so a change to .mcp.json (a pull request, a merged branch, an edit by the model) runs new code at the next start. Approve servers by name with `enabledMcpjsonServers` instead.',
  },
  opencode: {
    message: '`{{grant}}` lets a prompt injection this agent reads run {{what}} unasked',
    help: `${INJECTION} In OpenCode an agent's \`permission\` overrides opencode.json, so this grant holds whatever the project's config asks. Give \`bash\` a map that allows only the commands the agent needs and asks for the rest: \`bash: { "*": ask, "git status*": allow }\`.`,
  },
};

/** What an entry grants: the data of its message. */
function grant(b: BroadRule, written: string): Record<string, string> {
  const entry = written.length > 24 ? `${written.slice(0, 23)}…` : written;
  return b.kind === 'all'
    ? { entry, what: `every ${b.tool === 'Bash' ? 'shell' : 'PowerShell'} command`, them: 'them' }
    : { entry, what: `any \`${b.program}\` code`, them: 'it' };
}

function checkToolList(ctx: Ctx, field: FrontmatterField): void {
  const fm = ctx.doc.frontmatter!;
  const entries = toolEntries(field, ctx.doc.text, fm.contentRange.start);
  if (!entries) return;
  for (const e of entries) {
    const b = broadRule(e.text);
    if (!b) continue;
    ctx.report({ messageId: 'allowed-tools', data: grant(b, e.text), range: e.range });
  }
}

/** The range of `key` in the frontmatter field's text (the field's value when not found). */
function keyIn(ctx: Ctx, field: FrontmatterField, key: string): Range {
  const within = field.valueRange;
  const slice = ctx.doc.text.slice(within.start, within.end);
  const m = new RegExp(`(^|[\\s{,])(["']?)${key.replace(/[*]/g, '\\*')}\\2\\s*:`, 'm').exec(slice);
  if (!m) return within;
  const start = within.start + m.index + m[1]!.length;
  return { start, end: start + m[2]!.length * 2 + key.length };
}

/** OpenCode's `permission`: `allow` for everything, `"*": allow`, `bash: allow`, `bash: { "*": allow }`. */
function checkOpenCodePermission(ctx: Ctx, field: FrontmatterField): void {
  const v = field.value;
  const report = (grant: string, what: string, range: Range) => ctx.report({ messageId: 'opencode', data: { grant, what }, range });
  if (v === 'allow') {
    report('permission: allow', 'any tool', field.valueRange);
    return;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return;
  const map = v as Record<string, unknown>;
  if (map['*'] === 'allow') report('"*": allow', 'any tool', keyIn(ctx, field, '*'));
  const bash = map['bash'];
  const bashAll = bash === 'allow' || (bash !== null && typeof bash === 'object' && !Array.isArray(bash) && (bash as Record<string, unknown>)['*'] === 'allow');
  if (bashAll) report('bash: allow', 'any shell command', keyIn(ctx, field, 'bash'));
}

function checkSpec(ctx: Ctx): void {
  const { doc } = ctx;
  const fm = doc.frontmatter;
  if (!fm || !fm.closed) return;
  const oc = isOpenCode(doc);
  const firstError = fm.errors.length ? Math.min(...fm.errors.map((e) => e.range.start)) : Infinity;
  for (const field of fm.fields) {
    if (field.valueRange.end > firstError) continue;
    if (oc) {
      if (doc.kind === 'agent' && field.key === 'permission') checkOpenCodePermission(ctx, field);
      continue;
    }
    if (doc.kind === 'agent' && field.key === 'permissionMode' && field.value === 'bypassPermissions') {
      // A plugin's agents ignore permissionMode (frontmatter-schema says so).
      if (isPluginAgent(doc, ctx.project)) continue;
      ctx.report({ messageId: 'bypass-mode', range: field.valueRange });
    }
    if ((doc.kind === 'command' || doc.kind === 'skill') && field.key === 'allowed-tools') checkToolList(ctx, field);
  }
}

function checkSettings(ctx: Ctx): void {
  const root = rootObject(ctx);
  if (!root) return;
  const perms = prop(root, 'permissions');
  if (perms && perms.value.type === 'object') {
    const mode = prop(perms.value, 'defaultMode');
    if (mode && mode.value.type === 'string' && mode.value.value === 'bypassPermissions') {
      ctx.report({ messageId: 'default-mode', range: mode.value.range });
    }
    const allow = prop(perms.value, 'allow');
    if (allow && allow.value.type === 'array') {
      for (const item of allow.value.items) {
        if (item.type !== 'string') continue;
        const b = broadRule(item.value);
        if (b) ctx.report({ messageId: 'allow-rule', data: grant(b, item.value), range: item.range });
      }
    }
  }
  const all = prop(root, 'enableAllProjectMcpServers');
  if (all && isTrue(all.value)) {
    ctx.report({ messageId: 'mcp-auto-approve', range: all.value.range });
  }
}

function isTrue(v: JsonNode): boolean {
  return v.type === 'boolean' && v.value;
}

export default defineRule({
  meta: {
    id: 'dangerous-permission',
    description: 'No agent, command, skill or settings file grants unrestricted shell access with no approval (bypassPermissions, an allow rule for all of Bash, OpenCode bash: allow).',
    severity: 'warn',
    standard: false,
    messages: MESSAGES,
    kinds: ['agent', 'command', 'skill', 'settings'],
  },
  check(ctx) {
    if (ctx.doc.kind === 'settings') checkSettings(ctx);
    else checkSpec(ctx);
  },
});
