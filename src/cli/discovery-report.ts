/**
 * What discovery tells the user: `--print-files` (every file that would be linted, its kind and
 * why; the files that look like specs but are left out, and why), and the hint of a run that
 * found no spec (where markdown with agent-like frontmatter is, and the config that lints it).
 */
import path from 'node:path';
import { escapeControl } from '../formatters/escape.js';
import { looksLikeSpec } from '../discovery/discover.js';
import type { LintPlan } from '../lint.js';
import { relPosix } from '../util/paths.js';

const NOT_PLACED = 'frontmatter has name and description, but no folder rule, manifest or config override makes it a spec';

/** Markdown files no rule makes a spec but whose frontmatter looks like one (sorted, unique). */
function lookAlikes(plan: LintPlan): string[] {
  return [...new Set(plan.discovery.others)].filter(looksLikeSpec).sort();
}

/** Files left out, each once, sorted. */
function leftOut(plan: LintPlan): Array<{ path: string; why: string }> {
  const byPath = new Map<string, string>();
  for (const l of plan.discovery.leftOut) if (!byPath.has(l.path)) byPath.set(l.path, l.why);
  for (const f of lookAlikes(plan)) if (!byPath.has(f)) byPath.set(f, NOT_PLACED);
  return [...byPath].map(([p, why]) => ({ path: p, why })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** `--print-files`: one line per file (path, kind, reason), then what is left out. */
export function printFiles(plan: LintPlan, cwd: string): string {
  const show = (abs: string) => relPosix(cwd, abs) || '.';
  const rows = plan.targets.map((f) => [show(f), plan.kinds.get(f)?.kind ?? 'other', plan.kinds.get(f)?.reason ?? 'named on the command line']);
  const out: string[] = [];
  const w = Math.max(0, ...rows.map((r) => r[0]!.length));
  const k = Math.max(0, ...rows.map((r) => r[1]!.length));
  for (const [p, kind, why] of rows) out.push(`${p!.padEnd(w)}  ${kind!.padEnd(k)}  ${why}`);
  out.push(`${rows.length} file${rows.length === 1 ? '' : 's'} to lint`);
  const left = leftOut(plan);
  const notes = plan.discovery.manifests.notes;
  if (left.length || notes.length) {
    out.push('', 'left out:');
    const lw = Math.max(0, ...left.map((l) => show(l.path).length));
    for (const l of left) out.push(`${show(l.path).padEnd(lw)}  ${l.why}`);
    for (const n of notes) out.push(`${show(n.manifest)}: ${n.message}`);
  }
  return out.join('\n') + '\n';
}

/**
 * For a run that found no spec: where markdown files with agent-like frontmatter are, and the
 * config override that lints them (empty when there are none).
 */
export function emptyRunHint(plan: LintPlan, cwd: string): string {
  const links = plan.discovery.leftOut.filter((l) => l.why.startsWith('a symlinked folder'));
  const linked = links.length
    ? `  Not followed: ${links.slice(0, 5).map((l) => escapeControl(relPosix(cwd, l.path) || '.')).join(', ')}${links.length > 5 ? ` and ${links.length - 5} more` : ''} (symlinked folders that lead out of the folder linted).\n`
    : '';
  const found = lookAlikes(plan);
  if (found.length === 0) return linked;
  const folders = new Map<string, number>();
  for (const f of found) {
    const dir = relPosix(cwd, path.dirname(f)) || '.';
    folders.set(dir, (folders.get(dir) ?? 0) + 1);
  }
  const shown = [...folders].slice(0, 5);
  const globs = shown.map(([d]) => (d === '.' ? '*.md' : `${d}/*.md`));
  const list = shown.map(([d, n]) => `${d === '.' ? '.' : d + '/'} (${n})`).join(', ');
  const more = folders.size > shown.length ? ` and ${folders.size - shown.length} more folders` : '';
  const config = JSON.stringify({ overrides: [{ files: globs, kind: 'agent' }] });
  return (
    linked +
    `  ${found.length} markdown file${found.length === 1 ? ' has' : 's have'} agent-like frontmatter (name, description) outside the places specs are found: ${list}${more}.\n` +
    `  To lint them, say what they are in .agent-lint.json (kind "agent", "command" or "skill"): ${config}\n` +
    `  agent-lint --print-files lists every file and why it is or is not linted.\n`
  );
}
