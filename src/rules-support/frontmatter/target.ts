/**
 * Which frontmatter table a spec file answers to, and whether an agent comes from a plugin.
 */
import type { ProjectView } from '../../model/project.js';
import type { DocumentModel } from '../../model/document.js';
import type { FrontmatterKind } from '../../standard/frontmatter-fields.js';
import type { FileKind } from '../../types.js';

/**
 * The kinds of file whose frontmatter a tool reads (for a Claude Code memory file, only a rule
 * under `.claude/rules/`: see frontmatterKindOf).
 */
export const HEADER_KINDS = [
  'agent',
  'command',
  'skill',
  'copilot-scoped-instructions',
  'copilot-prompt',
  'copilot-agent',
  'copilot-chatmode',
  'cursor-rule',
  'windsurf-rule',
  'kiro-steering',
  'claude-memory',
] as const satisfies readonly FileKind[];

/** The file is under a `.opencode/` folder of its project. */
export function isOpenCode(doc: DocumentModel): boolean {
  return ('/' + doc.relPath).includes('/.opencode/');
}

/** The field table for a document, or null when none applies (kind `other`). */
export function frontmatterKindOf(doc: DocumentModel): FrontmatterKind | null {
  const oc = isOpenCode(doc);
  switch (doc.kind) {
    case 'agent':
      return oc ? 'opencode-agent' : 'agent';
    case 'command':
      return oc ? 'opencode-command' : 'command';
    case 'skill':
      return oc ? 'opencode-skill' : 'skill';
    case 'copilot-scoped-instructions':
    case 'copilot-prompt':
    case 'copilot-agent':
    case 'cursor-rule':
    case 'windsurf-rule':
    case 'kiro-steering':
      return doc.kind;
    // VS Code reads a chat mode as a custom agent.
    case 'copilot-chatmode':
      return 'copilot-agent';
    // Of the memory files, only rules have fields (`paths`); CLAUDE.md is instructions only.
    case 'claude-memory':
      return isClaudeRule(doc) ? 'claude-rule' : null;
    default:
      return null;
  }
}

/** A Claude Code memory file under `.claude/rules/`. */
export function isClaudeRule(doc: DocumentModel): boolean {
  return doc.kind === 'claude-memory' && ('/' + doc.relPath).includes('/.claude/rules/');
}

/** A Claude Code agent that comes from a plugin: the manifests make it one of a plugin's agents. */
export function isPluginAgent(doc: DocumentModel, project: ProjectView): boolean {
  if (doc.kind !== 'agent' || isOpenCode(doc) || doc.relPath.startsWith('../')) return false;
  return project.isPluginAgent(doc.filePath);
}
