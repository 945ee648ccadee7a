/**
 * The file kinds, as values: which are specs (nodes of the delegation graph), which are the JSON
 * files that come with them (manifests, hooks, MCP servers). The engine runs a rule on a JSON
 * file only when the rule names that kind; markdown rules never see JSON.
 */
import type { FileKind, JsonFileKind } from '../types.js';

export const JSON_KINDS: readonly JsonFileKind[] = ['plugin-manifest', 'marketplace-manifest', 'hooks-config', 'settings', 'mcp-config'];

const JSON_SET: ReadonlySet<string> = new Set(JSON_KINDS);

export const ALL_KINDS: readonly FileKind[] = ['agent', 'command', 'skill', 'other', ...JSON_KINDS];

export function isJsonKind(kind: FileKind): kind is JsonFileKind {
  return JSON_SET.has(kind);
}

/** An agent, command or skill: a node of the delegation graph. */
export function isSpecKind(kind: FileKind): kind is 'agent' | 'command' | 'skill' {
  return kind === 'agent' || kind === 'command' || kind === 'skill';
}
