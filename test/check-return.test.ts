/**
 * checkReturn: each check on real-shaped replies and broken variants, with exact positions and
 * JSON pointers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkReturn, type CheckReturnOptions } from '../src/check-return/check.js';
import { pointerAt } from '../src/check-return/pointer.js';
import { parseStrictJson } from '../src/model/json/strict.js';
import { BUILD_FAILED, IMPLEMENT_PARTIAL, RESEARCH_DONE, SESSION, V1_TESTS_BLOCKED, posOf, variant } from './helpers/replies.js';

/** The findings as `ruleId line:col pointer` plus the message, for compact assertions. */
function findings(reply: unknown, options: CheckReturnOptions = {}) {
  const r = checkReturn(reply, options);
  return r.messages.map((m) => ({ id: m.ruleId, at: `${m.line}:${m.column}`, pointer: m.pointer, severity: m.severity, message: m.message, help: m.help }));
}

const at = (text: string, needle: string, from = 0) => {
  const p = posOf(text, needle, from);
  return `${p.line}:${p.column}`;
};

describe('valid returns', () => {
  it.each([
    ['completed research', RESEARCH_DONE],
    ['partial after a timeout', IMPLEMENT_PARTIAL],
    ['failed build', BUILD_FAILED],
  ])('%s (2.0) passes with no finding and gives the parsed value', (_, ret) => {
    const r = checkReturn(variant(ret), { sessionId: (ret.metadata as { session_id: string }).session_id });
    expect(r.messages).toEqual([]);
    expect(r.valid).toBe(true);
    expect(r.value).toEqual(ret);
    if (r.valid) expect(r.value.metadata.session_id).toBe((ret.metadata as { session_id: string }).session_id);
  });

  it('a 1.0 return passes under v1 and fails under v2', () => {
    const text = variant(V1_TESTS_BLOCKED);
    expect(checkReturn(text, { standard: 'v1' }).messages).toEqual([]);
    const v2 = findings(text);
    // 2.0 has no artifact type "test" nor error type "resource", requires depth and path,
    // formats session ids as sess_..., standardizes error codes and wants next_steps a string.
    expect(v2.map((f) => [f.id, f.pointer, f.severity])).toEqual([
      ['return-format-schema', '/artifacts/0/type', 2],
      ['return-format-schema', '/metadata', 2],
      ['session-id-format', '/metadata/session_id', 1],
      ['return-format-schema', '/errors/0/type', 2],
      ['error-code-known', '/errors/0/code', 1],
      ['return-format-schema', '/next_steps', 2],
    ]);
    expect(v2[1]!.message).toContain('metadata is missing required fields "delegation_depth" and "delegation_path"');
  });

  it('accepts an already parsed value (positions refer to its two-space serialisation)', () => {
    const r = checkReturn({ ...RESEARCH_DONE, status: 'done' });
    expect(r.valid).toBe(false);
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0]).toMatchObject({ ruleId: 'return-format-schema', line: 2, column: 13, pointer: '/status' });
    expect(r.source).toBe(JSON.stringify({ ...RESEARCH_DONE, status: 'done' }, null, 2));
  });

  it('warnings alone keep a return valid', () => {
    const text = variant(RESEARCH_DONE, (r) => (r.summary = 'Done. '.repeat(80).trim()));
    const r = checkReturn(text);
    expect(r.messages.map((m) => [m.ruleId, m.severity])).toEqual([['return-summary-length', 1]]);
    expect(r.valid).toBe(true);
    expect(r.warningCount).toBe(1);
  });
});

