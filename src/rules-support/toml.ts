/**
 * What the TOML-file rules share: the file's root table with positions (its parse error
 * reported where the parser stopped), its keys against the ones a tool reads, and how a TOML
 * value is named in a message.
 */
import type { RuleContext } from '../engine/rule.js';
import type { JsonNode, JsonObject, JsonProperty } from '../model/json/ast.js';
import { closest } from '../util/suggest.js';
import { describe } from './json/file.js';

/** The finding tomlRoot reports, for the meta.messages of the rules that call it with `what`. */
export const TOML_FILE_MESSAGES = {
  parse: { message: '{{file}} is not valid TOML: {{reason}}', help: '{{tool}} cannot read the file while it does not parse.' },
};

/**
 * The root table of a TOML file, as a positioned tree (doc.tomlTree). With `what` (the file as
 * the message names it) and `tool` (who reads it), a file that does not parse is reported at
 * the parser's line and column; without them it is skipped silently (another rule reports it).
 */
export function tomlRoot(ctx: Pick<RuleContext, 'doc' | 'report'>, what?: string, tool?: string): JsonObject | null {
  const view = ctx.doc.tomlFile;
  if (!view) return null;
  if (!view.ok) {
    if (what) {
      const at = Math.min(ctx.doc.lines.offset(view.line, view.column), ctx.doc.text.length);
      ctx.report({ messageId: 'parse', data: { file: what, reason: view.message, tool: tool ?? 'The tool' }, range: { start: at, end: Math.min(at + 1, ctx.doc.text.length) } });
    }
    return null;
  }
  return ctx.doc.tomlTree;
}

/**
 * The root table's keys: each of `known` goes to `check`; any other is reported as a warning
 * (the tools ignore keys they do not know), `unknown-typo` with the closest known key as
 * `near`, else `unknown`.
 */
export function eachKey(ctx: Pick<RuleContext, 'report'>, root: JsonObject, known: readonly string[], check: (p: JsonProperty) => void): void {
  for (const p of root.properties) {
    if (known.includes(p.key)) {
      check(p);
      continue;
    }
    const near = closest(p.key, known);
    ctx.report({ messageId: near ? 'unknown-typo' : 'unknown', data: { key: p.key, near: near ?? '' }, severity: 'warn', range: p.keyRange });
  }
}

/** How a TOML value is named in a message: `a table`, `an integer`, otherwise as a JSON value is. */
export function describeToml(node: JsonNode): string {
  if (node.type === 'object') return 'a table';
  if (node.type === 'number' && Number.isInteger(node.value)) return 'an integer';
  return node.type === 'null' || node.type === 'placeholder' ? 'a value' : describe(node);
}
