/**
 * Builds the tags of a spec into elements. The bare markdown (outside fences) is one region;
 * each ```xml fence is a region of its own; other fences are code and are not read.
 *
 * Recovery from a bad close tag is cheap: the parser keeps, next to its stack of open
 * elements, a count of open elements per name, so "is a `<name>` open?" is one lookup.
 * - `</x>` closing the innermost element: fine.
 * - `</x>` closing an outer `<x>`: the elements opened inside it and still open are closed
 *   there, each recorded as `unclosed` (each is popped once: linear overall).
 * - `</x>` with no open `<x>`: recorded as `stray-close` and ignored.
 * - elements still open at the end of their region: `unclosed`.
 * HTML void elements (`<br>`, `<img ...>`, `<hr>` ...) never open an element.
 *
 * Words in prose are not elements. An open tag without attribute values is text when
 * - it stands inside a line of prose (text other than a tag before it on its line) and its
 *   close tag does not follow on the same line: a mention ("give each stage an <action>") or
 *   a placeholder (`/research <task_number>`, `--owner <owner>:`, `<X ms>`);
 * - or punctuation follows it (`<name>.md`) and no `</name>` occurs anywhere in its region.
 * An element written where markup stands (at the start of its line, or right after another
 * tag) is an element: `<checkpoint>Done` with no `</checkpoint>` is reported as unclosed.
 */
import type { Range } from '../../types.js';
import type { FencedBlock } from '../fences.js';
import { scanTags, type RawTag } from './tags.js';
import type { XmlAttribute, XmlDocument, XmlElement, XmlProblem, XmlRegion } from './types.js';

/** Fence languages whose content is read as XML. */
export const XML_FENCE_LANGS: ReadonlySet<string> = new Set(['xml']);

/** HTML elements that have no content and no close tag. */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

export function isVoidElement(name: string): boolean {
  return VOID_ELEMENTS.has(name.toLowerCase());
}

export function buildXmlDocument(text: string, fences: readonly FencedBlock[], bodyStart: number): XmlDocument {
  const doc: XmlDocument = { regions: [], roots: [], elements: [], problems: [], opaque: [] };
  const bare: XmlRegion = { fence: null, range: { start: bodyStart, end: text.length } };
  const fenceRanges = fences.filter((f) => f.range.end > bodyStart).map((f) => f.range);
  const xmlFences = fences.filter((f) => f.range.end > bodyStart && XML_FENCE_LANGS.has(f.lang));
  for (const f of fences) if (f.range.end > bodyStart && !XML_FENCE_LANGS.has(f.lang)) doc.opaque.push(f.range);

  // Regions in document order: the bare text is read around the fences, the xml fences on
  // their own; elements are merged back into document order at the end.
  doc.regions.push(bare);
  parseRegion(text, bare, fenceRanges, doc);
  for (const f of xmlFences) {
    const region: XmlRegion = { fence: f, range: f.contentRange };
    doc.regions.push(region);
    parseRegion(text, region, [], doc);
  }
  if (xmlFences.length) {
    const byStart = (a: { openRange: Range }, b: { openRange: Range }) => a.openRange.start - b.openRange.start;
    doc.roots.sort(byStart);
    doc.elements.sort(byStart);
    doc.regions.sort((a, b) => a.range.start - b.range.start);
  }
  doc.opaque.sort((a, b) => a.start - b.start);
  return doc;
}

