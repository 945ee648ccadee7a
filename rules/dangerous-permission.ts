import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { FrontmatterField } from '../src/model/frontmatter.js';
import type { JsonNode } from '../src/model/json/ast.js';
import { isOpenCode, isPluginAgent } from '../src/rules-support/frontmatter/target.js';
import { toolEntries } from '../src/rules-support/frontmatter/tool-list.js';
import { prop, rootObject } from '../src/rules-support/json/file.js';
import { prefixRules, type StarlarkValue } from '../src/rules-support/security/codex-rules.js';
import { broadGeminiEntry, broadRule, runsAnyCode, type BroadRule } from '../src/rules-support/security/dangerous-permission.js';
import { shorten } from '../src/rules-support/security/remote-code-exec.js';
import type { Range } from '../src/types.js';

type Ctx = RuleContext;

const INJECTION =
  'Text the model reads (a file, a web page, a tool result, an issue) can carry a prompt injection, and with no approval step the commands it asks for run at once: delete files, read credentials, push code, install software.';

const ALLOWED_TOOLS_HELP = `${INJECTION} \`allowed-tools\` lists the tools Claude may use without asking while this is active (Claude Code's skills and commands reference). List the exact commands it needs instead: \`Bash(git status:*)\`, \`Bash(npm test)\`.`;
const ALLOW_RULE_HELP = `${INJECTION} An allow rule in settings approves matching commands in every session of this project. List the exact commands instead: \`Bash(git status:*)\`, \`Bash(npm test)\`. On entering auto mode Claude Code drops such rules itself, as "broad allow rules that grant arbitrary code execution".`;
const GEMINI_ALLOWED_HELP = `${INJECTION} Gemini CLI's \`tools.allowed\` (\`allowedTools\` before settings v2) names the tools that bypass the confirmation dialog, and a shell entry matches commands by prefix. List the exact commands instead: \`run_shell_command(git status)\`, \`run_shell_command(npm test)\`.`;
const OPENCODE_HELP = `${INJECTION} In OpenCode an agent's \`permission\` overrides opencode.json, so this grant holds whatever the project's config asks. Give \`bash\` a map that allows only the commands the agent needs and asks for the rest: \`bash: { "*": ask, "git status*": allow }\`.`;

/** An entry that approves every command of a shell (`{{shell}}`: shell or PowerShell), or any code of one program. */
const EVERY_COMMAND = '`{{entry}}` pre-approves every {{shell}} command: a prompt injection can run them unasked';
const ANY_CODE = '`{{entry}}` pre-approves any `{{program}}` code: a prompt injection can run it unasked';

