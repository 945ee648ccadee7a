/**
 * What a finding a person reads at a glance is held to: a message of one sentence, at most 100
 * characters, with no `; ` joining a second clause, and a help apart saying what was expected.
 */
import { expect } from 'vitest';

export const MAX_MESSAGE = 100;

export function expectShortWithHelp(m: { message: string; help?: string }, where: string = m.message): void {
  expect(m.message.length, where).toBeLessThanOrEqual(MAX_MESSAGE);
  expect(m.message, where).not.toMatch(/;\s/);
  expect(m.help, where).toBeTruthy();
}
