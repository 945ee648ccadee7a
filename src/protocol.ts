/**
 * The protocol a project's agent systems follow, as agent-lint learned it from their documents:
 * per system (a `.claude/` or `.opencode/` tree, else the project), the format documents its
 * specs reference, the format in force on each channel (returns written to a metadata file, and
 * console replies) with its required fields, vocabularies and forbidden values, and how each
 * agent says it returns. Every fact carries the file and line it comes from. What
 * `agent-lint protocol` prints; the rules judge by the same formats (ProjectFormats).
 */
import path from 'node:path';
import type { ResolvedConfig } from './config/resolve.js';
import { ProjectRoots } from './discovery/project-root.js';
import { projectOf } from './format-in-force.js';
import { agentSystemOf } from './model/agent-system.js';
import { ProjectFormats } from './return-format-lookup.js';
import { getProfile } from './standard/profiles.js';
import type { ReturnFormat } from './standard/return-format/format.js';

export interface ChannelFacts {
  /** The documents whose structure and required fields hold. */
  structureFrom: string[];
  /** Every document that adds values (those above included). */
  documents: string[];
  /** Where the format's template starts: `file:line`. */
  at: string;
  required: string[];
  metadataRequired: string[];
  /** Allowed values, or 'open' where the documents leave the field open or do not list values. */
  status: string[] | 'open';
  artifactTypes: string[] | 'open';
  errorTypes: string[] | 'open';
  forbidden: Array<{ field: string; value: string; at: string }>;
}

export interface AgentFacts {
  name: string;
  /** `file:line` of the first statement of how it returns. */
  at: string;
  returns: Array<'metadata file' | 'console json' | 'console text'>;
}

export interface SystemFacts {
  /** `.claude/`, `.opencode/`, or '' for specs outside both. */
  system: string;
  specs: number;
  documents: Array<{ file: string; line: number; describes: 'metadata file' | 'console reply'; titledAfterFile: boolean }>;
  channels: { metadataFile?: ChannelFacts; console?: ChannelFacts };
  agents: AgentFacts[];
}

export interface ProtocolFacts {
  /** The project root, relative to the folder asked about (`.` for itself). */
  root: string;
  /** Where the return format comes from: config (`returnFormat`) or the project's documents. */
  source: 'config' | 'documents' | 'standard';
  systems: SystemFacts[];
}

function channelFacts(f: ReturnFormat): ChannelFacts {
  return {
    structureFrom: [...(f.structureFrom ?? [f.file])],
    documents: [...(f.sources ?? [f.file])],
    at: `${f.file}:${f.line}`,
    required: [...f.requiredReturnFields],
    metadataRequired: [...f.requiredMetadataFields],
    status: f.statusValues ? [...f.statusValues] : 'open',
    artifactTypes: f.artifactTypes ? [...f.artifactTypes] : 'open',
    errorTypes: f.errorTypes ? [...f.errorTypes] : 'open',
    forbidden: (f.forbidden ?? []).map((x) => ({ field: x.path, value: x.value, at: `${x.file ?? f.file}:${x.line}` })),
  };
}

/** The protocol of the project that holds `dir` (a folder or a file), learned as the linter learns it. */
export function learnProtocol(dir: string, config: ResolvedConfig, cwd: string): ProtocolFacts {
  const at = path.resolve(cwd, dir);
  const root = new ProjectRoots(cwd).rootOf(path.join(at, '<protocol>'));
  const formats = new ProjectFormats(root, config, getProfile(config.standard));
  const project = projectOf(root, config, []);
  const bySystem = new Map<string, typeof project.documents[number][]>();
  for (const d of project.documents) {
    const s = agentSystemOf(d.relPath);
    const list = bySystem.get(s);
    if (list) list.push(d);
    else bySystem.set(s, [d]);
  }
  const named = config.returnFormatFiles.length > 0;
  const systems: SystemFacts[] = [];
  for (const system of [...bySystem.keys()].sort()) {
    const docs = bySystem.get(system)!;
    const documents = formats.systemDocuments(system, project);
    const channels: SystemFacts['channels'] = {};
    if (documents.some((f) => f.describesFile)) channels.metadataFile = channelFacts(formats.channelFormat(system, true, project)!);
    if (documents.some((f) => !f.describesFile)) channels.console = channelFacts(formats.channelFormat(system, false, project)!);
    const agents: AgentFacts[] = [];
    for (const d of docs) {
      if (d.kind !== 'agent') continue;
      const ch = d.returnChannel;
      const returns: AgentFacts['returns'] = [];
      if (ch.metadataFile) returns.push('metadata file');
      if (ch.console === 'json') returns.push('console json');
      if (ch.console === 'text') returns.push('console text');
      if (returns.length === 0) continue;
      const first = ch.statements[0];
      agents.push({ name: d.name ?? path.basename(d.relPath, '.md'), at: `${d.relPath}:${first ? d.lines.lineOf(first.range.start) + 1 : 1}`, returns });
    }
    systems.push({
      system,
      specs: docs.length,
      documents: documents.map((f) => ({ file: f.file, line: f.line, describes: f.describesFile ? 'metadata file' : 'console reply', titledAfterFile: !!f.titledFile })),
      channels,
      agents,
    });
  }
  const relRoot = path.relative(cwd, root).split(path.sep).join('/') || '.';
  return { root: relRoot, source: named ? 'config' : systems.some((s) => s.documents.length > 0) ? 'documents' : 'standard', systems };
}

const list = (v: string[] | 'open') => (v === 'open' ? 'open (any value)' : v.join(', '));

/** The protocol as text, one system after another. */
export function protocolText(p: ProtocolFacts): string {
  const out: string[] = [`project ${p.root}`];
  if (p.source === 'config') out.push('  the return format is named in config (returnFormat); the documents below are what the specs reference');
  for (const s of p.systems) {
    out.push('', `${s.system || '(specs outside .claude/ and .opencode/)'}  ${s.specs} spec${s.specs === 1 ? '' : 's'}`);
    if (s.documents.length === 0) {
      out.push('  no format document referenced: returns are judged by the standard');
    } else {
      out.push('  format documents:');
      for (const d of s.documents) out.push(`    ${d.file}:${d.line}  ${d.describes}${d.titledAfterFile ? ' (its own document)' : ''}`);
    }
    for (const [name, c] of [['returns written to a metadata file', s.channels.metadataFile], ['console replies', s.channels.console]] as const) {
      if (!c) continue;
      const more = c.documents.length - c.structureFrom.length;
      out.push(`  ${name}: fields from ${c.structureFrom.join(', ')}${more > 0 ? `; values from ${more} more document${more === 1 ? '' : 's'} too` : ''}`);
      out.push(`    required: ${c.required.join(', ') || 'none'}`);
      out.push(`    metadata required: ${c.metadataRequired.join(', ') || 'none'}`);
      out.push(`    status: ${list(c.status)}`);
      out.push(`    artifact types: ${list(c.artifactTypes)}`);
      out.push(`    error types: ${list(c.errorTypes)}`);
      for (const f of c.forbidden) out.push(`    forbidden: ${f.field} "${f.value}" (${f.at})`);
    }
    if (s.agents.length > 0) {
      out.push('  agents:');
      const w = Math.min(40, Math.max(...s.agents.map((a) => a.name.length)));
      for (const a of s.agents) out.push(`    ${a.name.padEnd(w)}  ${a.returns.join(' + ')}  (${a.at})`);
    }
  }
  return out.join('\n') + '\n';
}