const MESSAGES = {
  'bypass-mode': {
    message: '`bypassPermissions` lets a prompt injection in any file this agent reads run commands unasked',
    help: `${INJECTION} \`bypassPermissions\` skips every permission prompt for this agent (allow rules have no effect in it, only deny and ask rules still hold). Claude Code's docs: use it only in isolated containers or VMs. Use \`acceptEdits\` or \`default\` and pre-approve the exact commands the agent needs with \`permissions.allow\` rules such as \`Bash(npm test)\`.`,
  },
  'allowed-tools': { message: EVERY_COMMAND, help: ALLOWED_TOOLS_HELP },
  'allowed-tools-program': { message: ANY_CODE, help: ALLOWED_TOOLS_HELP },
  'allow-rule': { message: EVERY_COMMAND, help: ALLOW_RULE_HELP },
  'allow-rule-program': { message: ANY_CODE, help: ALLOW_RULE_HELP },
  'default-mode': {
    message: '`"bypassPermissions"` as default mode would let a prompt injection run any command unasked',
    help: `${INJECTION} Current Claude Code ignores \`"bypassPermissions"\` in .claude/settings.json and settings.local.json and starts such sessions in Manual mode, while earlier versions honoured it for everyone who opened the project. Remove it, and pass \`--permission-mode bypassPermissions\` only when starting a session inside an isolated container.`,
  },
  'mcp-auto-approve': {
    message: '`enableAllProjectMcpServers` starts every .mcp.json server unasked: a change to it runs code here',
    help: 'Claude Code asks before starting a server from a project\'s .mcp.json; this setting skips that question for every server in it, present and future. A server is a program that runs with your rights, so a change to .mcp.json (a pull request, a merged branch, an edit by the model) runs new code at the next start. Approve servers by name with `enabledMcpjsonServers` instead.',
  },
  'gemini-allowed': { message: EVERY_COMMAND, help: GEMINI_ALLOWED_HELP },
  'gemini-allowed-program': { message: ANY_CODE, help: GEMINI_ALLOWED_HELP },
  'codex-full-access': {
    message: '`danger-full-access` and `approval_policy = "never"` let a prompt injection run any command unasked',
    help: `${INJECTION} \`sandbox_mode = "danger-full-access"\` turns Codex's sandbox off and \`approval_policy = "never"\` its approval prompts: together, Codex's "Full Access", every command the model asks for runs with your rights at once. Keep \`workspace-write\` and \`on-request\` here, and pass \`--sandbox danger-full-access\` only when starting Codex inside an isolated container.`,
  },
  'codex-rule': {
    message: '`{{pattern}}` lets a prompt injection run any `{{program}}` code outside the sandbox unasked',
    help: `${INJECTION} A Codex rule whose decision is \`allow\` (the default when \`decision\` is left out) runs the commands it matches outside the sandbox without asking, and a pattern is a prefix: \`["bash"]\` or \`["python3", "-c"]\` matches every script handed to it. Allow the exact commands instead: \`["npm", "test"]\`, \`["git", "status"]\`.`,
  },
  opencode: { message: '`permission: allow` lets a prompt injection this agent reads run any tool unasked', help: OPENCODE_HELP },
  'opencode-wildcard': { message: '`"*": allow` lets a prompt injection this agent reads run any tool unasked', help: OPENCODE_HELP },
  'opencode-bash': { message: '`bash: allow` lets a prompt injection this agent reads run any shell command unasked', help: OPENCODE_HELP },
};

/** An entry cut for a message. */
const clipEntry = (written: string): string => (written.length > 24 ? `${written.slice(0, 23)}…` : written);

/** What a broad entry grants, as a report of the finding `messageId` (its `-program` id for one program's code). */
function grant(ctx: Ctx, messageId: 'allowed-tools' | 'allow-rule' | 'gemini-allowed', b: BroadRule, written: string, range: Range): void {
  const entry = clipEntry(written);
  if (b.kind === 'all') ctx.report({ messageId, data: { entry, shell: b.tool === 'PowerShell' ? 'PowerShell' : 'shell' }, range });
  else ctx.report({ messageId: `${messageId}-program`, data: { entry, program: b.program! }, range });
}

function checkToolList(ctx: Ctx, field: FrontmatterField): void {
  const fm = ctx.doc.frontmatter!;
  const entries = toolEntries(field, ctx.doc.text, fm.contentRange.start);
  if (!entries) return;
  for (const e of entries) {
    const b = broadRule(e.text);
    if (!b) continue;
    grant(ctx, 'allowed-tools', b, e.text, e.range);
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
  if (v === 'allow') {
    ctx.report({ messageId: 'opencode', range: field.valueRange });
    return;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return;
  const map = v as Record<string, unknown>;
  if (map['*'] === 'allow') ctx.report({ messageId: 'opencode-wildcard', range: keyIn(ctx, field, '*') });
  const bash = map['bash'];
  const bashAll = bash === 'allow' || (bash !== null && typeof bash === 'object' && !Array.isArray(bash) && (bash as Record<string, unknown>)['*'] === 'allow');
  if (bashAll) ctx.report({ messageId: 'opencode-bash', range: keyIn(ctx, field, 'bash') });
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
        if (b) grant(ctx, 'allow-rule', b, item.value, item.range);
      }
    }
  }
  const all = prop(root, 'enableAllProjectMcpServers');
  if (all && isTrue(all.value)) {
    ctx.report({ messageId: 'mcp-auto-approve', range: all.value.range });
  }
}