describe('the reply must be JSON ("Return is not valid JSON")', () => {
  it.each([
    ['plain text', 'I researched the caching options and wrote the report to specs/042.', '1:1', "expected a JSON value, found 'I'"],
    ['an empty reply', '  \n', '1:1', 'the reply is empty'],
    ['a trailing comma', '{\n  "status": "completed",\n  "summary": "Done.",\n}', '3:21', "trailing comma before '}'"],
    ['a comment', '{\n  // the result\n  "status": "completed"\n}', '2:3', 'JSON has no comments'],
    ['single quotes', "{'status': 'completed'}", '1:2', 'JSON strings use double quotes'],
    ['a template placeholder', '{"status": "completed", "metadata": {"duration_seconds": {duration}}}', '1:59', "expected a property name in double quotes, found 'd'"],
    ['a bare word', '{"status": completed}', '1:12', "expected a JSON value, found 'c'"],
    ['an ellipsis', '{"artifacts": [...]}', '1:16', 'a "..." placeholder is not JSON'],
    ['a raw line break in a string', '{"summary": "line one\nline two"}', '1:22', 'raw control character U+000A'],
    ['text after the value', '{"status": "completed"}\nDone!', '2:1', "unexpected 'D' after the JSON value"],
    ['a leading zero', '{"duration_seconds": 012}', '1:22', 'leading zero'],
    ['an unterminated object', '{"status": "completed"', '1:23', 'unexpected end of input'],
  ])('%s', (_, text, where, detail) => {
    const f = findings(text);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ id: 'return-format-json', at: where, pointer: '', severity: 2 });
    expect(f[0]!.message.startsWith('Return is not valid JSON: ')).toBe(true);
    // The reason in one row; a second clause, or a note that does not fit, in the help.
    expect(f[0]!.message.length).toBeLessThanOrEqual(100);
    expect(`${f[0]!.message} ${f[0]!.help}`).toContain(detail);
    expect(f[0]!.help).toMatch(/The caller parses the reply as one JSON value: /);
    expect(checkReturn(text).valid).toBe(false);
  });

  it('points at --extract when the reply wraps JSON in prose', () => {
    const f = findings(`Here is the result:\n${variant(RESEARCH_DONE)}`);
    expect(f[0]!.message).toBe("Return is not valid JSON: expected a JSON value, found 'H'");
    expect(f[0]!.help).toMatch(/^The reply holds a JSON object at 2:1: to read JSON wrapped in prose or a code fence, use extract \(--extract\)\. /);
  });

  it('a value with no JSON form', () => {
    expect(findings(undefined)[0]!.message).toBe('Return is not valid JSON: a undefined has no JSON form');
    expect(findings({ n: 1n })[0]!.message).toMatch(/^Return is not valid JSON: the value cannot be serialised/);
  });

  it('a JSON value that is not an object ("Return must be JSON object")', () => {
    expect(findings('[{"status": "completed"}]')).toEqual([
      { id: 'return-format-schema', at: '1:1', pointer: '', severity: 2, message: 'return format is an array but must be an object', help: 'Delegation Standard 2.0 expects an object here.' },
    ]);
    expect(findings('"completed"')[0]!.message).toBe('return format is a string ("completed") but must be an object');
  });

  it('the strict parser accepts what JSON.parse accepts, with the same value', () => {
    for (const text of ['{"a":[1,-0.5e3,true,false,null,"\\u00e9\\n\\"x\\""],"b":{}}', '[]', '0', '"\\/"', ' {"__proto__": {"x": 1}} ']) {
      const r = parseStrictJson(text, text.search(/\S/));
      expect(r.ok).toBe(true);
    }
  });
});

