import { defineRule, optionsSchema } from '../src/engine/rule.js';
import type { ProjectView } from '../src/model/project.js';
import type { DocumentModel } from '../src/model/document.js';
import type { JsonBlock } from '../src/model/json/blocks.js';
import { findProperty } from '../src/model/json/parse.js';
import { concreteString, metadataOf, returnsOf } from '../src/standard/objects.js';
import type { Profile } from '../src/standard/profiles.js';

interface Options {
  lookBehindLines?: number;
}

/** Another spec of the project (or a known external agent) is called `name`. */
function namesOtherSpec(name: string, doc: DocumentModel, project: ProjectView): boolean {
  for (const kind of ['agent', 'command', 'skill'] as const) {
    const docs = project.byName(kind).get(name);
    if (docs && docs.some((d) => d !== doc)) return true;
  }
  return project.externalAgents.includes(name);
}

/** Bound on the text searched above an example (keeps the rule linear on huge lines). */
const MAX_LOOK_BEHIND_CHARS = 2000;

/** The lines just above the block (and its own first line) mention `name`: "Expected return from X:". */
function mentionedBefore(name: string, block: JsonBlock, doc: DocumentModel, lines: number): boolean {
  const start = block.fence ? block.fence.range.start : block.range.start;
  const line = doc.lines.lineOf(start);
  const from = Math.max(doc.lines.starts[Math.max(0, line - lines)]!, start - MAX_LOOK_BEHIND_CHARS);
  const text = doc.text.slice(from, block.range.start);
  const isNameChar = (c: string | undefined) => c !== undefined && /[\w-]/.test(c);
  for (let i = text.indexOf(name); i !== -1; i = text.indexOf(name, i + 1)) {
    if (!isNameChar(text[i - 1]) && !isNameChar(text[i + name.length])) return true;
  }
  return false;
}

/** A value that names the field instead of an agent: the standard's own `"agent_type": "agent_name"`. */
const FIELD_NAME = /^(?:agent[_-]?name|agent[_-]?type|agent|name|subagent)$/i;

/** The concrete agent_type of each return example that has one. */
function agentTypes(doc: DocumentModel, profile: Profile): Set<string> {
  const out = new Set<string>();
  for (const { node } of returnsOf(doc, profile)) {
    const meta = metadataOf(node);
    const v = meta ? concreteString(findProperty(meta, 'agent_type')?.value) : undefined;
    if (v !== undefined && !FIELD_NAME.test(v)) out.add(v);
  }
  return out;
}

export default defineRule<Options>({
  meta: {
    id: 'agent-type-match',
    description: 'In an agent\'s own return examples, metadata.agent_type is the agent\'s name and ends delegation_path.',
    severity: 'error',
    kinds: ['agent'],
    requiresStandard: true,
    messages: {
      'agent-type': {
        message: 'metadata.agent_type is {{agentType}} in a return of agent {{name}}',
        help: 'Expected {{name}}: the name of the agent returning results.',
      },
      'path-end': {
        message: 'delegation_path ends with {{last}}, not the agent_type {{agentType}}',
        help: 'The path ends with the agent that returns: expected {{agentType}} last.',
      },
    },
    schema: optionsSchema({
      lookBehindLines: { type: 'integer', minimum: 0, description: 'How many lines above an example may name the other agent it shows (default 4).' },
    }),
    defaultOptions: { lookBehindLines: 4 },
  },
  check({ doc, project, profile, options, report }) {
    const lookBehind = options.lookBehindLines ?? 4;
    if (doc.returnFormats.length === 0 && doc.fileReturns.length === 0) return;
    // A file whose examples name two or more other agents documents what other agents return
    // (an orchestrator, or a document of the standard itself): those examples are not its own.
    const foreign = [...agentTypes(doc, profile)].filter((t) => t !== doc.name);
    const catalogue = foreign.length >= 2;
    for (const { node, block } of returnsOf(doc, profile)) {
      const meta = metadataOf(node);
      if (!meta) continue;
      const atNode = findProperty(meta, 'agent_type')?.value;
      const agentType = concreteString(atNode);
      if (agentType === undefined || !atNode || FIELD_NAME.test(agentType)) continue;
      const own = agentType === doc.name;
      if (!own) {
        if (catalogue || namesOtherSpec(agentType, doc, project) || mentionedBefore(agentType, block, doc, lookBehind)) continue;
        report({ messageId: 'agent-type', data: { agentType: JSON.stringify(agentType), name: JSON.stringify(doc.name) }, range: atNode.range });
      }
      const pathNode = findProperty(meta, 'delegation_path')?.value;
      if (pathNode?.type !== 'array' || pathNode.hasEllipsis || pathNode.items.length === 0) continue;
      const lastNode = pathNode.items[pathNode.items.length - 1];
      const last = concreteString(lastNode);
      if (last === undefined || !lastNode || last === agentType) continue;
      // When agent_type was wrong, say so once; the path then usually ends with the right name.
      if (!own && last === doc.name) continue;
      report({ messageId: 'path-end', data: { last: JSON.stringify(last), agentType: JSON.stringify(agentType) }, range: lastNode.range });
    }
  },
});
