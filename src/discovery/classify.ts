/**
 * The one answer to "is this markdown file a spec, and of which kind?", used by the folder
 * walk, files and globs named on the command line, the pre-commit hook and the Action. In order:
 *  1. a config override that sets the file's `kind`;
 *  2. Claude Code's and OpenCode's own places: `.claude/agents/**`, `.claude/commands/**`,
 *     `.claude/skills/<name>/SKILL.md`, `.opencode/{agent,agents,command,commands}/**`,
 *     `.opencode/skills/<name>/SKILL.md`;
 *  3. plugins: a file a plugin.json or marketplace entry lists, or below a folder it lists, or in
 *     a plugin's default `agents/`, `commands/`, `skills/<name>/SKILL.md` (model/manifests.ts);
 *  4. elsewhere, a file in a folder named `agents/` or `commands/`, or a `skills/<name>/SKILL.md`,
 *     when it opens with frontmatter (a plain document there is not a spec), outside the hidden
 *     folders of other tools (`.github/agents/` holds Copilot's agents);
 *  5. anywhere else, a file whose frontmatter sets a field only Claude Code specs have:
 *     `allowed-tools`, `argument-hint`, or a Claude `model` (`claude-...`, `opus`, `sonnet`,
 *     `haiku`, `inherit`): collections kept in folders of their own naming (`tools/`,
 *     `workflows/`) meant to be copied into `.claude/commands/`. With `name` and `description`
 *     and neither command field it is an agent, else a command.
 * Files under rules 4 and 5 are opened, and only their first bytes are read (16 bytes, 4 KB).
 */
import { path } from '../platform/host.js';
import type { FileKind } from '../types.js';
import { relPosix, toPosix } from '../util/paths.js';
import { kindFromPath, kindFromSegments, specKindFromSegments } from './kind.js';
import { isSpecKind, kindByPlace, kindBySignature, kindBySniff, kindEntry } from '../model/kinds.js';
import type { ManifestIndex } from '../model/manifests.js';
import { matchesSpecSegments } from './spec-paths.js';
import { frontmatterKeysOfHead } from '../model/frontmatter.js';
import { isSitePage, opensWithFrontmatter, specByFrontmatter } from './frontmatter-spec.js';

export interface SpecVerdict {
  kind: FileKind;
  /** Why the file is a spec (which folder rule or manifest entry), for `--print-files`. */
  reason: string;
}

/** A file that looks like a spec but is not linted, and why. */
export interface LeftOut {
  path: string;
  why: string;
}

export type Classification = { spec: SpecVerdict } | { leftOut: string } | null;

export interface ClassifyContext {
  manifests: ManifestIndex;
  /** The folder a path's kind is read from (its project root); the working directory when none. */
  baseOf: (abs: string) => string;
  /** A kind a config override sets for the file. */
  configKind?: (abs: string) => FileKind | undefined;
  /** How a path is shown in a reason (relative to the working directory). */
  show: (abs: string) => string;
  /** Reads a file's first bytes, empty when it cannot be read (the disk's: `readHead` in discover.ts; the playground's: its memory). */
  readHead: (file: string, bytes: number) => string;
}

export { opensWithFrontmatter };

const TOOL_DIRS = new Set(['.claude', '.opencode']);

/** Rule 2: `.opencode/skills/<name>/SKILL.md` besides what matchesSpecLocation covers. */
function isOpencodeSkill(segs: string[]): boolean {
  const n = segs.length;
  return n >= 4 && segs[n - 1] === 'SKILL.md' && segs[n - 3] === 'skills' && segs[n - 4] === '.opencode' && segs[n - 2] !== '';
}

/**
 * A file that is not markdown (kind.ts's table): `.claude-plugin/plugin.json` and
 * `marketplace.json`, `.claude/settings(.local).json`, `.mcp.json`, `hooks/hooks.json` when the
 * folder above `hooks/` is a plugin or a Gemini CLI extension, the file a plugin.json names in `hooks` or `mcpServers`, and
 * the other tools' files (`.codex/config.toml`, `*.mdc`, ...); a TOML file elsewhere by its first
 * bytes (a Gemini CLI command sets `prompt`). A config override's kind comes first.
 */
