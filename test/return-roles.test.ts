/**
 * The role the prose above a return-shaped block gives it (src/model/json/return-roles.ts):
 * written to a metadata file, or a caller's sketch of the fields it reads. The function looks
 * for words before it runs its patterns; a property test holds it to the patterns alone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DocumentModel } from '../src/model/document.js';
import { returnRole } from '../src/model/json/return-roles.js';

const RETURN = '{"status": "completed", "summary": "Done", "artifacts": [], "metadata": {"session_id": "s1", "agent_type": "other"}}';
const doc = (intro: string) => new DocumentModel({ filePath: '/p/.claude/agents/a.md', relPath: '.claude/agents/a.md', kind: 'agent', text: `${intro}\n\n\`\`\`json\n${RETURN}\n\`\`\`\n` });
const roleOf = (intro: string) => {
  const d = doc(intro);
  const block = d.json.blocks[0]!;
  return block.value.type === 'object' ? returnRole(block.value, block, d.text, d.lines, 'a') : 'no object';
};

/** The patterns alone, as the function ran them before it looked for words first. */
const WRITES_FILE = /\b(?:writ(?:e|es|ing|ten)|creat(?:e|es|ing)|sav(?:e|es|ing)|updat(?:e|es|ing)|emit(?:s|ting)?|persist(?:s|ing)?)\b[^\n]{0,100}?(?:\.return-meta\b|meta(?:data)?[ _-]?file|\.json\b)/i;
const NAMES_META_FILE = /\.return-meta\.json|\breturn[ _-]meta(?:data)?[ _-]file\b|\bmetadata[ _-]file\b/i;
const READS_RETURN = /\b(?:read|reads|reading|parse|parses|parsing|extract|extracts|extracting)\b[^\n]{0,60}?\b(?:from|of|in)\b[^\n]{0,30}?\b(?:the\s+)?(?:subagent'?s?\s+|agent'?s?\s+)?(?:return|result|reply|response|output|metadata)\b|\bfields?\s+(?:I|we|the (?:caller|skill|command|orchestrator))\s+reads?\b/i;
const EXPECTS_RETURN = /\bexpected\s+(?:return|result|response|reply)\b/i;
const PART_OF_RETURN = /\b(?:include[sd]?|add(?:ed|s)?|merge[sd]?|append(?:ed|s)?)\b[^\n]{0,20}?\b(?:in|into|to)\s+(?:(?:the\s+)?(?:final\s+)?(?:metadata|return|result)\b|`[\w.]+`)/i;
const WRITES_NAMED = /\b(?:writ(?:e|es|ing)|updat(?:e|es|ing)|append(?:s|ing)?|sav(?:e|es|ing)|record(?:s|ing)?)\b[^\n]{0,60}?([\w./{}$-]*\.(?:json|jsonl|ya?ml|md|toml))\b/gi;
const RECORD_FILE = /(?:^|[/._-])(?:state|todo|handoffs?|progress|index|registry|queue|history|log|changelog|roadmap)(?:[._-][\w{}$-]*)?\.(?:json|jsonl|ya?ml|md|toml)$/i;
const writesRecord = (intro: string) => [...intro.matchAll(WRITES_NAMED)].some((m) => RECORD_FILE.test(m[1]!) && !/return[-_]?meta|metadata/i.test(m[1]!));
function patternsAlone(intro: string): string | undefined {
  if (writesRecord(intro)) return 'record';
  if (PART_OF_RETURN.test(intro.slice(intro.lastIndexOf('\n') + 1))) return 'sketch';
  if (WRITES_FILE.test(intro) || (NAMES_META_FILE.test(intro) && !READS_RETURN.test(intro))) return 'file';
  if (READS_RETURN.test(intro)) return 'sketch';
  if (EXPECTS_RETURN.test(intro)) return 'sketch'; // the block's agent_type is "other", not "a"
  return undefined;
}

describe('the role of a return-shaped block', () => {
  it.each([
    ['Write it to the metadata file:', 'file'],
    ['WRITE the result to specs/{N}/.return-meta.json', 'file'],
    ['Metadata file (.return-meta.json):', 'file'],
    ['Extract these fields from the subagent\'s return:', 'sketch'],
    ['Fields the caller reads:', 'sketch'],
    ['Expected return format (JSON):', 'sketch'],
    ['The verification results MUST be included in the final metadata:', 'sketch'],
    ['Add these fields to the return:', 'sketch'],
    ['If partial, include `handoff_path` in `partial_progress`:', 'sketch'],
    ['5. Write state.json: append to `active_projects`:', 'record'],
    ['**Step 2: Update specs/state.json**:', 'record'],
    ['Write the handoff to specs/{N}/handoffs/phase-1-handoff.md:', 'record'],
    ['Write `specs/{N}/.return-meta.json`:', 'file'],
    ['Write to `specs/{N}/.return-meta.json`.\n**If partial**, include `handoff_path` in `partial_progress`:', 'sketch'],
    ['Return ONLY valid JSON matching this schema:', undefined],
    ['Parse the metadata file in the agent\'s return:', 'sketch'],
    ['Return ONLY valid JSON; see .return-meta.json for the file:', 'file'],
  ])('%s: %s', (intro, role) => {
    expect(roleOf(intro)).toBe(role);
  });

  it('is what the patterns alone give, whatever the words and their case', () => {
    const word = fc.constantFrom(
      'write', 'Writes', 'SAVING', 'created', 'emit', 'persist', 'updates', 'read', 'Reads', 'PARSING', 'extract', 'Extracts',
      'from', 'of', 'in', 'the', "subagent's", 'agent', 'return', 'Result', 'REPLY', 'response', 'output', 'metadata', 'Metadata',
      'meta', 'file', 'meta-file', 'metadata_file', '.return-meta.json', 'return-meta', 'return_metadata file', 'specs/.json', 'x.JSON',
      'fields', 'field', 'I', 'we', 'the caller', 'the skill', 'expected', 'Expected', 'İ', 'ſ', 'K', 'JSON', ':', '(', ')', '-',
    );
    const line = fc.array(word, { minLength: 1, maxLength: 12 }).map((ws) => ws.join(' '));
    fc.assert(
      // Up to three lines at the top of the file, right above the fence: the whole introduction.
      fc.property(fc.array(line, { minLength: 1, maxLength: 3 }), (ls) => {
        const intro = ls.join('\n');
        expect(roleOf(intro)).toBe(patternsAlone(intro));
      }),
      { numRuns: 400 },
    );
  });
});
