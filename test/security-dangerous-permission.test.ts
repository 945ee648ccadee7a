/**
 * Which permission rules dangerous-permission counts as approving any shell command: the whole
 * shell tool, or a program that runs whatever code it is given. Scoped rules are fine.
 */
import { describe, expect, it } from 'vitest';
import { broadRule } from '../src/rules-support/security/dangerous-permission.js';

describe('broad permission rules', () => {
  it.each([
    ['Bash', 'all'],
    ['Bash(*)', 'all'],
    ['Bash(:*)', 'all'],
    ['Bash( * )', 'all'],
    ['PowerShell', 'all'],
    ['PowerShell(*)', 'all'],
    ['Bash(python3:*)', 'program'],
    ['Bash(python *)', 'program'],
    ['Bash(python*)', 'program'],
    ['Bash(bash:*)', 'program'],
    ['Bash(node:*)', 'program'],
    ['Bash(sudo *)', 'program'],
    ['Bash(npx *)', 'program'],
    ['Bash(eval:*)', 'program'],
  ])('%s', (entry, kind) => {
    expect(broadRule(entry)?.kind).toBe(kind);
  });

  it.each([
    'Bash(git status:*)',
    'Bash(npm test)',
    'Bash(npm run lint)',
    'Bash(python -m pytest:*)',
    'Bash(python3 scripts/check.py)',
    'Bash(git:*)',
    'Bash(python3)',
    'Read',
    '*',
    'mcp__github__*',
    'WebFetch(domain:github.com)',
    'Bash()',
  ])('not: %s', (entry) => {
    expect(broadRule(entry)).toBeNull();
  });
});
