/**
 * Gemini CLI's extension variables (`${extensionPath}`, `${workspacePath}`, `${/}`), which it
 * replaces in every string of gemini-extension.json and of an extension's hooks/hooks.json, and
 * leaves as written when the name is not one of them.
 */
import type { RuleContext } from '../engine/rule.js';
import type { JsonNode } from '../model/json/ast.js';
import { GEMINI_EXTENSION_VARIABLES } from '../standard/gemini-config.js';
import { closest } from '../util/suggest.js';
import { configStrings, stringValueRange } from './json/file.js';

/** The finding reportVariableSlips reports, for the meta.messages of the rules that call it. */
export const GEMINI_VARIABLE_MESSAGES = {
  variable: {
    message: '{{variable}} is not a variable Gemini CLI replaces',
    help: 'Did you mean "{{near}}"? Gemini CLI replaces only ${extensionPath}, ${workspacePath} and ${/} in an extension\'s files, and leaves any other name as written.',
  },
};

/** A `${...}` as Gemini CLI finds it (its hydrateString's pattern). */
const VARIABLE = /\$\{(.*?)\}/g;
/** An environment variable's name as written by convention: Gemini CLI expands those from the environment. */
const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;
/** The variables a name is compared with; `${/}` only with a backslash, the other separator. */
const NAMED = GEMINI_EXTENSION_VARIABLES.filter((v) => v.length > 1);

function slipFor(name: string): string | undefined {
  if (name === '\\') return '/';
  return name.length > 3 ? closest(name, NAMED) : undefined;
}

/**
 * The `${...}` of an extension's strings that are a slip for one of its variables: not a name
 * Gemini CLI replaces, not an environment variable's, and close to one it replaces. Any other
 * name may be an environment variable or a shell's parameter (in a hook's command), both left to
 * run as written. Reported as `variable` with `variable` (as written) and `near` (as it should be).
 */
export function reportVariableSlips(ctx: Pick<RuleContext, 'doc' | 'report'>, root: JsonNode): void {
  for (const { node } of configStrings(root)) {
    if (!node.value.includes('${')) continue;
    for (const m of node.value.matchAll(VARIABLE)) {
      const name = m[1]!;
      if (GEMINI_EXTENSION_VARIABLES.includes(name) || ENV_NAME.test(name)) continue;
      const near = slipFor(name);
      if (near) ctx.report({ messageId: 'variable', data: { variable: m[0], near: `\${${near}}` }, range: stringValueRange(ctx.doc.text, node, m.index, m[0].length) });
    }
  }
}
