/**
 * Unified diffs for --fix-dry-run, made with jsdiff (`diff`): a well-kept implementation of the
 * Myers algorithm and of the unified format, which `patch` and `git apply` read.
 */
import { createTwoFilesPatch } from 'diff';

export function unifiedDiff(file: string, before: string, after: string): string {
  const name = file.split('\\').join('/');
  return createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after, '', '', { context: 3 }).replace(/^=+\n/, '');
}
