/**
 * Writing a fixed file: atomically (a temporary file in the same folder, then rename), keeping
 * the BOM and the file mode, and never through a symlink that leads out of the project.
 */
import { chmodSync, lstatSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class FixWriteError extends Error {}

export function writeFixed(file: string, text: string, opts: { hasBom: boolean; projectRoot: string }): void {
  let target = file;
  const lst = lstatSync(file);
  // The file itself, or a folder above it, may be a link (a shared agents folder linked in):
  // its real place must be inside the project.
  const real = realpathSync(file);
  const rel = path.relative(realpathSync(opts.projectRoot), real);
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) {
    throw new FixWriteError(`not fixing ${file}: it is ${lst.isSymbolicLink() ? 'a symlink' : 'in a linked folder'} to ${real}, outside the project`);
  }
  if (lst.isSymbolicLink()) target = real;
  const mode = statSync(target).mode & 0o7777;
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.agent-lint-${process.pid}-${Date.now()}.tmp`);
  try {
    writeFileSync(tmp, (opts.hasBom ? '\uFEFF' : '') + text, { mode });
    chmodSync(tmp, mode);
    renameSync(tmp, target);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* already gone */
    }
    throw e;
  }
}
