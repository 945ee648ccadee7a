/**
 * Invocations read for intent (src/model/intent.ts): prohibitions, hypotheticals and stand-ins
 * written like calls are not invocations; real calls and routing variables are.
 */
import { describe, expect, it } from 'vitest';
import { isStandIn, notAnInvocation } from '../src/model/intent.js';

/** Judges the invocation whose target (or call) starts at the first `at` in `line`. */
const judge = (line: string, at: string, target: string | null) => {
  const start = line.indexOf(at);
  return notAnInvocation(line, { start, end: start + at.length }, target);
};

describe('notAnInvocation', () => {
  it.each([
    ['**DO NOT** use `Skill(formal-research-agent)` - this will FAIL', 'formal-research-agent', 'negated'],
    ['Do NOT use `Skill(agent-name)` directly', 'agent-name', 'placeholder'],
    ['never call researcher via the task tool', 'call researcher via the task tool', 'negated'],
    ["Don't invoke Task(subagent_type=\"x\") from a skill", 'Task(', 'negated'],
    ['Avoid Skill(old-skill), it is gone', 'old-skill', 'negated'],
    ['Use the planner instead of Skill(old-planner)', 'old-planner', 'negated'],
    ['Calling Skill(lean-research) would fail here', 'lean-research', 'hypothetical'],
    ['`Skill(lean-research)` will not work in a subagent', 'lean-research', 'hypothetical'],
    ['Use Skill(<agent>) for any agent', '<agent>', 'placeholder'],
    ['subagent_type: "{agent}"', '{agent}', 'placeholder'],
  ])('%s: %s is %s', (line, at, why) => {
    expect(judge(line, at, at.includes('(') || at.includes(' ') ? null : at)).toBe(why);
  });

  it.each([
    ['Invoke `Skill(lean-research)` to research', 'lean-research'],
    ['If the agent could not be found invoke fallback via task tool', 'invoke fallback via task tool'],
    ['If status is not completed, invoke fixer via task tool', 'invoke fixer via task tool'],
    ['Do not wait for ever. Invoke the verifier via task tool', 'Invoke the verifier via task tool'],
    ['subagent_type: "${target_agent}"', '${target_agent}'],
    ['The skill never fails. Skill(lean-research) runs first', 'lean-research'],
  ])('%s: meant', (line, at) => {
    expect(judge(line, at, at.includes(' ') ? null : at)).toBeNull();
  });

  it('a fenced call under a WRONG: line, and a bullet under a ❌ line, are negated', () => {
    const text = 'WRONG:\n```\ntask(subagent_type="researcher", prompt="x")\n```\n';
    const start = text.indexOf('task(');
    expect(notAnInvocation(text, { start, end: start + 5, fenceStart: text.indexOf('```') }, 'researcher')).toBe('negated');
    const right = 'Right:\n```\ntask(subagent_type="researcher", prompt="x")\n```\n';
    const s2 = right.indexOf('task(');
    expect(notAnInvocation(right, { start: s2, end: s2 + 5, fenceStart: right.indexOf('```') }, 'researcher')).toBeNull();
    const bullet = '❌ Never do this:\n- Skill(old-skill)\n';
    const s3 = bullet.indexOf('old-skill');
    expect(notAnInvocation(bullet, { start: s3, end: s3 + 9 }, 'old-skill')).toBe('negated');
  });

  it('stand-ins are words for any agent, routing variables are not', () => {
    for (const s of ['<agent>', '{agent}', 'agent-name', '[skill-name]', '${agent_name}', 'your-agent', 'subagent', 'xxx']) expect(isStandIn(s), s).toBe(true);
    for (const s of ['${target_agent}', '{delegate_to}', 'researcher', 'agent-generator', 'general-purpose']) expect(isStandIn(s), s).toBe(false);
  });
});
