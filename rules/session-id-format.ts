import { defineRule } from '../src/engine/rule.js';
import { findProperty } from '../src/model/json/parse.js';
import { concreteString, delegationHolders } from '../src/standard/objects.js';
import { quoted } from '../src/util/clip.js';

interface Options {
  pattern?: string;
}

/** A value that names the field rather than giving one: `session_id`, `unique_session_identifier`. */
/** Lower-case words joined by single underscores (two flat tests: no nested quantifier). */
const DESCRIPTIVE = { test: (s: string) => /^[a-z][a-z_]*$/.test(s) && !/__|_$/.test(s) };

export default defineRule<Options>({
  meta: {
    id: 'session-id-format',
    description: 'Session ids in return metadata and delegation contexts follow the profile\'s format.',
    details:
      'Delegation Standard 2.0 generates one id per delegation as sess_{timestamp}_{random_6char}; Return Format 1.0 uses {agent_type}_{task_id}_{timestamp}_{random}. The caller checks that the returned id equals the one it sent and the orchestrator\'s registry is keyed by it, so an example with an id in another shape teaches agents to echo the wrong thing. Placeholders ({session_id}, ${session_id}, sess_{timestamp}_{random}) are accepted.',
    severity: 'warn',
    requiresStandard: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        pattern: { type: 'string', format: 'regex', description: 'A regular expression session ids must match (default: the profile\'s).' },
      },
    },
  },
  check({ doc, profile, options, report }) {
    const holders = delegationHolders(doc);
    if (holders.length === 0) return;
    const re = new RegExp(options.pattern ?? profile.sessionIdPattern);
    const format = options.pattern ? `/${options.pattern}/` : profile.sessionIdFormat;
    for (const h of holders) {
      const node = findProperty(h.node, 'session_id')?.value;
      const value = concreteString(node);
      if (value === undefined || !node) continue;
      // A spec's descriptive stand-in; a real reply (`doc.literal`) has no stand-ins.
      if (!doc.literal && !value.startsWith('sess_') && DESCRIPTIVE.test(value)) continue;
      // An elided example (`"sess_..."`, `"sess_…"`) is a placeholder, as `{session_id}` is.
      if (!doc.literal && /\.\.\.|…/.test(value)) continue;
      if (re.test(value)) continue;
      const where = h.role === 'metadata' ? 'metadata.session_id' : "the delegation context's session_id";
      report({
        message: `${where} ${quoted(value, 32)} does not match the ${options.pattern ? "rule's pattern" : `${profile.name} format`}`,
        help: options.pattern
          ? `Expected a match of ${format} (the rule's pattern option).`
          : `Expected the ${profile.name} format ${format}, such as ${JSON.stringify(profile.sessionIdExample)}: the caller checks that the id it sent comes back.`,
        range: node.range,
      });
    }
  },
});
