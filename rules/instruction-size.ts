import { parse as parseToml } from 'smol-toml';
import type { ProjectFiles } from '../src/model/project.js';
import { defineRule } from '../src/engine/rule.js';
import { sameHelp, sameMessage } from '../src/rules-support/messages.js';
import type { DocumentModel } from '../src/model/document.js';
import { pointerOf, POINTER_KINDS } from '../src/model/instruction-imports.js';
import { kindByPlace, type FileKind } from '../src/model/kinds.js';
import { followPointer } from '../src/rules-support/instructions/imports.js';
import { BUDGETS, CODEX_DEFAULT_BYTES, offsetAfter, sizeIn, utf8Bytes, type Budget } from '../src/rules-support/instructions/size.js';
import { clip } from '../src/util/clip.js';
import type { Range, ReportDescriptor } from '../src/types.js';

/** A number with thousands separators (`32,768`). */
const n = (x: number) => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const UNITS: Record<Budget['unit'], string> = { line: 'lines', byte: 'bytes', character: 'characters' };

/** What a budget's docs say, and what to do instead (src/rules-support/instructions/size.ts). */
const DOCS_SAY = "{{tool}}'s docs ({{docs}}): {{says}}.";
/** Codex's, with the value `.codex/config.toml` sets it to when it does. */
const CODEX_SAYS = "Codex's docs ({{docs}}): {{says}}.";
const CODEX_SET = "Codex's docs ({{docs}}): {{says}}, and .codex/config.toml sets it to {{cap}}.";

/** The line that holds `offset`, as a range (where a budget ends). */
function lineAt(doc: DocumentModel, offset: number): Range {
  const l = doc.lines.lineOf(Math.min(offset, Math.max(0, doc.text.length - 1)));
  const start = Math.max(offset, doc.lines.starts[l]!);
  return { start, end: Math.max(start, doc.lines.lineEnd(l)) };
}

/**
 * What Codex reads of a file above: the file a pointer leads to (a symlink checked out as text),
 * and its size in bytes as far as `cap` needs (up to `cap + 1`); 0 for a blank one, which Codex
 * skips.
 */
function codexRead(files: ProjectFiles, root: string, file: string, cap: number): { file: string; bytes: number } {
  let text = files.head(file, cap + 1) ?? '';
  let read = file;
  const p = pointerOf(text);
  if (p?.form === 'path') {
    const end = followPointer({ files, root, dialect: 'claude' }, file, p.target, cap + 1);
    if (end.is === 'file') ({ file: read, text } = end);
  }
  return { file: read, bytes: text.trim() === '' ? 0 : Math.min(utf8Bytes(text), cap + 1) };
}

/**
 * The AGENTS.md files Codex joins before this one: in each folder from the project root down to
 * the file's own, AGENTS.override.md if there is one, else AGENTS.md.
 */
function codexFilesAbove(files: ProjectFiles, root: string, file: string): string[] {
  const rel = files.relative(root, files.dirname(file));
  if (rel === '..' || rel.startsWith('../')) return [];
  const segs = rel === '.' ? [] : rel.split('/');
  const out: string[] = [];
  for (let i = 0; i < segs.length; i++) {
    const dir = i === 0 ? root : files.resolve(root, segs.slice(0, i).join('/'));
    for (const name of ['AGENTS.override.md', 'AGENTS.md']) {
      const f = files.resolve(dir, name);
      if (files.stat(f) === 'file') {
        out.push(f);
        break;
      }
    }
  }
  return out;
}

/** `project_doc_max_bytes` as the project's `.codex/config.toml` sets it, if it does. */
function configuredCodexBytes(files: ProjectFiles, root: string): number | undefined {
  const text = files.head(files.resolve(root, '.codex/config.toml'), 64 * 1024);
  if (!text) return undefined;
  try {
    const v = (parseToml(text) as Record<string, unknown>)['project_doc_max_bytes'];
    return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;
  } catch {
    return undefined;
  }
}

