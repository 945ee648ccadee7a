/** `agent-lint --init`: a commented starter config that names its JSON Schema. */
import type { Rule } from '../engine/rule.js';

export const STARTER_CONFIG_FILE = '.agent-lint.jsonc';

export function starterConfig(rules: readonly Rule[]): string {
  const lines = rules
    .filter((r) => !r.meta.internal)
    .map((r) => `    // "${r.meta.id}": "${r.meta.severity === 'off' ? 'warn' : r.meta.severity}",  // ${r.meta.description}`);
  return `{
  // agent-lint configuration. The schema gives completion and checks in editors.
  "$schema": "./node_modules/agent-lint/docs/config.schema.json",

  // Start from the recommended rules ("agent-lint:strict" turns on the rest as warnings).
  "extends": "agent-lint:recommended",

  // The delegation standard the project follows: "v2" (Delegation Standard 2.0), "v1"
  // (Return Format 1.0) or "bounded". Setting it also tells agent-lint the project uses it.
  // "standard": "v2",

  // Rules: "off", "warn", "error", or ["error", { options }]. Uncomment to change one.
  "rules": {
${lines.join('\n')}
  },

  // Per-folder settings, e.g. files that are agents outside the usual folders.
  "overrides": [
    // { "files": ["prompts/agents/**/*.md"], "kind": "agent" }
  ],

  // Files not to lint.
  "ignores": [
    // "drafts/**"
  ]
}
`;
}
