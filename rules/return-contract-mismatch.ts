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
    details:
      'The caller and the callee of a delegation are written apart, and drift apart: the caller parses or validates JSON from the reply while the callee\'s spec says it returns a text summary (NOT JSON) or writes its return to a metadata file; the caller reads the callee\'s metadata file while the callee answers the console in JSON and writes no file; or the caller reads a field (jq \'.files_updated\') that the callee\'s documented return never has. Reported at the caller\'s invocation, naming the callee\'s spec and line. Only callees that are specs of the project and say how they return are compared.',
    severity: 'error',
    requiresStandard: true,
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
          message: `the caller reads the reply as JSON, but ${who} ${how}`,
          help: `${what} reads JSON, but ${calleeLine(s)} says ${site.target} ${how}. Read the result the way it documents it (its metadata file, or its text summary), or change the callee to answer in JSON.`,
          range: site.anchor,
          related: [{ ...where(s), message: `${site.target} says how it returns here` }],
        });
        continue;
      }
      const window = doc.text.slice(win.start, win.end);
      if (READS_FILE.test(window) && ch.console === 'json' && !ch.metadataFile) {
        const s = ch.statements.find((x) => x.kind === 'console-json');
        report({
          message: `the caller reads a metadata file, but ${who} returns JSON and writes none`,
          help: `${calleeLine(s)} says ${site.target} returns JSON to the console. Parse the JSON reply of ${site.target}, or have ${callee.relPath} write the metadata file the caller reads.`,
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
      report({
        message: `the caller reads ${clip(missing.map((k) => `"${k}"`).join(', '), 28)}, which ${clip(site.target!, 24)}'s return never has`,
        help: `${what} reads ${missing.map((k) => `"${k}"`).join(', ')} from the reply, but the return documented at ${callee.relPath}:${loc.line} has only ${[...keys].join(', ')}. Read only those fields, or add the field to its documented return.`,
        range: site.anchor,
        related: [{ filePath: callee.filePath, ...loc, message: `${site.target}'s return` }],
      });
    }
  },
});
