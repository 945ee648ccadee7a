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
import { KIND_LABEL, orList, readerOf, type FieldContext, type Finding } from './finding.js';
import { headlessHeader } from './headless.js';
import { checkValue } from './values.js';
import { isMap, isSeq, show, typeName, type YamlNode } from './yaml-nodes.js';

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
  const message = `\`${field.key}\` is deprecated: ${KIND_LABEL[c.kind]}s use ${orList(next.map((n) => `\`${n}\``))}`;
  if (next.length === 1) {
    const to = next[0]!;
    if (present.has(to)) {
      const [start, end] = wholeLines(text, { start: field.keyRange.start, end: field.valueRange.end });
      return {
        messageId: 'deprecated-field',
        message,
        help: `\`${to}\` is also set and ${reader} reads it instead: remove \`${field.key}\`.`,
        range: field.keyRange,
        warn: true,
        suggest: [{ desc: `Remove \`${field.key}\``, messageId: 'remove', fix: { range: [start, end], text: '' } }],
      };
    }
    return {
      messageId: 'deprecated-field',
      message,
      help: `${reader} still reads \`${field.key}\` as \`${to}\`: rename it (--fix does).`,
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
    messageId: 'deprecated-field',
    message,
    help: `\`${field.key}: false\` hid the agent both from the agents picker and from use as a subagent: \`user-invocable: false\` hides it from the picker, \`disable-model-invocation: true\` from subagent use.`,
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
    message: '`applyTo` is a YAML list, not a string',
    help: `VS Code reads \`applyTo\` only as a string, so it matches these instructions to no file. Write the patterns as one string separated by commas, as the VS Code and GitHub docs do: applyTo: ${strings ? joined : '"a/**,b/**"'}.`,
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
      out.push({ messageId: 'type', message: `item ${i + 1} of \`handoffs\` is ${typeName(v)} (${show(v)}), expected a mapping with \`label\`, \`agent\` and \`prompt\``, range: r, warn: true });
      return;
    }
    const keys = new Set(item.items.map((p) => String((p.key as { value?: unknown } | null)?.value ?? '')));
    const missing = ['label', 'agent'].filter((k) => !keys.has(k));
    if (missing.length)
      out.push({
        messageId: 'handoff',
        message: `handoff ${i + 1} has no ${missing.map((m) => `\`${m}\``).join(' or ')}`,
        help: 'VS Code shows a handoff as a button labelled `label` that switches to the custom agent `agent`: it needs both.',
        range: r,
        warn: true,
      });
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
  switch (kind) {
    case 'cursor-rule':
      // `alwaysApply: false` alone is how Cursor's editor writes a rule meant to be manual.
      if (!inFolder(doc, '.cursor/rules') || fs.some((f) => f.key === 'alwaysApply') || has('globs') || has('description')) return [];
      return [
        {
          messageId: 'never-applied',
          message: `this Cursor rule has no ${fields ? '`alwaysApply`, `globs` or `description`' : 'frontmatter'}: it applies only when @-mentioned`,
          help: 'Cursor applies a rule always (`alwaysApply: true`), to files matching `globs`, or when the agent finds its `description` relevant; a rule with none of them is manual. Set the one that fits, or `alwaysApply: false` to say it is meant to be manual.',
          range: at,
          warn: true,
        },
      ];
    case 'copilot-scoped-instructions':
      if (!inFolder(doc, '.github/instructions') || has('applyTo') || has('description')) return [];
      return [
        {
          messageId: 'never-applied',
          message: `this instructions file has no ${fields ? '`applyTo` or `description`' : 'frontmatter'}: Copilot applies it to no file by itself`,
          help: 'VS Code adds an instructions file when a file in context matches `applyTo` or the task matches its `description`; GitHub Copilot reads path-specific instructions by `applyTo` only. Without either, the file is used only when attached by hand.',
          range: at,
          warn: true,
        },
      ];
    case 'windsurf-rule': {
      const trigger = valueOf(fs, 'trigger');
      if (trigger === 'glob' && !has('globs'))
        return [{ messageId: 'never-applied', message: 'this Windsurf rule has `trigger: glob` but no `globs`: Windsurf applies it to no file', help: 'A glob rule applies to the files its `globs` patterns match.', range: at, warn: true }];
      if (trigger === 'model_decision' && !has('description'))
        return [{ messageId: 'never-applied', message: 'this Windsurf rule has `trigger: model_decision` but no `description`', help: 'Cascade decides whether to apply such a rule from its `description`: without one it has nothing to decide by.', range: at, warn: true }];
      return [];
    }
    case 'kiro-steering':
      if (valueOf(fs, 'inclusion') === 'fileMatch' && !has('fileMatchPattern'))
        return [{ messageId: 'never-applied', message: 'this steering file has `inclusion: fileMatch` but no `fileMatchPattern`: it matches no file', help: 'Kiro includes a fileMatch steering file when a file matching `fileMatchPattern` is in context.', range: at, warn: true }];
      return [];
    default:
      return [];
  }
}
