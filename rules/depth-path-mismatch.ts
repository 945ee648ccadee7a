import { defineRule } from '../src/engine/rule.js';
import { findProperty } from '../src/model/json/parse.js';
import { delegationHolders } from '../src/standard/objects.js';

interface Options {
  pathOffset?: number;
}

export default defineRule<Options>({
  meta: {
    id: 'depth-path-mismatch',
    description: 'delegation_path has exactly delegation_depth + 2 entries.',
    details:
      'The standard counts orchestrator -> command as depth 0 and command -> subagent as depth 1, so every delegation_path holds delegation_depth + 2 names (orchestrator, command, then one per delegation). A mismatch means the depth or the path is wrong, and depth limits and cycle checks then act on bad data.',
    severity: 'error',
    fixable: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: { pathOffset: { type: 'integer', minimum: 0, description: 'delegation_path.length - delegation_depth (default 2).' } },
    },
    defaultOptions: { pathOffset: 2 },
  },
  check({ doc, options, profile, report }) {
    const offset = options.pathOffset ?? profile.pathOffset;
    for (const { node: holder } of delegationHolders(doc)) {
      const depth = findProperty(holder, 'delegation_depth')?.value;
      const pathNode = findProperty(holder, 'delegation_path')?.value;
      if (depth?.type !== 'number' || pathNode?.type !== 'array' || pathNode.hasEllipsis) continue;
      if (pathNode.items.some((i) => i.type === 'placeholder')) continue;
      const len = pathNode.items.length;
      if (len === depth.value + offset) continue;
      const expected = len - offset;
      const names = pathNode.items.map((i) => (i.type === 'string' ? i.value : '?')).join(' -> ');
      report({
        message:
          `delegation_depth is ${depth.value} but delegation_path has ${len} ${len === 1 ? 'entry' : 'entries'} (${names}); ` +
          (expected >= 0
            ? `with this path the depth should be ${expected} (path length = depth + ${offset})`
            : `a path needs at least ${offset} entries (path length = depth + ${offset})`),
        range: depth.range,
        fix: expected >= 0 ? { range: [depth.range.start, depth.range.end], text: String(expected) } : undefined,
      });
    }
  },
});
