import { defineRule } from '../src/engine/rule.js';
import type { JsonString } from '../src/model/json/ast.js';
import { findProperty } from '../src/model/json/parse.js';
import { isEllipsisText, returnsOf } from '../src/standard/objects.js';
import { path, pathInfo } from '../src/platform/host.js';
import { MAX_MESSAGE, quoted } from '../src/util/clip.js';

interface Options {
  checkExists?: boolean;
}

/**
 * A path that stands for many: `{x}`, `${x}`, `<x>`, `[x]` (the parser's `templated`), or a
 * run of template letters such as `NNN`, `XXX`, `YYYYMMDD`, or `...` and `*`.
 */
function hasPathPlaceholder(node: JsonString): boolean {
  return node.templated || /N{2,}|X{3,}|YYYY|\.\.\.|…|\*/.test(node.value);
}

/** The path quoted in a message, cut so that `artifact path "..." <what>` fits one row. */
function shownPath(value: string, what: string): string {
  // Escapes (a backslash is written twice) take room too: quoted counts them.
  return quoted(value, Math.max(12, MAX_MESSAGE - 'artifact path '.length - what.length - 1));
}

/** The segments after resolving `.` and `..`; `escapes` is true when `..` climbs above the start. */
function normalise(p: string): { segments: string[]; escapes: boolean } {
  const out: string[] = [];
  let escapes = false;
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) escapes = true;
      else out.pop();
    } else out.push(seg);
  }
  return { segments: out, escapes };
}

export default defineRule<Options>({
  meta: {
    id: 'return-artifact-paths',
    description: 'Artifact paths are relative to the project root, use forward slashes, stay inside the project and are not listed twice.',
    details:
      'The standard says artifact paths are "relative from project root", use forward slashes and never start with /, and that one artifacts array has no duplicate paths. Callers link and validate the files by these paths; an absolute path, a backslash or a ../ that leaves the project points at the wrong file (or none) on another machine. With checkExists the files must also exist in the project and not be empty (paths with placeholders are skipped); this is how a caller catches "phantom" artifacts in a real return (agent-lint check-return --check-artifacts).',
    severity: 'error',
    requiresStandard: true,
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        checkExists: { type: 'boolean', description: 'Also require each concrete path to exist relative to the project root and not be empty (default false).' },
      },
    },
    defaultOptions: { checkExists: false },
  },
  check({ doc, project, profile, options, report }) {
    for (const { node } of returnsOf(doc, profile)) {
      const arts = findProperty(node, 'artifacts')?.value;
      if (arts?.type !== 'array') continue;
      const seen = new Map<string, JsonString>();
      for (const item of arts.items) {
        if (item.type !== 'object') continue;
        const p = findProperty(item, 'path')?.value;
        if (p?.type !== 'string' || p.alternatives) continue;
        const value = p.value;
        if (value.trim() === '' || isEllipsisText(value)) continue;
        const say = (what: string) => `artifact path ${shownPath(value, what)} ${what}`;
        if (value.startsWith('/') || value.startsWith('~')) {
          report({
            message: say('is absolute'),
            help: `Expected a path relative to the project root (no leading ${value[0] === '~' ? '~' : '/'}), such as "docs/guide.md": callers resolve it from the root, on any machine.`,
            range: p.range,
          });
          continue;
        }
        if (/^[A-Za-z]:/.test(value)) {
          report({ message: say('starts with a drive letter'), help: 'Expected a path relative to the project root, with forward slashes, such as "docs/guide.md".', range: p.range });
          continue;
        }
        if (value.includes('\\')) {
          report({ message: say('uses backslashes'), help: `Expected forward slashes: ${JSON.stringify(value.replace(/\\/g, '/'))}.`, range: p.range });
          continue;
        }
        const norm = normalise(value);
        if (norm.escapes) {
          report({ message: say('leaves the project root through ".."'), help: 'Expected a path inside the project: callers resolve artifact paths from the project root.', range: p.range });
          continue;
        }
        // A real reply (`doc.literal`) holds no placeholders: `RUNNING.md` is a file name.
        const placeholder = !doc.literal && hasPathPlaceholder(p);
        if (!placeholder) {
          const key = norm.segments.join('/');
          const first = seen.get(key);
          if (first) {
            const line = doc.lines.position(first.range.start).line;
            report({ message: say('is listed twice in this artifacts array'), help: `It is first listed on line ${line}: list each path once.`, range: p.range });
            continue;
          }
          seen.set(key, p);
          if (options.checkExists) {
            const abs = path.join(project.root, ...norm.segments);
            // The real place counts: a symlink out of the project is reported as such, and
            // nothing is said about the file outside (whether it exists, its size).
            const st = pathInfo(abs, project.root);
            const expected = doc.literal
              ? 'Expected the file the subagent says it wrote (a listed file that does not exist is a phantom artifact); paths are relative to the project root.'
              : 'Expected an existing file (relative to the project root) or a placeholder such as {task_number}.';
            if (st?.kind === 'outside') {
              report({ message: say('leads outside the project root through a symlink'), help: 'Expected a file inside the project.', range: p.range });
            } else if (st?.kind === 'other') {
              report({ message: say('is not a regular file'), help: "It is a FIFO, socket or device: expected the artifact's file.", range: p.range });
            } else if (!st) {
              report({ message: say('does not exist'), help: expected, range: p.range });
            } else if (st.kind === 'directory') {
              report({ message: say('is a directory'), help: "Expected the artifact's file.", range: p.range });
            } else if (st.empty) {
              report({ message: say('is an empty file'), help: "Expected the artifact's content: an empty artifact is a phantom result.", range: p.range });
            }
          }
        }
      }
    }
  },
});
