import { defineRule, optionsSchema, fillTemplate, type RuleMessage } from '../src/engine/rule.js';
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

const MESSAGES: Record<string, RuleMessage> = {
  absolute: {
    message: 'artifact path {{path}} is absolute',
    help: 'Expected a path relative to the project root (no leading {{lead}}), such as "docs/guide.md": callers resolve it from the root, on any machine.',
  },
  drive: {
    message: 'artifact path {{path}} starts with a drive letter',
    help: 'Expected a path relative to the project root, with forward slashes, such as "docs/guide.md".',
  },
  backslashes: {
    message: 'artifact path {{path}} uses backslashes',
    help: 'Expected forward slashes: {{forward}}.',
  },
  escapes: {
    message: 'artifact path {{path}} leaves the project root through ".."',
    help: 'Expected a path inside the project: callers resolve artifact paths from the project root.',
  },
  twice: {
    message: 'artifact path {{path}} is listed twice in this artifacts array',
    help: 'It is first listed on line {{line}}: list each path once.',
  },
  'symlink-outside': {
    message: 'artifact path {{path}} leads outside the project root through a symlink',
    help: 'Expected a file inside the project.',
  },
  'not-regular': {
    message: 'artifact path {{path}} is not a regular file',
    help: "It is a FIFO, socket or device: expected the artifact's file.",
  },
  missing: {
    message: 'artifact path {{path}} does not exist',
    help: 'Expected an existing file (relative to the project root) or a placeholder such as {task_number}.',
  },
  // In a real reply: the subagent says it wrote the file.
  phantom: {
    message: 'artifact path {{path}} does not exist',
    help: 'Expected the file the subagent says it wrote (a listed file that does not exist is a phantom artifact); paths are relative to the project root.',
  },
  directory: {
    message: 'artifact path {{path}} is a directory',
    help: "Expected the artifact's file.",
  },
  empty: {
    message: 'artifact path {{path}} is an empty file',
    help: "Expected the artifact's content: an empty artifact is a phantom result.",
  },
};

/** The path quoted in a message, cut so that the message fits one row. */
function shownPath(value: string, messageId: string, data: Record<string, string | number>): string {
  const rest = fillTemplate(MESSAGES[messageId]!.message, { ...data, path: '' }).length;
  // Escapes (a backslash is written twice) take room too: quoted counts them.
  return quoted(value, Math.max(12, MAX_MESSAGE - rest));
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
    severity: 'error',
    requiresStandard: true,
    messages: MESSAGES,
    schema: optionsSchema({
      checkExists: { type: 'boolean', description: 'Also require each concrete path to exist relative to the project root and not be empty (default false).' },
    }),
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
        const say = (messageId: string, data: Record<string, string | number> = {}) => report({ messageId, data: { ...data, path: shownPath(value, messageId, data) }, range: p.range });
        if (value.startsWith('/') || value.startsWith('~')) {
          say('absolute', { lead: value[0] === '~' ? '~' : '/' });
          continue;
        }
        if (/^[A-Za-z]:/.test(value)) {
          say('drive');
          continue;
        }
        if (value.includes('\\')) {
          say('backslashes', { forward: JSON.stringify(value.replace(/\\/g, '/')) });
          continue;
        }
        const norm = normalise(value);
        if (norm.escapes) {
          say('escapes');
          continue;
        }
        // A real reply (`doc.literal`) holds no placeholders: `RUNNING.md` is a file name.
        const placeholder = !doc.literal && hasPathPlaceholder(p);
        if (!placeholder) {
          const key = norm.segments.join('/');
          const first = seen.get(key);
          if (first) {
            const line = doc.lines.position(first.range.start).line;
            say('twice', { line });
            continue;
          }
          seen.set(key, p);
          if (options.checkExists) {
            const abs = path.join(project.root, ...norm.segments);
            // The real place counts: a symlink out of the project is reported as such, and
            // nothing is said about the file outside (whether it exists, its size).
            const st = pathInfo(abs, project.root);
            if (st?.kind === 'outside') {
              say('symlink-outside');
            } else if (st?.kind === 'other') {
              say('not-regular');
            } else if (!st) {
              say(doc.literal ? 'phantom' : 'missing');
            } else if (st.kind === 'directory') {
              say('directory');
            } else if (st.empty) {
              say('empty');
            }
          }
        }
      }
    }
  },
});
