/**
 * A value of the wrong JSON type, as the JSON-file rules report it: the message names the value
 * and what it holds instead (`plugin "version" is a number`), the help what belongs there, and
 * the finding sits on the value. Each rule still lists these among its own meta.messages; writing
 * them and reporting them through here keeps every manifest's type errors worded and placed alike.
 */
import type { RuleContext, RuleMessage } from '../../engine/rule.js';
import type { JsonNode } from '../../model/json/ast.js';
import { describe } from './file.js';

/**
 * The message of a type error: `what` (it may hold placeholders, such as `server "{{server}}"`)
 * is {{value}}; the help says what was `expected`. Report it with reportTypeError.
 */
export function typeError(what: string, expected: string): RuleMessage {
  return { message: `${what} is {{value}}`, help: `Expected ${expected}.` };
}

/** Reports the typeError message `messageId` on `node`, which holds a value of another type. */
export function reportTypeError(ctx: Pick<RuleContext, 'report'>, messageId: string, node: JsonNode, data: Record<string, string> = {}): void {
  ctx.report({ messageId, data: { ...data, value: describe(node) }, range: node.range });
}

/**
 * Whether `node` is of `type`; when it is not, reports the typeError message `messageId` on it.
 * For the common case of a key that takes one type only.
 */
export function expectType<T extends JsonNode['type']>(
  ctx: Pick<RuleContext, 'report'>,
  node: JsonNode,
  type: T,
  messageId: string,
  data?: Record<string, string>,
): node is Extract<JsonNode, { type: T }> {
  if (node.type === type) return true;
  reportTypeError(ctx, messageId, node, data);
  return false;
}