export default defineRule({
  meta: {
    id: 'instruction-size',
    description: 'No instruction file is longer than its tool reads, or than its docs advise: Claude Code memory, AGENTS.md for Codex, Copilot instructions, Cursor and Windsurf rules.',
    severity: 'warn',
    standard: false,
    kinds: Object.keys(BUDGETS) as FileKind[],
    messages: {
      ...sameHelp(`${DOCS_SAY} What follows here is not read. Instead, {{instead}}.`, {
        skip: '{{what}} is {{size}} {{units}}: {{tool}} skips a file over {{mib}} MiB',
        cut: '{{what}} is {{size}} {{units}}, past the {{max}} {{tool}} reads',
      }),
      // A pointer is as long as the file it points to.
      ...sameHelp(`${DOCS_SAY} Instead, {{instead}}.`, {
        advice: "{{what}} is {{size}} {{units}}: {{tool}}'s docs advise {{advise}}",
        'pointer-skip': '{{target}}, where this file points, is {{size}} {{units}}: {{tool}} skips a file over {{mib}} MiB',
        'pointer-cut': '{{target}}, where this file points, is {{size}} {{units}}, past the {{max}} {{tool}} reads',
        'pointer-advice': "{{target}}, where this file points, is {{size}} {{units}}: {{tool}}'s docs advise {{advise}}",
      }),
      // Codex's budget is shared by the AGENTS.md files from the project root down.
      ...sameMessage("the AGENTS.md files above this one fill Codex's {{limit}}: it reads none of this one", {
        'codex-full': `${CODEX_SAYS} First come {{first}}. Instead, {{instead}}.`,
        'codex-full-set': `${CODEX_SET} First come {{first}}. Instead, {{instead}}.`,
      }),
      ...sameMessage("with the AGENTS.md files above it, Codex's {{limit}} ends here", {
        'codex-shared': `${CODEX_SAYS} First come {{first}}. What follows is not read. Instead, {{instead}}.`,
        'codex-shared-set': `${CODEX_SET} First come {{first}}. What follows is not read. Instead, {{instead}}.`,
      }),
      ...sameMessage("this file is {{size}} bytes: Codex's {{limit}} ends here", {
        'codex-own': `${CODEX_SAYS} What follows is not read. Instead, {{instead}}.`,
        'codex-own-set': `${CODEX_SET} What follows is not read. Instead, {{instead}}.`,
      }),
    },
  },
  check({ doc, project, report }) {
    const budgets = BUDGETS[doc.kind];
    if (!budgets) return;
    const files = project.files;
    let text = doc.text;
    let via: { range: Range; target: string } | undefined;
    // A pointer's size is its target's, when the target is not linted as this kind itself.
    if (files && POINTER_KINDS.has(doc.kind)) {
      const p = pointerOf(text);
      if (p?.form === 'path') {
        const end = followPointer({ files, root: project.root, dialect: 'claude' }, doc.filePath, p.target, 4 * 1024 * 1024 + 1);
        if (end.is !== 'file') return;
        const target = files.relative(project.root, end.file);
        const placed = kindByPlace(target.split('/'));
        if (placed === null || placed === doc.kind) return;
        text = end.text;
        via = { range: p.range, target };
      }
    }
    for (const b of budgets) {
      if (b.tool === 'Codex' && !via && files) {
        // A lowered budget counts as much as a raised one: the project's config is read once.
        const cap = project.fact('codexProjectDocMaxBytes', () => configuredCodexBytes(files, project.root) ?? CODEX_DEFAULT_BYTES);
        checkCodex(doc, files, project.root, cap, b, report);
        continue;
      }
      const size = sizeIn(b.unit, text);
      if (size <= b.max) continue;
      const range = via ? via.range : b.effect === 'skip' ? lineAt(doc, 0) : lineAt(doc, offsetAfter(b.unit, text, b.max));
      const data = {
        ...(via ? { target: clip(via.target, 40) } : { what: b.what }),
        size: n(size),
        units: UNITS[b.unit],
        tool: b.tool,
        ...(b.effect === 'skip' ? { mib: n(b.max / 1024 / 1024) } : b.effect === 'cut' ? { max: n(b.max) } : { advise: b.advise ?? '' }),
        docs: b.docs,
        says: b.says,
        instead: b.instead,
      };
      report({ messageId: via ? `pointer-${b.effect}` : b.effect, data, range });
      if (b.effect === 'skip') return;
    }
  },
});

/** Codex's budget, shared by the AGENTS.md files from the project root down to this one's folder. */
function checkCodex(doc: DocumentModel, files: ProjectFiles, root: string, cap: number, b: Budget, report: (d: ReportDescriptor) => void): void {
  if (doc.text.trim() === '') return;
  const dir = files.dirname(doc.filePath);
  // A folder's AGENTS.override.md is the one Codex reads there.
  if (/(^|[\\/])AGENTS\.md$/.test(doc.filePath) && files.stat(files.resolve(dir, 'AGENTS.override.md')) === 'file') return;
  const own = utf8Bytes(doc.text) + (doc.hasBom ? 3 : 0);
  // A file above that is a link to this one repeats it: nothing of it is lost.
  const reads = codexFilesAbove(files, root, doc.filePath)
    .map((f) => ({ from: f, ...codexRead(files, root, f, cap) }))
    .filter((r) => r.file !== doc.filePath && r.bytes > 0);
  const before = Math.min(cap, reads.reduce((sum, r) => sum + r.bytes, 0));
  if (before + own <= cap) return;
  const rel = (f: string) => files.relative(root, f);
  const first = reads.map((r) => `${rel(r.from)}${r.file === r.from ? '' : ` → ${rel(r.file)}`} (${r.bytes > cap ? `over ${n(cap)}` : n(r.bytes)} bytes)`).join(', ');
  const set = cap === CODEX_DEFAULT_BYTES ? '' : '-set';
  const data = { limit: cap === CODEX_DEFAULT_BYTES ? '32 KiB' : `${n(cap)} bytes`, cap: n(cap), docs: b.docs, says: b.says, instead: b.instead, first, size: n(own) };
  if (before >= cap) {
    report({ messageId: `codex-full${set}`, data, range: lineAt(doc, 0) });
    return;
  }
  const range = lineAt(doc, offsetAfter('byte', doc.text, Math.max(0, cap - before - (doc.hasBom ? 3 : 0))));
  report({ messageId: `${before > 0 ? 'codex-shared' : 'codex-own'}${set}`, data, range });
}
