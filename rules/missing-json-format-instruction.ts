import { defineRule } from '../src/engine/rule.js';
import { agentSystemOf, fileBasedSystems, specInCallerTree } from '../src/model/agent-system.js';
import { describeSite, type DelegationSite } from '../src/model/delegations.js';
import type { DocumentModel } from '../src/model/document.js';
import type { ProjectView } from '../src/model/project.js';
import { readingWindow, readsJsonReply } from '../src/model/return-channel.js';

/**
 * Whether the invoked subagent answers the console in JSON, so that the instruction matters: its
 * spec shows a console JSON return, or (its spec says nothing either way, or it is not in the
 * project) the caller parses or validates JSON from the reply. A subagent whose spec returns a
 * text summary or writes a metadata file by design is not asked for JSON (a caller that reads
 * JSON from it anyway is return-contract-mismatch's finding).
 */
function answersInJson(doc: DocumentModel, project: ProjectView, site: DelegationSite): boolean {
  const callee = site.target ? specInCallerTree(doc, project.byName('agent').get(site.target)) : undefined;
  if (callee) {
    const ch = callee.returnChannel;
    // A callee that writes its return to a metadata file answers the console as its file's
    // protocol says, not in the JSON the instruction demands, even beside an older JSON section.
    if (ch.console === 'text' || ch.metadataFile) return false;
    if (ch.console === 'json') return true;
  }
  const win = readingWindow(doc, site.range);
  if (!readsJsonReply(doc.text, win)) return false;
  // Nobody known is named, in a tree whose agents write metadata files: the tree's protocol
  // holds unless the caller says the reply is JSON ("Subagent returns JSON to stdout").
  if (!callee && project.fact('fileBasedSystems', (p) => fileBasedSystems(p.documents)).has(agentSystemOf(doc.relPath))) {
    return SAYS_JSON_REPLY.test(doc.text.slice(win.start, win.end));
  }
  return true;
}

/** The caller says the reply comes as JSON: "Subagent returns JSON to stdout", "the JSON response". */
const SAYS_JSON_REPLY = /\b(?:returns?|reply|replies|responds?|response|outputs?|answers?)\b[^\n]{0,30}\bJSON\b|\bJSON\s+(?:reply|return|response|output|to stdout)\b/i;

/** The constant's name, or the first line of the instruction's text. */
const INSTRUCTION = /JSON_FORMAT_INSTRUCTION|CRITICAL RETURN FORMAT REQUIREMENT/i;
const INSTRUCTION_G = /JSON_FORMAT_INSTRUCTION|CRITICAL RETURN FORMAT REQUIREMENT|JSON format instruction/gi;
const IDENTIFIER = /^[A-Za-z_]\w*$/;

/**
 * A statement that every invocation gets the instruction, on one line: it names the instruction,
 * says it is appended (added, included), and says to all (every, each) invocations.
 * "Appends JSON_FORMAT_INSTRUCTION to all task tool invocations" is the orchestrator's.
 */
function fileLevelStatement(doc: DocumentModel): boolean {
  const text = doc.text;
  INSTRUCTION_G.lastIndex = 0;
  for (let m = INSTRUCTION_G.exec(text); m; m = INSTRUCTION_G.exec(text)) {
    const line = doc.lines.lineText(doc.lines.lineOf(m.index));
    if (/\b(append|add|include|attach)(s|ed|ing)?\b/i.test(line) && /\b(all|every|each)\b/i.test(line)) return true;
  }
  return false;
}

/** The prompt is a variable assigned the instruction before the call (`p = "..." + JSON_FORMAT_INSTRUCTION`). */
function variableCarriesInstruction(doc: DocumentModel, name: string, before: number): boolean {
  return doc.assignedBefore(name, before).some((t) => INSTRUCTION.test(t));
}

function callHasInstruction(doc: DocumentModel, site: DelegationSite): boolean {
  const text = doc.text;
  if (site.prompt) {
    const value = text.slice(site.prompt.valueRange.start, site.prompt.valueRange.end);
    if (INSTRUCTION.test(value)) return true;
    if (IDENTIFIER.test(value.trim()) && variableCarriesInstruction(doc, value.trim(), site.range.start)) return true;
  }
  // A comment or another argument of the same call that appends it.
  return INSTRUCTION.test(text.slice(site.range.start, site.range.end));
}

export default defineRule({
  meta: {
    id: 'missing-json-format-instruction',
    description: 'A task/Agent tool invocation appends JSON_FORMAT_INSTRUCTION to its prompt.',
    severity: 'error',
    requiresStandard: true,
    fixable: true,
    messages: {
      'no-instruction': {
        message: '{{call}}: the prompt lacks JSON_FORMAT_INSTRUCTION',
        help: 'Append it to the prompt: prompt="..." + JSON_FORMAT_INSTRUCTION. Invoked through the task tool, a subagent follows the return format only when the prompt carries it; otherwise it returns plain text.',
      },
      'no-prompt': {
        message: '{{call}} has no prompt to carry JSON_FORMAT_INSTRUCTION',
        help: 'Pass prompt="..." + JSON_FORMAT_INSTRUCTION. Invoked through the task tool, a subagent follows the return format only when the prompt carries it; otherwise it returns plain text.',
      },
      prose: {
        message: '{{call}}, and the file never mentions JSON_FORMAT_INSTRUCTION',
        help: 'Write the invocation with prompt="..." + JSON_FORMAT_INSTRUCTION, or state once in the file that every task tool invocation appends JSON_FORMAT_INSTRUCTION.',
      },
    },
  },
  check({ doc, project, report }) {
    const sites = doc.delegations.sites;
    const calls = sites.filter((s) => (s.kind === 'call' || (s.kind === 'subagent-type' && s.prompt !== null)) && answersInJson(doc, project, s));
    const prose = sites.filter((s) => s.kind === 'prose' && answersInJson(doc, project, s));
    if (calls.length === 0 && prose.length === 0) return;
    if (fileLevelStatement(doc)) return;

    for (const site of calls) {
      if (callHasInstruction(doc, site)) continue;
      const what = site.kind === 'call' ? describeSite(site, doc.text) : `the ${site.tool === 'agent' ? 'Agent' : 'task'} tool input with subagent_type ${site.targetText ?? '?'}`;
      const lit = site.kind === 'call' ? site.prompt?.literal : null;
      const fixable = lit != null && lit.quote !== '\\"';
      report({
        messageId: site.prompt ? 'no-instruction' : 'no-prompt',
        data: { call: what },
        range: site.kind === 'call' ? site.anchor : site.prompt!.nameRange ?? site.anchor,
        fix: fixable ? { range: [lit!.range.end, lit!.range.end], text: ' + JSON_FORMAT_INSTRUCTION' } : undefined,
      });
    }

    // Prose names no prompt to look at: the file must mention the instruction somewhere.
    if (prose.length > 0 && !INSTRUCTION.test(doc.text)) {
      const first = prose[0]!;
      report({
        messageId: 'prose',
        data: { call: describeSite(first, doc.text) },
        range: first.anchor,
      });
    }
  },
});
