/**
 * mirror-drift's parts that fixtures do not time or tabulate: the model families each tool's
 * spelling maps to, and the comparison of two instruction files, which must stay linear on long
 * adversarial lines (the fixtures are small; a copy of CLAUDE.md can be a megabyte).
 */
import { describe, expect, it } from 'vitest';
import { DocumentModel } from '../src/model/document.js';
import { modelFamily } from '../src/rules-support/mirror/capabilities.js';
import { commandDrift } from '../src/rules-support/mirror/instructions.js';
import { growth } from './helpers/growth.js';

describe('model families', () => {
  it('are the same for one model however each tool spells it', () => {
    const sonnet = ['sonnet', 'claude-sonnet-4-5-20250929', 'anthropic/claude-sonnet-4-5', 'Claude Sonnet 4.5 (copilot)', ['Claude Sonnet 4.5', 'GPT-5']];
    for (const m of sonnet) expect(modelFamily(m), JSON.stringify(m)).toBe('sonnet');
    expect(modelFamily('opus')).toBe('opus');
    expect(modelFamily('openai/gpt-5')).toBe('gpt-5');
    expect(modelFamily('GPT-5 (copilot)')).toBe('gpt-5');
    expect(modelFamily('google/gemini-2.5-pro')).toBe('gemini-2.5-pro');
    expect(modelFamily('Gemini 2.5 Pro')).toBe('gemini-2.5-pro');
  });

  it('are none for a model that is not named', () => {
    for (const m of ['inherit', '', '  ', null, 3, []]) expect(modelFamily(m), JSON.stringify(m)).toBeNull();
  });
});

const doc = (relPath: string, text: string) => new DocumentModel({ filePath: `/p/${relPath}`, relPath, kind: relPath === 'CLAUDE.md' ? 'claude-memory' : 'agents-md', text });

const SHARED = Array.from({ length: 30 }, (_, i) => `- Rule ${i}: keep the code tidy.`).join('\n');

describe('instruction copies', () => {
  it('report the commands both copies changed at one place, not one copy\'s own additions', () => {
    const agents = `# AGENTS.md\n\n${SHARED}\n\n\`\`\`bash\npnpm test:unit\n\`\`\`\n`;
    const claude = `# CLAUDE.md\n\n${SHARED}\n\n\`\`\`bash\npnpm test\n\`\`\`\n\nAlso run \`pnpm lint\` in Claude Code.\n`;
    const found = commandDrift(doc('CLAUDE.md', claude), doc('AGENTS.md', agents));
    expect(found.map((d) => [d.here.command, d.there.command])).toEqual([['pnpm test', 'pnpm test:unit']]);
    expect(claude.slice(found[0]!.here.range.start, found[0]!.here.range.end)).toBe('pnpm test');
  });

  it('are no copies when one imports the other or they share few lines', () => {
    const agents = `${SHARED}\n\n\`\`\`bash\nmake test\n\`\`\`\n`;
    expect(commandDrift(doc('CLAUDE.md', `@AGENTS.md\n\n${SHARED}\n\n\`\`\`bash\nmake check\n\`\`\`\n`), doc('AGENTS.md', agents))).toEqual([]);
    const other = Array.from({ length: 30 }, (_, i) => `- Other ${i}.`).join('\n');
    expect(commandDrift(doc('CLAUDE.md', `${other}\n${SHARED.split('\n').slice(0, 10).join('\n')}\n\n\`\`\`bash\nmake check\n\`\`\`\n`), doc('AGENTS.md', agents))).toEqual([]);
  });

  // Backticks (code spans), prompts, imports, comments, commands, fences, and plain lines.
  const UNITS = ['`', '``', ' ', '$ ', '@', ' # ', '`npm run x` ', '```', 'x'];

  it('take linear time on long adversarial lines and blocks', () => {
    const slow: string[] = [];
    for (const unit of UNITS) {
      for (const sep of ['', '\n']) {
        const g = growth((scale) => {
          const block = (unit + sep).repeat(Math.ceil((6_000 * scale) / (unit.length + sep.length)));
          // Both copies hold the block; the second also changed a line in its middle.
          const half = Math.floor(block.length / 2);
          const a = doc('CLAUDE.md', `${SHARED}\n\n\`\`\`bash\n${block}\n\`\`\`\n${block}\n`);
          const b = doc('AGENTS.md', `${SHARED}\n\n\`\`\`bash\n${block.slice(0, half)}\nnpm test\n${block.slice(half)}\n\`\`\`\n${block}\n`);
          return () => {
            commandDrift(a, b);
            commandDrift(b, a);
          };
          // Tens of thousands of lines allocate: a 4x time under 50 ms counts as 50 ms (collector noise).
        }, { ratio: 10, floorMs: 50 });
        if (g.superLinear) slow.push(`${JSON.stringify(unit)}${sep ? ' + newline' : ''}: ${g.summary}`);
      }
    }
    expect(slow).toEqual([]);
  });
});
