/**
 * Where the shared material is: `../shared` next to the repository (as on the developers' and
 * CI machines), or AGENT_LINT_SHARED. A fresh clone has neither, and tests that need it skip.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const SHARED = process.env['AGENT_LINT_SHARED'] ? path.resolve(process.env['AGENT_LINT_SHARED']) : path.resolve(REPO_ROOT, '../shared');
export const HAVE_SHARED = existsSync(SHARED);
