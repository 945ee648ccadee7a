import { defineRule, optionsSchema } from '../src/engine/rule.js';
import type { ProjectView } from '../src/model/project.js';
import type { JsonArray } from '../src/model/json/ast.js';
import { findProperty } from '../src/model/json/parse.js';
import { delegationHolders } from '../src/standard/objects.js';
import type { Fix, Suggestion } from '../src/types.js';

interface Options {
  pathOffset?: number;
}

/**
 * Whom the specs of a name call, by name, from what they write (not from delegation_path
 * examples): each name's specs scanned once per project, and only the names a repair asks about.
 */
function callees(project: ProjectView): (name: string) => Set<string> | undefined {
  const memo = project.fact('calleesByName', () => new Map<string, Set<string>>());
  return (name) => {
    let s = memo.get(name);
    if (!s) {
      s = new Set();
      const index = project.graphIndex;
      for (const node of index.nodesNamed(name)) {
        for (const doc of node.docs) {
          for (const e of index.edgesOf(doc)) if (e.via !== 'delegation-path' && e.from === node) s.add(e.to.name);
        }
      }
      memo.set(name, s);
    }
    return s.size ? s : undefined;
  };
}

const bare = (name: string) => name.replace(/^\//, '');

/**
 * A path that misses `missing` names, each between two neighbours that the project's specs do not
 * link directly but link through exactly one agent: the repair that inserts those agents. None
 * when any gap is ambiguous or the count does not match (the depth may be the wrong one then).
 */
function pathRepair(text: string, path: JsonArray, missing: number, calls: (name: string) => Set<string> | undefined): { fix: Fix; added: string[] } | undefined {
  const names = path.items.map((i) => (i.type === 'string' ? bare(i.value) : null));
  if (names.some((n) => n === null)) return undefined;
  const inserts: Array<{ at: number; name: string }> = [];
  // The first pair is the orchestrator and the command: that link is not written in any spec.
  for (let i = 1; i + 1 < names.length; i++) {
    const a = names[i]!, b = names[i + 1]!;
    const direct = calls(a);
    if (direct?.has(b)) continue;
    const via = [...(direct ?? [])].filter((x) => x !== a && x !== b && calls(x)?.has(b));
    if (via.length !== 1) return undefined;
    inserts.push({ at: i + 1, name: via[0]! });
  }
  if (inserts.length !== missing) return undefined;
  const first = path.items[inserts[0]!.at]!.range.start;
  const last = path.items[inserts[inserts.length - 1]!.at]!.range.start;
  let out = '';
  let from = first;
  for (const { at, name } of inserts) {
    const item = path.items[at]!;
    const written = text.slice(item.range.start, item.range.end);
    const value = item.type === 'string' ? item.value : '';
    const k = written.indexOf(value);
    if (!value || k < 0) return undefined;
    const sep = text.slice(path.items[at - 1]!.range.end, item.range.start);
    out += text.slice(from, item.range.start) + written.slice(0, k) + name + written.slice(k + value.length) + sep;
    from = item.range.start;
  }
  out += text.slice(from, last);
  return { fix: { range: [first, last], text: out }, added: inserts.map((i) => i.name) };
}

const MISMATCH = 'delegation_depth is {{depth}} but delegation_path has {{entries}}';

export default defineRule<Options>({
  meta: {
    id: 'depth-path-mismatch',
    description: 'delegation_path has exactly delegation_depth + 2 entries.',
    severity: 'error',
    hasSuggestions: true,
    messages: {
      mismatch: {
        message: MISMATCH,
        help: 'A delegation_path holds delegation_depth + {{offset}} names{{parts}}: {{names}} fits depth {{expected}}, or it misses names.',
      },
      'too-short': {
        message: MISMATCH,
        help: 'A delegation_path holds delegation_depth + {{offset}} names{{parts}}: {{names}} is too short for any depth.',
      },
    },
    schema: optionsSchema({ pathOffset: { type: 'integer', minimum: 0, description: 'delegation_path.length - delegation_depth (default 2).' } }),
    defaultOptions: { pathOffset: 2 },
  },
  check({ doc, options, profile, project, report }) {
    const offset = options.pathOffset ?? profile.pathOffset;
    let calls: ReturnType<typeof callees> | undefined;
    for (const { node: holder } of delegationHolders(doc)) {
      const depth = findProperty(holder, 'delegation_depth')?.value;
      const pathNode = findProperty(holder, 'delegation_path')?.value;
      if (depth?.type !== 'number' || pathNode?.type !== 'array' || pathNode.hasEllipsis) continue;
      if (pathNode.items.some((i) => i.type === 'placeholder')) continue;
      const len = pathNode.items.length;
      if (len === depth.value + offset) continue;
      const expected = len - offset;
      const names = pathNode.items.map((i) => (i.type === 'string' ? i.value : '?')).join(' -> ');
      const suggest: Suggestion[] = [];
      if (expected >= 0) suggest.push({ desc: `Set delegation_depth to ${expected} (the path's length)`, messageId: 'setDepth', fix: { range: [depth.range.start, depth.range.end], text: String(expected) } });
      const missing = depth.value + offset - len;
      if (missing > 0 && Number.isInteger(missing)) {
        calls ??= callees(project);
        const repair = pathRepair(doc.text, pathNode, missing, calls);
        if (repair) suggest.push({ desc: `Add ${repair.added.map((n) => `"${n}"`).join(' and ')} to delegation_path (the project's delegations pass through ${missing === 1 ? 'it' : 'them'})`, messageId: 'fixPath', fix: repair.fix });
      }
      report({
        messageId: expected >= 0 ? 'mismatch' : 'too-short',
        data: {
          depth: depth.value,
          entries: `${len} ${len === 1 ? 'entry' : 'entries'}`,
          offset,
          parts: offset === 2 ? ' (orchestrator, command, then one per delegation)' : '',
          names,
          expected,
        },
        range: depth.range,
        suggest,
      });
    }
  },
});
