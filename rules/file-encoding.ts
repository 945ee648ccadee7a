import { defineRule } from '../src/engine/rule.js';

/** Reported by the pipeline when a file is not UTF-8 text; never run itself. */
export default defineRule({
  meta: {
    id: 'file-encoding',
    description: 'The file is binary or not valid UTF-8, so it cannot be read as markdown.',
    severity: 'error',
    internal: true,
  },
});
