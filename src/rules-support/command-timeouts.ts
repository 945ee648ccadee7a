/**
 * A command's default and maximum timeout: a rule's option (`maxTimeouts`, `defaultTimeouts`,
 * keyed by command name without the slash) over the profile's table. Only own keys count, so a
 * command named like an Object property (`constructor`) has no limit rather than a function.
 */
import type { Profile } from '../standard/profiles.js';

/** The schema of the `maxTimeouts` and `defaultTimeouts` options: seconds by command name. */
export function secondsByCommand(description: string): Record<string, unknown> {
  return { type: 'object', additionalProperties: { type: 'number', exclusiveMinimum: 0 }, description };
}

export const MAX_TIMEOUTS_OPTION = secondsByCommand("Maximum timeout in seconds per command name without the slash (merged over the profile's table).");

export function commandTimeout(profile: Profile, overrides: Readonly<Record<string, number>> | undefined, command: string, which: 'max' | 'default'): number | undefined {
  if (overrides && Object.hasOwn(overrides, command)) return overrides[command];
  return Object.hasOwn(profile.commandTimeouts, command) ? profile.commandTimeouts[command]![which] : undefined;
}
