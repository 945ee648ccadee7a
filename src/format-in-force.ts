/**
 * The return format in force outside a lint run: for one file (--print-config), or for a
 * project as a whole (--print-schema, check-return, the library's `checkReturn({ cwd })`).
 * Reads the project's specs only when config names no format.
 */
import path from 'node:path';
import type { ResolvedConfig } from './config/resolve.js';
import { discoverSpecs } from './discovery/discover.js';
import { kindFromPath } from './discovery/kind.js';
import { ProjectRoots } from './discovery/project-root.js';
import { ProjectView } from './model/project.js';
import { readSpec } from './lint.js';
import { DocumentModel } from './model/document.js';
import { ProjectFormats } from './return-format-lookup.js';
import { getProfile } from './standard/profiles.js';
import type { ReturnFormat } from './standard/return-format/format.js';
import { relPosix } from './util/paths.js';

/** The project at `root` as a view whose documents are its specs (the given ones first). */
export function projectOf(root: string, config: ResolvedConfig, first: DocumentModel[]): ProjectView {
  const have = new Set(first.map((d) => d.filePath));
  return new ProjectView({
    root,
    documents: first,
    loadContext: () => {
      const out: DocumentModel[] = [];
      for (const { path: abs, kind } of discoverSpecs(root)) {
        if (have.has(abs) || config.isIgnored(relPosix(config.dir, abs))) continue;
        const read = readSpec(abs);
        if ('text' in read) out.push(new DocumentModel({ filePath: abs, relPath: relPosix(root, abs), kind, text: read.text }));
      }
      return out;
    },
  });
}

/** The format in force for a spec file (absolute path), or undefined for the standard's. */
export function formatForFile(abs: string, config: ResolvedConfig, cwd: string): ReturnFormat | undefined {
  const root = new ProjectRoots(cwd).rootOf(abs);
  const formats = new ProjectFormats(root, config, getProfile(config.standard));
  const read = readSpec(abs);
  const rel = relPosix(root, abs);
  const doc = new DocumentModel({ filePath: abs, relPath: rel, kind: config.kindFor(relPosix(config.dir, abs)) ?? kindFromPath(rel), text: 'text' in read ? read.text : '' });
  return formats.formatFor(doc, projectOf(root, config, [doc]));
}

/** The format in force for the project at `dir` as a whole, or undefined for the standard's. */
export function formatForProject(dir: string, config: ResolvedConfig): ReturnFormat | undefined {
  const at = path.join(path.resolve(dir), '<reply>');
  const root = new ProjectRoots(dir).rootOf(at);
  const formats = new ProjectFormats(root, config, getProfile(config.standard));
  return formats.projectFormat(projectOf(root, config, []), relPosix(config.dir, at));
}
