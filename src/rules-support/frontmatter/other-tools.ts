/**
 * The frontmatter of the other tools' markdown files (Copilot, Cursor, Windsurf, Kiro, Claude Code
 * rules): deprecated fields with their replacement, the shapes a tool ignores without a word
 * (`applyTo` as a list), and the field combinations under which a file never loads by itself.
 * Types and enum values are values.ts's, misspelled keys unknown-keys.ts's.
 */
import type { DocumentModel } from '../../model/document.js';
import type { FrontmatterField } from '../../model/frontmatter.js';
import type { FieldSpec, FrontmatterKind } from '../../standard/frontmatter-fields.js';
import type { Range, Suggestion } from '../../types.js';
import { KIND_LABEL, orList, readerOf, typeAndValue, type FieldContext, type Finding } from './finding.js';
import { headlessHeader } from './headless.js';
import { checkValue } from './values.js';
import { isMap, isSeq, type YamlNode } from './yaml-nodes.js';

/** The kinds whose tables are the other tools' (unknown keys: `typos`). */
export const OTHER_TOOL_KINDS: ReadonlySet<FrontmatterKind> = new Set([
  'copilot-scoped-instructions',
  'copilot-prompt',
  'copilot-agent',
  'cursor-rule',
  'windsurf-rule',
  'kiro-steering',
  'claude-rule',
]);

/** From the start of `r`'s line through its line break (for removing or replacing a field line). */
function wholeLines(text: string, r: Range): [number, number] {
  const start = text.lastIndexOf('\n', r.start - 1) + 1;
  const nl = text.indexOf('\n', r.end);
  return [start, nl === -1 ? text.length : nl + 1];
}

/** One field of another tool's file: a deprecated field, `applyTo` as a list, `handoffs`, else its type. */
export function checkOtherToolField(spec: FieldSpec, c: FieldContext): Finding[] {
  if (spec.deprecated && spec.replacedBy) return [deprecatedField(spec, c)];
  if (spec.name === 'applyTo' && Array.isArray(c.field.value)) return [applyToList(c)];
  if (spec.name === 'handoffs' && isSeq(c.field.node)) return checkHandoffs(c);
  return checkValue(spec, c);
}

/**
 * A deprecated field: renamed (`mode` to `agent`, `user-invokable` to `user-invocable`: the tool
 * reads the old key as the new one, so the rename is a fix), or split (`infer`: a suggestion).
 */
function deprecatedField(spec: FieldSpec, c: FieldContext): Finding {
  const { field, text } = c;
  const reader = readerOf(c.kind);
  const next = spec.replacedBy!;
  const present = c.present ?? new Set<string>();
  const data = { key: field.key, label: KIND_LABEL[c.kind], replacements: orList(next.map((n) => `\`${n}\``)), reader };
  if (next.length === 1) {
    const to = next[0]!;
    if (present.has(to)) {
      const [start, end] = wholeLines(text, { start: field.keyRange.start, end: field.valueRange.end });
      return {
        messageId: 'deprecated-field-set',
        data: { ...data, to },
        range: field.keyRange,
        warn: true,
        suggest: [{ desc: `Remove \`${field.key}\``, messageId: 'remove', fix: { range: [start, end], text: '' } }],
      };
    }
    return {
      messageId: 'deprecated-field',
      data: { ...data, to },
      range: field.keyRange,
      warn: true,
      fix: { range: [field.keyRange.start, field.keyRange.end], text: to },
    };
  }
  // `infer: false` hid the agent from the picker and from subagent use; `true` was the default.
  const suggest: Suggestion[] = [];
  const [start, end] = wholeLines(text, { start: field.keyRange.start, end: field.valueRange.end });
  if (field.value === true) suggest.push({ desc: `Remove \`${field.key}\` (its value is the default)`, messageId: 'remove', fix: { range: [start, end], text: '' } });
  else if (field.value === false && !next.some((n) => present.has(n))) {
    const eol = text.slice(start, end).endsWith('\r\n') ? '\r\n' : '\n';
    suggest.push({ desc: `Replace with ${next.map((n) => `\`${n}\``).join(' and ')}`, messageId: 'replace', fix: { range: [start, end], text: `user-invocable: false${eol}disable-model-invocation: true${eol}` } });
  }
  return {
    messageId: 'deprecated-infer',
    data,
    range: field.keyRange,
    warn: true,
    suggest: suggest.length ? suggest : undefined,
  };
}

/** `applyTo` as a YAML list: VS Code reads the field only as a string, and matches no file. */
function applyToList(c: FieldContext): Finding {
  const { field, text } = c;
  const items = field.value as unknown[];
  const strings = items.every((i) => typeof i === 'string' && !i.includes('"') && !i.includes('\\'));
  const colon = text.indexOf(':', field.keyRange.end);
  const joined = JSON.stringify((items as string[]).join(','));
  let end = field.valueRange.end;
  while (end > colon && /\s/.test(text[end - 1]!)) end--;
  return {
    messageId: 'apply-to-list',
    // Patterns that a JSON string would escape are shown as an example instead.
    data: { joined: strings ? joined : '"a/**,b/**"' },
    range: field.valueRange,
    warn: true,
    suggest: strings && items.length > 0 && colon !== -1 ? [{ desc: `Write applyTo: ${joined}`, messageId: 'join', fix: { range: [colon + 1, end], text: ` ${joined}` } }] : undefined,
  };
}

/** A handoff is a mapping with at least `label` (the button) and `agent` (where it goes). */
function checkHandoffs(c: FieldContext): Finding[] {
  const out: Finding[] = [];
  const node = c.field.node as YamlNode;
  const items = isSeq(node) ? (node.items as YamlNode[]) : [];
  items.forEach((item, i) => {
    const r = item?.range ? { start: c.base + item.range[0], end: c.base + item.range[1] } : c.field.valueRange;
    if (!isMap(item)) {
      const v = item?.toJSON?.() ?? null;
      out.push({ messageId: 'item-type', data: { index: i + 1, name: 'handoffs', value: typeAndValue(v), expected: 'a mapping with `label`, `agent` and `prompt`' }, range: r, warn: true });
      return;
    }
    const keys = new Set(item.items.map((p) => String((p.key as { value?: unknown } | null)?.value ?? '')));
    const missing = ['label', 'agent'].filter((k) => !keys.has(k));
    if (missing.length)
      out.push({ messageId: 'handoff', data: { index: i + 1, missing: missing.map((m) => `\`${m}\``).join(' or ') }, range: r, warn: true });
  });
  return out;
}

