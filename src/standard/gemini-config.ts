/**
 * Gemini CLI's file vocabulary, as plain data for the gemini-command and gemini-config rules.
 * Sources: Gemini CLI's "Custom commands" page (a command's fields and its `{{args}}`, `!{...}`
 * and `@{...}`), the "Extension reference" (gemini-extension.json), and the configuration
 * reference (settings.json: its categories, the settings it types, the MCP server fields, and
 * the flat v1 names Gemini CLI still moves to their nested place when it loads a file).
 */

/** A command file's fields. `run` (a shell command in place of a prompt) is read by the loader though the page does not list it. */
export const GEMINI_COMMAND_KEYS: readonly string[] = ['prompt', 'description', 'run'];

/** The one placeholder Gemini CLI replaces with the command's arguments. */
export const ARGS_PLACEHOLDER = '{{args}}';

/** What a setting's value must be. */
export type GeminiValue = 'string' | 'boolean' | 'number' | 'object' | 'string[]' | 'array' | 'string|string[]' | 'boolean|string' | 'boolean|object' | { readonly oneOf: readonly string[] };

/** gemini-extension.json's fields, with what each must be (`name` and `version` are required). */
export const GEMINI_EXTENSION_KEYS: Readonly<Record<string, GeminiValue>> = {
  name: 'string',
  version: 'string',
  description: 'string',
  mcpServers: 'object',
  contextFileName: 'string|string[]',
  excludeTools: 'string[]',
  settings: 'array',
  themes: 'array',
  migratedTo: 'string',
  plan: 'object',
};

/** The fields of an extension's `settings` entry. */
export const GEMINI_EXTENSION_SETTING_KEYS: Readonly<Record<string, GeminiValue>> = {
  name: 'string',
  description: 'string',
  envVar: 'string',
  sensitive: 'boolean',
};

/** An MCP server's fields (settings.json and gemini-extension.json alike). */
export const GEMINI_MCP_KEYS: Readonly<Record<string, GeminiValue>> = {
  command: 'string',
  args: 'string[]',
  env: 'object',
  cwd: 'string',
  url: 'string',
  httpUrl: 'string',
  headers: 'object',
  timeout: 'number',
  trust: 'boolean',
  description: 'string',
  includeTools: 'string[]',
  excludeTools: 'string[]',
};

/** The keys that give a server its transport: one of them must be there. */
export const GEMINI_MCP_TRANSPORTS: readonly string[] = ['command', 'url', 'httpUrl', 'tcp'];

/** settings.json's top-level keys (its categories, and the few settings at the top), with what each must be. */
export const GEMINI_SETTINGS_KEYS: Readonly<Record<string, GeminiValue>> = {
  $schema: 'string',
  mcpServers: 'object',
  policyPaths: 'string[]',
  adminPolicyPaths: 'string[]',
  general: 'object',
  output: 'object',
  ui: 'object',
  ide: 'object',
  privacy: 'object',
  telemetry: 'boolean|object',
  billing: 'object',
  model: 'object',
  modelConfigs: 'object',
  agents: 'object',
  context: 'object',
  tools: 'object',
  mcp: 'object',
  useWriteTodos: 'boolean',
  security: 'object',
  advanced: 'object',
  experimental: 'object',
  extensions: 'object',
  skills: 'object',
  hooksConfig: 'object',
  hooks: 'object',
  admin: 'object',
};

/** Settings inside the categories whose type the configuration reference gives (those whose name changes often are left out). */
export const GEMINI_SETTINGS_TYPES: Readonly<Record<string, GeminiValue>> = {
  'general.preferredEditor': 'string',
  'general.vimMode': 'boolean',
  'general.defaultApprovalMode': { oneOf: ['default', 'auto_edit', 'plan'] },
  'general.enableAutoUpdate': 'boolean',
  'general.checkpointing': 'object',
  'general.sessionRetention': 'object',
  'output.format': { oneOf: ['text', 'json'] },
  'ui.theme': 'string',
  'ui.customThemes': 'object',
  'ui.hideBanner': 'boolean',
  'ui.hideTips': 'boolean',
  'ui.hideFooter': 'boolean',
  'ui.customWittyPhrases': 'string[]',
  'ui.accessibility': 'object',
  'ui.footer': 'object',
  'ide.enabled': 'boolean',
  'privacy.usageStatisticsEnabled': 'boolean',
  'model.name': 'string',
  'model.maxSessionTurns': 'number',
  'model.compressionThreshold': 'number',
  'model.summarizeToolOutput': 'object',
  'context.fileName': 'string|string[]',
  'context.importFormat': 'string',
  'context.discoveryMaxDirs': 'number',
  'context.includeDirectories': 'string[]',
  'context.fileFiltering': 'object',
  'tools.sandbox': 'boolean|string',
  'tools.shell': 'object',
  'tools.core': 'string[]',
  'tools.allowed': 'string[]',
  'tools.exclude': 'string[]',
  'tools.discoveryCommand': 'string',
  'tools.callCommand': 'string',
  'mcp.serverCommand': 'string',
  'mcp.allowed': 'string[]',
  'mcp.excluded': 'string[]',
  'security.folderTrust': 'object',
  'security.auth': 'object',
  'advanced.excludedEnvVars': 'string[]',
  'advanced.bugCommand': 'object',
  'skills.enabled': 'boolean',
  'skills.disabled': 'string[]',
  'hooksConfig.enabled': 'boolean',
  'hooksConfig.disabled': 'string[]',
};

