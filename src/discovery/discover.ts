/**
 * Finding spec files: with no arguments or a directory, the places Claude Code, OpenCode and
 * plugins keep agents, commands and skills; explicit files and globs are taken as given.
 */
import { accessSync, constants, existsSync, lstatSync, statSync } from 'node:fs';
import picomatch from 'picomatch';
import path from 'node:path';
import { fastGlob } from '../util/fast-glob.js';
import { walkSpecsTree } from './walk.js';
import { jsonKindFromPath } from './kind.js';
import { matchesPluginSpec, matchesSpecLocation } from './spec-paths.js';
import { relPosix, toPosix } from '../util/paths.js';
import { whyUnreadable } from '../util/fs-errors.js';


export const SPEC_PATTERNS = [
  '**/.claude/agents/**/*.md',
  '**/.claude/commands/**/*.md',
  '**/.claude/skills/*/SKILL.md',
  '**/.opencode/{agent,agents,command,commands}/**/*.md',
];

export const PLUGIN_PATTERNS = ['agents/**/*.md', 'commands/**/*.md', 'skills/*/SKILL.md'];

export const DEFAULT_IGNORES = ['**/node_modules/**', '**/.git/**'];


/**
 * Files matching the patterns below `cwd` (absolute paths). Symlinked folders are not walked
 * (no loops); a symlink named like a spec is kept unless it leads to a folder, so a linked spec
 * is linted and a dangling or looping link is reported when it is read, not silently dropped
 * (so are FIFOs and devices named like a spec).
 */
export function globFiles(patterns: string | string[], cwd: string, ignore: string[] = []): string[] {
  const entries = fastGlob().sync(patterns, {
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

const MANIFEST = '.claude-plugin/plugin.json';

/**
 * Whether a markdown file is a spec by where it lives: its absolute path matches a spec location
 * (so a walk that starts inside `.claude/agents` still knows its files are agents), or it sits
 * in a plugin's agents/, commands/ or skills/ folder.
 */
function isSpecPath(abs: string, pluginRoots: ReadonlySet<string>): boolean {
  const posix = toPosix(abs).replace(/^\/+/, '');
  // SPEC_PATTERNS and PLUGIN_PATTERNS as segment checks (test/spec-paths.test.ts keeps them equal).
  if (matchesSpecLocation(posix)) return true;
  for (let d = path.dirname(abs); ; ) {
    if (pluginRoots.has(d)) return matchesPluginSpec(relPosix(d, abs));
    const up = path.dirname(d);
    if (up === d) return false;
    d = up;
  }
}

/** Every spec file below a directory, sorted (absolute paths). One walk of the tree. */
export function discoverSpecs(dir: string, ignore: string[] = []): string[] {
  const root = path.resolve(dir);
  const ignored = ignore.length ? picomatch(ignore, { dot: true }) : null;
  const skip = ignored ? (abs: string) => ignored(relPosix(root, abs)) || ignored(relPosix(root, abs) + '/') : undefined;
  const walk = walkSpecsTree(root, skip);
  const entries = ignored ? walk.markdown.filter((f) => !ignored(relPosix(root, f))) : walk.markdown;
  const pluginRoots = new Set<string>(walk.pluginRoots);
  // The walk may start inside a plugin.
  for (let d = root; ; ) {
    if (existsSync(path.join(d, MANIFEST))) pluginRoots.add(d);
    const up = path.dirname(d);
    if (up === d) break;
    d = up;
  }
  const specs = entries.filter((f) => /\.md$/.test(f) && isSpecPath(f, pluginRoots));
  const json = (ignored ? walk.json.filter((f) => !ignored(relPosix(root, f))) : walk.json).filter((f) => isJsonConfigPath(f, pluginRoots));
  return json.length ? [...specs, ...json].sort() : specs.sort();
}

/** A JSON file that comes with specs (a manifest, hooks, settings, MCP servers); hooks.json only in a plugin. */
function isJsonConfigPath(abs: string, pluginRoots: ReadonlySet<string>): boolean {
  const kind = jsonKindFromPath(toPosix(abs).split('/'));
  if (kind !== 'hooks-config') return kind !== null;
  return pluginRoots.has(path.dirname(path.dirname(abs)));
}

export function isGlob(arg: string): boolean {
  return picomatch.scan(toPosix(arg)).isGlob;
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
        // `dir/**/*.md` (the common case) is the plain walk of dir; other globs go to fast-glob.
        const whole = ignore.length === 0 ? /^(?:(.*?)\/)?\*\*\/\*\.md$/.exec(toPosix(arg)) : null;
        const base = whole ? path.resolve(cwd, whole[1] ?? '.') : null;
        const matches = base && !isGlob(whole![1] ?? '') && isDir(base) ? walkSpecsTree(base).markdown.filter((f) => f.endsWith('.md')) : globFiles(toPosix(arg), cwd, ignore).sort();
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
    } else {
      // A file named on the command line that cannot be read is a usage problem, like a missing one.
      try {
        accessSync(abs, constants.R_OK);
      } catch (e) {
        out.unreadable.push({ arg, reason: (e as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied' : (e as Error).message });
        continue;
      }
      add(abs);
    }
  }
  return out;
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
