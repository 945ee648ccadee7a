/**
 * SARIF 2.1.0, for GitHub code scanning and other SARIF consumers. Paths are relative to the
 * working directory, under the `%SRCROOT%` base.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_URL, ruleDocsUrl, TOOL_NAME, VERSION } from '../meta.js';
import type { Formatter } from './types.js';

function encodeRelative(rel: string): string {
  return rel.split('/').map(encodeURIComponent).join('/');
}

export const formatSarif: Formatter = (results, ctx) => {
  const rules = [...ctx.rules.values()].sort((a, b) => a.id.localeCompare(b.id));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const sarifResults = [];
  for (const r of results) {
    const rel = path.relative(ctx.cwd, r.filePath).split(path.sep).join('/');
    const inside = !rel.startsWith('../') && !path.isAbsolute(rel);
    const artifactLocation = inside
      ? { uri: encodeRelative(rel), uriBaseId: '%SRCROOT%' }
      : { uri: pathToFileURL(r.filePath).href };
    for (const m of r.messages) {
      const result: Record<string, unknown> = {
        ruleId: m.ruleId,
        level: m.severity === 2 ? 'error' : 'warning',
        message: { text: m.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation,
              region: { startLine: m.line, startColumn: m.column, endLine: m.endLine, endColumn: m.endColumn },
            },
          },
        ],
      };
      const i = index.get(m.ruleId);
      if (i !== undefined) result['ruleIndex'] = i;
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
            rules: rules.map((r) => ({
              id: r.id,
              name: r.id.replace(/(^|-)([a-z])/g, (_, __, ch: string) => ch.toUpperCase()),
              shortDescription: { text: r.description },
              fullDescription: { text: r.details ?? r.description },
              help: { text: `${r.details ?? r.description}\nSee ${ruleDocsUrl(r.id)}`, markdown: `${r.details ?? r.description}\n\n[${r.id}](${ruleDocsUrl(r.id)})` },
              helpUri: ruleDocsUrl(r.id),
              defaultConfiguration: { level: r.severity === 'error' ? 'error' : r.severity === 'warn' ? 'warning' : 'none', enabled: r.severity !== 'off' },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(ctx.cwd + path.sep).href } },
        results: sarifResults,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
};
