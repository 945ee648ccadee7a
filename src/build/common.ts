/**
 * What the build steps share: they run from the repository root, bundle with esbuild into one
 * file each, and write the package's version into what they build.
 */
import { build, type BuildOptions } from 'esbuild';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The repository root: every build step runs from it. */
export const root = process.cwd();

/** The version the bundles report: their package's, fixed when they are built (a run need not read package.json for it). */
export const VERSION = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;

/** Bundles what `options` names into the one file `outfile`, without legal comments, saying only warnings. */
export async function bundleInto(outfile: string, options: BuildOptions): Promise<void> {
  await build({ outfile, bundle: true, legalComments: 'none', logLevel: 'warning', ...options });
}

/**
 * Empties `dir`, then bundles into `dir/file`: for the steps that own their output folder (the
 * playground, the action, the VS Code package's stage), so that nothing an earlier build left
 * there (a file since renamed or dropped) is shipped with this one.
 */
export async function bundleIntoFreshDir(dir: string, file: string, options: BuildOptions): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await bundleInto(path.join(dir, file), options);
}
