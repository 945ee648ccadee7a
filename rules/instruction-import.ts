import { defineRule } from '../src/engine/rule.js';
import type { DocumentModel } from '../src/model/document.js';
import { instructionImports, MAX_IMPORT_HOPS, pointerOf, POINTER_KINDS, type ImportDialect, type InstructionImport } from '../src/model/instruction-imports.js';
import { followPointer, readPlace, resolveImport, walkChains, type Resolution, type Scope } from '../src/rules-support/instructions/imports.js';
import { clip } from '../src/util/clip.js';

const TOOL: Readonly<Record<ImportDialect, string>> = { claude: 'Claude Code', gemini: 'Gemini CLI' };
const DOCS: Readonly<Record<ImportDialect, string>> = {
  claude: 'code.claude.com/docs/en/memory#import-additional-files',
  gemini: 'geminicli.com/docs/reference/memport',
};

function dialectOf(doc: DocumentModel): ImportDialect | null {
  return doc.kind === 'claude-memory' ? 'claude' : doc.kind === 'gemini-md' ? 'gemini' : null;
}

/** The tool that reads a pointer file of the kind, for the message. */
function readerOf(doc: DocumentModel): string {
  const d = dialectOf(doc);
  if (d) return TOOL[d];
  return doc.kind === 'copilot-instructions' ? 'Copilot' : 'each tool that reads AGENTS.md';
}

const at = (imp: InstructionImport) => `"@${clip(imp.written, 30)}"`;

/** What a tool does with an import it cannot load. */
const SKIPS: Readonly<Record<ImportDialect, string>> = {
  claude: 'leaves it out without a word',
  gemini: 'puts an "Import failed" comment in its place',
};

/** Why an import that resolves to no file imports nothing, as a message and a help. */
function brokenImport(r: Extract<Resolution, { is: 'missing' | 'folder' }>, dialect: ImportDialect): { why: string; help: string } {
  const tool = TOOL[dialect];
  if (r.is === 'folder') return { why: `${clip(r.rel, 30)} is a folder`, help: `${tool} imports files, not folders: name a file in it (${DOCS[dialect]}).` };
  if (r.near) {
    const fragment = r.near.cut.startsWith('#');
    return {
      why: fragment ? `${tool} reads the fragment as part of the path` : `${tool} reads the trailing "${clip(r.near.cut, 12)}" as part of the path`,
      help: fragment
        ? `${tool} keeps a #fragment in the path, so it looks for ${r.rel}, which is not there, and ${SKIPS[dialect]}: drop the fragment (${DOCS[dialect]}).`
        : `An import runs to the next blank, so ${tool} looks for ${r.rel}, which is not there, and ${SKIPS[dialect]}: end the path with a blank (${DOCS[dialect]}).`,
    };
  }
  if (r.fromRoot) {
    return {
      why: `the path is read from ${clip(r.fromRoot.base, 24)}/, not from the project root`,
      help: `${tool} resolves an import against the folder of the file that holds it, so it looks for ${r.rel}, which is not there, and ${SKIPS[dialect]}: write @${r.fromRoot.write}${r.fromRoot.trailing ? ' followed by a blank' : ''} (${DOCS[dialect]}).`,
    };
  }
  return {
    why: `${clip(r.rel, 30)} is not there`,
    help: `${tool} resolves an import against the folder of the file that holds it, and ${SKIPS[dialect]} when nothing is there${r.suggestion ? `: did you mean ${r.suggestion}?` : '.'} (${DOCS[dialect]})`,
  };
}

export default defineRule({
  meta: {
    id: 'instruction-import',
    description: "Every `@path` import of a CLAUDE.md or GEMINI.md resolves to a file of the project, within the tool's import depth and without a cycle; every pointer file leads to one.",
    severity: 'error',
    standard: false,
    kinds: [...POINTER_KINDS],
  },
  check({ doc, project, report }) {
    const files = project.files;
    if (!files) return;
    const dialect = dialectOf(doc);
    const scope: Scope = { files, root: project.root, dialect: dialect ?? 'claude' };
    let text = doc.text;
    // A linked file's imports are resolved from its target's folder.
    const place = readPlace(scope, doc.filePath);
    let root = place ?? doc.filePath;
    let dir = files.dirname(root);
    // Through a pointer, the imports are the target's, reported at the pointer.
    let via: { range: { start: number; end: number }; target: string } | undefined;
    const pointer = pointerOf(text);
    if (pointer && (pointer.form === 'path' || !dialect)) {
      const end = followPointer(scope, doc.filePath, pointer.target);
      const reader = readerOf(doc);
      if (end.is === 'outside') {
        report({
          message: `this file points to ${clip(pointer.target, 50)}, outside the project`,
          help: `Its whole text is a path, as a symlink's is: a link out of the repository leads nowhere in another clone, and ${reader} reads nothing. Point it at a file of the project.`,
          range: pointer.range,
        });
        return;
      }
      if (end.is !== 'file') {
        const suggestion = end.is === 'missing' && end.suggestion ? `; did you mean ${end.suggestion}?` : '.';
        report({
          message: `this file points to ${clip(pointer.target, 50)}, ${end.is === 'folder' ? 'a folder' : 'which is not there'}`,
          help: `Its whole text is a path, as a symlink's is: ${reader} reads the file at ${end.rel} through it, so it must be a file of the project${suggestion}`,
          range: pointer.range,
        });
        return;
      }
      if (!dialect || pointer.form !== 'path') return;
      text = end.text;
      root = end.file;
      dir = files.dirname(end.file);
      via = { range: pointer.range, target: files.relative(project.root, end.file) };
    }
    if (!dialect || (place === null && !via)) return;
    const tool = TOOL[dialect];
    for (const imp of instructionImports(text, dialect)) {
      const range = via ? via.range : imp.range;
      const where = via ? `${at(imp)} in ${clip(via.target, 30)}` : at(imp);
      const r = resolveImport(scope, dir, imp);
      if (r.is === 'elsewhere') continue;
      if (r.is !== 'file') {
        if (r.is === 'missing' && !r.meant && !r.near) continue;
        const b = brokenImport(r, dialect);
        report({ message: `${where} imports nothing: ${b.why}`, help: b.help, range });
        continue;
      }
      const chains = walkChains(scope, root, r.file);
      const shown = (f: string) => files.relative(project.root, f);
      if (chains.cycle) {
        const cycle = chains.cycle.map(shown);
        report({
          message: `${where} starts a cycle of imports back to ${clip(cycle[0]!, 30)}`,
          help: `The imports go ${cycle.join(' → ')}. ${tool} loads each file once, so the import that closes the cycle loads nothing: remove it (${DOCS[dialect]}).`,
          range,
        });
      }
      if (chains.tooDeep) {
        const chain = chains.tooDeep.map(shown);
        const max = MAX_IMPORT_HOPS[dialect];
        report({
          message: `${where} starts a chain of ${chain.length} imports, past the ${max} ${tool} follows`,
          help: `The chain: ${[shown(root), ...chain].join(' → ')}. ${tool} loads imports to a depth of ${max === 4 ? 'four' : 'five'} hops (${DOCS[dialect]}), so ${chain[chain.length - 1]} is not loaded: import it from a file nearer the top.`,
          range,
        });
      }
      for (const nb of chains.broken) {
        const b = brokenImport(nb.resolution, dialect);
        report({
          message: `${where} leads to ${clip(shown(nb.file), 30)}, whose ${at(nb.imp)} imports nothing`,
          help: `${tool} loads ${shown(nb.file)} through this import, and there ${b.why}. ${b.help}`,
          range,
        });
      }
    }
  },
});
