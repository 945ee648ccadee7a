/**
 * A subagent whose return example has a depth/path mismatch (delegation_depth 2 with a path of
 * three names, at line 18, column 25): the browser tests' first spec.
 */
export const AGENT = `---
name: verifier
description: Checks the sources of a research run. Use after research.
tools: Read
---

Return this JSON:

\`\`\`json
{
  "status": "completed",
  "summary": "Checked the sources.",
  "artifacts": [],
  "metadata": {
    "session_id": "sess_1700000000_abc123",
    "duration_seconds": 12,
    "agent_type": "verifier",
    "delegation_depth": 2,
    "delegation_path": ["orchestrator", "research", "verifier"]
  }
}
\`\`\`
`;