/** Settings' flat names before the nested form (v0.3.0), and where Gemini CLI moves each. */
export const GEMINI_SETTINGS_V1: Readonly<Record<string, string>> = {
  preferredEditor: 'general.preferredEditor',
  vimMode: 'general.vimMode',
  disableAutoUpdate: 'general.disableAutoUpdate',
  disableUpdateNag: 'general.disableUpdateNag',
  checkpointing: 'general.checkpointing',
  theme: 'ui.theme',
  customThemes: 'ui.customThemes',
  hideWindowTitle: 'ui.hideWindowTitle',
  hideTips: 'ui.hideTips',
  hideBanner: 'ui.hideBanner',
  hideFooter: 'ui.hideFooter',
  showMemoryUsage: 'ui.showMemoryUsage',
  showLineNumbers: 'ui.showLineNumbers',
  showCitations: 'ui.showCitations',
  accessibility: 'ui.accessibility',
  ideMode: 'ide.enabled',
  hasSeenIdeIntegrationNudge: 'ide.hasSeenNudge',
  usageStatisticsEnabled: 'privacy.usageStatisticsEnabled',
  model: 'model.name',
  maxSessionTurns: 'model.maxSessionTurns',
  summarizeToolOutput: 'model.summarizeToolOutput',
  chatCompression: 'model.chatCompression',
  skipNextSpeakerCheck: 'model.skipNextSpeakerCheck',
  contextFileName: 'context.fileName',
  memoryImportFormat: 'context.importFormat',
  memoryDiscoveryMaxDirs: 'context.discoveryMaxDirs',
  includeDirectories: 'context.includeDirectories',
  loadMemoryFromIncludeDirectories: 'context.loadFromIncludeDirectories',
  fileFiltering: 'context.fileFiltering',
  sandbox: 'tools.sandbox',
  shouldUseNodePtyShell: 'tools.usePty',
  allowedTools: 'tools.allowed',
  coreTools: 'tools.core',
  excludeTools: 'tools.exclude',
  toolDiscoveryCommand: 'tools.discoveryCommand',
  toolCallCommand: 'tools.callCommand',
  mcpServerCommand: 'mcp.serverCommand',
  allowMCPServers: 'mcp.allowed',
  excludeMCPServers: 'mcp.excluded',
  folderTrustFeature: 'security.folderTrust.featureEnabled',
  folderTrust: 'security.folderTrust.enabled',
  selectedAuthType: 'security.auth.selectedType',
  useExternalAuth: 'security.auth.useExternal',
  autoConfigureMaxOldSpaceSize: 'advanced.autoConfigureMemory',
  dnsResolutionOrder: 'advanced.dnsResolutionOrder',
  excludedProjectEnvVars: 'advanced.excludedEnvVars',
  bugCommand: 'advanced.bugCommand',
};

/**
 * The events Gemini CLI fires hooks on (the hooks reference, https://geminicli.com/docs/hooks/reference/,
 * and its `HookEventName`).
 */
export const GEMINI_HOOK_EVENTS: readonly string[] = [
  'BeforeTool', 'AfterTool', 'BeforeAgent', 'AfterAgent', 'BeforeModel', 'AfterModel', 'BeforeToolSelection',
  'SessionStart', 'SessionEnd', 'PreCompress', 'Notification',
];

/** Gemini CLI's hook types, and the fields each needs: only `command` for now. */
export const GEMINI_HOOK_TYPES: Readonly<Record<string, readonly string[]>> = { command: ['command'] };

/** Keys of settings.json's `hooks` that are not events (before they moved to `hooksConfig`). */
export const GEMINI_HOOKS_CONFIG_FIELDS: readonly string[] = ['enabled', 'disabled', 'notifications'];

/** The events whose `matcher` is a regular expression over tool names; the others' is an exact string. */
export const GEMINI_TOOL_EVENTS: readonly string[] = ['BeforeTool', 'AfterTool'];

/** Claude Code's events and their Gemini CLI names, from the hooks page's migration table. */
export const GEMINI_EVENT_FROM_CLAUDE: Readonly<Record<string, string>> = {
  PreToolUse: 'BeforeTool',
  PostToolUse: 'AfterTool',
  UserPromptSubmit: 'BeforeAgent',
  Stop: 'AfterAgent',
  PreCompact: 'PreCompress',
};

/**
 * The variables Gemini CLI replaces in gemini-extension.json and an extension's hooks/hooks.json
 * (the extension reference's "Variables"; `${pathSeparator}` is the older name of `${/}`).
 */
export const GEMINI_EXTENSION_VARIABLES: readonly string[] = ['extensionPath', 'workspacePath', '/', 'pathSeparator'];
