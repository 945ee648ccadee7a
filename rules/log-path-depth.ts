import { defineRule } from '../src/engine/rule.js';
import { at, num, strings } from '../src/log/entry.js';

export default defineRule({
  meta: {
    id: 'log-path-depth',
    description: "A registry entry's delegation_path has delegation_depth + 2 names.",
    details:
      'Orchestrator -> command is depth 0 and each delegation adds one, so delegation_path holds the orchestrator, the command and one name per delegation: its length is delegation_depth + 2 in every example of Delegation Standard 2.0. A registry entry whose path and depth disagree was built from a wrong context (a dropped path element, or a depth not incremented).',
    severity: 'error',
    checks: 'logs',
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
          message: `delegation_path has ${path.length} name${path.length === 1 ? '' : 's'} but delegation_depth is ${depth}`,
          help: `Expected ${want} names (depth + ${profile.pathOffset}): the depth or the path is wrong.`,
          range: at(e, 'delegation_path'),
        });
      },
    };
  },
});
