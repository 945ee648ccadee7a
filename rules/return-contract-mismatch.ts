import { defineRule } from '../src/engine/rule.js';
import { specInCallerTree } from '../src/model/agent-system.js';
import { describeSite, type DelegationSite } from '../src/model/delegations.js';
import type { DocumentModel } from '../src/model/document.js';
import type { JsonObject } from '../src/model/json/ast.js';
import { readingWindow, readsJsonReply, type ReturnStatement } from '../src/model/return-channel.js';
import { clip } from '../src/util/clip.js';
import type { Range } from '../src/types.js';

/** The caller reads the callee's metadata file (`.return-meta.json`, "the metadata file"). */
const READS_FILE = /\.return-meta\.json\b|\b(?:read|reads|reading|parse|load)\b[^\n]{0,40}\bmetadata[ _-]file\b/i;
/** A top-level field the caller reads with jq: `jq -r '.status'`, `jq '.files_updated[]'`. */
const JQ_FIELD = /\bjq\s+(?:-[a-zA-Z]{1,20}[ \t]{1,4}){0,4}['"]\.([A-Za-z_][\w]*)/g;

/** Where a statement of the callee is, as `path:line`. */
function at(callee: DocumentModel, s: ReturnStatement | undefined): { line: number; column: number; endLine: number; endColumn: number } {
  const r = s?.range ?? { start: 0, end: 0 };
  return callee.lines.location(r);
}

function keysOf(returns: readonly { node: JsonObject }[]): Set<string> | null {
  if (returns.length === 0 || returns.some((r) => r.node.hasEllipsis)) return null;
  const keys = new Set<string>();
  for (const r of returns) for (const p of r.node.properties) keys.add(p.key);
  return keys;
}

export default defineRule({
  meta: {
    id: 'return-contract-mismatch',
    description: 'A caller reads the result the way its callee\'s spec says it comes back.',
    severity: 'error',
    requiresStandard: true,
    messages: {
      'reads-json': {
        message: 'the caller reads the reply as JSON, but {{who}} {{how}}',
        help: '{{what}} reads JSON, but {{where}} says {{callee}} {{how}}. Read the result the way it documents it (its metadata file, or its text summary), or change the callee to answer in JSON.',
      },
      'reads-file': {
        message: 'the caller reads a metadata file, but {{who}} returns JSON and writes none',
        help: '{{where}} says {{callee}} returns JSON to the console. Parse the JSON reply of {{callee}}, or have {{calleeFile}} write the metadata file the caller reads.',
      },
      'missing-fields': {
        message: "the caller reads {{fields}}, which {{who}}'s return never has",
        help: '{{what}} reads {{allFields}} from the reply, but the return documented at {{where}} has only {{keys}}. Read only those fields, or add the field to its documented return.',
      },
    },
  },
  check({ doc, project, report }) {
    const agents = project.byName('agent');
    for (const site of doc.delegations.sites) {
      if (site.kind !== 'call' && site.kind !== 'subagent-type' && site.kind !== 'prose') continue;
      const callee = site.target ? specInCallerTree(doc, agents.get(site.target)) : undefined;
      if (!callee || callee === doc) continue;
      const ch = callee.returnChannel;
      if (ch.console === null && !ch.metadataFile) continue;
      const win = readingWindow(doc, site.range);
      const where = (s: ReturnStatement | undefined) => ({ filePath: callee.filePath, ...at(callee, s) });
      const calleeLine = (s: ReturnStatement | undefined) => `${callee.relPath}:${at(callee, s).line}`;
      const what = describeSite(site, doc.text);
      const who = clip(site.target!, 24);
      const parses = readsJsonReply(doc.text, win);
      if (parses && ch.console !== 'json') {
        const s = ch.statements.find((x) => x.kind === 'console-text') ?? ch.statements.find((x) => x.kind === 'metadata-file');
        const how = ch.console === 'text' ? 'returns text to the console' : 'writes its return to a metadata file';
        report({
          messageId: 'reads-json',
          data: { who, how, what, where: calleeLine(s), callee: site.target! },
          range: site.anchor,
          related: [{ ...where(s), message: `${site.target} says how it returns here` }],
        });
        continue;
      }
      const window = doc.text.slice(win.start, win.end);
      if (READS_FILE.test(window) && ch.console === 'json' && !ch.metadataFile) {
        const s = ch.statements.find((x) => x.kind === 'console-json');
        report({
          messageId: 'reads-file',
          data: { who, where: calleeLine(s), callee: site.target!, calleeFile: callee.relPath },
          range: site.anchor,
          related: [{ ...where(s), message: `${site.target} returns here` }],
        });
        continue;
      }
      // Fields the caller reads that the callee's documented return never has.
      if (ch.console !== 'json') continue;
      const keys = keysOf(callee.returnFormats.filter((r) => r.role !== 'sketch'));
      if (!keys) continue;
      JQ_FIELD.lastIndex = 0;
      const missing: string[] = [];
      for (let m = JQ_FIELD.exec(window); m; m = JQ_FIELD.exec(window)) if (!keys.has(m[1]!) && !missing.includes(m[1]!)) missing.push(m[1]!);
      if (missing.length === 0) continue;
      const first = callee.returnFormats[0]!;
      const loc = callee.lines.location({ start: first.node.range.start, end: first.node.range.start + 1 });
      const fields = missing.map((k) => `"${k}"`).join(', ');
      report({
        messageId: 'missing-fields',
        data: { fields: clip(fields, 28), who, what, allFields: fields, where: `${callee.relPath}:${loc.line}`, keys: [...keys].join(', ') },
        range: site.anchor,
        related: [{ filePath: callee.filePath, ...loc, message: `${site.target}'s return` }],
      });
    }
  },
});
