import { defineRule, optionsSchema } from '../src/engine/rule.js';
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
    severity: 'warn',
    requiresStandard: true,
    messages: {
      format: {
        message: '{{where}} {{value}} does not match the {{profile}} format',
        help: 'Expected the {{profile}} format {{format}}, such as {{example}}: the caller checks that the id it sent comes back.',
      },
      pattern: {
        message: "{{where}} {{value}} does not match the rule's pattern",
        help: "Expected a match of {{format}} (the rule's pattern option).",
      },
    },
    schema: optionsSchema({
      pattern: { type: 'string', format: 'regex', description: 'A regular expression session ids must match (default: the profile\'s).' },
    }),
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
        messageId: options.pattern ? 'pattern' : 'format',
        data: { where, value: quoted(value, 32), profile: profile.name, format, example: JSON.stringify(profile.sessionIdExample) },
        range: node.range,
      });
    }
  },
});
