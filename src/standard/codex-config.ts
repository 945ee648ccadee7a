/**
 * Codex's configuration vocabulary, as plain data for the codex-config and hooks-config rules.
 * Source: the Codex configuration reference (developers.openai.com/codex/config-reference) and
 * the JSON schema Codex publishes for config.toml (codex-rs/core/config.schema.json: the
 * top-level keys, their types and enumerations), the hooks page (developers.openai.com/codex/hooks:
 * events, handler types) and the MCP page (a server is stdio with `command`, or streamable HTTP
 * with `url`; codex-rs validates which keys go with which).
 */

/** What a value must be: a TOML type, one of some strings, or a table (its contents checked elsewhere). */
export type CodexValue =
  | 'string'
  | 'boolean'
  | 'integer'
  | 'number'
  | 'table'
  | 'string[]'
  /** A string, or an array of strings. */
  | 'strings'
  | { readonly oneOf: readonly string[]; readonly orTable?: true };

const APPROVAL = { oneOf: ['untrusted', 'on-failure', 'on-request', 'never'], orTable: true } as const;
const SANDBOX = { oneOf: ['read-only', 'workspace-write', 'danger-full-access'] } as const;
const EFFORT = { oneOf: ['none', 'minimal', 'low', 'medium', 'high', 'xhigh'] } as const;

/**
 * Every top-level key of config.toml Codex reads (the current schema's, and older keys it still
 * accepts), with what its value must be. A key missing here is not read by Codex.
 */
export const CODEX_CONFIG_KEYS: Readonly<Record<string, CodexValue>> = {
  agents: 'table',
  allow_login_shell: 'boolean',
  analytics: 'table',
  approval_policy: APPROVAL,
  approvals_reviewer: { oneOf: ['user', 'auto_review', 'guardian_subagent'] },
  apps: 'table',
  apps_mcp_product_sku: 'string',
  audio: 'table',
  auto_review: 'table',
  background_terminal_max_timeout: 'integer',
  chatgpt_base_url: 'string',
  check_for_update_on_startup: 'boolean',
  cli_auth_credentials_store: { oneOf: ['file', 'keyring', 'auto', 'ephemeral'] },
  compact_prompt: 'string',
  debug: 'table',
  default_permissions: 'string',
  desktop: 'table',
  developer_instructions: 'string',
  disable_paste_burst: 'boolean',
  experimental_compact_prompt_file: 'string',
  experimental_instructions_file: 'string',
  experimental_realtime_start_instructions: 'string',
  experimental_realtime_ws_backend_prompt: 'string',
  experimental_realtime_ws_base_url: 'string',
  experimental_realtime_ws_model: 'string',
  experimental_realtime_ws_startup_context: 'string',
  experimental_thread_config_endpoint: 'string',
  experimental_thread_store: 'table',
  experimental_use_freeform_apply_patch: 'boolean',
  experimental_use_unified_exec_tool: 'boolean',
  features: 'table',
  feedback: 'table',
  file_opener: { oneOf: ['vscode', 'vscode-insiders', 'windsurf', 'cursor', 'none'] },
  forced_chatgpt_workspace_id: 'strings',
  forced_login_method: { oneOf: ['chatgpt', 'api'] },
  ghost_snapshot: 'table',
  hide_agent_reasoning: 'boolean',
  history: 'table',
  hooks: 'table',
  include_apply_patch_tool: 'boolean',
  include_apps_instructions: 'boolean',
  include_collaboration_mode_instructions: 'boolean',
  include_environment_context: 'boolean',
  include_permissions_instructions: 'boolean',
  instructions: 'string',
  js_repl_node_path: 'string',
  log_dir: 'string',
  marketplaces: 'table',
  mcp_oauth_callback_port: 'integer',
  mcp_oauth_callback_url: 'string',
  mcp_oauth_credentials_store: { oneOf: ['auto', 'file', 'keyring'] },
  mcp_servers: 'table',
  memories: 'table',
  model: 'string',
  model_auto_compact_token_limit: 'integer',
  model_auto_compact_token_limit_scope: { oneOf: ['total', 'body_after_prefix'] },
  model_catalog_json: 'string',
  model_context_window: 'integer',
  model_instructions_file: 'string',
  model_provider: 'string',
  model_providers: 'table',
  model_reasoning_effort: EFFORT,
  model_reasoning_summary: { oneOf: ['auto', 'concise', 'detailed', 'none'] },
  model_supports_reasoning_summaries: 'boolean',
  model_verbosity: { oneOf: ['low', 'medium', 'high'] },
  notice: 'table',
  notify: 'string[]',
  openai_base_url: 'string',
  oss_provider: 'string',
  otel: 'table',
  permissions: 'table',
  personality: { oneOf: ['none', 'friendly', 'pragmatic'] },
  plan_mode_reasoning_effort: EFFORT,
  plugins: 'table',
  profile: 'string',
  profiles: 'table',
  project_doc_fallback_filenames: 'string[]',
  project_doc_max_bytes: 'integer',
  project_root_markers: 'string[]',
  projects: 'table',
  realtime: 'table',
  review_model: 'string',
  sandbox_mode: SANDBOX,
  sandbox_workspace_write: 'table',
  service_tier: 'string',
  shell_environment_policy: 'table',
  show_raw_agent_reasoning: 'boolean',
  skills: 'table',
  sqlite_home: 'string',
  suppress_unstable_features_warning: 'boolean',
  tool_output_token_limit: 'integer',
  tool_suggest: 'table',
  tools: 'table',
  tui: 'table',
  web_search: { oneOf: ['disabled', 'cached', 'live'] },
  windows: 'table',
  windows_wsl_setup_acknowledged: 'boolean',
};

/** The keys of an `[mcp_servers.<name>]` table, with what each must be. */
export const CODEX_MCP_KEYS: Readonly<Record<string, CodexValue>> = {
  command: 'string',
  args: 'string[]',
  env: 'table',
  cwd: 'string',
  url: 'string',
  bearer_token_env_var: 'string',
  http_headers: 'table',
  env_http_headers: 'table',
  startup_timeout_sec: 'number',
  startup_timeout_ms: 'integer',
  tool_timeout_sec: 'number',
  enabled: 'boolean',
  required: 'boolean',
  enabled_tools: 'string[]',
  disabled_tools: 'string[]',
  scopes: 'string[]',
  oauth_resource: 'string',
};

/** Keys Codex refuses on a stdio server (one with `command`): each is "not supported for stdio". */
export const CODEX_MCP_HTTP_ONLY: readonly string[] = ['url', 'bearer_token_env_var', 'bearer_token', 'http_headers', 'env_http_headers', 'oauth', 'oauth_resource'];
/** Keys Codex refuses on a streamable HTTP server (one with `url`). */
export const CODEX_MCP_STDIO_ONLY: readonly string[] = ['args', 'env', 'env_vars', 'cwd', 'bearer_token'];

/** The events Codex fires hooks on (a key of `hooks`). */
export const CODEX_HOOK_EVENTS: readonly string[] = [
  'SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse',
  'PreCompact', 'PostCompact', 'SubagentStart', 'SubagentStop', 'Stop',
];

/** Codex's hook handler types, and the fields each needs. */
export const CODEX_HOOK_TYPES: Readonly<Record<string, readonly string[]>> = {
  command: ['command'],
  prompt: [],
  agent: [],
};
