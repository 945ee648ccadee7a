import { defineRule } from '../src/engine/rule.js';
import { specInCallerTree } from '../src/model/agent-system.js';
import { describeSite } from '../src/model/delegations.js';
import type { DocumentModel } from '../src/model/document.js';
import { jsonNames, readingWindow, RETURN_FILE, writtenReturnFiles } from '../src/model/return-channel.js';
import { clip } from '../src/util/clip.js';

/** Lines after a call in which the caller reads what its callee wrote (a postflight step comes late). */
const READ_LINES = 60;
/** `jq -r '.status' "$metadata_file"`: group 1 the field, 2 the rest of the filter, 3 the file it reads. */
const JQ_FILE_FIELD = /\bjq\s+(?:-[a-zA-Z]{1,20}[ \t]{1,4}|--arg\S*\s+\S+\s+\S+\s+){0,6}['"]\.([A-Za-z_]\w*)([^'"\n]*)['"]\s+("?\$\{?\w+\}?"?|[\w.{}$/-]+\.json\b)/gi;
/** A file argument that is a return file: a variable named after one, or a path whose name is one. */
function isReturnFileArg(arg: string): boolean {
  const a = arg.replace(/"/g, '');
  if (a.startsWith('$')) return /meta|return|result|handoff|_file\b/i.test(a) && !/state|todo|index|config/i.test(a);
  return RETURN_FILE.test(a.slice(a.lastIndexOf('/') + 1));
}

export default defineRule({
  meta: {
    id: 'return-file-mismatch',
    description: "A caller reads its callee's metadata file at the name, and for the fields, the callee writes.",
    severity: 'error',
    requiresStandard: true,
    messages: {
      'other-file': {
        message: 'the caller reads {{read}}, but {{who}} writes {{written}}',
        help: '{{what}} reads {{allRead}}, but {{callee}} writes only {{allWritten}}. Read the file the callee writes, or change the name on one side.',
      },
      'missing-fields': {
        message: "the caller reads {{fields}} from {{who}}'s metadata file, which its spec never writes",
        help: '{{what}} reads {{allFields}} with jq, but {{callee}} never mentions {{them}}. Read only what the callee writes, or add the field to what it writes.',
      },
    },
  },
  check({ doc, project, report }) {
    if (!doc.text.includes('.json') && !doc.text.includes('jq')) return;
    const agents = project.byName('agent');
    const writtenBy = new Map<DocumentModel, Set<string>>();
    const sites = doc.delegations.sites;
    for (let i = 0; i < sites.length; i++) {
      const site = sites[i]!;
      if (site.kind !== 'call' && site.kind !== 'subagent-type' && site.kind !== 'prose') continue;
      const callee = site.target ? specInCallerTree(doc, agents.get(site.target)) : undefined;
      if (!callee || callee === doc || callee.channelWord() !== 'file') continue;
      const win = readingWindow(doc, site.range, READ_LINES);
      // What follows the next delegation is that one's reading (sites are in text order).
      let next: (typeof sites)[number] | undefined;
      for (let j = i + 1; j < sites.length && sites[j]!.range.start < win.end; j++) {
        if (sites[j]!.range.start > site.range.end && sites[j]!.target !== site.target) {
          next = sites[j];
          break;
        }
      }
      const window = doc.text.slice(win.start, next && next.range.start < win.end ? next.range.start : win.end);
      let written = writtenBy.get(callee);
      if (!written) writtenBy.set(callee, (written = writtenReturnFiles(callee)));
      const what = describeSite(site, doc.text);
      const who = clip(site.target!, 24);
      if (written.size > 0) {
        const read = new Set<string>();
        for (const { name } of jsonNames(window)) if (RETURN_FILE.test(name)) read.add(name);
        const foreign = [...read].filter((n) => !written.has(n));
        // A caller that names a file its callee writes anywhere reads it somewhere.
        if (read.size > 0 && foreign.length === read.size && ![...written].some((n) => doc.text.includes(n))) {
          report({
            messageId: 'other-file',
            data: { read: clip(foreign[0]!, 30), who, written: clip([...written][0]!, 30), what, allRead: foreign.join(', '), callee: callee.relPath, allWritten: [...written].join(', ') },
            range: site.anchor,
          });
          continue;
        }
      }
      const missing: string[] = [];
      if (!window.includes('jq')) continue;
      for (const m of window.matchAll(JQ_FILE_FIELD)) {
        const field = m[1]!;
        if (/\/\//.test(m[2]!) || !isReturnFileArg(m[3]!) || missing.includes(field)) continue;
        if (!new RegExp(`\\b${field}\\b`).test(callee.text)) missing.push(field);
      }
      if (missing.length === 0) continue;
      const fields = missing.map((k) => `"${k}"`).join(', ');
      report({
        messageId: 'missing-fields',
        data: { fields: clip(fields, 30), who, what, allFields: fields, callee: callee.relPath, them: missing.length > 1 ? 'them' : 'it' },
        range: site.anchor,
      });
    }
  },
});
