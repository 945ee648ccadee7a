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

/** What to do instead of writing the credential, by where it is. */
function instead(place: Place, env: string): string {
  switch (place) {
    case 'mcp':
      return `write "\${${env}}" in its place and set ${env} in each user's environment: Claude Code expands \${VAR} and \${VAR:-default} in an MCP server's command, args, env, url and headers.`;
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

const REVOKE = 'Revoke it (the history of the file keeps it), then {{instead}}';
const FOUND = { message: '{{label}} {{masked}} in the file: whoever reads it can {{gains}}', help: REVOKE };

function report(ctx: RuleContext, hit: SecretHit, range: Range, place: Place): void {
  const k = SECRET_KINDS[hit.kind];
  const env = envName(hit);
  const data = { label: k.label, masked: mask(hit.value), gains: k.gains, name: hit.name?.slice(0, 24) ?? '', env, instead: instead(place, env) };
  ctx.report({ messageId: hit.kind, data, range });
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
    // By the kind of credential: most are worded alike.
    messages: {
      ...Object.fromEntries(Object.keys(SECRET_KINDS).map((kind) => [kind, FOUND])),
      'private-key': {
        message: 'private key block in the file: whoever reads it can {{gains}}',
        help: 'Revoke it (the history of the file keeps it), then keep the key in a file outside the project and name its path in an environment variable ({{env}}).',
      },
      assigned: { message: '"{{name}}" holds a credential ({{masked}}): whoever reads the file can use it', help: REVOKE },
    },
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
