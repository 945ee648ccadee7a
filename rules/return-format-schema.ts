import { defineRule, optionsSchema } from '../src/engine/rule.js';
import { STANDARD_NAMES, getProfile, type Profile } from '../src/standard/profiles.js';
import { validateReturnFormat } from '../src/standard/validate.js';
import { returnsOf } from '../src/standard/objects.js';
import type { StandardName } from '../src/types.js';

interface Options {
  standard?: StandardName;
}

function forbids(profile: Profile, valueText: string): boolean {
  const value = valueText.replace(/^"|"$/g, '');
  return !!profile.returnFormat?.forbidden?.some((f) => f.value === value);
}

export default defineRule<Options>({
  meta: {
    id: 'return-format-schema',
    description: "Every return block matches the return format in force: the project's own, learned from its documents, or the standard's.",
    severity: 'error',
    requiresStandard: true,
    messages: {
      // The validator words each schema violation (src/standard/validate.ts), for check-return too.
      schema: { message: '{{message}}', help: '{{help}}' },
    },
    schema: optionsSchema({
      standard: { enum: [...STANDARD_NAMES], description: 'Validate against this profile instead of the configured one.' },
    }),
  },
  check({ doc, profile, options, report }) {
    if (doc.returnFormats.length === 0 && doc.fileReturns.length === 0) return;
    const p = options.standard ? getProfile(options.standard) : profile;
    for (const { node, role } of returnsOf(doc, p)) {
      for (const v of validateReturnFormat(node, p, { text: doc.text, templates: !doc.literal })) {
        // A caller's sketch of the fields it reads claims no other fields.
        if (role === 'sketch' && v.keyword === 'required') continue;
        // A value the project forbids is forbidden-value's finding, with the prohibition cited.
        if (v.keyword === 'enum' && forbids(p, doc.text.slice(v.range.start, v.range.end))) continue;
        report({ messageId: 'schema', data: { message: v.message, help: v.help }, range: v.range });
      }
    }
  },
});
