import { defineRule } from '../src/engine/rule.js';
import type { JsonNode, JsonObject } from '../src/model/json/ast.js';
import { findProperty } from '../src/model/json/parse.js';
import { returnsOf } from '../src/standard/objects.js';
import { formatLabel } from '../src/standard/return-format/format.js';
import { quoted } from '../src/util/clip.js';

const FAILING = new Set(['failed', 'partial', 'blocked']);

/** How many errors the return holds: a count, or null when the template does not say. */
function errorCount(ret: JsonObject): { count: number; node?: JsonNode } | null {
  const prop = findProperty(ret, 'errors');
  if (!prop) return ret.hasEllipsis ? null : { count: 0 };
  const v = prop.value;
  if (v.type === 'null') return { count: 0, node: v };
  if (v.type !== 'array' || v.hasEllipsis) return null;
  if (v.items.some((i) => i.type === 'placeholder' || (i.type === 'string' && i.templated))) return null;
  return { count: v.items.length, node: v };
}

const WHY: Record<string, string> = {
  failed: 'a failed return must say what went wrong',
  partial: 'a partial return must say why the work stopped (e.g. a timeout)',
  blocked: 'a blocked return must name the blocker',
};

export default defineRule({
  meta: {
    id: 'return-status-errors',
    description: 'A failed, partial or blocked return lists at least one error; a completed one lists none.',
    severity: 'error',
    requiresStandard: true,
    messages: {
      'no-errors': {
        message: 'status is {{status}} but {{where}}',
        help: 'Expected at least one error object ({type, message, ...}): {{why}}{{by}}.',
      },
      'completed-with-errors': {
        message: 'status is {{status}} but errors lists {{errors}}',
        help: 'A completed return has an empty errors array: empty it, or use "partial" if something went wrong{{by}}.',
      },
    },
  },
  check({ doc, profile, report }) {
    if (doc.returnFormats.length === 0 && doc.fileReturns.length === 0) return;
    const known = new Set(profile.statusValues);
    const by = profile.returnFormat ? ` (${formatLabel(profile.returnFormat, 'status')})` : '';
    for (const { node, role } of returnsOf(doc, profile)) {
      const status = findProperty(node, 'status')?.value;
      if (status?.type !== 'string' || status.templated) continue;
      const statuses = (status.alternatives ?? [status.value]).filter((s) => known.has(s));
      if (statuses.length === 0) continue;
      const errs = errorCount(node);
      if (!errs) continue;
      // A caller's sketch that lists no errors array does not claim the return has none.
      if (role === 'sketch' && !errs.node) continue;
      const ok = statuses.some((s) => (FAILING.has(s) ? errs.count > 0 : errs.count === 0));
      if (ok) continue;
      const shown = quoted(status.value);
      if (errs.count === 0) {
        const where = errs.node ? (errs.node.type === 'null' ? 'errors is null' : 'errors is empty') : 'the return has no errors array';
        const why = statuses.length === 1 ? WHY[statuses[0]!]! : 'each of these statuses must say what went wrong';
        report({ messageId: 'no-errors', data: { status: shown, where, why, by }, range: errs.node ? errs.node.range : status.range });
      } else {
        report({
          messageId: 'completed-with-errors',
          data: { status: shown, errors: `${errs.count} ${errs.count === 1 ? 'error' : 'errors'}`, by },
          range: errs.node!.range,
          severity: 'warn',
        });
      }
    }
  },
});
