import { defineRule, optionsSchema } from '../src/engine/rule.js';
import type { JsonNode, JsonObject } from '../src/model/json/ast.js';
import { findProperty } from '../src/model/json/parse.js';
import { describe } from '../src/rules-support/json/file.js';
import { loadSchema } from '../src/standard/profiles.js';
import { isTemplateValue, looksLikeReturnMetadata } from '../src/standard/objects.js';
import type { DocumentModel } from '../src/model/document.js';
import type { ReportDescriptor } from '../src/types.js';
import { stepAround } from '../src/model/steps.js';
import { isReceivedContext } from '../src/model/json/return-roles.js';

/**
 * A timeout stated in the same step as the context, outside it ("Execute delegation with
 * timeout: 60s", "- Timeout: 120s" under the INVOKE line): the delegation has its timeout.
 */
function timeoutInStep(doc: DocumentModel, node: JsonObject): boolean {
  const step = { ...stepAround(doc.text, doc.lines, node.range) };
  // The step right after that waits for the return states the delegation's timeout too
  // ("3. Wait for return (timeout: 3600s)").
  const nextLine = doc.lines.lineOf(step.end) + 1;
  if (nextLine < doc.lines.lineCount) {
    const next = stepAround(doc.text, doc.lines, { start: doc.lines.starts[nextLine]!, end: doc.lines.starts[nextLine]! });
    let l = nextLine;
    while (l < doc.lines.lineCount - 1 && !doc.lines.lineText(l).trim()) l++;
    if (/^\s*(?:\d{1,4}[.)]\s+|step\s*[\d.]+:?\s*)?(?:wait|await)\b/i.test(doc.lines.lineText(l))) step.end = Math.max(step.end, next.end);
  }
  return doc.delegations.timeouts.some((t) => t.source !== 'frontmatter' && t.range.start >= step.start && t.range.start < step.end && (t.range.start < node.range.start || t.range.start >= node.range.end));
}

interface Options {
  required?: string[];
}

const FALLBACK_REQUIRED = ['session_id', 'delegation_depth', 'delegation_path', 'timeout'];

/** What each key must hold, as a check and the words for the message. */
const EXPECT: Record<string, { ok: (n: JsonNode) => boolean; want: string }> = {
  session_id: { ok: (n) => n.type === 'string', want: 'a string such as "sess_1767225600_q7x2m9"' },
  // Negative depths are max-depth's to report, timeouts of 0 or less timeout-range's.
  delegation_depth: { ok: (n) => n.type === 'number' && Number.isInteger(n.value), want: 'an integer (0 or more)' },
  delegation_path: {
    ok: (n) => n.type === 'array' && n.items.every((i) => i.type === 'string' || i.type === 'placeholder'),
    want: 'an array of agent names such as ["orchestrator", "research", "researcher"]',
  },
  timeout: { ok: (n) => n.type === 'number', want: 'a number of seconds such as 3600' },
  caller: { ok: (n) => n.type === 'string', want: 'the calling agent\'s or command\'s name as a string' },
  task_context: { ok: (n) => n.type === 'object', want: 'an object' },
};

/**
 * A value as the type message shows it: a scalar as written (a string quoted, clipped to 40
 * characters), so the writer sees which value is wrong; an array or object by its kind, in the
 * words every JSON finding uses.
 */
function shown(n: JsonNode): string {
  switch (n.type) {
    case 'string':
      return `the string ${JSON.stringify(n.value.length > 40 ? n.value.slice(0, 40) + '...' : n.value)}`;
    case 'number':
    case 'boolean':
      return String(n.value);
    case 'null':
      return 'null';
    case 'placeholder':
      return n.text;
    default:
      return describe(n);
  }
}

function requiredKeys(schemaFile: string | undefined): string[] {
  if (!schemaFile) return FALLBACK_REQUIRED;
  const schema = loadSchema(schemaFile) as { required?: string[] };
  return schema.required ?? FALLBACK_REQUIRED;
}

export default defineRule<Options>({
  meta: {
    id: 'delegation-context-schema',
    description: 'Delegation contexts carry session_id, delegation_depth, delegation_path and timeout, with the right types.',
    severity: 'error',
    requiresStandard: true,
    profiles: ['v2', 'bounded'],
    messages: {
      missing: {
        message: 'delegation context is missing {{missing}}',
        help: 'Every delegation carries {{required}}; this one has {{has}}.',
      },
      type: { message: '{{key}} is {{value}}', help: 'Expected {{want}}.' },
    },
    schema: optionsSchema({
      required: {
        type: 'array',
        items: { type: 'string' },
        description: 'Keys every delegation context must have (default: the schema\'s: session_id, delegation_depth, delegation_path, timeout).',
      },
    }),
  },
  check({ doc, profile, options, report }) {
    const contexts = doc.delegationContexts;
    if (contexts.length === 0) return;
    const required = options.required ?? requiredKeys(profile.delegationContextSchemaFile);
    for (const { node, block } of contexts) {
      if (looksLikeReturnMetadata(node)) continue;
      // What the agent receives ("Parse Delegation Context: extract from input") lists the
      // fields it reads; the caller's context, not this sketch, must be whole.
      const received = isReceivedContext(block, doc.text, doc.lines);
      checkContext(node, received ? [] : required, report, () => timeoutInStep(doc, node));
    }
  },
});

function checkContext(node: JsonObject, required: readonly string[], report: (d: ReportDescriptor) => void, timeoutNearby: () => boolean) {
  if (!node.hasEllipsis) {
    let missing = required.filter((k) => !findProperty(node, k));
    if (missing.includes('timeout') && timeoutNearby()) missing = missing.filter((k) => k !== 'timeout');
    if (missing.length > 0) {
      const keys = node.properties.map((p) => p.key);
      report({
        messageId: 'missing',
        data: { missing: missing.map((k) => JSON.stringify(k)).join(', '), required: required.join(', '), has: keys.length ? keys.join(', ') : 'no keys' },
        range: { start: node.range.start, end: node.range.start + 1 },
      });
    }
  }
  for (const prop of node.properties) {
    const spec = EXPECT[prop.key];
    if (!spec || isTemplateValue(prop.value)) continue;
    if (!spec.ok(prop.value)) {
      report({ messageId: 'type', data: { key: prop.key, value: shown(prop.value), want: spec.want }, range: prop.value.range });
    }
  }
}