describe('return-format-schema on a reply', () => {
  it('missing fields, at the object that lacks them', () => {
    const text = variant(RESEARCH_DONE, (r) => {
      delete r.artifacts;
      delete r.metadata.delegation_path;
    });
    const f = findings(text);
    expect(f.map((x) => [x.id, x.at, x.pointer])).toEqual([
      ['return-format-schema', '1:1', ''],
      ['return-format-schema', at(text, '"metadata"'), '/metadata'],
    ]);
    expect([f[0]!.message, f[0]!.help]).toEqual(['return format is missing required field "artifacts"', 'Delegation Standard 2.0 requires status, summary, artifacts, metadata.']);
  });

  it('a status outside the enum, with the case-sensitivity hint', () => {
    const text = variant(RESEARCH_DONE, (r) => (r.status = 'Completed'));
    expect(findings(text)).toEqual([
      {
        id: 'return-format-schema',
        at: at(text, '"Completed"'),
        pointer: '/status',
        severity: 2,
        message: 'status "Completed" is not an allowed value',
        help: 'Values are case-sensitive: "completed". Delegation Standard 2.0 allows completed, failed, partial, blocked.',
      },
    ]);
  });

  it('reads "completed | failed" literally: a template in a spec, one wrong string in a reply', () => {
    const text = variant(RESEARCH_DONE, (r) => (r.status = 'completed|failed'));
    const f = findings(text);
    expect(f.map((x) => [x.id, x.pointer])).toEqual([['return-format-schema', '/status']]);
    expect(f[0]!.message).toBe('status "completed|failed" is not an allowed value');
  });

  it('wrong types and an unknown artifact type', () => {
    const text = variant(RESEARCH_DONE, (r) => {
      r.metadata.duration_seconds = '940';
      r.metadata.delegation_depth = 1.5;
      r.artifacts[0].type = 'report';
    });
    expect(findings(text).map((x) => [x.pointer, x.message])).toEqual([
      ['/artifacts/0/type', 'artifacts[0].type "report" is not an allowed value'],
      ['/metadata/duration_seconds', 'metadata.duration_seconds is a string ("940") but must be a number'],
      // Read literally, 1.5 is also not the depth the path gives.
      ['/metadata/delegation_depth', expect.stringMatching(/^delegation_depth is 1.5 but delegation_path has 3 entries/)],
      ['/metadata/delegation_depth', 'metadata.delegation_depth is a number (1.5) but must be an integer'],
    ]);
    expect(findings(text).map((x) => x.help)).toEqual([
      'Delegation Standard 2.0 allows research, plan, implementation, summary, documentation.',
      'Delegation Standard 2.0 expects a number here: write it without quotes.',
      expect.any(String),
      'Delegation Standard 2.0 expects an integer here.',
    ]);
  });

  it('an error type not in 2.0 (1.0\'s "resource")', () => {
    const text = variant(BUILD_FAILED, (r) => (r.errors[0].type = 'resource'));
    expect(findings(text).map((x) => [x.id, x.pointer])).toEqual([['return-format-schema', '/errors/0/type']]);
  });
});

describe('return-status-errors on a reply', () => {
  it('failed with an empty errors array', () => {
    const text = variant(BUILD_FAILED, (r) => (r.errors = []));
    const f = findings(text);
    expect(f.map((x) => [x.id, x.at, x.pointer])).toEqual([['return-status-errors', at(text, '[]', text.indexOf('"errors"')), '/errors']]);
    expect(f[0]!.message).toContain('status is "failed" but errors is empty');
  });

  it('partial with no errors key', () => {
    const text = variant(IMPLEMENT_PARTIAL, (r) => delete r.errors);
    expect(findings(text).map((x) => [x.id, x.at, x.pointer])).toEqual([['return-status-errors', at(text, '"partial"'), '/status']]);
  });

  it('completed with errors is a warning', () => {
    const text = variant(RESEARCH_DONE, (r) => (r.errors = [{ type: 'validation', message: 'One source was unreachable.' }]));
    const f = findings(text);
    expect(f.map((x) => [x.id, x.severity, x.pointer])).toEqual([['return-status-errors', 1, '/errors']]);
  });
});