function parseRegion(text: string, region: XmlRegion, skip: readonly Range[], doc: XmlDocument): void {
  const stack: XmlElement[] = [];
  const openCount = new Map<string, number>();
  /** Elements that were innermost when a stray close tag was met (already blamed there). */
  const blamed = new Set<XmlElement>();

  const pop = (): XmlElement => {
    const el = stack.pop()!;
    openCount.set(el.name, openCount.get(el.name)! - 1);
    return el;
  };

  const tags: RawTag[] = [];
  scanTags(text, region.range, skip, (t) => tags.push(t), (r) => doc.opaque.push(r));
  const asText = tagsThatAreText(text, tags);
  const onTag = (tag: RawTag) => {
    const top = stack.length ? stack[stack.length - 1]! : null;
    if (tag.type === 'open') {
      const selfClosing = tag.selfClosing || isVoidElement(tag.name);
      const el: XmlElement = {
        name: tag.name,
        nameRange: tag.nameRange,
        attributes: tag.attributes,
        openRange: tag.range,
        closeRange: null,
        selfClosing,
        contentRange: { start: tag.range.end, end: tag.range.end },
        range: { start: tag.range.start, end: tag.range.end },
        children: [],
        parent: top,
        region,
      };
      (top ? top.children : doc.roots).push(el);
      doc.elements.push(el);
      attributeProblems(el, doc.problems);
      if (!selfClosing) {
        stack.push(el);
        openCount.set(el.name, (openCount.get(el.name) ?? 0) + 1);
      }
      return;
    }
    if ((openCount.get(tag.name) ?? 0) === 0) {
      if (!isVoidElement(tag.name)) {
        doc.problems.push({ kind: 'stray-close', name: tag.name, range: tag.range, open: top });
        if (top) blamed.add(top);
      }
      return;
    }
    const closer = findOpen(stack, tag.name);
    while (stack.length && stack[stack.length - 1] !== closer) {
      const el = pop();
      end(el, tag.range.start, tag.range.start);
      if (!blamed.has(el)) doc.problems.push({ kind: 'unclosed', element: el, closedBy: { name: tag.name, range: tag.range, element: closer } });
    }
    pop();
    closer.closeRange = tag.range;
    end(closer, tag.range.start, tag.range.end);
  };

  for (let k = 0; k < tags.length; k++) if (!asText[k]) onTag(tags[k]!);
  while (stack.length) {
    const el = pop();
    end(el, region.range.end, region.range.end);
    doc.problems.push({ kind: 'unclosed', element: el, closedBy: null });
  }
}

const PLACEHOLDER_NEXT = new Set([...'.,:;)]>/\'"`*|']);

/** Which open tags are words of prose, not elements (see the header). Linear in the tags. */
function tagsThatAreText(text: string, tags: readonly RawTag[]): boolean[] {
  const out = new Array<boolean>(tags.length).fill(false);
  const closedNames = new Set<string>();
  for (const t of tags) if (t.type === 'close') closedNames.add(t.name);
  // Tags are taken line by line: those before the first newline after the line's first tag.
  let k = 0;
  while (k < tags.length) {
    const lineStart = k;
    const found = text.indexOf('\n', tags[k]!.range.start);
    const nl = found === -1 ? text.length : found;
    while (k < tags.length && tags[k]!.range.start < nl) k++;
    const lastClose = new Map<string, number>();
    for (let j = lineStart; j < k; j++) if (tags[j]!.type === 'close') lastClose.set(tags[j]!.name, j);
    for (let j = lineStart; j < k; j++) {
      const t = tags[j]!;
      if (t.type !== 'open' || t.selfClosing || isVoidElement(t.name)) continue;
      if (t.attributes.some((a) => a.quote !== 'none')) continue;
      if (inProse(text, t.range.start)) out[j] = !((lastClose.get(t.name) ?? -1) > j);
      else if (!closedNames.has(t.name) && PLACEHOLDER_NEXT.has(text[t.range.end] ?? '')) out[j] = true;
    }
  }
  return out;
}

/**
 * Text other than a tag stands before `offset` on its line. After another tag
 * (`<stage><action>...`) a tag is markup, not a word in a sentence.
 */
export function inProse(text: string, offset: number): boolean {
  for (let k = offset - 1; k >= 0; k--) {
    const c = text.charCodeAt(k);
    if (c === 10) return false;
    if (c !== 32 && c !== 9) return c !== 62;
  }
  return false;
}

/** The innermost open element named `name` (the caller knows there is one). */
function findOpen(stack: XmlElement[], name: string): XmlElement {
  for (let k = stack.length - 1; k >= 0; k--) if (stack[k]!.name === name) return stack[k]!;
  throw new Error(`no open <${name}>`);
}

function end(el: XmlElement, contentEnd: number, rangeEnd: number): void {
  el.contentRange = { start: el.contentRange.start, end: Math.max(el.contentRange.start, contentEnd) };
  el.range = { start: el.range.start, end: Math.max(el.range.start, rangeEnd) };
}

function attributeProblems(el: XmlElement, out: XmlProblem[]): void {
  const seen = new Map<string, XmlAttribute>();
  for (const a of el.attributes) {
    if (a.quote === 'unquoted' || a.quote === 'unterminated') out.push({ kind: 'attribute', element: el, attribute: a, issue: a.quote });
    else if (a.quote === 'none') out.push({ kind: 'attribute', element: el, attribute: a, issue: 'no-value' });
    const first = seen.get(a.name);
    if (first) out.push({ kind: 'attribute', element: el, attribute: a, issue: 'duplicate', first });
    else seen.set(a.name, a);
  }
}
