/**
 * Claude Code's JSON configuration vocabulary, as plain data for the hooks-config and mcp-config
 * rules. Source: Claude Code's hooks reference and settings reference (hook events, hook types
 * and their fields; timeouts in seconds) and its MCP reference (`.mcp.json`: stdio servers
 * with `command`, remote ones with `type` `http` or `sse` and a `url`).
 */

/** Every hook event Claude Code fires (a key of `hooks`). */
export const HOOK_EVENTS: readonly string[] = [
  'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch', 'PermissionRequest', 'PermissionDenied',
  'Notification', 'UserPromptSubmit', 'UserPromptExpansion', 'Stop', 'StopFailure', 'SubagentStart', 'SubagentStop',
  'PreCompact', 'PostCompact', 'Elicitation', 'ElicitationResult', 'TeammateIdle', 'TaskCreated', 'TaskCompleted',
  'Setup', 'InstructionsLoaded', 'CwdChanged', 'FileChanged', 'ConfigChange', 'WorktreeCreate', 'WorktreeRemove',
  'SessionStart', 'SessionEnd', 'PreModelSwitch', 'PostModelSwitch', 'MessageDisplay', 'DirectoryAdded',
];

/** Hook types, and the fields each needs. */
export const HOOK_TYPES: Readonly<Record<string, readonly string[]>> = {
  command: ['command'],
  prompt: ['prompt'],
  agent: ['prompt'],
  http: ['url'],
  mcp_tool: ['server', 'tool'],
};

/** MCP server transports: `stdio` (the default: needs `command`), and the remote ones (need `url`). */
export const MCP_REMOTE_TYPES: readonly string[] = ['http', 'sse'];
export const MCP_TYPES: readonly string[] = ['stdio', ...MCP_REMOTE_TYPES];
