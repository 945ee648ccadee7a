/**
 * Claude Code's SubagentStop hook: when a subagent of the project finishes, its reply is judged
 * by the project's protocol for that agent, as `check-return` judges a reply. An agent that
 * answers in JSON on the console is judged by its final message (`last_assistant_message`, else
 * the last assistant message of `agent_transcript_path`); one that writes a metadata file is
 * judged by the newest such file written since it started. A reply that breaks the protocol
 * blocks the stop, with the findings as the reason, so the subagent repairs it. Silent for an
 * agent the project has no spec of, one that answers in prose, and when `stop_hook_active` says
 * the subagent is already repairing.
 */
import { closeSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkReturnBy, type CheckReturnOptions } from '../check-return/check.js';
import type { ConfigLookup } from '../config/lookup.js';
import { ProjectRoots } from '../discovery/project-root.js';
import { projectOf } from '../format-in-force.js';
import { agentSystemOf } from '../model/agent-system.js';
import type { DocumentModel } from '../model/document.js';
import { writtenReturnFiles } from '../model/return-channel.js';
import { ProjectFormats } from '../return-format-lookup.js';
import { getProfile, type Profile } from '../standard/profiles.js';
import { fastGlob } from '../util/fast-glob.js';
import { openRegularFile, readRegularHead } from '../util/read-bounded.js';
import { relPosix } from '../util/paths.js';
import { findingLines } from './messages.js';

export interface SubagentStopInput {
  cwd?: unknown;
  agent_type?: unknown;
  last_assistant_message?: unknown;
  agent_transcript_path?: unknown;
  stop_hook_active?: unknown;
}

/** What Claude Code does with the stop: nothing to say, or block it with a reason. */
export type StopDecision = { block: false } | { block: true; reason: string };

/** The most of a transcript read: its last part (the final message is at its end). */
const TRANSCRIPT_TAIL = 8 << 20;
/** The first part of a transcript read for the time the subagent started. */
const TRANSCRIPT_HEAD = 64 << 10;
/** The most of a metadata file read. */
const METADATA_MAX = 20 << 20;

/** The last bytes of a regular file (never a FIFO or device), at most `max`. */
function readTail(file: string, max: number): string | undefined {
  let opened;
  try {
    opened = openRegularFile(file);
  } catch {
    return undefined;
  }
  try {
    const n = Math.min(max, opened.size);
    const buf = Buffer.alloc(n);
    readSync(opened.fd, buf, 0, n, opened.size - n);
    return buf.toString('utf8');
  } finally {
    closeSync(opened.fd);
  }
}

/** The text of a transcript line's assistant message, if it is one. */
function assistantText(line: string): string | undefined {
  if (!line.includes('"assistant"')) return undefined;
  let entry: { type?: unknown; message?: { role?: unknown; content?: unknown } };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return undefined;
  }
  if (entry.type !== 'assistant' && entry.message?.role !== 'assistant') return undefined;
  const content = entry.message?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.filter((c): c is { type: 'text'; text: string } => !!c && c.type === 'text' && typeof c.text === 'string').map((c) => c.text);
  return texts.length ? texts.join('\n') : undefined;
}

/** The last assistant message of a transcript (JSON Lines), read from its end. */
export function lastAssistantMessage(transcript: string): string | undefined {
  const tail = readTail(transcript, TRANSCRIPT_TAIL);
  if (tail === undefined) return undefined;
  const lines = tail.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const text = assistantText(lines[i]!);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** When the subagent started: the first timestamp of its transcript. */
function startedAt(transcript: string | undefined): number | undefined {
  if (!transcript) return undefined;
  const head = readRegularHead(transcript, TRANSCRIPT_HEAD);
  const m = head && /"timestamp"\s*:\s*"([^"]{1,40})"/.exec(head);
  const t = m ? Date.parse(m[1]!) : NaN;
  return Number.isFinite(t) ? t : undefined;
}

/** The spec of the agent Claude Code names (`reviewer`, a plugin's `my-plugin:reviewer`): in `.claude/` first. */
function agentSpec(docs: readonly DocumentModel[], agentType: string): DocumentModel | undefined {
  const name = agentType.slice(agentType.lastIndexOf(':') + 1);
  const named = docs.filter((d) => d.kind === 'agent' && (d.name ?? path.basename(d.relPath, '.md')) === name);
  return named.find((d) => agentSystemOf(d.relPath) === '.claude/') ?? named[0];
}

