import { defineRule, type RuleContext } from '../src/engine/rule.js';
import type { DocumentModel } from '../src/model/document.js';
import { findSecrets, isSecretName, jsonStrings, looksRandom, mask, SECRET_KINDS, stringValueRange, withoutScheme, type SecretHit } from '../src/rules-support/security/secret-in-spec.js';
import type { Range } from '../src/types.js';
import { ALL_KINDS } from '../src/model/kinds.js';

/** Where in the project the secret is, for the help: what to write instead depends on it. */
type Place = 'spec' | 'mcp' | 'hook' | 'settings-env' | 'config';

/** A command-line flag that takes a credential, as an `args` item before its value. */
const FLAG_ITEM = /^--?(?:api[-_]?key|token|auth[-_]token|access[-_]token|secret|password|client[-_]secret)$/i;

function placeOf(doc: DocumentModel, path: readonly string[]): Place {
  if (!doc.isJson) return 'spec';
  if (doc.kind === 'mcp-config' || path.includes('mcpServers')) return 'mcp';
  if (doc.kind === 'hooks-config' || path.includes('hooks')) return 'hook';
  if (doc.kind === 'settings' && path[0] === 'env') return 'settings-env';
  return 'config';
}

/** The environment variable the help suggests: the value's own name when it is one (`OPENAI_API_KEY`), else the kind's. */
function envName(hit: SecretHit): string {
  if (hit.kind !== 'assigned' || !hit.name) return SECRET_KINDS[hit.kind].envName;
  const name = hit.name.replace(/^[-.]+/, '');
  if (/^[A-Z][A-Z0-9_]*$/.test(name)) return name;
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase();
  return /^[A-Z]/.test(snake) ? snake : SECRET_KINDS.assigned.envName;
}

function helpFor(place: Place, env: string, isFile: boolean): string {
  const revoke = 'Revoke it (the history of the file keeps it), then';
  if (isFile) return `${revoke} keep the key in a file outside the project and name its path in an environment variable (${env}).`;
  switch (place) {
    case 'mcp':
      return `${revoke} write "\${${env}}" in its place and set ${env} in each user's environment: Claude Code expands \${VAR} and \${VAR:-default} in an MCP server's command, args, env, url and headers.`;
    case 'hook':
      return `${revoke} read it from the environment in the command ("$${env}"): a hook runs in a shell that has the user's environment.`;
    case 'settings-env':
      return `${revoke} set ${env} in your shell, or in .claude/settings.local.json (which is not committed), instead of the shared settings.json.`;
    case 'config':
      return `${revoke} keep it in an environment variable (${env}) and read it from there where it is used.`;
    default:
      return `${revoke} refer to it by an environment variable (${env}) instead: a command the agent runs reads the value from the environment, and the spec never holds it.`;
  }
}

function message(hit: SecretHit): string {
  const k = SECRET_KINDS[hit.kind];
  if (hit.kind === 'private-key') return `private key block in the file: whoever reads it can ${k.gains}`;
  if (hit.kind === 'assigned') return `"${hit.name!.slice(0, 24)}" holds a credential (${mask(hit.value)}): whoever reads the file can use it`;
  return `${k.label} ${mask(hit.value)} in the file: whoever reads it can ${k.gains}`;
}

function report(ctx: RuleContext, hit: SecretHit, range: Range, place: Place): void {
  ctx.report({ message: message(hit), messageId: hit.kind, help: helpFor(place, envName(hit), hit.kind === 'private-key'), range });
}

export default defineRule({
  meta: {
    id: 'secret-in-spec',
    description: 'No spec, hook or MCP config holds a credential: an API key, token, password, private key or JWT.',
    details:
      'A spec, a hook and an MCP config are shared with everyone who can read the project, and an agent reads its spec into a conversation that may be logged, sent to a model provider, or echoed into its output. A credential written there is a credential given away. Found: keys in the formats providers give them (AWS, GitHub, Anthropic, OpenAI, Slack, Google, Stripe), private key blocks, JWTs, bearer tokens, and random values given to a name that says it holds a credential (api_key, token, secret, password). Placeholders (`sk-...`, `YOUR_API_KEY`, `<token>`, `${ENV_VAR}`, example values) are not reported.',
    // Off in agent-lint:recommended until it costs less than a full scan of every text (the
    // whole corpus took 10% longer with it); on in agent-lint:strict and when configured.
    severity: 'off',
    strictSeverity: 'error',
    standard: false,
    kinds: [...ALL_KINDS],
  },
  check(ctx) {
    const { doc } = ctx;
    if (!doc.isJson) {
      for (const hit of findSecrets(doc.text)) report(ctx, hit, { start: hit.index, end: hit.index + hit.length }, 'spec');
      return;
    }
    // settings.local.json is Claude Code's place for personal settings: it is not committed.
    if (/(^|\/)settings\.local\.json$/.test(doc.relPath)) return;
    const view = doc.jsonFile;
    if (!view?.ok) return;
    for (const s of jsonStrings(view.root)) {
      const place = placeOf(doc, s.path);
      const value = s.node.value;
      const hits = findSecrets(value);
      if (hits.length === 0) {
        // A random value under a credential's name ("OPENAI_API_KEY": "...", "Authorization": "..."),
        // or after a credential flag in args (["--api-key", "..."]).
        const key = s.path[s.path.length - 1]!;
        const flag = key === '[]' && s.previous?.type === 'string' && FLAG_ITEM.test(s.previous.value) ? s.previous.value.replace(/^-+/, '') : null;
        const name = flag ?? (key !== '[]' && isSecretName(key) ? key : null);
        if (name) {
          const bare = withoutScheme(value);
          if (looksRandom(bare.value)) hits.push({ kind: 'assigned', index: bare.offset, length: bare.value.length, value: bare.value, name });
        }
      }
      for (const hit of hits) report(ctx, hit, stringValueRange(doc.text, s.node, hit.index, hit.length), place);
    }
  },
});
