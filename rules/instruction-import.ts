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

const RESOLVES = '{{tool}} resolves an import against the folder of the file that holds it';
const NOT_THERE = 'looks for {{rel}}, which is not there, and {{skips}}';

/**
 * Why an import that resolves to no file imports nothing, by case: the end of the message (also
 * said of an import further down the chain), and the help.
 */
const BROKEN = {
  folder: { why: '{{relShort}} is a folder', help: '{{tool}} imports files, not folders: name a file in it ({{docs}}).' },
  fragment: { why: '{{tool}} reads the fragment as part of the path', help: `{{tool}} keeps a #fragment in the path, so it ${NOT_THERE}: drop the fragment ({{docs}}).` },
  trailing: { why: '{{tool}} reads the trailing "{{cut}}" as part of the path', help: `An import runs to the next blank, so {{tool}} ${NOT_THERE}: end the path with a blank ({{docs}}).` },
  'from-root': { why: 'the path is read from {{base}}/, not from the project root', help: `${RESOLVES}, so it ${NOT_THERE}: write @{{write}} ({{docs}}).` },
  'from-root-blank': { why: 'the path is read from {{base}}/, not from the project root', help: `${RESOLVES}, so it ${NOT_THERE}: write @{{write}} followed by a blank ({{docs}}).` },
  missing: { why: '{{relShort}} is not there', help: `${RESOLVES}, and {{skips}} when nothing is there. ({{docs}})` },
  misspelled: { why: '{{relShort}} is not there', help: `${RESOLVES}, and {{skips}} when nothing is there: did you mean {{suggestion}}? ({{docs}})` },
} satisfies Record<string, { why: string; help: string }>;
type Broken = keyof typeof BROKEN;

/** An import's broken case as reported at the import itself (`import-<case>`) and at an import whose chain leads to it (`chain-<case>`). */
const BROKEN_MESSAGES = Object.fromEntries(
  Object.entries(BROKEN).flatMap(([id, b]) => [
    [`import-${id}`, { message: `{{where}} imports nothing: ${b.why}`, help: b.help }],
    [`chain-${id}`, { message: '{{where}} leads to {{file}}, whose {{import}} imports nothing', help: `{{tool}} loads {{path}} through this import, and there ${b.why}. ${b.help}` }],
  ]),
);

/** Which case an import that resolves to no file is, and the data of its texts. */
function brokenImport(r: Extract<Resolution, { is: 'missing' | 'folder' }>, dialect: ImportDialect): { broken: Broken; data: Record<string, string> } {
  const texts = { tool: TOOL[dialect], docs: DOCS[dialect], skips: SKIPS[dialect], rel: r.rel, relShort: clip(r.rel, 30) };
  if (r.is === 'folder') return { broken: 'folder', data: texts };
  if (r.near) return r.near.cut.startsWith('#') ? { broken: 'fragment', data: texts } : { broken: 'trailing', data: { ...texts, cut: clip(r.near.cut, 12) } };
  if (r.fromRoot) return { broken: r.fromRoot.trailing ? 'from-root-blank' : 'from-root', data: { ...texts, base: clip(r.fromRoot.base, 24), write: r.fromRoot.write } };
  return r.suggestion ? { broken: 'misspelled', data: { ...texts, suggestion: r.suggestion } } : { broken: 'missing', data: texts };
}

const POINTS = "Its whole text is a path, as a symlink's is: {{reader}} reads the file at {{rel}} through it, so it must be a file of the project";

export default defineRule({
  meta: {
    id: 'instruction-import',
    description: "Every `@path` import of a CLAUDE.md or GEMINI.md resolves to a file of the project, within the tool's import depth and without a cycle; every pointer file leads to one.",
    severity: 'error',
    standard: false,
    kinds: [...POINTER_KINDS],
    messages: {
      'pointer-outside': {
        message: 'this file points to {{target}}, outside the project',
        help: "Its whole text is a path, as a symlink's is: a link out of the repository leads nowhere in another clone, and {{reader}} reads nothing. Point it at a file of the project.",
      },
      'pointer-folder': { message: 'this file points to {{target}}, a folder', help: `${POINTS}.` },
      'pointer-missing': { message: 'this file points to {{target}}, which is not there', help: `${POINTS}.` },
      'pointer-misspelled': { message: 'this file points to {{target}}, which is not there', help: `${POINTS}; did you mean {{suggestion}}?` },
      ...BROKEN_MESSAGES,
      cycle: {
        message: '{{where}} starts a cycle of imports back to {{first}}',
        help: 'The imports go {{cycle}}. {{tool}} loads each file once, so the import that closes the cycle loads nothing: remove it ({{docs}}).',
      },
      'too-deep': {
        message: '{{where}} starts a chain of {{count}} imports, past the {{max}} {{tool}} follows',
        help: 'The chain: {{chain}}. {{tool}} loads imports to a depth of {{maxWord}} hops ({{docs}}), so {{last}} is not loaded: import it from a file nearer the top.',
      },
    },
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
      const target = clip(pointer.target, 50);
      if (end.is === 'outside') {
        report({ messageId: 'pointer-outside', data: { target, reader }, range: pointer.range });
        return;
      }
      if (end.is !== 'file') {
        const data = { target, reader, rel: end.rel };
        if (end.is === 'folder') report({ messageId: 'pointer-folder', data, range: pointer.range });
        else if (end.suggestion) report({ messageId: 'pointer-misspelled', data: { ...data, suggestion: end.suggestion }, range: pointer.range });
        else report({ messageId: 'pointer-missing', data, range: pointer.range });
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
    const docs = DOCS[dialect];
    for (const imp of instructionImports(text, dialect)) {
      const range = via ? via.range : imp.range;
      const where = via ? `${at(imp)} in ${clip(via.target, 30)}` : at(imp);
      const r = resolveImport(scope, dir, imp);
      if (r.is === 'elsewhere') continue;
      if (r.is !== 'file') {
        if (r.is === 'missing' && !r.meant && !r.near) continue;
        const b = brokenImport(r, dialect);
        report({ messageId: `import-${b.broken}`, data: { ...b.data, where }, range });
        continue;
      }
      const chains = walkChains(scope, root, r.file);
      const shown = (f: string) => files.relative(project.root, f);
      if (chains.cycle) {
        const cycle = chains.cycle.map(shown);
        report({ messageId: 'cycle', data: { where, first: clip(cycle[0]!, 30), cycle: cycle.join(' → '), tool, docs }, range });
      }
      if (chains.tooDeep) {
        const chain = chains.tooDeep.map(shown);
        const max = MAX_IMPORT_HOPS[dialect];
        const data = { where, count: chain.length, max, tool, chain: [shown(root), ...chain].join(' → '), maxWord: max === 4 ? 'four' : 'five', docs, last: chain[chain.length - 1]! };
        report({ messageId: 'too-deep', data, range });
      }
      for (const nb of chains.broken) {
        const b = brokenImport(nb.resolution, dialect);
        report({ messageId: `chain-${b.broken}`, data: { ...b.data, where, file: clip(shown(nb.file), 30), import: at(nb.imp), path: shown(nb.file) }, range });
      }
    }
  },
});
