/**
 * What the TOML-file rules share: the file's root table with positions (its parse error
 * reported where the parser stopped), and how a TOML value is named in a message.
 */
import type { RuleContext } from '../engine/rule.js';
import type { JsonNode, JsonObject } from '../model/json/ast.js';
import { describe } from './json/file.js';

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
      ctx.report({
        message: `${what} is not valid TOML: ${view.message}`,
        messageId: 'parse',
        help: `${tool ?? 'The tool'} cannot read the file while it does not parse.`,
        range: { start: at, end: Math.min(at + 1, ctx.doc.text.length) },
      });
    }
    return null;
  }
  return ctx.doc.tomlTree;
}

/** How a TOML value is named in a message: `a table`, `an integer`, and as JSON's are otherwise (`an array`, `a string` ...). */
export function describeToml(node: JsonNode): string {
  if (node.type === 'object') return 'a table';
  if (node.type === 'number') return Number.isInteger(node.value) ? 'an integer' : 'a number';
  return describe(node);
}
