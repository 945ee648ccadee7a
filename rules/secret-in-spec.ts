import { defineRule, type RuleContext, type RuleMessage } from '../src/engine/rule.js';
import type { DocumentModel } from '../src/model/document.js';
import { tomlValueRanges } from '../src/model/toml/tree.js';
import { findSecrets, isSecretName, looksRandom, mask, SECRET_ENV, withoutScheme, type SecretHit, type SecretKind } from '../src/rules-support/security/secret-in-spec.js';
import { configStrings, stringValueRange, type ConfigStringAt } from '../src/rules-support/json/file.js';
import type { Range } from '../src/types.js';
import { ALL_KINDS } from '../src/model/kinds.js';

/**
 * Where in the project the secret is, for the help: what to write instead depends on the tool
 * that reads the file (how it brings an environment variable into its value).
 */
type Place = 'spec' | 'claude-mcp' | 'gemini' | 'codex-mcp' | 'hook' | 'settings-env' | 'config';

/** A command-line flag that takes a credential, as an `args` item before its value. */
const FLAG_ITEM = /^--?(?:api[-_]?key|token|auth[-_]token|access[-_]token|secret|password|client[-_]secret)$/i;

/** Where a string of a config file is, by the keys that lead to it. */
function placeOf(doc: DocumentModel, path: readonly string[]): Place {
  if (doc.format === 'markdown' || doc.format === 'text' || doc.kind === 'gemini-command') return 'spec';
  // Gemini CLI expands variables in every string of both files, hooks' commands included.
  if (doc.kind === 'gemini-settings' || doc.kind === 'gemini-extension') return 'gemini';
  if (doc.kind === 'codex-config' && path[0] === 'mcp_servers') return 'codex-mcp';
  if (doc.kind === 'mcp-config' || path.includes('mcpServers')) return 'claude-mcp';
  if (doc.kind === 'hooks-config' || doc.kind === 'codex-hooks' || path.includes('hooks')) return 'hook';
  if (doc.kind === 'settings' && path[0] === 'env') return 'settings-env';
  return 'config';
}

/** The environment variable the help suggests: the value's own name when it is one (`OPENAI_API_KEY`), else the kind's. */
function envName(hit: SecretHit): string {
  if (hit.kind !== 'assigned' || !hit.name) return SECRET_ENV[hit.kind];
  const name = hit.name.replace(/^[-.]+/, '');
  if (/^[A-Z][A-Z0-9_]*$/.test(name)) return name;
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return /^[A-Z]/.test(snake) ? snake : SECRET_ENV.assigned;
}

/** What to do instead of writing the secret, by where it is: the end of the help's sentence. */
function instead(place: Place, env: string): string {
  switch (place) {
    case 'claude-mcp':
      return `write "\${${env}}" in its place and set ${env} in each user's environment: Claude Code expands \${VAR} and \${VAR:-default} in an MCP server's command, args, env, url and headers.`;
    case 'gemini':
      return `write "\${${env}}" in its place and set ${env} in each user's environment or in a .env file that is not committed: Gemini CLI loads .env files and expands $VAR and \${VAR} in the strings of settings.json and gemini-extension.json.`;
    case 'codex-mcp':
      return `set ${env} in each user's environment and name it instead: \`env_vars = ["${env}"]\` passes it to a stdio server, \`bearer_token_env_var\` and \`env_http_headers\` send it to an HTTP server (Codex's config reference).`;
    case 'hook':
      return `read it from the environment in the command ("$${env}"): a hook runs in a shell that has the user's environment.`;
    case 'settings-env':
      return `set ${env} in your shell, or in .claude/settings.local.json (which is not committed), instead of the shared settings.json.`;
    case 'config':
      return `keep it in an environment variable (${env}) and read it from there where it is used.`;
    default:
      return `refer to it by an environment variable (${env}) instead: a command the agent runs reads the value from the environment, and the spec never holds it.`;
  }
}

const REVOKE = 'Revoke it (the history of the file keeps it), then';
/** What to do with a secret, for the place it is in ({{instead}}). */
const REPLACE = `${REVOKE} {{instead}}`;

/** By the kind of secret (SecretKind). */
const MESSAGES: Record<SecretKind, RuleMessage> = {
  aws: { message: "AWS access key {{masked}} in the file: whoever reads it can use the AWS account with this key's rights", help: REPLACE },
  github: { message: "GitHub token {{masked}} in the file: whoever reads it can act on GitHub as the token's owner", help: REPLACE },
  anthropic: { message: "Anthropic API key {{masked}} in the file: whoever reads it can use the Anthropic API on its owner's bill", help: REPLACE },
  openai: { message: "OpenAI API key {{masked}} in the file: whoever reads it can use the OpenAI API on its owner's bill", help: REPLACE },
  slack: { message: 'Slack token {{masked}} in the file: whoever reads it can read and post in the Slack workspace', help: REPLACE },
  'slack-webhook': { message: 'Slack webhook URL {{masked}} in the file: whoever reads it can post into the Slack channel', help: REPLACE },
  google: { message: "Google API key {{masked}} in the file: whoever reads it can use Google APIs on the key's project", help: REPLACE },
  stripe: { message: 'Stripe live key {{masked}} in the file: whoever reads it can move and read money on the Stripe account', help: REPLACE },
  jwt: { message: 'JSON Web Token {{masked}} in the file: whoever reads it can act as whoever it was issued to', help: REPLACE },
  bearer: { message: "bearer token {{masked}} in the file: whoever reads it can call the API as the token's owner", help: REPLACE },
  'private-key': {
    message: 'private key block in the file: whoever reads it can impersonate its owner and read what it protects',
    help: `${REVOKE} keep the key in a file outside the project and name its path in an environment variable ({{env}}).`,
  },
  assigned: { message: '"{{name}}" holds a credential ({{masked}}): whoever reads the file can use it', help: REPLACE },
};

