import { defineRule } from '../src/engine/rule.js';
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
    details:
      'Each JSON object shaped like a subagent return (status plus two of summary, artifacts, metadata, errors), and each block a spec writes to its metadata file, is validated against the return format in force: the one its agent system\'s format documents declare (see docs/protocol.md; config `returnFormat` names one outright), else the JSON Schema of the selected standard (v2 by default, v1 with `standard: "v1"`): required fields, metadata fields, status, artifact and error type values, and value types. Templates are understood: placeholders are not checked, "a|b|c" alternatives are checked one by one, and an object with `...` may omit fields.',
    severity: 'error',
    requiresStandard: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        standard: { enum: [...STANDARD_NAMES], description: 'Validate against this profile instead of the configured one.' },
      },
    },
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
        report({ message: v.message, help: v.help, messageId: v.keyword, range: v.range });
      }
    }
  },
});
