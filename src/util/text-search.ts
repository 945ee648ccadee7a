/**
 * Whole-text searches for the standard's keys. V8 finds a word by its first character and
 * compares from there: a key that starts with a common letter (`delegation_path`, `status`) is
 * compared at every `d` or `s` of the text, about 5 ms over the 12 MB corpus for each search.
 * `_` is rare in prose, so a key's part from its `_` is looked for first (about 1 ms), and the
 * whole key only in the texts that hold that part.
 */
export function includesKey(text: string, key: string): boolean {
  const u = key.indexOf('_');
  return (u <= 0 || text.includes(key.slice(u))) && text.includes(key);
}

/**
 * Whether the text holds an `agent-lint-` directive's prefix: `-lint-` first (a search from `-`,
 * about half the time of one from `a` over the corpus), the whole prefix only where that is found.
 */
export function namesDirectivePrefix(text: string): boolean {
  return text.includes('-lint-') && text.includes('agent-lint-');
}
