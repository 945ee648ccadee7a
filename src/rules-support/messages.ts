/**
 * Builders of `meta.messages` tables, for rules whose findings come in variants: the same
 * message with helps of their own, the same help for several messages, the documentation page
 * every help ends with, and the pair of findings with and without a did-you-mean.
 */
import type { RuleMessage } from '../engine/rule.js';

/** `messages` with `page` (`(Codex docs: Configuration Reference)`) after each help. */
export function citing<K extends string>(page: string, messages: Record<K, RuleMessage>): Record<K, RuleMessage> {
  const out = {} as Record<K, RuleMessage>;
  for (const id of Object.keys(messages) as K[]) {
    const m = messages[id];
    out[id] = { message: m.message, help: m.help === undefined ? page : `${m.help} ${page}` };
  }
  return out;
}

/** `id`, and `<id>-typo` for when a likely name is known (data `near`): its help starts with the suggestion. */
export function withTypo(id: string, m: RuleMessage): Record<string, RuleMessage> {
  return { [id]: m, [`${id}-typo`]: { message: m.message, help: `Did you mean "{{near}}"? ${m.help ?? ''}` } };
}

/** Variants of one finding in `meta.messages`: the same message, and a help of its own for each id. */
export function sameMessage(message: string, helps: Readonly<Record<string, string>>): Record<string, RuleMessage> {
  return Object.fromEntries(Object.entries(helps).map(([id, help]) => [id, { message, help }]));
}

/** Findings in `meta.messages` that each have a message of their own and share one help. */
export function sameHelp(help: string, messages: Readonly<Record<string, string>>): Record<string, RuleMessage> {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, { message, help }]));
}