describe('return-summary-length on a reply', () => {
  it('empty summary is an error', () => {
    const text = variant(RESEARCH_DONE, (r) => (r.summary = ''));
    expect(findings(text).map((x) => [x.id, x.severity, x.pointer, x.message, x.help])).toEqual([
      ['return-summary-length', 2, '/summary', 'summary is empty', "Expected 2-5 sentences saying what was done: the standard's validate_return rejects an empty summary."],
    ]);
  });

  it('over 500 characters is an error, over 400 a warning', () => {
    const long = variant(RESEARCH_DONE, (r) => (r.summary = 'x'.repeat(501)));
    expect(findings(long).map((x) => [x.severity, x.message])).toEqual([[2, 'summary is 501 characters, over the v2 limit of 500']]);
    const longish = variant(RESEARCH_DONE, (r) => (r.summary = 'x'.repeat(401)));
    expect(findings(longish).map((x) => x.severity)).toEqual([1]);
  });

  it('markup and emoji are warnings', () => {
    const text = variant(RESEARCH_DONE, (r) => (r.summary = 'Done ✅ with **bold** claims.'));
    expect(findings(text).map((x) => [x.id, x.severity])).toEqual([['return-summary-length', 1]]);
  });

  it('v1 wants at least 10 characters', () => {
    const text = variant(V1_TESTS_BLOCKED, (r) => (r.summary = 'Blocked.'));
    expect(findings(text, { standard: 'v1' }).map((x) => [x.id, x.severity])).toEqual([['return-summary-length', 1]]);
  });
});

describe('return-artifact-paths on a reply', () => {
  it('absolute, backslash, escaping and duplicate paths', () => {
    const text = variant(RESEARCH_DONE, (r) => {
      r.artifacts = [
        { type: 'research', path: '/home/dev/app/specs/report.md' },
        { type: 'research', path: 'specs\\report.md' },
        { type: 'research', path: '../other/report.md' },
        { type: 'research', path: 'specs/a.md' },
        { type: 'research', path: './specs/a.md' },
      ];
    });
    expect(findings(text).map((x) => [x.id, x.pointer])).toEqual([
      ['return-artifact-paths', '/artifacts/0/path'],
      ['return-artifact-paths', '/artifacts/1/path'],
      ['return-artifact-paths', '/artifacts/2/path'],
      ['return-artifact-paths', '/artifacts/4/path'],
    ]);
  });
});

describe('depth and path on a reply', () => {
  it('depth-path-mismatch: the depth disagrees with the path', () => {
    const text = variant(RESEARCH_DONE, (r) => (r.metadata.delegation_depth = 2));
    const f = findings(text);
    expect(f.map((x) => [x.id, x.at, x.pointer])).toEqual([['depth-path-mismatch', at(text, '2', text.indexOf('"delegation_depth"')), '/metadata/delegation_depth']]);
    expect(f[0]!.message).toBe('delegation_depth is 2 but delegation_path has 3 entries');
    expect(checkReturn(text).messages[0]!.help).toBe('A delegation_path holds delegation_depth + 2 names (orchestrator, command, then one per delegation): orchestrator -> research -> researcher fits depth 1, or it misses names.');
    expect(checkReturn(text).messages[0]!.fix).toBeUndefined();
    expect(checkReturn(text).messages[0]!.suggestions?.map((s) => s.desc)).toEqual(["Set delegation_depth to 1 (the path's length)"]);
  });

  it('max-depth: deeper than the profile allows (3 in v2, 2 in bounded)', () => {
    const deep = variant(IMPLEMENT_PARTIAL, (r) => {
      r.metadata.delegation_depth = 4;
      r.metadata.delegation_path = ['orchestrator', 'implement', 'task-executor', 'implementer', 'linter', 'formatter'];
    });
    expect(findings(deep).map((x) => [x.id, x.pointer])).toEqual([['max-depth', '/metadata/delegation_depth']]);
    const two = variant(IMPLEMENT_PARTIAL);
    expect(findings(two, { standard: 'bounded' })).toEqual([]);
    const three = variant(IMPLEMENT_PARTIAL, (r) => {
      r.metadata.delegation_depth = 3;
      r.metadata.delegation_path.push('linter');
    });
    expect(findings(three)).toEqual([]);
    expect(findings(three, { standard: 'bounded' }).map((x) => [x.id, x.message])).toEqual([
      ['max-depth', 'delegation_depth is 3, above the bounded limit of 2'],
    ]);
    expect(checkReturn(three, { standard: 'bounded' }).messages[0]!.help).toContain('a caller at depth 2 must not delegate further and returns MAX_DEPTH_EXCEEDED instead');
  });

  it('delegation-cycle: a name twice in the path', () => {
    const text = variant(IMPLEMENT_PARTIAL, (r) => (r.metadata.delegation_path = ['orchestrator', 'implement', 'implementer', 'implementer']));
    const f = findings(text);
    expect(f.map((x) => [x.id, x.pointer])).toEqual([['delegation-cycle', '/metadata/delegation_path/3']]);
    expect(f[0]!.message).toBe('delegation_path names "implementer" twice, at entries 3 and 4');
    expect(checkReturn(text).messages[0]!.help).toContain('the cycle implementer -> implementer');
  });
});

