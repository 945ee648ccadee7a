/** Facts about the tool itself. */
import { readFileSync } from 'node:fs';

function readVersion(): string {
  for (const rel of ['../../package.json', '../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'agent-lint' && pkg.version) return pkg.version;
    } catch {
      /* try the next place */
    }
  }
  return '0.0.0';
}

export const TOOL_NAME = 'agent-lint';
export const VERSION = readVersion();
export const REPO_URL = 'https://github.com/agent-lint/agent-lint';

export function ruleDocsUrl(id: string): string {
  return `${REPO_URL}/blob/main/docs/rules/${id}.md`;
}
