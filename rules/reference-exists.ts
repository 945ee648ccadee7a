import { defineRule } from '../src/engine/rule.js';
import { agentSystemOf } from '../src/model/agent-system.js';
import { fileReferences } from '../src/model/file-references.js';
import { clip } from '../src/util/clip.js';
import { closest } from '../src/util/suggest.js';

/** At most this many references are looked up per file (each is a stat). */
const MAX_REFERENCES = 500;

export default defineRule({
  meta: {
    id: 'reference-exists',
    description: 'Every @path reference and context path names a file the project has.',
    severity: 'error',
    standard: false,
    messages: {
      missing: {
        message: '"{{path}}" is not a file of the project',
        help: 'Expected a file at {{shown}}{{suggestion}} A reference to a missing file loads nothing: the agent runs without that context.',
      },
    },
  },
  check({ doc, project, report }) {
    const files = project.files;
    if (!files || !doc.text.includes('.md')) return;
    // A spec outside a .claude/ or .opencode/ tree may be a template for other projects, whose
    // references name files of the project it is installed in.
    if (agentSystemOf(doc.relPath) === '') return;
    const refs = fileReferences(doc.text);
    const isDir = (rel: string) => files.stat(files.resolve(project.root, rel)) === 'dir';
    /**
     * A missing file is a broken reference when the folder it names is there, or, inside an
     * agent tree, when the tree's top-level folder it names is there (a missing top-level folder,
     * `.claude/get-shit-done/`, is a part installed apart). Outside the trees a missing folder
     * may be made at run time (a task's specs/ folder, a notes vault).
     */
    const broken = (rel: string): boolean => {
      const parent = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '.';
      if (isDir(parent)) return true;
      const tree = agentSystemOf(rel);
      if (tree === '') return false;
      const top = rel.slice(tree.length).split('/')[0]!;
      return rel.slice(tree.length).includes('/') && isDir(tree + top);
    };
    const specDir = files.dirname(doc.filePath);
    const inside = (abs: string) => {
      const rel = files.relative(project.root, abs);
      return rel !== '..' && !rel.startsWith('../');
    };
    for (const ref of refs.slice(0, MAX_REFERENCES)) {
      if (ref.path.startsWith('/') || ref.path.startsWith('~')) continue;
      const candidates = [files.resolve(project.root, ref.path), files.resolve(specDir, ref.path)].filter(inside);
      if (candidates.length === 0 || candidates.some((c) => files.stat(c) === 'file')) continue;
      const shown = files.relative(project.root, candidates[0]!);
      if (!broken(shown)) continue;
      let suggestion: string | undefined;
      for (const c of candidates) {
        const dir = files.dirname(c);
        if (files.stat(dir) !== 'dir') continue;
        const names = files.markdownIn(dir).map((f) => f.slice(dir.length + 1));
        const near = closest(c.slice(dir.length + 1), names);
        if (near) {
          suggestion = files.relative(project.root, files.resolve(dir, near));
          break;
        }
      }
      report({ messageId: 'missing', data: { path: clip(ref.path, 60), shown, suggestion: suggestion ? `; did you mean ${suggestion}?` : '.' }, range: ref.range });
    }
  },
});