export function classifyOther(abs: string, ctx: ClassifyContext): Classification {
  const fromConfig = ctx.configKind?.(abs);
  if (fromConfig) return { spec: { kind: fromConfig, reason: `config override (kind ${fromConfig})` } };
  const named = ctx.manifests.jsonClaim(abs);
  if (named) return { spec: { kind: named.kind, reason: `${named.rule} ${ctx.show(named.source)}` } };
  const segs = toPosix(abs).split('/');
  const kind = kindByPlace(segs);
  if (kind) {
    const top = path.dirname(path.dirname(abs));
    if (kindEntry(kind).inPlugin && !ctx.manifests.isPluginRoot(top) && !ctx.manifests.isExtensionRoot(top)) return null;
    return { spec: { kind, reason: kindEntry(kind).title } };
  }
  const name = segs[segs.length - 1]!;
  const sniffed = kindBySniff(name, ctx.readHead(abs, HEAD_BYTES));
  return sniffed ? { spec: { kind: sniffed, reason: `${kindEntry(sniffed).title}, by its contents` } } : null;
}

/** Markdown and the other files the kinds table names: whether a file is linted, as what and why. */
export function classifyFile(abs: string, ctx: ClassifyContext): Classification {
  return abs.endsWith('.md') ? classifyMarkdown(abs, ctx) : classifyOther(abs, ctx);
}

export function classifyMarkdown(abs: string, ctx: ClassifyContext): Classification {
  if (!abs.endsWith('.md')) return null;
  const fromConfig = ctx.configKind?.(abs);
  if (fromConfig) return { spec: { kind: fromConfig, reason: `config override (kind ${fromConfig})` } };
  const posix = toPosix(abs).replace(/^\/+/, '');
  const segs = posix.split('/');
  if (matchesSpecSegments(segs) || isOpencodeSkill(segs)) {
    let at = segs.length - 1;
    while (at > 0 && !TOOL_DIRS.has(segs[at]!)) at--;
    const place = segs.slice(at, Math.min(at + 2, segs.length - 1)).join('/');
    return { spec: { kind: kindFromSegments(segs, at), reason: `in ${place}/` } };
  }
  const placed = kindByPlace(segs);
  if (placed) return { spec: { kind: placed, reason: kindEntry(placed).title } };
  const claim = ctx.manifests.claim(abs);
  if (claim) return { spec: { kind: claim.kind, reason: `${claim.rule} ${ctx.show(claim.source)}` } };
  const rel = relPosix(ctx.baseOf(abs), abs);
  // The places were asked of the whole path above: only the folders are left to ask.
  const kind = specKindFromSegments((rel.startsWith('../') ? posix : rel).split('/'), 0);
  if (kind === 'other') return byFrontmatter(abs, ctx.readHead);
  const relSegs = rel.split('/');
  const where = kind === 'skill' ? 'a skills/<name>/SKILL.md' : `a folder named ${kind}s/`;
  const toolDir = relSegs.slice(0, -1).find((s) => s.startsWith('.') && s !== '.' && s !== '..');
  if (toolDir) return { leftOut: `${where} inside ${toolDir}/, another tool's folder` };
  const head = ctx.readHead(abs, HEAD_BYTES);
  if (!opensWithFrontmatter(head)) return { leftOut: `a plain document (no frontmatter) in ${where}` };
  if (isSitePage(head)) return { leftOut: `a documentation site's page in ${where} (its frontmatter is a site generator's, none of a spec's fields)` };
  return { spec: { kind, reason: `${kind === 'skill' ? where : `in ${where}`}, opens with frontmatter` } };
}

export const HEAD_BYTES = 4096;

/**
 * A markdown file named on the command line that no place makes a spec: it is linted wherever it
 * lives when its frontmatter says what it is: fields only one kind has (`applyTo`, `alwaysApply`,
 * `fileMatchPattern`: the kinds table's `signature`), or, in an agents/ or commands/ folder
 * of another tool's hidden folder, a spec's frontmatter (`name` and `description`, or a Claude
 * Code field).
 */
export function classifyNamed(abs: string, was: Classification, ctx: ClassifyContext): Classification {
  const head = ctx.readHead(abs, HEAD_BYTES);
  const keys = frontmatterKeysOfHead(head);
  if (!keys) return null;
  const signed = kindBySignature(keys);
  if (signed) return { spec: { kind: signed, reason: `named, and its frontmatter sets ${kindEntry(signed).signature!.filter((k) => keys.has(k)).join(', ')}` } };
  if (!was || !('leftOut' in was) || !was.leftOut.includes("another tool's folder")) return null;
  const byFields = specByFrontmatter(head);
  if (byFields) return { spec: byFields };
  const kind = kindFromPath(toPosix(abs));
  if (keys.has('name') && keys.has('description') && isSpecKind(kind)) return { spec: { kind, reason: `named, in a folder named ${kind}s/, with a spec's name and description` } };
  return null;
}

/** Rule 5: a spec by its frontmatter alone. */
function byFrontmatter(abs: string, read: (file: string, bytes: number) => string): Classification {
  const spec = specByFrontmatter(read(abs, HEAD_BYTES));
  return spec ? { spec } : null;
}

