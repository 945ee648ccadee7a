import { defineRule } from '../src/engine/rule.js';
import { findProperty } from '../src/model/json/parse.js';
import { quoted } from '../src/util/clip.js';
import { concreteString, forEachObject, showPath } from '../src/standard/objects.js';

export default defineRule({
  meta: {
    id: 'delegation-cycle',
    description: 'No name occurs twice in one delegation_path.',
    severity: 'error',
    requiresStandard: true,
    messages: {
      twice: {
        message: 'delegation_path names {{name}} twice, at entries {{first}} and {{second}}',
        help: 'The path {{path}} holds the cycle {{cycle}}. Expected each agent once: a caller must refuse to delegate to an agent already in the path (CYCLE_DETECTED).',
      },
    },
  },
  check({ doc, report }) {
    if (!doc.text.includes('delegation_path')) return;
    forEachObject(doc.json.blocks, (o) => {
      const p = findProperty(o, 'delegation_path')?.value;
      if (p?.type !== 'array') return;
      const lastAt = new Map<string, number>();
      // One finding per repeated name (its first repeat): a path of one name repeated thousands
      // of times gives one finding, not thousands.
      const reported = new Set<string>();
      const names = p.items.map((i) => concreteString(i) ?? '?');
      p.items.forEach((item, idx) => {
        const name = concreteString(item);
        if (name === undefined) return;
        const prev = lastAt.get(name);
        lastAt.set(name, idx);
        if (prev === undefined || reported.has(name)) return;
        reported.add(name);
        report({
          messageId: 'twice',
          data: { name: quoted(name), first: prev + 1, second: idx + 1, path: showPath(names), cycle: showPath(names, prev, idx + 1) },
          range: item.range,
        });
      });
    });
  },
});