describe('error-code-known on a reply', () => {
  it('a code that is not UPPER_SNAKE_CASE is an error, an unknown one a warning under 2.0', () => {
    const text = variant(BUILD_FAILED, (r) => {
      r.errors.push({ type: 'execution', code: 'buildError', message: 'Second failure.' });
      r.errors.push({ type: 'execution', code: 'COMPILE_FAILED', message: 'Third failure.' });
    });
    expect(findings(text).map((x) => [x.id, x.severity, x.pointer, x.message])).toEqual([
      ['error-code-known', 2, '/errors/1/code', 'error code "buildError" is not UPPER_SNAKE_CASE'],
      ['error-code-known', 1, '/errors/2/code', expect.stringContaining('error code "COMPILE_FAILED" is not one of the v2 standardized codes')],
    ]);
  });
});

describe('session ids', () => {
  it('--session-id: the returned id must be the one sent ("Session ID mismatch")', () => {
    const text = variant(RESEARCH_DONE);
    expect(findings(text, { sessionId: SESSION })).toEqual([]);
    const f = findings(text, { sessionId: 'sess_1767225601_a1b2c3' });
    expect(f).toEqual([
      {
        id: 'session-id-mismatch',
        at: at(text, `"${SESSION}"`),
        pointer: '/metadata/session_id',
        severity: 2,
        message: `Session ID mismatch: metadata.session_id is "${SESSION}"`,
        help: `This delegation's session id is "sess_1767225601_a1b2c3": the return belongs to another delegation, or the subagent did not echo the id it was given.`,
      },
    ]);
    expect(checkReturn(text, { sessionId: 'sess_1767225601_a1b2c3' }).valid).toBe(false);
  });

  it('a missing session id is the schema\'s finding, not a mismatch', () => {
    const text = variant(RESEARCH_DONE, (r) => delete r.metadata.session_id);
    expect(findings(text, { sessionId: SESSION }).map((x) => x.id)).toEqual(['return-format-schema']);
  });

  it('session-id-format: a malformed id is a warning, a descriptive stand-in too (a reply has no stand-ins)', () => {
    for (const id of ['session-42', 'unique_session_identifier']) {
      const text = variant(RESEARCH_DONE, (r) => (r.metadata.session_id = id));
      expect(findings(text).map((x) => [x.id, x.severity, x.pointer])).toEqual([['session-id-format', 1, '/metadata/session_id']]);
    }
  });
});

