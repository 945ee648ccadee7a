/**
 * Inputs that once took quadratic time, each timed at 1x, 4x and 16x (test/helpers/growth.ts):
 * the time must grow about linearly. Each case names where the quadratic work was.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_RULES } from '../rules/index.js';
import { readConfigFile } from '../src/config/load.js';
import { resolveConfig } from '../src/config/resolve.js';
import { lint } from '../src/lint.js';
import { DocumentModel } from '../src/model/document.js';
import { checkReturn } from '../src/check-return/check.js';
import { growth } from './helpers/growth.js';
import { lintMemory } from './helpers/in-memory-project.js';

const cwd = mkdtempSync(path.join(os.tmpdir(), 'agent-lint-growth-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

const ON = Object.fromEntries(ALL_RULES.filter((r) => !r.meta.internal).map((r) => [r.meta.id, 'error']));
const config = resolveConfig({ file: null, dir: cwd, raw: { standard: 'v2', usesStandard: true, rules: ON } }, ALL_RULES);

/** A command file of `n` units made by `unit(i)`. */
const command = (unit: (i: number) => string, n: number) => {
  let s = '---\ndescription: d\n---\n';
  for (let i = 0; i < n; i++) s += unit(i);
  return s;
};
const lintText = (text: string, file: string, rules = ALL_RULES) => lint({ cwd, patterns: [], rules, config: rules === ALL_RULES ? config : resolveConfig({ file: null, dir: cwd, raw: { standard: 'v2', usesStandard: true, rules: { [rules[0]!.meta.id]: 'error' } } }, rules), stdin: { text, filename: file } });
const DEPTH = ALL_RULES.filter((r) => r.meta.id === 'delegation-graph-depth');
const CYCLE = ALL_RULES.filter((r) => r.meta.id === 'delegation-cycle');

function expectLinear(what: string, prepare: (scale: number) => () => void): void {
  const g = growth(prepare);
  expect(g.superLinear, `${what}: ${g.summary}`).toBe(false);
}

describe('inputs that were quadratic grow linearly', () => {
  it('many task(..., timeout=N) calls and timeout fields in one file (the timeout scan asked every argument range per statement)', () => {
    expectLinear('timeout calls', (s) => {
      const text = command(() => 'task(subagent_type="a", timeout=1)\ntimeout: 1\n', 5000 * s);
      return () => new DocumentModel({ filePath: path.join(cwd, 'x.md'), relPath: 'x.md', kind: 'command', text }).delegations.timeouts;
    });
  });

  it('many task(..., prompt=<variable>) calls (missing-json-format-instruction scanned the whole text again for each call)', () => {
    const JSON_RULE = ALL_RULES.filter((r) => r.meta.id === 'missing-json-format-instruction');
    expectLinear('prompt variables', (s) => {
      const text = command((i) => `p${i} = "Do part ${i}." + JSON_FORMAT_INSTRUCTION\ntask(subagent_type="worker", prompt=p${i}, timeout=60)\n\n`, 600 * s);
      return () => lintText(text, '.claude/commands/x.md', JSON_RULE);
    });
  });

  it('a command that delegates to many different agents (delegation-graph-depth sorted successors at every step)', () => {
    expectLinear('many targets', (s) => {
      const text = command((i) => `Task(subagent_type="agent-${i}")\n`, 700 * s);
      return () => lintText(text, '.claude/commands/x.md', DEPTH);
    });
  });

  it('many agents whose delegation_path misses a name (depth-path-mismatch made the project\'s callee map again for each)', () => {
    const PATH = ALL_RULES.filter((r) => r.meta.id === 'depth-path-mismatch');
    expectLinear('short paths', (s) => {
      const files = Array.from({ length: 60 * s }, (_, i) => ({
        path: `.claude/agents/agent-${i}.md`,
        text: `---\nname: agent-${i}\ndescription: d\n---\n${Array.from({ length: 12 }, (_, k) => `Task(subagent_type="agent-${(i + k + 1) % (60 * s)}")\n`).join('')}\n\`\`\`json\n{"session_id": "sess_1_a", "delegation_depth": 3, "delegation_path": ["orchestrator", "cmd", "agent-${i}"]}\n\`\`\`\n`,
      }));
      return () => lintMemory(files, { standard: 'v2', rules: PATH });
    });
  });

  it('a delegation_path of many repeated names (delegation-cycle quoted the whole path in every finding)', () => {
    expectLinear('repeated path', (s) => {
      const names = Array.from({ length: 500 * s }, (_, i) => `"agent-${i % 3}"`).join(', ');
      const text = `---\nname: x\ndescription: d\n---\n\`\`\`json\n{"status": "completed", "summary": "s", "artifacts": [], "metadata": {"session_id": "sess_1_a", "duration_seconds": 1, "agent_type": "x", "delegation_depth": 1, "delegation_path": [${names}]}}\n\`\`\`\n`;
      return () => lintText(text, '.claude/agents/x.md', CYCLE);
    });
  });

  it('a YAML config with many keys (the yaml package checks duplicate keys pairwise)', () => {
    expectLinear('yaml keys', (s) => {
      const file = path.join(cwd, `many-${s}.yaml`);
      writeFileSync(file, 'knownAgents:\n  - a\nx-keys:\n' + Array.from({ length: 1000 * s }, (_, i) => `  key${i}: ${i}`).join('\n') + '\n');
      return () => readConfigFile(file);
    });
  });
});

describe('a finding\'s message has a bounded length', () => {
  const path16k = Array.from({ length: 16_000 }, (_, i) => `"agent-${i % 3}"`).join(', ');
  const reply = `{"status": "completed", "summary": "s", "artifacts": [], "metadata": {"session_id": "sess_1_a", "duration_seconds": 1, "agent_type": "x", "delegation_depth": 1, "delegation_path": [${path16k}]}}`;

  it('delegation-cycle on a 16,000-entry path of repeated names: one finding per name, short message, paths in the help cut', () => {
    const text = `---\nname: x\ndescription: d\n---\n\`\`\`json\n${reply}\n\`\`\`\n`;
    const found = lintText(text, '.claude/agents/x.md', CYCLE).results[0]!.messages.filter((m) => m.ruleId === 'delegation-cycle');
    expect(found.length).toBe(3);
    for (const m of found) expect(m.message.length).toBeLessThanOrEqual(100);
    for (const m of found) expect(m.help!.length).toBeLessThan(600);
    expect(found[0]!.help).toContain('... (');
  });

  it('the same through check-return', () => {
    const r = checkReturn(reply);
    const found = r.messages.filter((m) => m.ruleId === 'delegation-cycle');
    expect(found.length).toBe(3);
    expect(found.reduce((n, m) => n + m.message.length + m.help!.length, 0)).toBeLessThan(2000);
  });
});
