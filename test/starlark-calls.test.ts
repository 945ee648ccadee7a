/**
 * The reader of Codex rules files (src/model/starlark-calls.ts): top-level calls with literal
 * arguments are read with positions; any other Starlark makes the whole file unread (null).
 */
import { describe, expect, it } from 'vitest';
import { parseCalls } from '../src/model/starlark-calls.js';

describe('parseCalls', () => {
  it('reads calls, keyword and positional arguments, nested lists and adjacent strings', () => {
    const text = '# comment\nprefix_rule(\n    pattern = ["git", ["push", "pull"]],  # alternatives\n    justification = "Use `jj` " \'instead.\',\n)\nhost_executable("git", paths = [])\n';
    const calls = parseCalls(text)!;
    expect(calls.map((c) => c.name)).toEqual(['prefix_rule', 'host_executable']);
    const [pattern, justification] = calls[0]!.args;
    expect(pattern!.name).toBe('pattern');
    expect(text.slice(pattern!.value.range.start, pattern!.value.range.end)).toBe('["git", ["push", "pull"]]');
    expect(justification!.value).toMatchObject({ type: 'string', value: 'Use `jj` instead.' });
    expect(calls[1]!.args[0]).toMatchObject({ name: null, value: { type: 'string', value: 'git' } });
  });

  it('reads nothing from a file that is more than calls', () => {
    expect(parseCalls('TOOLS = ["ls"]\nprefix_rule(pattern = TOOLS)\n')).toBeNull();
    expect(parseCalls('[prefix_rule(pattern = [t]) for t in ["ls"]]\n')).toBeNull();
    expect(parseCalls('prefix_rule(pattern = r"ls")\n')).toBeNull();
    expect(parseCalls('prefix_rule(pattern = ["ls"]\n')).toBeNull();
  });
});