describe('--check-artifacts', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-artifacts-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'specs/042/reports'), { recursive: true });
  mkdirSync(path.join(root, 'specs/empty-dir'), { recursive: true });
  writeFileSync(path.join(root, 'specs/042/reports/research-001.md'), '# Caching options\n');
  writeFileSync(path.join(root, 'specs/042/PLANNING.md'), '# Plan\n');
  writeFileSync(path.join(root, 'specs/042/reports/empty.md'), '');
  const text = variant(RESEARCH_DONE, (r) => {
    r.artifacts = [
      { type: 'research', path: 'specs/042/reports/research-001.md' },
      { type: 'plan', path: 'specs/042/PLANNING.md' },
      { type: 'research', path: 'specs/042/reports/research-002.md' },
      { type: 'research', path: 'specs/042/reports/empty.md' },
      { type: 'research', path: 'specs/empty-dir' },
      { type: 'plan', path: 'specs/042/RUNNING.md' },
      { type: 'research', path: 'specs/042/reports' },
    ];
  });

  it('reports missing and empty artifacts relative to the root', () => {
    const f = findings(text, { checkArtifacts: true, root });
    expect(f.map((x) => [x.pointer, x.message])).toEqual([
      ['/artifacts/2/path', 'artifact path "specs/042/reports/research-002.md" does not exist'],
      ['/artifacts/3/path', 'artifact path "specs/042/reports/empty.md" is an empty file'],
      ['/artifacts/4/path', 'artifact path "specs/empty-dir" is a directory'],
      // "NN" marks a template in a spec; in a reply it is just part of a file name.
      ['/artifacts/5/path', expect.stringContaining('"specs/042/RUNNING.md" does not exist')],
      // An artifact is a regular file: a folder, even one with files in it, is not one.
      ['/artifacts/6/path', 'artifact path "specs/042/reports" is a directory'],
    ]);
    // In a reply the help speaks of what the subagent wrote; the path is relative to the root.
    expect(f[0]!.help).toBe('Expected the file the subagent says it wrote (a listed file that does not exist is a phantom artifact); paths are relative to the project root.');
    expect(f[1]!.help).toBe("Expected the artifact's content: an empty artifact is a phantom result.");
    expect(f.every((x) => x.id === 'return-artifact-paths' && x.severity === 2)).toBe(true);
  });

  it('is off by default', () => {
    expect(findings(text, { root })).toEqual([]);
  });
});

describe('extract', () => {
  const json = variant(RESEARCH_DONE, (r) => (r.metadata.delegation_depth = 2));
  /** The one finding of `json`, at the depth's value wherever the reply puts it. */
  const expectedDepthFinding = (text: string) => {
    const key = posOf(text, '"delegation_depth": 2');
    return [['depth-path-mismatch', `${key.line}:${key.column + '"delegation_depth": '.length}`, '/metadata/delegation_depth']];
  };

  it('from a ```json fence, with positions in the whole reply', () => {
    const text = `I finished the research.\n\nHere is the return:\n\n\`\`\`json\n${json}\n\`\`\`\n\nLet me know if you need more.`;
    const r = checkReturn(text, { extract: true });
    expect(r.messages.map((m) => [m.ruleId, `${m.line}:${m.column}`, m.pointer])).toEqual(expectedDepthFinding(text));
    expect(r.range!.start).toBe(text.indexOf('{'));
    expect(r.value).toEqual(JSON.parse(json));
  });

  it('from prose without a fence, preferring the object with a status', () => {
    const text = `Config used: {"cache": "lru"} and {"ttl": 60}.\nResult:\n${json}\nDone.`;
    const r = checkReturn(text, { extract: true });
    expect(r.messages.map((m) => [m.ruleId, `${m.line}:${m.column}`, m.pointer])).toEqual(expectedDepthFinding(text));
  });

  it('takes the first object when none has a status', () => {
    const r = checkReturn('Summary: {"summary": "Done."} then {"other": 1}', { extract: true });
    expect(r.range).toEqual({ start: 9, end: 29 });
    expect(r.messages.map((m) => m.ruleId)).toEqual(['return-format-schema']);
  });

  it('reports a broken return where it breaks, not its nested objects', () => {
    const text = 'Result:\n```json\n{\n  "status": "completed",\n  "metadata": {"session_id": "x"},\n}\n```';
    const f = findings(text, { extract: true });
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ id: 'return-format-json', at: '5:34' });
    expect(f[0]!.message).toBe('Return is not valid JSON: no JSON object in the reply can be parsed');
    expect(f[0]!.help).toMatch(/^The one that starts at 3:1 fails: trailing comma/);
  });

  it('no JSON at all', () => {
    expect(findings('The research is done; see the report.', { extract: true })).toEqual([
      {
        id: 'return-format-json',
        at: '1:1',
        pointer: '',
        severity: 2,
        message: 'Return is not valid JSON: the reply holds no JSON object (no "{" that starts one)',
        help: 'The caller parses the reply as one JSON value: double-quoted keys and strings, no comments, trailing commas or placeholders.',
      },
    ]);
  });

  it('a reply that starts like JSON but is not says why', () => {
    expect(findings("{'status': 'completed'}", { extract: true })).toMatchObject([{ id: 'return-format-json', at: '1:2', help: expect.stringMatching(/^JSON strings use double quotes\. /) }]);
  });

  it('a reply that is plain JSON needs no extraction', () => {
    expect(checkReturn(json, { extract: true }).messages.map((m) => m.ruleId)).toEqual(['depth-path-mismatch']);
  });

  it('disable comments in a reply do not switch its checks off', () => {
    const text = `<!-- agent-lint-disable -->\n${json}\n<!-- agent-lint-enable -->`;
    expect(checkReturn(text, { extract: true }).messages.map((m) => m.ruleId)).toEqual(['depth-path-mismatch']);
  });

  it('stays linear on a reply full of broken candidates', () => {
    const text = '{"a": {"b": '.repeat(20000) + ' x';
    const t0 = performance.now();
    const r = checkReturn(text, { extract: true });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(r.messages[0]!.ruleId).toBe('return-format-json');
  });
});

