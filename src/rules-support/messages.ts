/**
 * Pieces of the other tools' rules' meta.messages: the documentation page every help ends with,
 * and the pair of findings with and without a did-you-mean.
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
