/**
 * Discovery's rule 5, on text: a markdown file outside the spec folders is a spec by its
 * frontmatter alone when it sets a Claude Code command field (`allowed-tools`, `argument-hint`)
 * or a Claude model (`model: sonnet`). Pure, so that the playground's files in memory are found as
 * the disk's are (src/discovery/classify.ts reads the head, src/browser/index.ts has the text).
 */
import { frontmatterKeysOfHead, locateFrontmatter } from '../model/frontmatter.js';
import type { FileKind } from '../types.js';

/** Whether a text opens with a frontmatter fence (`---` on the first line, after an optional BOM). */
export function opensWithFrontmatter(head: string): boolean {
  return locateFrontmatter(head.charCodeAt(0) === 0xfeff ? head.slice(1) : head) !== null;
}

const CLAUDE_MODEL = /^(claude-|anthropic\/|opus|sonnet|haiku|inherit)/i;

/** The kind a text's frontmatter alone makes it, with the reason, or null. */
export function specByFrontmatter(head: string): { kind: FileKind; reason: string } | null {
  const keys = frontmatterKeysOfHead(head);
  if (!keys) return null;
  const commandField = keys.has('allowed-tools') ? 'allowed-tools' : keys.has('argument-hint') ? 'argument-hint' : undefined;
  const model = keys.get('model');
  const field = commandField ?? (model !== undefined && CLAUDE_MODEL.test(model) ? `model: ${model}` : undefined);
  if (!field) return null;
  const kind: FileKind = !commandField && keys.has('name') && keys.has('description') ? 'agent' : 'command';
  return { kind, reason: `frontmatter sets ${field}, a Claude Code ${kind} field` };
}

/** Fields a spec's frontmatter holds (Claude Code's and OpenCode's agents, commands and skills). */
const SPEC_FIELDS = ['name', 'description', 'tools', 'model', 'allowed-tools', 'argument-hint', 'mode', 'agent', 'disable-model-invocation', 'permission', 'color'];
/** Fields of documentation site generators (Docusaurus, Jekyll, Hugo, VitePress, MkDocs). */
const SITE_FIELDS = ['title', 'sidebar_position', 'sidebar_label', 'slug', 'layout', 'nav_order', 'permalink', 'weight', 'parent', 'has_children', 'hide_title', 'sidebar', 'outline', 'draft'];

/**
 * A documentation site's page in a folder named like a spec folder (`docs/agents/`): its
 * frontmatter has none of a spec's fields and some of a site generator's (`title`,
 * `sidebar_position`). Claude Code would not read it as a spec either.
 */
export function isSitePage(head: string): boolean {
  const keys = frontmatterKeysOfHead(head);
  if (!keys || keys.size === 0) return false;
  return !SPEC_FIELDS.some((k) => keys.has(k)) && SITE_FIELDS.some((k) => keys.has(k));
}
