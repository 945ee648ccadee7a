import { defineRule } from '../src/engine/rule.js';
import { clip } from '../src/util/clip.js';
import { describeSite, type DelegationSite } from '../src/model/delegations.js';
import type { DocumentModel } from '../src/model/document.js';
import { stepAround } from '../src/model/steps.js';
import type { Range } from '../src/types.js';

/** The fields the standard has every delegation carry to the callee. */
const FIELDS = ['session_id', 'delegation_depth', 'delegation_path'] as const;

/** The call passes the prepared context by name: `Delegation context: {prepared context}`, `context=delegation_context`, `{delegation_context}`. */
const NAMED_CONTEXT = /\bdelegation[ _-]?context\b|\bprepared[ _-]context\b|\{context\}|\bcontext\s*[:=]\s*[\w{$]/i;
const FOLLOW_LINES = 12;

/** The call's own text, and the lines under it that belong to it (a list of its arguments in prose). */
function callText(doc: DocumentModel, site: DelegationSite): Range {
  const lines = doc.lines;
  const first = lines.lineOf(site.range.start);
  const indent = /^[ \t]*/.exec(lines.lineText(first))![0].length;
  let last = lines.lineOf(Math.max(site.range.start, site.range.end - 1));
  for (let l = last + 1; l < Math.min(lines.lineCount, last + 1 + FOLLOW_LINES); l++) {
    const t = lines.lineText(l);
    if (!t.trim()) break;
    if (/^[ \t]*/.exec(t)![0].length <= indent && !/^[ \t]*[-*]/.test(t)) break;
    last = l;
  }
  return { start: site.range.start, end: lines.lineEnd(last) };
}

/** The fields a piece of the call's text names (as a key, an argument or a word of the prompt). */
function named(text: string): Set<string> {
  const out = new Set<string>();
  for (const f of FIELDS) if (new RegExp(`\\b${f}\\b`).test(text) || (f !== 'session_id' && new RegExp(`\\b${f.replace('_', ' ')}\\b`, 'i').test(text))) out.add(f);
  if (/\bsession[ _-]?id\b|\bsession\s+\{/i.test(text)) out.add('session_id');
  if (/\bdepth\b/i.test(text)) out.add('delegation_depth');
  if (/\bpath\b/i.test(text)) out.add('delegation_path');
  return out;
}

/** The call's prompt is a variable assigned, before the call, a text that names the context or its fields. */
function promptVariableCarries(doc: DocumentModel, site: DelegationSite): boolean {
  if (!site.prompt) return false;
  const name = doc.text.slice(site.prompt.valueRange.start, site.prompt.valueRange.end).trim();
  return doc.assignedBefore(name, site.range.start).some((t) => NAMED_CONTEXT.test(t) || [...named(t)].filter((f) => f !== 'session_id').length > 0);
}

const HELP =
  'The context prepared at line {{line}} holds {{has}}{{gave}}. ' +
  'Pass every field at the call: as arguments, in the prompt ("depth 2, path orchestrator > research > researcher"), or by naming the context ("Delegation context: {prepared context}").';

export default defineRule({
  meta: {
    id: 'delegation-context-passed',
    description: 'A delegation passes the context it prepares: session_id, delegation_depth and delegation_path.',
    severity: 'error',
    requiresStandard: true,
    profiles: ['v2', 'bounded'],
    messages: {
      drops: { message: '{{call}} drops {{dropped}} of its context', help: HELP },
      'passes-none': { message: '{{call}} passes none of the context prepared at line {{line}}', help: HELP },
    },
  },
  check({ doc, report }) {
    const contexts = doc.delegationContexts;
    if (contexts.length === 0) return;
    for (const site of doc.delegations.sites) {
      if (site.kind !== 'call' && site.kind !== 'subagent-type') continue;
      // The context prepared for this call: in the same step, before it, not inside it.
      const step = stepAround(doc.text, doc.lines, site.range);
      const prepared = contexts.filter((c) => c.node.range.end <= site.range.start && c.node.range.start >= step.start);
      const ctx = prepared[prepared.length - 1];
      if (!ctx) continue;
      const has = FIELDS.filter((f) => ctx.node.properties.some((p) => p.key === f));
      if (has.length < 2) continue;
      const own = callText(doc, site);
      const text = doc.text.slice(own.start, own.end);
      if (NAMED_CONTEXT.test(text)) continue;
      // A context written inside the call's prompt is passed with it.
      if (contexts.some((c) => c.node.range.start >= own.start && c.node.range.start < own.end)) continue;
      // A prompt variable given the context before the call (`p = "..." + json.dumps(delegation_context)`).
      if (promptVariableCarries(doc, site)) continue;
      const passed = named(text);
      const dropped = has.filter((f) => !passed.has(f));
      if (dropped.length === 0 || [...passed].some((f) => f !== 'session_id' && has.includes(f as (typeof FIELDS)[number]))) continue;
      const line = doc.lines.lineOf(ctx.node.range.start) + 1;
      const gave = has.filter((f) => passed.has(f));
      report({
        messageId: gave.length ? 'drops' : 'passes-none',
        data: { call: clip(describeSite(site, doc.text), 40), dropped: dropped.join(', '), line, has: has.join(', '), gave: gave.length ? ` and the call passes only ${gave.join(', ')}` : '' },
        range: site.anchor,
      });
    }
  },
});
