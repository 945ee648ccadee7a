/**
 * Finding spec files: with no arguments or a directory, the places Claude Code, OpenCode and
 * plugins keep agents, commands and skills; explicit files and globs are taken as given.
 */
import fg from 'fast-glob';
import { statSync } from 'node:fs';
import path from 'node:path';
import { whyUnreadable } from '../util/fs-errors.js';

export const SPEC_PATTERNS = [
  '**/.claude/agents/**/*.md',
  '**/.claude/commands/**/*.md',
  '**/.claude/skills/*/SKILL.md',
  '**/.opencode/{agent,agents,command,commands}/**/*.md',
];

export const PLUGIN_PATTERNS = ['agents/**/*.md', 'commands/**/*.md', 'skills/*/SKILL.md'];

export const DEFAULT_IGNORES = ['**/node_modules/**', '**/.git/**'];

const toPosix = (p: string) => p.split(path.sep).join('/');

/**
 * Files matching the patterns below `cwd` (absolute paths). Symlinked folders are not walked
 * (no loops); a symlink named like a spec is kept unless it leads to a folder, so a linked spec
 * is linted and a dangling or looping link is reported when it is read, not silently dropped
 * (so are FIFOs and devices named like a spec).
 */
export function globFiles(patterns: string | string[], cwd: string, ignore: string[] = []): string[] {
  const entries = fg.sync(patterns, {
    cwd, dot: true, absolute: true, onlyFiles: false, objectMode: true, followSymbolicLinks: false, suppressErrors: true,
    ignore: [...DEFAULT_IGNORES, ...ignore],
  });
  const out: string[] = [];
  for (const e of entries) {
    if (e.dirent.isDirectory()) continue;
    if (!e.dirent.isSymbolicLink()) out.push(e.path); // a file, or a FIFO or device reported when read
    else {
      let dir = false;
      try {
        dir = statSync(e.path).isDirectory();
      } catch {
        /* dangling or looping: reported when read */
      }
      if (!dir) out.push(e.path);
    }
  }
  return out;
}

/** Every spec file below a directory, sorted (absolute paths). */
export function discoverSpecs(dir: string, ignore: string[] = []): string[] {
  const found = new Set(globFiles(SPEC_PATTERNS, dir, ignore));
  const manifests = globFiles('**/.claude-plugin/plugin.json', dir, ignore);
  for (const m of manifests) {
    const pluginRoot = path.dirname(path.dirname(m));
    for (const f of globFiles(PLUGIN_PATTERNS, pluginRoot, ignore)) found.add(f);
  }
  return [...found].map(path.normalize).sort();
}

export function isGlob(arg: string): boolean {
  return fg.isDynamicPattern(toPosix(arg));
}

export interface ExpandedArgs {
  files: string[];
  /** Directories walked whole (cross-file rules need not walk them again). */
  dirs: string[];
  /** Arguments that matched nothing. */
  unmatched: string[];
  /** Arguments that could not be read (not found, no permission). */
  unreadable: Array<{ arg: string; reason: string }>;
}

/** Expands command-line arguments (files, directories, globs) into files, in a stable order. */
export function expandArgs(args: string[], cwd: string, ignore: string[] = []): ExpandedArgs {
  const out: ExpandedArgs = { files: [], dirs: [], unmatched: [], unreadable: [] };
  const seen = new Set<string>();
  const add = (f: string) => {
    const n = path.normalize(f);
    if (!seen.has(n)) {
      seen.add(n);
      out.files.push(n);
    }
  };
  for (const arg of args) {
    const abs = path.resolve(cwd, arg);
    let st;
    try {
      st = statSync(abs);
    } catch (e) {
      if (isGlob(arg)) {
        const matches = globFiles(toPosix(arg), cwd, ignore).sort();
        if (matches.length === 0) out.unmatched.push(arg);
        matches.forEach(add);
      } else {
        out.unreadable.push({ arg, reason: whyUnreadable(abs, e) });
      }
      continue;
    }
    if (st.isDirectory()) {
      out.dirs.push(abs);
      const files = discoverSpecs(abs, ignore);
      if (files.length === 0) out.unmatched.push(arg);
      files.forEach(add);
    } else add(abs);
  }
  return out;
}
