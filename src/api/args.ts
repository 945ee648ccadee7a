/**
 * Argument checks of the library's entry points: a wrong type is a TypeError that names the
 * function, the argument and what was expected, instead of a crash deep inside (`x.map is not a
 * function`) or a silent wrong result.
 */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

export function fail(fn: string, arg: string, expected: string, got: unknown): never {
  throw new TypeError(`${fn}: ${arg} must be ${expected}, got ${kindOf(got)}`);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `options` is undefined or an object; each named key, when present, passes its check. */
export function checkOptions(fn: string, options: unknown, checks: Record<string, (v: unknown) => string | null>): void {
  if (options === undefined) return;
  if (!isPlainObject(options)) fail(fn, 'options', 'an object', options);
  for (const [key, check] of Object.entries(checks)) {
    const v = options[key];
    if (v === undefined) continue;
    const expected = check(v);
    if (expected) fail(fn, `options.${key}`, expected, v);
  }
}

export const isString = (v: unknown) => (typeof v === 'string' ? null : 'a string');
export const isBoolean = (v: unknown) => (typeof v === 'boolean' ? null : 'a boolean');
export const isObject = (v: unknown) => (isPlainObject(v) ? null : 'an object');
export const isStringArray = (v: unknown) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? null : 'an array of strings');
export const isStringOrFalse = (v: unknown) => (typeof v === 'string' || v === false ? null : 'a string or false');
