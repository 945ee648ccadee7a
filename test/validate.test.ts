import { describe, expect, it } from 'vitest';
import { parseTolerantJson } from '../src/model/json/parse.js';
import type { JsonNode } from '../src/model/json/ast.js';
import { PROFILES } from '../src/standard/profiles.js';
import { compiledSchema, validateDelegationContext, validateReturnFormat, type SchemaViolation } from '../src/standard/validate.js';

function parse(text: string): JsonNode {
  const r = parseTolerantJson(text, 0);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Violations as `message @ reported text`. */
function check(text: string, profile = PROFILES.v2, templates = true): string[] {
  return validateReturnFormat(parse(text), profile, { text, templates }).map((v) => `${v.message} @ ${text.slice(v.range.start, v.range.end)}`);
}

/** The violations' helps (what was expected, and who says so). */
function helps(text: string, profile = PROFILES.v2, templates = true): string[] {
  return validateReturnFormat(parse(text), profile, { text, templates }).map((v) => v.help);
}

const META_V2 = `"metadata": {"session_id": "sess_1767225600_q7x2m9", "duration_seconds": 12, "agent_type": "planner", "delegation_depth": 1, "delegation_path": ["orchestrator", "plan", "planner"]}`;
const good = (body: string) => `{"status": "completed", "summary": "Plan written.", "artifacts": [], ${META_V2}${body}}`;

describe('validateReturnFormat', () => {
  it('accepts a complete v2 return', () => {
    expect(check(good(', "errors": [], "next_steps": "Implement it."'))).toEqual([]);
  });

  it('reports all missing metadata fields once, at the metadata key, naming the standard', () => {
    const text = `{"status": "completed", "summary": "x", "artifacts": [], "metadata": {"session_id": "s", "duration_seconds": 1, "agent_type": "a"}}`;
    expect(check(text)).toEqual(['metadata is missing required fields "delegation_depth" and "delegation_path" @ "metadata"']);
    expect(helps(text)).toEqual(['Delegation Standard 2.0 requires session_id, duration_seconds, agent_type, delegation_depth, delegation_path.']);
    expect(check(text, PROFILES.v1)).toEqual([]);
  });

  it('names many missing fields without quotes, or counts them when even that would not fit in one row', () => {
    const four = `{"status": "completed", "summary": "x", "artifacts": [], "metadata": {"session_id": "s"}}`;
    expect(check(four)).toEqual(['metadata is missing required fields duration_seconds, agent_type, delegation_depth, delegation_path @ "metadata"']);
    expect(helps(four)).toEqual(['Delegation Standard 2.0 requires session_id, duration_seconds, agent_type, delegation_depth, delegation_path.']);
    const text = `{"status": "completed", "summary": "x", "artifacts": [], "metadata": {}}`;
    expect(check(text)).toEqual(['metadata is missing 5 required fields @ "metadata"']);
    expect(helps(text)).toEqual([
      'Add "session_id", "duration_seconds", "agent_type", "delegation_depth" and "delegation_path". Delegation Standard 2.0 requires session_id, duration_seconds, agent_type, delegation_depth, delegation_path.',
    ]);
  });

  it('reports a missing top-level field at the opening brace and a missing item field at the item brace', () => {
    const text = `{"status": "failed", "summary": "x", ${META_V2}, "errors": [{"type": "timeout"}]}`;
    const v = validateReturnFormat(parse(text), PROFILES.v2, { text });
    expect(v.map((x) => [x.message, x.help, x.range.start, x.range.end])).toEqual([
      ['return format is missing required field "artifacts"', 'Delegation Standard 2.0 requires status, summary, artifacts, metadata.', 0, 1],
      ['errors[0] is missing required field "message"', 'Delegation Standard 2.0 requires type, message.', text.indexOf('{"type"'), text.indexOf('{"type"') + 1],
    ]);
    expect(v[1]!.missing).toEqual(['message']);
    expect(v[1]!.pointer).toBe('/errors/0');
  });

  it('reports enum values with the allowed list, at the value', () => {
    const text = good(`, "errors": [{"type": "file_not_found", "message": "m"}]`).replace('"completed"', '"done"');
    expect(check(text)).toEqual(['status "done" is not an allowed value @ "done"', 'errors[0].type "file_not_found" is not an allowed value @ "file_not_found"']);
    expect(helps(text)).toEqual([
      'Delegation Standard 2.0 allows completed, failed, partial, blocked.',
      'Delegation Standard 2.0 allows timeout, validation, execution, tool_unavailable.',
    ]);
  });

  it('hints at case and near misses', () => {
    expect(check(good('').replace('"completed"', '"Completed"'))).toEqual(['status "Completed" is not an allowed value @ "Completed"']);
    expect(helps(good('').replace('"completed"', '"Completed"'))).toEqual(['Values are case-sensitive: "completed". Delegation Standard 2.0 allows completed, failed, partial, blocked.']);
    expect(check(good('').replace('"completed"', '"complete"'))).toEqual(['status "complete" is not an allowed value @ "complete"']);
    expect(helps(good('').replace('"completed"', '"complete"'))).toEqual(['Did you mean "completed"? Delegation Standard 2.0 allows completed, failed, partial, blocked.']);
  });

  it('checks each alternative of "a|b" and pinpoints the bad one', () => {
    expect(check(good('').replace('"completed"', '"completed|failed|partial|blocked"'))).toEqual([]);
    expect(check(good('').replace('"completed"', '"completed|done"'))).toEqual(['status lists "done", which is not an allowed value @ done']);
    expect(helps(good('').replace('"completed"', '"completed|done"'))).toEqual([
      'Each alternative of "completed|done" must be allowed. Delegation Standard 2.0 allows completed, failed, partial, blocked.',
    ]);
    // TypeScript-style union
    expect(check(good('').replace('"completed"', '"completed" | "ok"'))).toEqual(['status lists "ok", which is not an allowed value @ ok']);
    expect(helps(good('').replace('"completed"', '"completed" | "ok"'))[0]).toMatch(/^Each alternative of "completed\|ok" must be allowed\. /);
    // Spaces around the bars
    expect(check(good('').replace('"completed"', '"completed | partial | finished"'))).toEqual(['status lists "finished", which is not an allowed value @ finished']);
    // Read literally, "a|b" is one wrong value.
    expect(check(good('').replace('"completed"', '"completed|failed"'), PROFILES.v2, false)).toEqual(['status "completed|failed" is not an allowed value @ "completed|failed"']);
    expect(helps(good('').replace('"completed"', '"completed|failed"'), PROFILES.v2, false)).toEqual(['Delegation Standard 2.0 allows completed, failed, partial, blocked.']);
  });

  it('lets templated strings pass enum and type checks', () => {
    const text = `{"status": "{status}", "summary": "{summary}", "artifacts": [{"type": "<type>", "path": "{path}"}], "metadata": {"session_id": "{id}", "duration_seconds": "{seconds}", "agent_type": "a", "delegation_depth": "{depth}", "delegation_path": "{path}"}}`;
    expect(check(text)).toEqual([]);
  });

  it('does not check placeholders or anything below them', () => {
    const text = `{
      "status": "completed|failed",
      "summary": "...",
      "artifacts": [{type, path, summary}, ...],
      "metadata": {session_id, duration_seconds, agent_type, delegation_depth, delegation_path},
      "errors": [{type, message, recoverable, recommendation}, ...]
    }`;
    expect(check(text)).toEqual([]);
    expect(check(`{"status": "completed", "summary": "s", "artifacts": N, "metadata": {metadata}}`)).toEqual([]);
    expect(check(`{"status": "completed", "summary": "s", "artifacts": [], ${META_V2.replace('12', '{duration}')}}`)).toEqual([]);
  });

  it('reads placeholders literally when templates are off', () => {
    expect(check(`{"status": "completed", "summary": "s", "artifacts": N, ${META_V2}}`, PROFILES.v2, false)).toEqual([
      'artifacts is a template placeholder (N), not a JSON value @ N',
    ]);
    expect(helps(`{"status": "completed", "summary": "s", "artifacts": N, ${META_V2}}`, PROFILES.v2, false)).toEqual([
      'A reply is read literally: replace the placeholder with the real value.',
    ]);
  });

  it('asks no fields of an object that holds ...', () => {
    expect(check(`{"status": "completed", "summary": "s", "artifacts": [], "metadata": {"session_id": "s", ...}}`)).toEqual([]);
    expect(check(`{"status": "completed", "summary": "s", ...}`)).toEqual([]);
    expect(check(`{"status": "completed", "summary": "s", "artifacts": [], "metadata": {"session_id": "s", ...}}`, PROFILES.v2, false)).toHaveLength(1);
  });

  it('accepts "true|false" for a boolean but not "yes|no"', () => {
    expect(check(good(`, "errors": [{"type": "timeout", "message": "m", "recoverable": "true|false"}]`))).toEqual([]);
    expect(check(good(`, "errors": [{"type": "timeout", "message": "m", "recoverable": "yes|no"}]`))).toEqual([
      'errors[0].recoverable is a string ("yes|no") but must be true or false @ "yes|no"',
    ]);
    expect(helps(good(`, "errors": [{"type": "timeout", "message": "m", "recoverable": "yes|no"}]`))).toEqual(['Delegation Standard 2.0 expects true or false here.']);
  });

  it('reports wrong types at the value, or at the key for a wrong object or array', () => {
    const text = `{"status": "completed", "summary": "s", "artifacts": {"type": "plan"}, "metadata": {"session_id": "s", "duration_seconds": "5 minutes", "agent_type": "a", "delegation_depth": -1, "delegation_path": ["o", 2]}}`;
    expect(check(text)).toEqual([
      'artifacts is an object but must be an array @ "artifacts"',
      'metadata.duration_seconds is a string ("5 minutes") but must be a number @ "5 minutes"',
      'metadata.delegation_depth is -1 but must be >= 0 @ -1',
      'metadata.delegation_path[1] is a number (2) but must be a string @ 2',
    ]);
    expect(helps(text)).toEqual([
      'Delegation Standard 2.0 expects an array here.',
      'Delegation Standard 2.0 expects a number here.',
      'Delegation Standard 2.0 expects a number >= 0 here.',
      'Delegation Standard 2.0 expects a string here.',
    ]);
    // A number written as a string: the help says to drop the quotes.
    expect(helps(good('').replace('"duration_seconds": 12', '"duration_seconds": "12"'))).toEqual(['Delegation Standard 2.0 expects a number here: write it without quotes.']);
  });

  it('reports a type error once (no enum echo)', () => {
    expect(check(good('').replace('"completed"', '3'))).toEqual(['status is a number (3) but must be a string @ 3']);
  });

  it('v1: allows test artifacts, resource errors and a null next_steps; rejects tool_unavailable', () => {
    const text = `{"status": "partial", "summary": "Half of it is done.", "artifacts": [{"type": "test", "path": "t.py"}], "metadata": {"session_id": "s", "duration_seconds": 3, "agent_type": "a"}, "errors": [{"type": "tool_unavailable", "message": "m"}, {"type": "resource", "message": "m"}], "next_steps": null}`;
    expect(check(text, PROFILES.v1)).toEqual(['errors[0].type "tool_unavailable" is not an allowed value @ "tool_unavailable"']);
    expect(helps(text, PROFILES.v1)).toEqual(['Subagent Return Format Standard 1.0 allows timeout, validation, execution, resource, cycle.']);
  });

  it('names array items and keys in the path of a nested value', () => {
    const text = `{"status": "completed", "summary": "s", "artifacts": [], "metadata": {"session_id": "s", "duration_seconds": 1, "agent_type": "a", "delegation_depth": 1, "delegation_path": []}, "errors": [{"type": "timeout", "message": 5}]}`;
    expect(check(text)).toEqual(['errors[0].message is a number (5) but must be a string @ 5']);
  });

  it('uses the escaped text of JSON inside a prompt string', () => {
    const text = `prompt: "{\\"status\\": \\"completed|done\\", \\"summary\\": \\"s\\", \\"artifacts\\": [], \\"metadata\\": {\\"session_id\\": \\"s\\", \\"duration_seconds\\": 1, \\"agent_type\\": \\"a\\", \\"delegation_depth\\": 1, \\"delegation_path\\": []}}"`;
    const r = parseTolerantJson(text, text.indexOf('{'), { escapedQuotes: true });
    if (!r.ok) throw new Error(r.error.message);
    const v = validateReturnFormat(r.value, PROFILES.v2, { text });
    expect(v.map((x) => `${x.message} @ ${text.slice(x.range.start, x.range.end)}`)).toEqual(['status lists "done", which is not an allowed value @ done']);
  });

  it('quotes a value with escapes within the row, cut between escapes, and keeps what is wrong', () => {
    // Forty backslashes (eighty in the JSON) and eight control characters under a long path.
    const text = `{"status": "completed", "summary": "x", "artifacts": [{"type": "${'\\\\'.repeat(40)}", "path": "a"}, {"type": "\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\u0008", "path": "b"}], ${META_V2.replace('"planner"}', '"planner", "extra_field_with_a_rather_long_name": {"type": 1}}')}}`;
    const messages = validateReturnFormat(parse(text), PROFILES.v2, { text, templates: false }).map((v) => v.message);
    expect(messages).toContain(`artifacts[0].type "${'\\\\'.repeat(13)}..." is not an allowed value`);
    expect(messages).toContain('artifacts[1].type "\\u0001\\u0002\\u0003\\u0004..." is not an allowed value');
    for (const m of messages) expect(m.length, m).toBeLessThanOrEqual(100);
  });

  it('compiles each schema once', () => {
    expect(compiledSchema('return-format-v2.json')).toBe(compiledSchema('return-format-v2.json'));
    expect(compiledSchema('return-format-v1.json')).not.toBe(compiledSchema('return-format-v2.json'));
  });
});

describe('validateDelegationContext', () => {
  const v = (text: string): SchemaViolation[] => validateDelegationContext(parse(text), PROFILES.v2, { text });

  it('accepts a full context and a template', () => {
    expect(v(`{"session_id": "sess_1_abcdef", "delegation_depth": 1, "delegation_path": ["o", "c", "a"], "timeout": 3600}`)).toEqual([]);
    expect(v(`{"session_id": "{id}", "delegation_depth": {depth}, "delegation_path": [...], "timeout": {timeout}}`)).toEqual([]);
  });

  it('reports a missing timeout and a bad depth', () => {
    expect(v(`{"session_id": "s", "delegation_depth": 1.5, "delegation_path": []}`).map((x) => [x.message, x.help])).toEqual([
      ['delegation context is missing required field "timeout"', 'Delegation Standard 2.0 requires session_id, delegation_depth, delegation_path, timeout.'],
      ['delegation_depth is a number (1.5) but must be an integer', 'Delegation Standard 2.0 expects an integer here.'],
    ]);
    expect(v(`{"session_id": "s", "delegation_depth": 1, "delegation_path": [], "timeout": 0}`).map((x) => x.message)).toEqual([
      'timeout is 0 but must be > 0',
    ]);
  });
});
