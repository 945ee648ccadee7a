/**
 * How a spec says its result comes back (src/model/return-channel.ts), and where a caller reads
 * JSON from a reply.
 */
import { describe, expect, it } from 'vitest';
import { DocumentModel } from '../src/model/document.js';
import { readingWindow, readsJsonReply } from '../src/model/return-channel.js';

const agent = (body: string) => new DocumentModel({ filePath: '/p/.claude/agents/a.md', relPath: '.claude/agents/a.md', kind: 'agent', text: `---\nname: a\ndescription: A\n---\n\n${body}\n` });
const channel = (body: string) => {
  const c = agent(body).returnChannel;
  return { console: c.console, metadataFile: c.metadataFile };
};
const RETURN = '```json\n{"status": "completed", "summary": "Done.", "artifacts": [], "metadata": {"session_id": "sess_1_abc123", "agent_type": "a"}}\n```';

describe('readReturnChannel', () => {
  it('a console JSON return block, or words that say JSON, is a JSON answer', () => {
    expect(channel(`Return:\n\n${RETURN}`)).toEqual({ console: 'json', metadataFile: false });
    expect(channel('Respond with only the JSON object described in the standard.')).toEqual({ console: 'json', metadataFile: false });
  });

  it('a text summary by design is a text answer, and beats a JSON template written to a file', () => {
    expect(channel('Return a brief text summary (NOT JSON) of what you found.')).toEqual({ console: 'text', metadataFile: false });
    expect(channel('Do not return JSON to the console; say in two sentences what changed.')).toEqual({ console: 'text', metadataFile: false });
    expect(channel(`Write the return metadata file specs/{N}/.return-meta.json:\n\n${RETURN}\n\nThen return a brief text summary to the console.`)).toEqual({ console: 'text', metadataFile: true });
  });

  it('says nothing when the spec says nothing', () => {
    expect(channel('Review the code you are given.')).toEqual({ console: null, metadataFile: false });
  });
});

/** The reply read after the call that opens `t` (its first 36 characters), in the call's reading window. */
const readAfterCall = (t: string) => readsJsonReply(t, readingWindow(new DocumentModel({ filePath: '/p/x.md', relPath: 'x.md', kind: 'other', text: t }), { start: 0, end: 36 }));

describe('readsJsonReply', () => {
  const text = 'task(subagent_type="x", prompt="go")\n\nThen:\n  a. Parse return as JSON\n  b. status=$(echo "$r" | jq -r \'.status\')\n';
  it('finds the caller parsing JSON below the call', () => {
    const r = readAfterCall(text);
    expect(r && text.slice(r.start, r.end)).toBe('Parse return as JSON');
  });
  const reads = (t: string) => {
    const r = readAfterCall(t);
    return r && t.slice(r.start, r.end);
  };
  it('jq over a file reads the file, jq over the reply reads the reply', () => {
    expect(reads('task(subagent_type="x", prompt="go")\n\nstatus=$(jq -r \'.status\' "$metadata_file")\n')).toBeNull();
    expect(reads('task(subagent_type="x", prompt="go")\n\nstatus=$(jq -r \'.status\' specs/1_x/.return-meta.json)\n')).toBeNull();
    expect(reads('task(subagent_type="x", prompt="go")\n\nstatus=$(echo "$reply" | jq -r \'.status\')\n')).toBe("jq -r '.");
  });
  it('a caller that warns when the reply is JSON, or validates a file, does not read JSON', () => {
    expect(reads('task(subagent_type="x", prompt="go")\n\nCheck if the subagent accidentally returned JSON to the console.\nValidate the return against the schema.\n')).toBeNull();
    expect(reads('task(subagent_type="x", prompt="go")\n\n1. Validate metadata file and return summary.\n')).toBeNull();
    expect(reads('task(subagent_type="x", prompt="go")\n\n1. Validate the return against the schema.\n')).toBe('Validate the return against the schema');
  });
  it('finds none where the reply is shown as it is', () => {
    const t = 'task(subagent_type="x", prompt="go")\n\nShow its answer to the user.\n';
    expect(readAfterCall(t)).toBeNull();
  });
});
