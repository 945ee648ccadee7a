import { defineRule } from '../src/engine/rule.js';

/** Reported by the pipeline when a file cannot be read; never run itself. */
export default defineRule({
  meta: {
    id: 'file-unreadable',
    description: 'The file could not be read (permissions, a dangling symlink, a directory, or too large).',
    severity: 'error',
    internal: true,
  },
});