/** The newest file of the project with one of these names, written since `since` (if known). */
function newestWritten(root: string, names: string[], since: number | undefined): string | undefined {
  const found = fastGlob().sync(
    names.map((n) => `**/${fastGlob().escapePath(n)}`),
    { cwd: root, dot: true, absolute: true, onlyFiles: true, followSymbolicLinks: false, deep: 12, ignore: ['**/node_modules/**', '**/.git/**'] },
  );
  let best: { file: string; mtime: number } | undefined;
  for (const file of found) {
    const mtime = statSync(file).mtimeMs;
    if (since !== undefined && mtime < since) continue;
    if (!best || mtime > best.mtime) best = { file, mtime };
  }
  return best?.file;
}

/** The reason Claude Code gives the subagent: what is wrong with its reply, and what to do. */
function reason(what: string, messages: Parameters<typeof findingLines>[0], spec: string): string {
  return `agent-lint: ${what} breaks the project's protocol for this agent (${spec}):\n${findingLines(messages, false)}\nReturn again, fixed.`;
}

/** The project's protocol for one of its agents: its spec, and how a reply of the agent is judged. */
export interface AgentProtocol {
  /** The project's root. */
  root: string;
  /** The agent's spec. */
  doc: DocumentModel;
  /** The spec's path, relative to the root. */
  spec: string;
  /** The profile the agent's return is judged by: the standard's, with the format the agent follows. */
  profile: Profile;
  /** The options `checkReturnBy` takes for it: the config's standard and the rules' settings for the spec. */
  options: CheckReturnOptions & { root: string };
}

/**
 * The protocol of the agent Claude Code names (`reviewer`, a plugin's `my-plugin:reviewer`) in
 * the project at `cwd`; undefined when the project has no spec of it.
 */
export function agentProtocol(agentType: string, cwd: string, configs: ConfigLookup): AgentProtocol | undefined {
  const config = configs.forFile(path.join(cwd, '<reply>'));
  const root = new ProjectRoots(cwd).rootOf(path.join(cwd, '<reply>'));
  const project = projectOf(root, config, []);
  const doc = agentSpec(project.documents, agentType);
  if (!doc) return undefined;
  const profile = new ProjectFormats(root, config, getProfile(config.standard)).profileFor(doc, project);
  const options = { standard: config.standard, extract: true, root, settings: config.settingsFor(relPosix(config.dir, doc.filePath)) };
  return { root, doc, spec: relPosix(root, doc.filePath), profile, options };
}

export function subagentStop(input: SubagentStopInput, cwd: string, configs: ConfigLookup): StopDecision {
  if (input.stop_hook_active === true || typeof input.agent_type !== 'string' || input.agent_type === '') return { block: false };
  const protocol = agentProtocol(input.agent_type, cwd, configs);
  if (!protocol) return { block: false };
  const { root, doc, spec, profile, options } = protocol;
  const transcript = typeof input.agent_transcript_path === 'string' && path.isAbsolute(input.agent_transcript_path) ? input.agent_transcript_path : undefined;
  const channel = doc.returnChannel;
  if (channel.metadataFile) {
    const names = [...writtenReturnFiles(doc)];
    if (names.length === 0) return { block: false };
    const since = startedAt(transcript);
    const file = newestWritten(root, names, since);
    if (!file) {
      if (since === undefined) return { block: false };
      return { block: true, reason: `agent-lint: this agent writes its return to ${names.join(' or ')} (${spec}), and no such file was written since it started.\nWrite it, then finish.` };
    }
    const text = readRegularHead(file, METADATA_MAX) ?? '';
    const r = checkReturnBy(text, { ...options, extract: false, filePath: file }, profile);
    if (r.errorCount === 0) return { block: false };
    return { block: true, reason: reason(`the metadata file ${relPosix(root, file)}`, r.messages.filter((m) => m.severity === 2), spec) };
  }
  if (channel.console !== 'json') return { block: false };
  const reply = typeof input.last_assistant_message === 'string' ? input.last_assistant_message : transcript ? lastAssistantMessage(transcript) : undefined;
  if (reply === undefined) return { block: false };
  const r = checkReturnBy(reply, { ...options, filePath: '<reply>' }, profile);
  if (r.errorCount === 0) return { block: false };
  return { block: true, reason: reason('the reply', r.messages.filter((m) => m.severity === 2), spec) };
}

