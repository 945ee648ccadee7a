/** Facts about the tool itself. */
import { toolVersion } from './platform/host.js';

export const TOOL_NAME = 'agent-lint';
export const VERSION = toolVersion();
export const REPO_URL = 'https://github.com/agent-lint/agent-lint';

export function ruleDocsUrl(id: string): string {
  return `${REPO_URL}/blob/main/docs/rules/${id}.md`;
}