/** A field with a value worth the name (not absent, empty or blank). */
function valueOf(fields: readonly FrontmatterField[], key: string): unknown {
  let v: unknown;
  for (const f of fields) if (f.key === key) v = f.value;
  if (typeof v === 'string' && !v.trim()) return undefined;
  if (Array.isArray(v) && v.length === 0) return undefined;
  return v ?? undefined;
}

/** A folder `a/b/` above the file (on its whole path: a collection's root may be `.github/` itself). */
const inFolder = (doc: DocumentModel, folder: string) => ('/' + doc.filePath.replace(/\\/g, '/')).includes(`/${folder}/`);

/**
 * Field combinations under which the tool never loads the file by itself, for a file where the
 * tool looks for it (`.cursor/rules/`, `.github/instructions/`, ...; a collection elsewhere is
 * copied before use). `fields` is null when the file has no frontmatter; `at` is where to report.
 */
export function activationFindings(kind: FrontmatterKind, doc: DocumentModel, fields: readonly FrontmatterField[] | null, at: Range): Finding[] {
  // A header that lost its opening `---` is frontmatter-valid's (its fields are there, unread).
  if (!fields && headlessHeader(doc, kind)) return [];
  const fs = fields ?? [];
  const has = (k: string) => valueOf(fs, k) !== undefined;
  const found = (messageId: string): Finding[] => [{ messageId, range: at, warn: true }];
  switch (kind) {
    case 'cursor-rule':
      // `alwaysApply: false` alone is how Cursor's editor writes a rule meant to be manual.
      if (!inFolder(doc, '.cursor/rules') || fs.some((f) => f.key === 'alwaysApply') || has('globs') || has('description')) return [];
      return found(fields ? 'cursor-never-applied' : 'cursor-no-frontmatter');
    case 'copilot-scoped-instructions':
      if (!inFolder(doc, '.github/instructions') || has('applyTo') || has('description')) return [];
      return found(fields ? 'copilot-never-applied' : 'copilot-no-frontmatter');
    case 'windsurf-rule': {
      const trigger = valueOf(fs, 'trigger');
      if (trigger === 'glob' && !has('globs')) return found('windsurf-no-globs');
      if (trigger === 'model_decision' && !has('description')) return found('windsurf-no-description');
      return [];
    }
    case 'kiro-steering':
      return valueOf(fs, 'inclusion') === 'fileMatch' && !has('fileMatchPattern') ? found('kiro-no-pattern') : [];
    default:
      return [];
  }
}
