/**
 * The delegation view of the document model: which sites it finds (and which text it leaves
 * alone), their targets and ranges, and the timeout statements.
 */
import { describe, expect, it } from 'vitest';
import { DocumentModel } from '../src/model/document.js';
import type { DelegationSite } from '../src/model/delegations.js';

function doc(text: string, relPath = '.opencode/command/x.md') {
  return new DocumentModel({ filePath: relPath, relPath, kind: 'command', text });
}

const slice = (d: DocumentModel, r: { start: number; end: number } | null) => (r ? d.text.slice(r.start, r.end) : null);

function brief(d: DocumentModel, s: DelegationSite) {
  return { kind: s.kind, tool: s.tool, target: s.target, templated: s.templated, anchor: slice(d, s.anchor) };
}

describe('delegation calls', () => {
  it('finds task(, Task( and Agent( only where the name stands alone', () => {
    const call = (name: string) => `${name}(subagent_type="a-b", prompt="p")`;
    const text = [
      call('task'), // at the very start
      `x ${call('Task')} and ${call('Agent')}`,
      `not: x${call('task')} .${call('Task')} @${call('Agent')} $${call('task')} -${call('task')} _${call('Task')} 9${call('Agent')} mytask(subagent_type="z")`,
      `(${call('Agent')}) "${call('task')}"`,
      'Task (subagent_type="spaced") tasks(prompt="p")',
    ].join('\n');
    const d = doc(text);
    // (The others are still seen as `subagent_type` written as data, another kind of site.)
    const calls = d.delegations.sites.filter((s) => s.kind === 'call');
    expect(calls.map((s) => [s.kind, s.tool, d.text.slice(s.anchor.start, s.anchor.end)])).toEqual([
      ['call', 'task', 'task('],
      ['call', 'task', 'Task('],
      ['call', 'agent', 'Agent('],
      ['call', 'agent', 'Agent('],
      ['call', 'task', 'task('],
    ]);
  });

  it('reads a multi-line task() call with an escaped JSON prompt', () => {
    const text = [
      '1. INVOKE status-sync-manager via task tool:',
      '   task(',
      '     subagent_type="status-sync-manager",',
      '     prompt="{',
      '       \\"title\\": \\"Fix (parser) \\\\\\"edge\\\\\\" case)\\",',
      '       \\"depth\\": 1',
      '     }",  # a comment with ) in it',
      '     timeout=300,',
      '     description="Create task"',
      '   )',
      'after',
    ].join('\n');
    const d = doc(text);
    const [site, ...rest] = d.delegations.sites;
    expect(rest).toEqual([]);
    expect(brief(d, site!)).toEqual({ kind: 'call', tool: 'task', target: 'status-sync-manager', templated: false, anchor: 'task(' });
    expect(slice(d, site!.range)!.endsWith('description="Create task"\n   )')).toBe(true);
    expect(slice(d, site!.targetRange)).toBe('status-sync-manager');
    expect(slice(d, site!.prompt!.valueRange)!.startsWith('"{')).toBe(true);
    expect(slice(d, site!.prompt!.valueRange)!.endsWith('}"')).toBe(true);
    expect(site!.prompt!.literal?.quote).toBe('"');
    expect(slice(d, site!.timeout!.valueRange)).toBe('300');
    expect(slice(d, site!.intro)).toBe('INVOKE status-sync-manager via task tool');
    expect(d.delegations.timeouts.map((t) => [t.source, t.seconds])).toEqual([['argument', 300]]);
  });

  it('knows templated targets and variables', () => {
    const d = doc('task(subagent_type="${target_agent}", prompt="x")\nTask(subagent_type=agent_name, prompt=p)\nTask(subagent_type="{agent}", prompt="y")');
    expect(d.delegations.sites.map((s) => [s.target, s.templated, s.targetText])).toEqual([
      [null, true, '${target_agent}'],
      [null, true, 'agent_name'],
    ]);
    // `{agent}` stands for any agent: the line describes the pattern, it invokes nothing.
    expect(d.delegations.dismissed.map((x) => [x.site.targetText, x.why])).toEqual([['{agent}', 'placeholder']]);
  });

  it('reads Agent({...}) object arguments', () => {
    const d = doc('    Agent({ subagent_type: "web-researcher", prompt: \'Search: $ARGUMENTS\' })\r\n');
    const [s] = d.delegations.sites;
    expect(brief(d, s!)).toEqual({ kind: 'call', tool: 'agent', target: 'web-researcher', templated: false, anchor: 'Agent(' });
    expect(slice(d, s!.prompt!.valueRange)).toBe("'Search: $ARGUMENTS'");
    expect(d.lines.position(s!.anchor.start)).toEqual({ line: 1, column: 5 });
  });

  it('leaves task(s), decorators and other calls alone', () => {
    const d = doc('Create new task(s) now.\n@task(3)\napp.task(bind=True)\ntask(bind=True)\nAgent(s) listed\nsubtask(prompt="x")');
    expect(d.delegations.sites).toEqual([]);
  });

  it('falls back to the subagent_type key when a call never closes', () => {
    const d = doc('task(subagent_type="planner", prompt="never closed\n\nmore text');
    expect(d.delegations.sites.map((s) => [s.kind, s.target])).toEqual([['subagent-type', 'planner']]);
  });

  it('stays linear on text full of unclosed calls', () => {
    const text = 'task(subagent_type="x", prompt="'.repeat(5_000);
    const t0 = performance.now();
    doc(text).delegations;
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe('subagent_type as data', () => {
  it('reads JSON, YAML, markdown and prose forms', () => {
    const text = [
      '{"subagent_type": "json-agent", "prompt": "p"}',
      'subagent_type: yaml-agent',
      '- `subagent_type`: "plugin:bullet-agent"',
      '- Subagent type: "spaced-agent"',
      'Spawn agent with subagent_type "claude-code-guide" and ask.',
      'Use Task tool with subagent_type="c4-architecture::c4-component" to document it.',
      'All `subagent_type` references use local agents.',
      '- `subagent_type`: the selected role (for example `x`)',
    ].join('\n');
    const d = doc(text);
    expect(d.delegations.sites.map((s) => [s.target, s.tool])).toEqual([
      ['json-agent', null],
      ['yaml-agent', null],
      ['plugin:bullet-agent', null],
      ['spaced-agent', null],
      ['claude-code-guide', null],
      ['c4-architecture::c4-component', 'task'],
    ]);
    expect(slice(d, d.delegations.sites[0]!.prompt!.valueRange)).toBe('"p"');
  });

  it('reads the sibling keys of a Task block', () => {
    const text = ['Use the Task tool to launch the error detective:', '', '```', 'Task:', '  subagent_type: "error-detective"', '  description: "Analyze"', '  prompt: |', '    Analyze the logs.', '', '    Report causes.', '  timeout: 600', '```'].join('\n');
    const d = doc(text);
    const [s, ...rest] = d.delegations.sites;
    expect(rest).toEqual([]);
    expect(s!.kind).toBe('subagent-type');
    expect(s!.tool).toBe('task');
    expect(s!.args.map((a) => a.name)).toEqual(['subagent_type', 'description', 'prompt', 'timeout']);
    expect(slice(d, s!.prompt!.valueRange)).toBe('|\n    Analyze the logs.\n\n    Report causes.');
    expect(slice(d, s!.intro)).toBe('Use the Task tool to launch the error detective');
    expect(d.delegations.timeouts[0]!.source).toBe('argument');
  });
});

describe('prose invocations', () => {
  it('finds invocations through the task or Agent tool', () => {
    const text = [
      'INVOKE status-sync-manager via task tool.',
      'Invoke target agent via task tool with context.',
      'Delegate to `code-reviewer` using the Agent tool.',
      'Use the Task tool to launch the backend architect for implementation.',
      'Spawn teammates with Agent tool.',
      'Invoke ${target} via the task tool.',
    ].join('\n');
    const d = doc(text);
    expect(d.delegations.sites.map((s) => [s.kind, s.tool, s.target, s.templated, s.targetText])).toEqual([
      ['prose', 'task', 'status-sync-manager', false, 'status-sync-manager'],
      ['prose', 'task', null, false, 'target agent'],
      ['prose', 'agent', 'code-reviewer', false, '`code-reviewer`'],
      ['prose', 'task', null, false, 'the backend architect'],
      ['prose', 'agent', null, false, 'teammates'],
      ['prose', 'task', null, true, '${target}'],
    ]);
    expect(slice(d, d.delegations.sites[2]!.targetRange)).toBe('code-reviewer');
  });

  it('leaves sentences that only name the tool alone', () => {
    const text = [
      'Update task number 12.',
      'The Task tool launches a subagent with its own context.',
      'Run both agents in parallel using multiple Task tool calls.',
      'Use the Task tool to implement minimal passing code.',
      'tools: Read, Write, Task',
      'Email me@agent-x.com about it.',
    ].join('\n');
    expect(doc(text).delegations.sites).toEqual([]);
  });

  it('finds @agent mentions', () => {
    const d = doc('Ask @agent-code-reviewer to look at it.');
    expect(d.delegations.sites.map((s) => [s.kind, s.target, slice(d, s.anchor)])).toEqual([['mention', 'code-reviewer', '@agent-code-reviewer']]);
  });

  it('does not merge across a heading', () => {
    const d = doc('Use the Task tool to delegate to specialized agents:\n\n## Option B\n- Use Task tool with subagent_type="tdd-orchestrator"');
    expect(d.delegations.sites.map((s) => [s.kind, s.intro])).toEqual([
      ['prose', null],
      ['subagent-type', null],
    ]);
  });
});

describe('stages and markers', () => {
  it('counts an InvokeSubagent stage only when nothing inside says more', () => {
    const text = [
      '<stage name="InvokeSubagent">',
      '  <process>1. Route to the appropriate subagent.</process>',
      '</stage>',
      '<stage id="2" name="Delegate">',
      '  Invoke planner via task tool: task(subagent_type="planner", prompt="p")',
      '</stage>',
      '<stage name="PrepareDelegation"><process>Invoke nothing yet.</process></stage>',
    ].join('\n');
    const d = doc(text);
    expect(d.delegations.sites.map((s) => [s.kind, s.stage ?? s.target])).toEqual([
      ['stage', 'InvokeSubagent'],
      ['call', 'planner'],
    ]);
  });

  it('reads [delegate:description:hours] markers', () => {
    const d = doc('[delegate:Research Redis vs Memcached: trade-offs:3]\n[delegate:description:hours]\nParse [delegate:...] syntax.');
    expect(d.delegations.sites.map((s) => s.marker)).toEqual([
      { description: 'Research Redis vs Memcached: trade-offs', hours: 3 },
      { description: 'description', hours: null },
    ]);
  });

  it('keeps every [delegate: marker as written, well formed or not, for the rule that checks them', () => {
    const d = doc(['[delegate:Add form:3] `[delegate:quoted:1]`', '[delegate:no hours]', '[delegate:open:2', '```', '[delegate:in fence:4]', '```'].join('\n'));
    const shown = d.delegations.markers.map((m) => [slice(d, m.range), m.closed, m.description, m.hours, m.fence !== null, m.inCodeSpan]);
    expect(shown).toEqual([
      ['[delegate:Add form:3]', true, 'Add form', '3', false, false],
      ['[delegate:quoted:1]', true, 'quoted', '1', false, true],
      ['[delegate:no hours]', true, 'no hours', null, false, false],
      ['[delegate:open:2', false, 'open', '2', false, false],
      ['[delegate:in fence:4]', true, 'in fence', '4', true, false],
    ]);
    expect(d.delegations.markers.map((m) => slice(d, m.hoursRange))).toEqual(['3', '1', null, '2', '4']);
    // Sites are the closed markers with hours; an inline code span is still a site (the rule leaves it alone).
    expect(d.delegations.sites.filter((s) => s.kind === 'marker').map((s) => s.marker!.description)).toEqual(['Add form', 'quoted', 'in fence']);
  });
});

describe('timeout statements', () => {
  it('reads frontmatter, prose, elements and fields', () => {
    const text = [
      '---',
      'timeout: 3600',
      'delegation:',
      '  timeout_default: 1800',
      '---',
      'Timeout: 1800 seconds',
      'Wait with a 3600s timeout.',
      'Retry with timeout (90s).',
      '**Timeout:** 30 min',
      'Timeout per phase: 2 hours',
      'Complete within 3600s (1 hour timeout)',
      'Then timeout after 60s.',
      '<timeout>Return "timeout after 300s"</timeout>',
      '<timeout_handling>If no response after {timeout}s</timeout_handling>',
      'DELEGATION_TIMEOUT_SECONDS=1800',
    ].join('\n');
    const d = doc(text);
    expect(d.delegations.timeouts.map((t) => [t.source, t.key, t.seconds])).toEqual([
      ['frontmatter', 'timeout', 3600],
      ['frontmatter', 'timeout_default', 1800],
      ['field', 'Timeout', 1800],
      ['prose', null, 3600],
      ['prose', null, 90],
      ['field', 'Timeout', 1800],
      ['prose', null, 7200],
      ['prose', null, 3600],
      ['prose', null, 60],
      ['element', 'timeout', 300],
      ['prose', null, 300],
      ['element', 'timeout_handling', null],
      ['field', 'DELEGATION_TIMEOUT_SECONDS', 1800],
    ]);
  });

  it('ignores mentions without a value', () => {
    const text = ['"type": "timeout",', '"code": "TIMEOUT"', '### On Timeout', 'raise TimeoutError()', 'Timeout: Log timeout, fall back', 'Handle timeout if no response'].join('\n');
    expect(doc(text).delegations.timeouts).toEqual([]);
  });

  it('reads a value only on the rest of the key\'s line, however far on it, and past lines without one', () => {
    // The scan looks for a digit or `{` after each key before it tries its patterns: a value on
    // the next line is not the key's, and keys on lines without one still come before those with.
    const text = ['Timeout', ': 30s', 'Timeout and more words:   {timeout}', 'no timeout here, none', 'timeout with a long rest of line, then timeout of 45 minutes', 'x timeout', '90s'].join('\n');
    expect(doc(text).delegations.timeouts.map((t) => [t.source, t.key, t.seconds])).toEqual([
      ['prose', null, 2700],
    ]);
    const more = ['a timeout', 'Timeout  =  {{limit}}', '60s timeout'].join('\n');
    expect(doc(more).delegations.timeouts.map((t) => [t.source, t.key, t.seconds])).toEqual([
      ['field', 'Timeout', null],
      ['prose', null, 60],
    ]);
  });

  it("tells a delegation context's timeout apart", () => {
    const text = ['```json', '{', '  "session_id": "sess_1_abc123",', '  "delegation_depth": 1,', '  "delegation_path": ["orchestrator", "plan", "planner"],', '  "timeout": 1800', '}', '```', '{"retries": 2, "timeout": 5}'].join('\n');
    expect(doc(text).delegations.timeouts.map((t) => [t.source, t.seconds])).toEqual([
      ['context', 1800],
      ['field', 5],
    ]);
  });
});