/** Gemini CLI's settings: `tools.allowed`, and `allowedTools` of settings before v2 (Gemini CLI migrates it). */
function checkGeminiSettings(ctx: Ctx): void {
  const root = rootObject(ctx);
  if (!root) return;
  const tools = prop(root, 'tools');
  const lists = [tools?.value.type === 'object' ? prop(tools.value, 'allowed')?.value : undefined, prop(root, 'allowedTools')?.value];
  for (const list of lists) {
    if (list?.type !== 'array') continue;
    for (const item of list.items) {
      if (item.type !== 'string') continue;
      const b = broadGeminiEntry(item.value);
      if (b) grant(ctx, 'gemini-allowed', b, item.value, item.range);
    }
  }
}

/**
 * Codex's config: `approval_policy = "never"` with `sandbox_mode = "danger-full-access"` at the
 * top level. A profile's pair is not read: a profile applies only when chosen with `--profile`,
 * and Codex ignores `profile` and `profiles` in a project's config.
 */
function checkCodexConfig(ctx: Ctx): void {
  const root = ctx.doc.tomlTree;
  const mode = root && prop(root, 'sandbox_mode')?.value;
  const policy = root && prop(root, 'approval_policy')?.value;
  if (mode?.type !== 'string' || mode.value !== 'danger-full-access' || policy?.type !== 'string' || policy.value !== 'never') return;
  ctx.report({ messageId: 'codex-full-access', range: mode.range });
}

/** A flag after which a shell or an interpreter reads the code to run from the next argument. */
const CODE_FLAG = /^(?:-[A-Za-z]*c|-e|--eval|-command|\/c)$/i;

/** The strings a pattern item matches: one, or a list of alternatives; null when it is not literal. */
function alternatives(v: StarlarkValue | undefined): string[] | null {
  if (v?.type === 'string') return [v.value];
  if (v?.type === 'list' && v.items.length && v.items.every((x) => x.type === 'string')) return v.items.map((x) => (x as { value: string }).value);
  return null;
}

/**
 * Codex's rules: an allowing `prefix_rule` whose pattern is a shell, an interpreter or a command
 * runner alone, or followed by the flag that takes code (`["bash"]`, `["python3", "-c"]`).
 */
function checkCodexRules(ctx: Ctx): void {
  for (const call of prefixRules(ctx.doc.text)) {
    const decision = call.args.get('decision');
    if (decision && !(decision.type === 'string' && decision.value === 'allow')) continue;
    const pattern = call.args.get('pattern');
    if (pattern?.type !== 'list') continue;
    const [first, ...rest] = pattern.items;
    const program = alternatives(first)?.find(runsAnyCode);
    if (!program || !rest.every((item) => alternatives(item)?.every((a) => CODE_FLAG.test(a)))) continue;
    const written = ctx.doc.text.slice(pattern.range.start, pattern.range.end).replace(/\s+/g, ' ');
    ctx.report({ messageId: 'codex-rule', data: { pattern: clipEntry(written), program: shorten(program, 16) }, range: pattern.range });
  }
}

function isTrue(v: JsonNode): boolean {
  return v.type === 'boolean' && v.value;
}

export default defineRule({
  meta: {
    id: 'dangerous-permission',
    description: 'No agent, command, skill or settings file grants unrestricted shell access with no approval (bypassPermissions, an allow rule for all of Bash, OpenCode bash: allow, Gemini CLI and Codex equivalents).',
    severity: 'warn',
    standard: false,
    kinds: ['agent', 'command', 'skill', 'settings', 'gemini-settings', 'codex-config', 'codex-rules'],
    messages: MESSAGES,
  },
  check(ctx) {
    switch (ctx.doc.kind) {
      case 'settings':
        return checkSettings(ctx);
      case 'gemini-settings':
        return checkGeminiSettings(ctx);
      case 'codex-config':
        return checkCodexConfig(ctx);
      case 'codex-rules':
        return checkCodexRules(ctx);
      default:
        return checkSpec(ctx);
    }
  },
});
