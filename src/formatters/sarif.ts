/**
 * SARIF 2.1.0, for GitHub code scanning and other SARIF consumers. Paths are relative to the
 * repository root (`ctx.root`, else the working directory) under the `%SRCROOT%` base; a file
 * outside it gets an absolute `file:` URI. Columns count UTF-16 code units, as ours do.
 */
import { relPosix } from '../util/paths.js';
import { fileUrl, path } from '../platform/host.js';
import { REPO_URL, ruleDocsUrl, TOOL_NAME, VERSION } from '../meta.js';
import type { Location } from '../types.js';
import type { Formatter } from './types.js';

function encodeRelative(rel: string): string {
  return rel.split('/').map(encodeURIComponent).join('/');
}

const region = (l: Location) => ({ startLine: l.line, startColumn: l.column, endLine: l.endLine, endColumn: l.endColumn });

export const formatSarif: Formatter = (results, ctx) => {
  const base = ctx.root ?? ctx.cwd;
  const artifact = (filePath: string) => {
    const rel = relPosix(base, filePath);
    const inside = rel !== '' && !rel.startsWith('../') && rel !== '..' && !path.isAbsolute(rel);
    return inside ? { uri: encodeRelative(rel), uriBaseId: '%SRCROOT%' } : { uri: fileUrl(filePath) };
  };
  const rules = [...ctx.rules.values()].sort((a, b) => a.id.localeCompare(b.id));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const sarifResults = [];
  for (const r of results) {
    const artifactLocation = artifact(r.filePath);
    for (const m of r.messages) {
      const result: Record<string, unknown> = {
        ruleId: m.ruleId,
        level: m.severity === 2 ? 'error' : 'warning',
        // The text is the short message; the markdown adds the help (a viewer that shows
        // markdown shows both). Both are written with markdown's backticks for code.
        message: m.help ? { text: m.message, markdown: `${markdownText(m.message)}\n\n${markdownText(m.help)}` } : { text: m.message },
        locations: [{ physicalLocation: { artifactLocation, region: region(m) } }],
      };
      const i = index.get(m.ruleId);
      if (i !== undefined) result['ruleIndex'] = i;
      if (m.related?.length) {
        result['relatedLocations'] = m.related.map((rel, id) => ({
          id,
          message: { text: rel.message },
          physicalLocation: { artifactLocation: artifact(rel.filePath), region: region(rel) },
        }));
      }
      sarifResults.push(result);
    }
  }
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: TOOL_NAME,
            version: VERSION,
            semanticVersion: VERSION,
            informationUri: REPO_URL,
            // A rule's prose is its docs page: the help links it.
            rules: rules.map((r) => ({
              id: r.id,
              name: r.id.replace(/(^|-)([a-z])/g, (_, __, ch: string) => ch.toUpperCase()),
              shortDescription: { text: r.description },
              fullDescription: { text: r.description },
              help: { text: `${r.description}\nSee ${ruleDocsUrl(r.id)}`, markdown: `${markdownText(r.description)}\n\nSee [${r.id}](${ruleDocsUrl(r.id)}).` },
              helpUri: ruleDocsUrl(r.id),
              defaultConfiguration: { level: r.severity === 'error' ? 'error' : r.severity === 'warn' ? 'warning' : 'none', enabled: r.severity !== 'off' },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: fileUrl(base.endsWith(path.sep) ? base : base + path.sep) } },
        columnKind: 'utf16CodeUnits',
        results: sarifResults,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
};

/**
 * Text as markdown that shows as written: outside `code` spans, `<` and `&` are escaped, so that
 * a viewer does not take `<action>` or `</stage>` for HTML and drop it (GitHub strips such tags),
 * and so are a backslash (`a " inside written \"` would lose it) and `*` (a glob is no emphasis).
 */
export function markdownText(text: string): string {
  return text
    .split(/(`[^`\n]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[<&\\*]/g, (c) => `\\${c}`)))
    .join('');
}