function report(ctx: RuleContext, hit: SecretHit, range: Range, place: Place): void {
  const env = envName(hit);
  ctx.report({ messageId: hit.kind, data: { masked: mask(hit.value), name: hit.name?.slice(0, 24) ?? '', env, instead: instead(place, env) }, range });
}

/**
 * A random value that no known format matches, given to a credential's name (`"OPENAI_API_KEY":
 * "..."`, `"Authorization": "..."`) or after a credential flag in args (`["--api-key", "..."]`).
 */
function assignedValue(value: string, key: string, previous: string | undefined): SecretHit | null {
  const flag = key === '[]' && previous !== undefined && FLAG_ITEM.test(previous) ? previous.replace(/^-+/, '') : null;
  const name = flag ?? (key !== '[]' && isSecretName(key) ? key : null);
  if (!name) return null;
  const bare = withoutScheme(value);
  return looksRandom(bare.value) ? { kind: 'assigned', index: bare.offset, length: bare.value.length, value: bare.value, name } : null;
}

function checkJson(ctx: RuleContext): void {
  const { doc } = ctx;
  // settings.local.json is Claude Code's place for personal settings: it is not committed.
  if (/(^|\/)settings\.local\.json$/.test(doc.relPath)) return;
  const view = doc.jsonFile;
  if (!view?.ok) return;
  for (const s of configStrings(view.root)) {
    const place = placeOf(doc, s.path);
    const value = s.node.value;
    const hits = findSecrets(value);
    if (hits.length === 0) {
      const hit = assignedValue(value, s.path[s.path.length - 1]!, s.previous?.type === 'string' ? s.previous.value : undefined);
      if (hit) hits.push(hit);
    }
    for (const hit of hits) report(ctx, hit, stringValueRange(doc.text, s.node, hit.index, hit.length), place);
  }
}

/**
 * A TOML file: the whole text is scanned (its comments too), each find placed by the string
 * that holds it; then the strings are read as JSON's are, for values under credential names and
 * after credential flags that the text alone does not show (an `args` array).
 */
function checkToml(ctx: RuleContext): void {
  const { doc } = ctx;
  const root = doc.tomlTree;
  // The string literals in the text's order (a date is a string of the tree too: it is left out).
  const strings = (root ? configStrings(root) : [])
    .filter((s) => doc.text[s.node.range.start] === '"' || doc.text[s.node.range.start] === "'")
    .sort((a, b) => a.node.range.start - b.node.range.start);
  // Finds come in the text's order, as the strings do: one walk places them all.
  let k = 0;
  const holder = (at: number): ConfigStringAt | undefined => {
    while (k < strings.length && strings[k]!.node.range.end <= at) k++;
    return k < strings.length && strings[k]!.node.range.start <= at ? strings[k] : undefined;
  };
  const found: Range[] = [];
  for (const hit of findSecrets(doc.text)) {
    const range = { start: hit.index, end: hit.index + hit.length };
    found.push(range);
    report(ctx, hit, range, placeOf(doc, holder(hit.index)?.path ?? []));
  }
  let j = 0;
  for (const s of strings) {
    const hit = assignedValue(s.node.value, s.path[s.path.length - 1] ?? '', s.previous?.type === 'string' ? s.previous.value : undefined);
    if (!hit) continue;
    const range = tomlValueRanges(doc.text, s.node)(hit.index, hit.index + hit.length);
    while (j < found.length && found[j]!.end <= range.start) j++;
    if (j < found.length && found[j]!.start < range.end) continue;
    report(ctx, hit, range, placeOf(doc, s.path));
  }
}

export default defineRule({
  meta: {
    id: 'secret-in-spec',
    description: 'No spec, hook or MCP config holds a credential: an API key, token, password, private key or JWT.',
    // Off in agent-lint:recommended until it costs less than a full scan of every text (the
    // whole corpus took 10% longer with it); on in agent-lint:strict and when configured.
    severity: 'off',
    strictSeverity: 'error',
    standard: false,
    kinds: [...ALL_KINDS],
    messages: MESSAGES,
  },
  check(ctx) {
    const { doc } = ctx;
    if (doc.isJson) checkJson(ctx);
    else if (doc.format === 'toml') checkToml(ctx);
    else for (const hit of findSecrets(doc.text)) report(ctx, hit, { start: hit.index, end: hit.index + hit.length }, 'spec');
  },
});
