/**
 * `value` frozen through and through, for the tables of the standard that every rule and every
 * file of a run share: a rule that changed one by mistake would change how later files are
 * judged, so it fails at once instead. Objects frozen already are taken as done (and cycles end).
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