describe('pointers', () => {
  it('escape "/" and "~" in keys', () => {
    const text = '{"a/b": {"c~d": [1, 2]}}';
    const r = parseStrictJson(text, 0);
    if (!r.ok) throw new Error('parse');
    const i = text.indexOf('2');
    expect(pointerAt(r.value, { start: i, end: i + 1 })).toBe('/a~1b/c~0d/1');
    const k = text.indexOf('"c~d"');
    expect(pointerAt(r.value, { start: k, end: k + 5 })).toBe('/a~1b/c~0d');
    expect(pointerAt(r.value, { start: 0, end: 1 })).toBe('');
  });
});

describe('options', () => {
  it('an unknown standard throws', () => {
    expect(() => checkReturn('{}', { standard: 'v3' as never })).toThrow(/Unknown standard "v3"/);
  });
});

describe('rule settings (the rules option, as a config writes them)', () => {
  const custom = variant(BUILD_FAILED, (r) => (r.errors[0].code = 'LEAN_BUILD_FAILED'));
  const ids = (o: CheckReturnOptions = {}) => checkReturn(custom, o).messages.map((m) => `${m.ruleId}:${m.severity}`);

  it('options reach the rules (extraCodes), "off" turns a rule off, severities change', () => {
    expect(ids()).toEqual(['error-code-known:1']);
    expect(ids({ rules: { 'error-code-known': ['warn', { extraCodes: ['LEAN_BUILD_FAILED'] }] } })).toEqual([]);
    expect(ids({ rules: { 'error-code-known': 'off' } })).toEqual([]);
    const strict = checkReturn(custom, { rules: { 'return-summary-length': ['error', { maxChars: 20 }] } });
    expect(strict.messages.map((m) => `${m.ruleId}:${m.severity}`)).toEqual(['return-summary-length:2', 'error-code-known:1']);
    expect(strict.valid).toBe(false);
  });

  it('a bad setting throws the config error that names it', () => {
    expect(() => checkReturn(custom, { rules: { 'error-code-known': ['warn', { extraCodes: 5 }] } })).toThrow(/extraCodes/);
    expect(() => checkReturn(custom, { rules: { 'no-such-rule': 'warn' } })).toThrow(/no-such-rule/);
  });
});
