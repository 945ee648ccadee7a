/**
 * A worker agent of the delegation standard, shared by the tests of the surfaces that judge it
 * (the Claude Code hook, the language server, the MCP server): its return example has
 * delegation_depth 2 for a delegation_path of three names, a depth-path-mismatch at 16:25-16:26.
 */
export const WORKER_SPEC = `---
name: worker
description: Does the work.
---
Return:

\`\`\`json
{
  "status": "completed",
  "summary": "Done",
  "artifacts": [],
  "metadata": {
    "session_id": "sess_1234567890_abc123",
    "duration_seconds": 12,
    "agent_type": "worker",
    "delegation_depth": 2,
    "delegation_path": ["orchestrator", "plan", "worker"]
  }
}
\`\`\`
`;

/** A project's own return format document: its statuses, "implemented" among them (the standard has no such status). */
export const WORKER_FORMAT = [
  '# Return format',
  '',
  '```json',
  '{',
  '  "status": "implemented|partial|failed",',
  '  "summary": "...",',
  '  "artifacts": [],',
  '  "metadata": {"session_id": "sess_1234567890_abc123", "duration_seconds": 1, "agent_type": "worker", "delegation_depth": 1, "delegation_path": ["orchestrator", "plan", "worker"]}',
  '}',
  '```',
  '',
].join('\n');
