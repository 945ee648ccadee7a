import { defineRule } from '../src/engine/rule.js';
import { at, num, strings } from '../src/log/entry.js';

export default defineRule({
  meta: {
    id: 'log-path-depth',
    description: "A registry entry's delegation_path has delegation_depth + 2 names.",
    severity: 'error',
    checks: 'logs',
    messages: {
      mismatch: {
        message: 'delegation_path has {{names}} but delegation_depth is {{depth}}',
        help: 'Expected {{want}} names (depth + {{offset}}): the depth or the path is wrong.',
      },
    },
  },
  checkLog({ profile, report }) {
    return {
      entry(e) {
        if (e.shape !== 'registry') return;
        const path = strings(e, 'delegation_path');
        const depth = num(e, 'delegation_depth');
        if (!path || depth === undefined) return;
        const want = depth + profile.pathOffset;
        if (path.length === want) return;
        report(e, {
          messageId: 'mismatch',
          data: { names: `${path.length} name${path.length === 1 ? '' : 's'}`, depth, want, offset: profile.pathOffset },
          range: at(e, 'delegation_path'),
        });
      },
    };
  },
});
